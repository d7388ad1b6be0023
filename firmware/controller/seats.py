"""Seats around the table: who sits where, their names, and which seat is to act."""

from __future__ import annotations

from firmware.games.culls.game import CullsState
from firmware.rules.api import GameState

TEAM_SEATS = (("blue", "Blue A"), ("red", "Red A"), ("blue", "Blue B"), ("red", "Red B"))


def seat_list(
    game: str, rules: dict[str, object], colours: tuple[str, ...]
) -> list[tuple[str, str]]:
    """(colour, name) for each seat, clockwise from seat 0."""
    if game == "culls" and rules.get("mode") == "teams":
        return list(TEAM_SEATS)
    if game == "culls":
        return [(c, c.capitalize()) for c in colours]
    order = ("red", "black", "white")
    return [(c, c.capitalize()) for c in order if c in colours]


def seat_to_act(state: GameState, seats: list[tuple[str, str]]) -> int | None:
    """The index into ``seats`` of the player to act now, or None when the round is over."""
    colour = state.to_move()
    if colour is None:
        return None
    if len(seats) == 4:
        start = next(i for i, (c, _) in enumerate(seats) if c == state.first)
        offset = state.seat() if isinstance(state, CullsState) else 0
        return (start + offset) % len(seats)
    for index, (seat_colour, _) in enumerate(seats):
        if seat_colour == colour:
            return index
    return None


def seat_name(seats: list[tuple[str, str]], colour: str | None, seat: int | None) -> str:
    """The name of a seat, or of a colour's team."""
    if seat is not None:
        return seats[seat][1]
    if colour is None:
        return "Nobody"
    return colour.capitalize()
