"""The Culls puzzle kinds: ``win``, ``cull``, ``stop`` and ``win2``, each solved by brute force."""

from __future__ import annotations

from firmware.games.culls.board import FLIP
from firmware.rules.api import GameState
from firmware.rules.registry import PuzzleSolver
from firmware.rules.tactics import (
    double_threat_actions,
    stopping_actions,
    winning_actions,
    wins_this_turn,
)


def culling_actions(state: GameState) -> list[str]:
    """Every action that culls, when the side to act cannot win this turn (kind ``cull``)."""
    work = state.copy()
    mover = work.to_move()
    if mover is None or work.awaiting() == FLIP or wins_this_turn(work, mover):
        return []
    culls = []
    for token in work.legal_actions():
        work.apply(token)
        if work.awaiting() == FLIP:
            culls.append(token)
        work.undo()
    return sorted(culls)


CULLS_PUZZLES: dict[str, PuzzleSolver] = {
    "win": winning_actions,
    "cull": culling_actions,
    "stop": stopping_actions,
    "win2": double_threat_actions,
}
