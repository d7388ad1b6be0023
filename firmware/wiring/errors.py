"""Why a board cannot run as it was asked."""

from __future__ import annotations

from firmware.errors import InputError, UnavailableError


class SessionError(InputError):
    """A problem with how the board was asked to run; the message is one line for the user."""


class BoardStoppedError(UnavailableError):
    """The running board stopped on an error of its own, not on how it was asked to run."""

    exit_status = 1  # not a config error: the kiosk unit starts the board again
