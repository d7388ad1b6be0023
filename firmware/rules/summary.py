"""The replay summary of any game: the fields all games share, around each game's position."""

from __future__ import annotations

from collections.abc import Mapping

from firmware.rules.api import GameState, JsonValue


def summary_of(state: GameState, position: Mapping[str, JsonValue]) -> dict[str, JsonValue]:
    """``state`` as records.md's replay object: turn and outcome around the ``position`` keys."""
    outcome = state.outcome()
    summary: dict[str, JsonValue] = {
        "game": state.game,
        "status": outcome.status.value,
        "winner": outcome.winner,
        "next": state.to_move(),
        "awaiting": state.awaiting(),
        "ply": state.ply,
        **position,
        "line": list(outcome.line) if outcome.line is not None else None,
    }
    why = outcome.termination
    if why is not None and not why.positional:  # only then: other games print as they did
        summary["reason"] = why.value
    return summary
