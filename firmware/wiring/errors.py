"""Why a board cannot run as it was asked."""

from __future__ import annotations

from firmware.errors import InputError


class SessionError(InputError):
    """A problem with how the board was asked to run; the message is one line for the user."""
