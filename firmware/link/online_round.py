"""A round as one board's events told it (and the document that tells it to the other board),
a seat played at the other board, and the other board's retained document read safely (an
object, a record, a record's moves: anything else is None or nothing)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from firmware.controller.core.players import PlayerKind, Turn
from firmware.rules.api import JsonValue
from firmware.rules.bounded_json import JsonInputError, read_json


@dataclass
class PlayedRound:
    """A round as this board's events told it: its record so far."""

    number: int
    start: dict[str, JsonValue]  # its record with no moves
    moves: list[str]

    def record(self) -> dict[str, JsonValue]:
        return {**self.start, "moves": list(self.moves)}

    def document(
        self, board_id: str, code: str, undo_ask: int | None, undo_ok: int | None
    ) -> dict[str, JsonValue]:
        """This board's retained message of the game ``code``: the round's record so far, its
        last move, and its UNDO request (``undo_ask``) or consent (``undo_ok``)."""
        return {
            "board": board_id,
            "code": code,
            "round": self.number,
            "ply": len(self.moves),
            "token": self.moves[-1] if self.moves else None,
            "record": self.record(),
            "undo_ask": undo_ask,
            "undo_ok": undo_ok,
        }


def json_object(payload: bytes) -> dict[str, JsonValue] | None:
    try:
        value = read_json(payload)
    except JsonInputError:
        return None
    return value if isinstance(value, dict) else None


def record_of(value: JsonValue) -> dict[str, JsonValue] | None:
    return value if isinstance(value, dict) else None


def moves_of(record: dict[str, JsonValue]) -> list[str]:
    moves = record.get("moves")
    return [m for m in moves if isinstance(m, str)] if isinstance(moves, list) else []


class RemoteTurns(Protocol):
    """What a remote seat tells: its turn came (None: the position changed under it)."""

    def remote_turn(self, turn: Turn | None) -> None: ...


class RemoteSeat:
    """The player of a seat played at the other board: when its turn comes, the game delivers
    the other board's move for it as a ``SeatMove``, like any player away from the board."""

    def __init__(self, seat: int, game: RemoteTurns) -> None:
        self.seat = seat
        self._game = game

    @property
    def kind(self) -> PlayerKind:
        return PlayerKind.REMOTE

    def your_turn(self, turn: Turn) -> None:
        self._game.remote_turn(turn)

    def cancel(self) -> None:
        self._game.remote_turn(None)
