"""A fifth kind of player, to show that a kind is one module and an entry in a list: it plays
a recorded round's tokens for its seat, each as soon as its turn comes."""

from __future__ import annotations

from dataclasses import dataclass

from firmware.controller.core.players import PlayerKind, Post, SeatFiller, SeatMove, Turn
from firmware.rules.records import Record

RECORDED = PlayerKind("recorded")


@dataclass
class RecordedPlayer:
    """Plays, at each of its turns, the record's token for that ply."""

    seat: int
    record: Record
    post: Post

    @property
    def kind(self) -> PlayerKind:
        return RECORDED

    def your_turn(self, turn: Turn) -> None:
        if turn.ply < len(self.record.moves):
            self.post(SeatMove(turn.seat, self.record.moves[turn.ply], turn.ply))

    def cancel(self) -> None:
        return None


def recorded_seats(record: Record) -> SeatFiller:
    """The kind's entry for the composition root's list of player kinds."""
    return SeatFiller(RECORDED, lambda seat, post: RecordedPlayer(seat, record, post))
