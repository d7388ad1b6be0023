"""The scoreboard object (docs/scoreboard.md): every key, filled by the mode on the board."""

from __future__ import annotations

from firmware.controller.modes.back import paused
from firmware.controller.table.table import Table
from firmware.rules.api import JsonValue


def blank() -> dict[str, JsonValue]:
    """Every key of the scoreboard, null (or empty) where nothing fills it."""
    return {
        "game": None,
        "mode": None,
        "players": 0,
        "seats": [],
        "levels": [],
        "phase": None,
        "round": None,
        "rounds_to_win": None,
        "scores": {},
        "to_move": None,
        "seat": None,
        "awaiting": None,
        "moves": [],
        "status": None,
        "winner": None,
        "line": None,
        "last_result": None,
        "match_winner": None,
        "message": "",
        "notice": None,
        "last_action": None,
        "error": None,
        "record": None,
        "pending": None,
        "thinking": False,
        "hint": None,
        "hints": False,  # whether this board offers hints at all (play.hints)
        "position": None,
        "review": None,
        "lesson": None,
        "puzzle": None,
        "online": None,  # the broker link fills it in (docs/mqtt.md)
        "menu": None,
        "paused": None,  # the game waiting under a menu, lesson, puzzle or review
        "ready_cell": None,  # after a round or the match: the cell that goes on
        "show_mistakes": False,  # after a round against the computer: the coach's review
        "over": None,  # "round" or "match" while the end of one is on the board
        "attract": False,  # True while the kiosk's idle show covers the board
    }


def scoreboard(table: Table, now: float) -> dict[str, JsonValue]:
    """The scoreboard at ``now``: the mode on top says its keys; the rest stay null."""
    ctx = table.context
    board = blank()
    board["hints"] = ctx.ask_hint is not None
    board.update(ctx.top.fields(ctx, now))
    board["notice"] = ctx.feedback.current_notice(now)
    board["error"] = ctx.feedback.current_error(now)
    board["paused"] = paused(ctx)
    return board
