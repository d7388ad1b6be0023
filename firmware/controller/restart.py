"""A restart the staff asked for: the loop ends by raising ``RestartRequested``, so every part
the run built is closed on the way out, and the command line starts the board again (the
journal resumes the match)."""

from __future__ import annotations


class RestartRequested(Exception):  # noqa: N818 (a request, not an error)
    """The board is to start again: settings that wait for a restart then apply."""
