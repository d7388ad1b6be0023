"""Why a board cannot run as it was asked."""

from __future__ import annotations


class SessionError(ValueError):
    """A problem with how the board was asked to run; the message is one line for the user."""
