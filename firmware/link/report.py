"""What a board tells the broker: its scoreboard and lights (throttled), its moves and results."""

from __future__ import annotations

import json

from firmware.controller.core.events import Event, MatchStarted, MoveApplied, MoveUndone, RoundEnded
from firmware.controller.core.live import BoardView
from firmware.render.frame_json import hex_colour
from firmware.rules.api import JsonValue
from hal.interfaces import Frame

STATE_EVERY_S = 0.5  # at most two state messages a second per board


def frame_rows(frame: Frame) -> list[str]:
    """The lights as text: one string per row, top row first, ``rrggbb`` per cell."""
    return ["".join(hex_colour(rgb)[1:] for rgb in row) for row in reversed(frame.cells)]


def state_payload(
    board: str, cafe: str | None, view: BoardView, at: float, extra: dict[str, JsonValue]
) -> str:
    """The retained ``state`` message: who, when, the scoreboard and the lights."""
    body: dict[str, JsonValue] = {
        "board": board,
        "cafe": cafe,
        "at": round(at, 3),
        "score": view.score,
        "lights": list(frame_rows(view.frame)),
        **extra,
    }
    return json.dumps(body, separators=(",", ":"))


class BrokerEvents:
    """The board's ``events`` stream from the table's events: each move, undo and result.

    Events of a match rebuilt from the journal are not announced again (the retained state has
    the whole round). An undo after a result takes the result back with it.
    """

    def __init__(self) -> None:
        self._game: str | None = None

    def payload(self, event: Event, at: float) -> dict[str, JsonValue] | None:
        """The broker's object for ``event``, or None if it is not announced."""
        match event:
            case MatchStarted():
                self._game = event.game
                return None
            case MoveApplied():
                return {**self._base(event.round, at), "type": "move", "ply": event.ply,
                        "token": event.token}  # fmt: skip
            case MoveUndone():
                return {**self._base(event.round, at), "type": "undo", "ply": event.ply - 1}
            case RoundEnded(resumed=False):
                result = self._base(event.round, at)
                result.update(type="result", status=event.status, winner=event.winner)
                if event.off_the_board:  # the position does not say it: time, resignation, ...
                    result["reason"] = event.reason
                return result
        return None

    def _base(self, round_: int, at: float) -> dict[str, JsonValue]:
        return {"game": self._game, "round": round_, "at": round(at, 3)}
