"""The scoreboard object (docs/scoreboard.md) and the sentence that tells players what next."""

from __future__ import annotations

from firmware.controller.seats import seat_name, seat_to_act
from firmware.controller.table import MATCH_OVER, MENU, ROUND_OVER, Table
from firmware.games.cubulus.state import CubulusState
from firmware.games.culls.game import CullsState
from firmware.rules.api import GameState, JsonValue, Status
from firmware.rules.grid import cell_name

HINTS = {
    "place": "place a chip and tap its cell",
    "flip": "tap one of the blinking chips to flip it",
    "neutral": "place a white ball and tap its cell",
    "push": "push a ball in: tap the face cell you push into",
}


def scoreboard(table: Table, now: float) -> dict[str, JsonValue]:
    """Every key of the scoreboard, null where it does not apply."""
    match = table.match
    state = None if match is None else match.current
    seats = table.seats
    seat = None if state is None or table.phase == MENU else seat_to_act(state, seats)
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
    rules = {} if match is None else match.rules
    return {
        "game": None if match is None else match.name,
        "mode": rules.get("mode") if match is not None and match.name == "culls" else None,
        "players": len(seats) if match is None or match.name == "cubulus" else 2,
        "seats": [{"colour": colour, "name": name} for colour, name in seats],
        "phase": table.phase,
        "round": None if match is None else len(match.rounds),
        "rounds_to_win": None if match is None else match.rounds_to_win,
        "scores": {} if match is None else dict(match.scores()),
        "to_move": None if state is None or table.phase == MENU else state.to_move(),
        "seat": seat,
        "awaiting": None if state is None or table.phase == MENU else state.awaiting(),
        "moves": [] if state is None else list(state.moves),
        "status": None if outcome is None else outcome.status.value,
        "winner": None if outcome is None else outcome.winner,
        "line": None if outcome is None or outcome.line is None else list(outcome.line),
        "last_result": last_result,
        "match_winner": None if match is None else match.winner,
        "message": message(table, state, seat),
        "error": table.current_error(now),
        "record": table.record_json(),
    }


def message(table: Table, state: GameState | None, seat: int | None) -> str:
    """One sentence for the screen: what the board expects now."""
    match = table.match
    if table.phase == MENU or match is None or state is None:
        chosen = table.menu.chosen.label
        return f"Menu: {chosen}. Tap a game, then the green cell (MENU: next game, NEW: start)"
    seats = table.seats
    if table.phase == MATCH_OVER:
        winner = match.winner
        if winner is None:
            return "The game is a draw. Tap the green centre cell for a rematch"
        return f"{winner.capitalize()} wins the match! Tap the green centre cell for a rematch"
    if table.phase == ROUND_OVER:
        outcome = state.outcome()
        score = ", ".join(f"{c.capitalize()} {n}" for c, n in match.scores().items())
        head = (
            f"Round {len(match.rounds)} is a draw"
            if outcome.status is Status.DRAW
            else f"{(outcome.winner or '').capitalize()} wins round {len(match.rounds)}"
        )
        return f"{head} ({score}). Clear the board, then tap the green centre cell"
    who = seat_name(seats, state.to_move(), seat)
    awaiting = state.awaiting()
    if awaiting == "move":
        flipped = state.flipped_cell() if isinstance(state, CullsState) else None
        where = "" if flipped is None else f" from {cell_name(flipped)}"
        return f"{who}: move your flipped chip{where} to an empty cell and tap it"
    return f"{who}: {HINTS.get(awaiting or '', 'your turn')}{_setup_count(state, awaiting)}"


def _setup_count(state: GameState, awaiting: str | None) -> str:
    """`` (chip 1 of 2)`` during a Culls duel's setup, `` (3 of 9)`` for Cubulus neutrals."""
    if awaiting == "neutral" and isinstance(state, CubulusState):
        left = state.neutral_left()
        return f" ({10 - left} of 9)" if 1 <= left <= 9 else ""
    if awaiting == "place" and isinstance(state, CullsState) and state.mode == "duel":
        turn = state.turn_number
        return f" (chip {turn % 2 + 1} of 2)" if turn < 4 else ""
    return ""
