"""What a game's computer player offers: pick a move for a level within a budget.

A game registers its player with its rules (``register(GAME, board=..., player=...)``); the
program reaches it by the game's name (``firmware.rules.registry.find_player``). Players are pure
like the rules: no clock, no I/O; time comes in as the budget's stop question.
"""

from __future__ import annotations

from firmware.rules.api import GameState
from firmware.rules.budget import Budget
from firmware.rules.frozen import Frozen
from firmware.rules.protocol import Protocol

TYPE_CHECKING = False
if TYPE_CHECKING:  # random is imported by the players themselves, not by every reader
    import random

LOWEST_LEVEL, HIGHEST_LEVEL = 1, 6
Part = tuple[int, int]  # (index, count): search every count-th root action from index on
WHOLE: Part = (0, 1)


NO_ACTION = -(10**8)  # the score of a part of the root that holds no action


class Choice(Frozen):
    """A computer's move: the token, its score for the mover, the depth reached, nodes spent."""

    FIELDS = ("token", "score", "depth", "nodes")
    __slots__ = FIELDS
    token: str
    score: int
    depth: int
    nodes: int

    def __init__(self, token: str, score: int, depth: int, nodes: int) -> None:
        self._init(token, score, depth, nodes)


class GamePlayer(Protocol):
    """One game's computer player, levels 1 (gentle) to 6 (strongest)."""

    def share(self, level: int) -> float:
        """The part of the given time (or node budget) ``level`` spends."""

    def rating(self, level: int) -> int | None:
        """``level``'s measured rating (Elo scale, the random player = 0), if it has one."""

    def choose(
        self,
        state: GameState,
        level: int,
        budget: Budget,
        rng: random.Random,
        part: Part = WHOLE,
    ) -> Choice:
        """The move for the colour to act in ``state`` (not changed); ``budget`` stops it.

        ``part``: search only that share of the root's actions (parallel workers split the
        root between them); a part with no action scores ``NO_ACTION``, below any move."""
