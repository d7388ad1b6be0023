"""Rules read off the cube alone: seat order, whether a push exists, squares and bad tokens."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from firmware.games.cubulus.geometry import (
    CELL_INDEX,
    CELL_NAMES,
    COLOURS,
    FACES,
    LINES,
    SQUARES,
    SQUARES_AT,
)
from firmware.rules.api import InvalidRecordError


def seat_order(players: int, first: str) -> tuple[str, ...]:
    """The playing colours in seat order, starting from ``first``."""
    playing = COLOURS[:players]
    if first not in playing:
        raise InvalidRecordError(f"first: must be one of {', '.join(playing)}, got {first!r}")
    start = playing.index(first)
    return playing[start:] + playing[:start]


def has_legal_push(board: Sequence[int], supply_left: int) -> bool:
    """Whether a player with ``supply_left`` balls can push anywhere on ``board``."""
    if supply_left > 0 and 0 in board:
        return True
    # A full line always has a push from at least one end; the reverse rule forbids only one.
    return any(board[a] and board[b] and board[c] for a, b, c in LINES)


def square_owners(board: Sequence[int], changed: Iterable[int]) -> set[int]:
    """The colour codes that own a whole square through any of the ``changed`` cells."""
    owners: set[int] = set()
    for cell in changed:
        for number in SQUARES_AT[cell]:
            p, q, r, s = SQUARES[number]
            colour = board[p]
            if colour and colour == board[q] == board[r] == board[s]:
                owners.add(colour)
    return owners


def winning_square(board: Sequence[int], colour: int) -> tuple[str, ...]:
    """The first (by cell names) square that ``colour`` owns, as sorted cell names."""
    owned = [
        tuple(sorted(CELL_NAMES[i] for i in square))
        for square in SQUARES
        if all(board[i] == colour for i in square)
    ]
    return min(owned)


def bad_token_reason(token: str) -> str:
    """Why ``token`` is neither a push nor a neutral ball, in a player's words."""
    face, name = token[:1], token[1:]
    if face in FACES and name in CELL_INDEX:
        return f"cell {name} is not on face {face}"
    return f"{token!r} is not a Cubulus move: write a face (L R F B D U) and a cell, e.g. F012"
