"""Why a Culls token is not legal now, in words a player understands."""

from __future__ import annotations

from collections.abc import Sequence

from firmware.games.culls.board import EMPTY, FLIP, MOVE, PLACE
from firmware.games.culls.geometry import Geometry
from firmware.rules.grid import parse_cell


def token_shape(token: str) -> str:
    """Which kind of action a token is written as: ``xi8`` flip, ``i8-c3`` move, else place."""
    if "-" in token:
        return MOVE
    if token[:1] == "x" and token[1:2].isalpha():
        return FLIP
    return PLACE


def illegal_reason(
    token: str,
    *,
    awaiting: str | None,
    geo: Geometry,
    board: Sequence[int],
    cullable: Sequence[int],
    flipped: int,
) -> str:
    """The reason ``token`` is refused, given what the player to act must do."""
    if awaiting is None:
        return "the round is over"
    names, size, shape = geo.names, geo.size, token_shape(token)
    try:
        if awaiting == FLIP:
            if shape != FLIP:
                choices = ", ".join(sorted(names[i] for i in cullable))
                return f"you must flip one of the trapped chips: {choices}"
            parse_cell(token[1:], size)
            return f"{token[1:]} is not a trapped chip"
        if awaiting == MOVE:
            where = names[flipped]
            if shape != MOVE:
                empty = next(name for name, code in zip(names, board, strict=True) if code == EMPTY)
                return (
                    f"you must move the flipped chip on {where} to an empty cell, "
                    f"as {where}-{empty}"
                )
            start, _, end = token.partition("-")
            if geo.index.get(start) != flipped:
                parse_cell(start, size)
                return f"the flipped chip is on {where}, not on {start}"
            if end == start:
                return "the flipped chip must go to a different empty cell"
            parse_cell(end, size)
            return f"{end} is taken"
        if shape == FLIP:
            return "there is no trapped chip to flip: place a chip on an empty cell"
        if shape == MOVE:
            return "there is no flipped chip to move: place a chip on an empty cell"
        parse_cell(token, size)
        return f"{token} is taken"
    except ValueError as exc:
        return str(exc)
