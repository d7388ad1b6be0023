"""The players' names the history keeps per seat (the ``names`` column of a match)."""

from __future__ import annotations

import sqlite3

from firmware.history.store import History


def seat_names(history: History, match_id: int) -> dict[int, str]:
    """The named seats of the stored match ``match_id`` (seat number -> name)."""
    match = history.match(match_id)
    if match is None:
        return {}
    return {seat: name for seat, name in enumerate(match.names) if name}


def saved_names(history: History, key: str) -> dict[int, str]:
    """The names kept for the match under ``key`` (a match resumed after a restart keeps them);
    none if it has none or the history cannot be read."""
    try:
        snapshot = history.snapshot(key)
    except (OSError, sqlite3.Error, ValueError):
        return {}
    if snapshot is None:
        return {}
    return {seat: name for seat, name in enumerate(snapshot.names) if name}
