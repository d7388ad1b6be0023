"""The match at the table with its game's adapter, its seats and each seat's player."""

from __future__ import annotations

from dataclasses import dataclass

from firmware.controller.core.adapter import BoardAdapter, SeatSpec
from firmware.controller.core.players import Player
from firmware.controller.match.match_play import MatchPlay
from firmware.rules.api import GameState


@dataclass(eq=False)
class Seated:
    """The match at the table: its rules and rounds, its game's adapter and each seat's player."""

    match: MatchPlay
    adapter: BoardAdapter
    specs: tuple[SeatSpec, ...]
    players: list[Player]
    match_id: str
    started: float  # wall-clock seconds

    @property
    def state(self) -> GameState | None:
        return self.match.current

    def seat_to_act(self) -> int | None:
        state = self.match.current
        return None if state is None else self.adapter.seat_to_act(state, self.specs)
