"""Tests of the pure game rules; the helpers below let Culls tests read like game scripts."""

from __future__ import annotations

from firmware.games.culls.game import CULLS, CullsState
from firmware.rules.api import JsonValue


def culls(first: str = "blue", **rules: JsonValue) -> CullsState:
    """A new Culls round; rule switches as keywords (``size=9``, ``mode="teams"``)."""
    return CULLS.new_state(rules, first)


def play(state: CullsState, moves: str) -> CullsState:
    """Apply space-separated tokens in order; return the state for chaining."""
    for token in moves.split():
        state.apply(token)
    return state


def board(state: CullsState) -> list[str]:
    """The board rows as replay prints them, top row first."""
    rows = state.summary()["board"]
    assert isinstance(rows, list)
    return [str(row) for row in rows]


def grid_cells(size: int) -> list[str]:
    """Cells with both coordinates even: chips there can never cull nor line up."""
    letters = "abcdefghijklmnopqrs"
    return [f"{letters[x]}{y + 1}" for y in range(0, size, 2) for x in range(0, size, 2)]


def drawn_round(first: str = "blue", **rules: JsonValue) -> CullsState:
    """A round (size 15 or more) drawn because the next placer has used all 30 chips."""
    state = culls(first, **rules)
    play(state, " ".join(grid_cells(state.size)[:60]))
    return state
