"""What a board tells the broker: its scoreboard and lights (throttled), its moves and results."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from firmware.controller.live import BoardView
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


@dataclass
class EventTracker:
    """Turns successive scoreboards into events: each move, each undo, each result.

    The first scoreboard seen is the baseline (a resumed game is not announced again).
    """

    primed: bool = False
    game: JsonValue = None
    round: JsonValue = None
    moves: list[str] = field(default_factory=list)
    status: JsonValue = None

    def events(self, score: dict[str, JsonValue], at: float) -> list[dict[str, JsonValue]]:
        game, round_, status = score.get("game"), score.get("round"), score.get("status")
        raw = score.get("moves")
        moves = [m for m in raw if isinstance(m, str)] if isinstance(raw, list) else []
        out: list[dict[str, JsonValue]] = []
        base: dict[str, JsonValue] = {"game": game, "round": round_, "at": round(at, 3)}
        if not self.primed:
            self.primed = True
        elif (game, round_) != (self.game, self.round):
            out += _moves(base, [], moves)
        else:
            kept = _common_prefix(self.moves, moves)
            if kept < len(self.moves):
                out.append({**base, "type": "undo", "ply": kept})
            out += _moves(base, self.moves[:kept], moves)
            if status in ("won", "draw") and status != self.status:
                out.append(
                    {**base, "type": "result", "status": status, "winner": score.get("winner")}
                )
        self.game, self.round, self.moves, self.status = game, round_, moves, status
        return out


def _moves(
    base: dict[str, JsonValue], before: list[str], moves: list[str]
) -> list[dict[str, JsonValue]]:
    return [
        {**base, "type": "move", "ply": ply, "token": token}
        for ply, token in enumerate(moves[len(before) :], start=len(before) + 1)
    ]


def _common_prefix(a: list[str], b: list[str]) -> int:
    count = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        count += 1
    return count
