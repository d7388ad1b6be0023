"""The Culls puzzle kinds: ``win``, ``cull``, ``stop`` and ``win2``, each solved by brute force."""

from __future__ import annotations

from firmware.games.culls.board import FLIP
from firmware.rules.api import GameState
from firmware.rules.tactics import (
    double_threat_actions,
    stopping_actions,
    whole_turns,
    winning_actions,
    wins_this_turn,
)
from firmware.rules.teaching import PuzzleSolver


@whole_turns
def culling_actions(state: GameState) -> list[str]:
    """Every action that culls, when the side to act cannot win this turn (kind ``cull``)."""
    mover = state.to_move()
    assert mover is not None
    if state.awaiting() == FLIP or wins_this_turn(state, mover):
        return []
    culls = []
    for token in state.legal_actions():
        state.apply(token)
        if state.awaiting() == FLIP:
            culls.append(token)
        state.undo()
    return sorted(culls)


CULLS_PUZZLES: dict[str, PuzzleSolver] = {
    "win": winning_actions,
    "cull": culling_actions,
    "stop": stopping_actions,
    "win2": double_threat_actions,
}
