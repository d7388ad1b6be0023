"""A restart the staff asked for: the loop ends by raising ``RestartRequested``, so every part
the run built is closed on the way out, and the command line starts the board again (the
journal resumes the match)."""

from __future__ import annotations

from firmware.errors import StopSignal


class RestartRequested(StopSignal):
    """The board is to start again: settings that wait for a restart then apply."""
