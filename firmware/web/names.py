"""A player's name as the board page sends it: text only, short, one line (shown as text)."""

from __future__ import annotations

import unicodedata

from firmware.web.bodies import ApiError

MAX_NAME_CHARS = 20
EXAMPLE = '{"seat": 0, "name": "Ana"}'


def player_name(raw: object) -> str | None:
    """The name to put on a seat (spaces tidied), None to take it off; ApiError if unusable.

    Markup is not refused: it is a name like any other, and every page shows it as text."""
    if raw is None:
        return None
    if not isinstance(raw, str):
        raise ApiError(400, f"name: send text (or null to take it off), like {EXAMPLE}")
    text = " ".join(raw.split())
    if not text:
        return None
    if len(text) > MAX_NAME_CHARS:
        raise ApiError(400, f"name: at most {MAX_NAME_CHARS} characters, got {len(text)}")
    if any(unicodedata.category(char)[0] == "C" for char in text):
        raise ApiError(400, "name: letters, digits, spaces and punctuation only")
    return text


def seat_number(raw: object) -> int:
    """The seat index, from 0; ApiError unless it is a whole number."""
    if isinstance(raw, bool) or not isinstance(raw, int):
        raise ApiError(400, f"seat: send the seat's number from 0, like {EXAMPLE}")
    return raw
