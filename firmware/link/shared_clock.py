"""What an online game needs of the board's game clock (``controller.game_clock.BoardClock``):
each move carries its mover's time left, the other board's moves set its side's clock, and a flag
fall is decided by the board whose player flagged (docs/mqtt.md, "Online games")."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol


class SharedClock(Protocol):
    """The game clock as the online game sees it; actions are counted from the round's start."""

    def control_text(self) -> str:
        """The match's time control (``none``, ``5+3``): the host offers it."""

    def take_control(self, text: object) -> None:
        """The guest's match is played on the host's control ``text``."""

    def listen(self, listener: Callable[[], None]) -> None:
        """Call ``listener`` after each action's clocks are kept."""

    def left_after(self, actions: int) -> int | None:
        """This board's mover's ms left after the first ``actions`` actions (None: untimed, or
        made at the other board)."""

    def told(self, actions: int, left_ms: int) -> None:
        """The other board's mover of action ``actions`` had ``left_ms`` left after it."""

    def peer_flagged(self, actions: int, side: str) -> None:
        """The other board's ``side`` lost on time after ``actions`` actions."""
