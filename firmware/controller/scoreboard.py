"""The scoreboard object (docs/scoreboard.md) and the sentence that tells players what next."""

from __future__ import annotations

from firmware.controller.computer import ComputerPlayer
from firmware.controller.menu_summary import menu_summary
from firmware.controller.modes import RoundOverMode
from firmware.controller.players import PlayerKind
from firmware.controller.table import Phase, Table
from firmware.rules.api import GameState, JsonValue, Status
from firmware.rules.grid import cell_name


def scoreboard(table: Table, now: float) -> dict[str, JsonValue]:
    """Every key of the scoreboard, null where it does not apply."""
    match = table.match
    state = None if match is None else match.current
    seats = table.seats
    in_menu = table.phase is Phase.MENU
    seat = None if state is None or in_menu else table.seat_to_act()
    outcome = None if state is None else state.outcome()
    last_result: JsonValue = None
    if match is not None:
        for number, past in enumerate(match.rounds, start=1):
            result = past.outcome()
            if result.is_over:
                last_result = {
                    "round": number,
                    "status": result.status.value,
                    "winner": result.winner,
                }
    mode = None if match is None else match.rules.get("mode")
    board: dict[str, JsonValue] = {
        "game": None if match is None else match.name,
        "mode": mode if isinstance(mode, str) else None,
        "players": 0 if match is None else len(match.colours),
        "seats": [
            {
                "colour": s.colour,
                "name": s.name,
                "player": s.player.value,
                "level": level,
                "player_name": player_name,
            }
            for s, level, player_name in zip(
                seats, seat_levels(table), table.player_names(), strict=True
            )
        ],
        "phase": table.phase.value,
        "round": None if match is None else len(match.rounds),
        "rounds_to_win": None if match is None else match.rounds_to_win,
        "scores": {} if match is None else dict(match.scores()),
        "to_move": None if state is None or in_menu else state.to_move(),
        "seat": seat,
        "awaiting": None if state is None or in_menu else state.awaiting(),
        "moves": [] if state is None else list(state.moves),
        "status": None if outcome is None else outcome.status.value,
        "winner": None if outcome is None else outcome.winner,
        "line": None if outcome is None or outcome.line is None else list(outcome.line),
        "last_result": last_result,
        "match_winner": None if match is None else match.winner,
        "message": _with_notice(table.current_notice(now), message(table, state, seat)),
        "notice": table.current_notice(now),
        "last_action": table.last_said,
        "error": table.current_error(now),
        "record": table.record_json(),
        "pending": pending(table),
        "thinking": table.thinking() and table.phase is Phase.PLAYING,
        "hint": hint(table, now),
        "position": None if state is None else state.summary(),
        "review": None,
        "lesson": None,
        "puzzle": None,
        "online": None,  # the broker link fills it in (docs/mqtt.md)
        "menu": menu_summary(table.menu) if in_menu else None,
    }
    if table.review is not None:
        board.update(_reviewed(table))
    if table.lesson is not None or table.puzzle is not None:
        board.update(_learning(table, now))
    return board


def _learning(table: Table, now: float) -> dict[str, JsonValue]:
    """The keys that show a lesson's or a puzzle's position instead of the match's."""
    run = table.lesson or table.puzzle
    assert run is not None
    state = run.state
    outcome = state.outcome()
    said = table.strip.words() if table.strip.is_open else run.say
    notice = table.current_notice(now)  # a lesson's words after a right touch, as written
    return {
        "phase": table.phase.value,
        "game": state.game,
        "mode": mode if isinstance(mode := state.rules.get("mode"), str) else None,
        "to_move": state.to_move(),
        "seat": None,
        "awaiting": state.awaiting(),
        "moves": list(state.moves),
        "status": outcome.status.value,
        "winner": outcome.winner,
        "line": None if outcome.line is None else list(outcome.line),
        "position": state.summary(),
        "message": said if notice is None else f"{notice.rstrip('.')}. {said}",
        "lesson": None if table.lesson is None else table.lesson.view(),
        "puzzle": None if table.puzzle is None else table.puzzle.view(),
    }


def _reviewed(table: Table) -> dict[str, JsonValue]:
    """The keys that show the reviewed position instead of the match's."""
    assert table.review is not None
    review = table.review
    state = review.state()
    outcome = state.outcome()
    return {
        "phase": "review",
        "game": review.record.game,
        "to_move": None,
        "seat": None,
        "awaiting": None,
        "moves": list(state.moves),
        "status": outcome.status.value,
        "winner": outcome.winner,
        "line": None if outcome.line is None else list(outcome.line),
        "position": state.summary(),
        "review": review.summary(),
    }


def hint(table: Table, now: float) -> JsonValue:
    """The hint being shown: its token and the cells lit for it."""
    shown = table.current_hint(now)
    if shown is None:
        return None
    cells: list[JsonValue] = [cell_name(cell) for cell in shown.cells]
    return {"token": shown.token, "cells": cells, "said": shown.said}


def seat_levels(table: Table) -> list[JsonValue]:
    """The level of each computer seat, null for the others."""
    levels: list[JsonValue] = [
        player.level.number if isinstance(player, ComputerPlayer) else None
        for player in table.players
    ]
    return levels[: len(table.seats)]


def pending(table: Table) -> JsonValue:
    """The move waiting for its chip: its seat, token and the cells to place it on."""
    waiting = table.pending
    if waiting is None:
        return None
    cells: list[JsonValue] = [cell_name(cell) for cell in waiting.cells]
    return {"seat": waiting.seat, "token": waiting.token, "cells": cells}


def _with_notice(notice: str | None, sentence: str) -> str:
    return sentence if notice is None else f"{notice[:1].upper()}{notice[1:]}. {sentence}"


def message(table: Table, state: GameState | None, seat: int | None) -> str:
    """One sentence for the screen: what the board expects now."""
    if table.strip.is_open:
        return table.strip.words()
    if table.review is not None:
        return table.review.words()
    match = table.match
    if table.phase is Phase.MENU or match is None or state is None or table.adapter is None:
        chosen = table.menu.chosen.label
        return (
            f"Menu: {chosen}. Tap a game, then the green cell (MENU: next game, NEW: start). "
            f"Cells: {table.menu.where()}"
        )
    if table.phase is Phase.MATCH_OVER:
        winner = match.winner
        if winner is None:
            return "The game is a draw. Tap the green centre cell for a rematch"
        return f"{winner.capitalize()} wins the match! Tap the green centre cell for a rematch"
    if table.phase is Phase.ROUND_OVER:
        outcome = state.outcome()
        score = ", ".join(f"{c.capitalize()} {n}" for c, n in match.scores().items())
        head = (
            f"Round {len(match.rounds)} is a draw"
            if outcome.status is Status.DRAW
            else f"{(outcome.winner or '').capitalize()} wins round {len(match.rounds)}"
        )
        if isinstance(table.mode, RoundOverMode) and not table.mode.scores_shown:
            then = "Touch the board for the score; clear it, then tap the green centre cell"
            return f"{head} ({score}). {then}"
        return f"{head} ({score}). Clear the board, then tap the green centre cell"
    seats = table.seats
    colour = state.to_move()
    who = seats[seat].name if seat is not None else (colour or "nobody").capitalize()
    if table.pending is not None:
        said = table.adapter.describe(state, table.pending.token, who)
        return f"{said}. Put the chip on the board and tap the blinking cell"
    if seat is not None and table.players[seat].kind == PlayerKind.COMPUTER:
        return f"{who} (the computer) is thinking"
    return f"{who}: {table.adapter.prompt(state)}"
