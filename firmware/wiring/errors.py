"""Why a board cannot run as it was asked."""

from __future__ import annotations


class SessionError(ValueError):
    """A problem with how the board was asked to run; the message is one line for the user."""

    status = 2  # the exit status: a config or setup error, which waiting cannot fix


class HardwareSilentError(SessionError):
    """The board's hardware did not answer; trying again later may find it (a slow boot, a
    loose harness), so the kiosk unit restarts the board after a pause."""

    status = 3
