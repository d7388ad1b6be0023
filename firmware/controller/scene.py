"""The table as a light stack: game, turn, score screens, menu and error flashes."""

from __future__ import annotations

from firmware.controller.adapter import board_adapter
from firmware.controller.modes import RoundOverMode
from firmware.controller.review import ARROW_LOOK, Review
from firmware.controller.table import Phase, Table
from firmware.controller.timing import TABLE_TIMING as T
from firmware.render import palette as p
from firmware.render import screens
from firmware.render.stack import Light, LightStack
from firmware.rules.grid import parse_board_cell

PENDING_BLINK_S = 0.5  # a cell waiting for a chip placed by hand
HINT_BLINK_S = 0.8
THINKING_BREATH_S = 1.5  # the status lights while a computer seat thinks: slow, not alarming


def table_lights(table: Table, status_count: int, now: float) -> LightStack:
    stack = _table_lights(table, status_count, now)
    hint = table.current_hint(now)
    if hint is not None and table.phase is Phase.PLAYING:
        blink = p.Blink(p.HINT, p.OFF, HINT_BLINK_S)
        stack.add(hint.cells, Light(p.ANIMATION, blink, hint.until - T.hint_show))
    return stack


def _table_lights(table: Table, status_count: int, now: float) -> LightStack:
    """Every light the table wants at ``now``."""
    stack = LightStack(table.columns, table.rows, status_count)
    match = table.match
    phase = table.phase
    if table.lesson is not None or table.puzzle is not None:
        _learning_lights(table, stack)
    elif table.review is not None:
        _review_lights(table.review, stack, table.since)
    elif phase is Phase.MENU or match is None or match.current is None:
        screens.menu_lights(stack, table.menu.tiles(), table.phase_since)
        start = p.Blink(p.READY, p.dim(p.READY, 0.2), 1.0)
        stack.add([table.menu.start_cell], Light(p.HIGHLIGHT, start, table.phase_since))
    elif phase in (Phase.PLAYING, Phase.WAITING_FOR_CHIP) or (
        isinstance(table.mode, RoundOverMode) and not table.mode.scores_shown
    ):
        _game_lights(table, stack)
    elif phase is Phase.ROUND_OVER:
        last = match.current.outcome().winner
        colours = [seat.colour for seat in table.seats]
        screens.score_lights(stack, colours, match.scores(), match.rounds_to_win, last)
        screens.ready_light(stack, table.phase_since)
    elif phase is Phase.MATCH_OVER:
        _game_lights(table, stack)
        screens.celebration_lights(stack, match.winner, table.phase_since)
        screens.ready_light(stack, table.phase_since)
    table.strip.lights(stack)
    for flash in table.flashes:
        screens.error_lights(stack, flash.cell, flash.t, T.error_flash)
    return stack


def _learning_lights(table: Table, stack: LightStack) -> None:
    """A lesson's position and the cells to touch, or a puzzle's and a wrong answer's reply."""
    run = table.lesson or table.puzzle
    assert run is not None
    state = run.state
    board_adapter(state.game).lights(stack, state, table.since)
    cells = [parse_board_cell(name, table.columns, table.rows) for name in run.cells()]
    screens.target_lights(stack, cells, table.since, HINT_BLINK_S)
    go_on = None if table.lesson is None else table.lesson.go_on
    if go_on is not None:
        screens.ready_light(stack, table.since, parse_board_cell(go_on, table.columns, table.rows))


def _review_lights(review: Review, stack: LightStack, since: float) -> None:
    """The reviewed position, and the two arrows: lit while there is a move that way."""
    state = review.state()
    board_adapter(review.record.game).lights(stack, state, since)
    if review.ply > 0:
        stack.add([review.back_cell], Light(p.ANIMATION + 1, ARROW_LOOK))
    if review.ply < review.total:
        stack.add([review.forward_cell], Light(p.ANIMATION + 1, ARROW_LOOK))
    stack.add_status(range(stack.status_count), Light(p.BOARD, p.dim(ARROW_LOOK, 0.5)))


def _game_lights(table: Table, stack: LightStack) -> None:
    assert table.match is not None and table.match.current is not None
    assert table.adapter is not None
    state = table.match.current
    table.adapter.lights(stack, state, table.since)
    seats = table.seats
    if table.pending is not None:
        colour = p.piece(seats[table.pending.seat].colour)
        blink = p.Blink(colour, p.OFF, PENDING_BLINK_S)
        stack.add(table.pending.cells, Light(p.ANIMATION, blink, table.phase_since))
    if table.phase in (Phase.PLAYING, Phase.WAITING_FOR_CHIP):
        screens.turn_lights(stack, [seat.colour for seat in seats], table.seat_to_act())
        seat = table.seat_to_act()
        if table.phase is Phase.PLAYING and seat is not None and table.thinking():
            colour = p.piece(seats[seat].colour)
            calm = p.Blink(colour, p.dim(colour, 0.15), THINKING_BREATH_S)
            stack.add_status(range(stack.status_count), Light(p.ANIMATION, calm, table.since))
    else:
        winner = state.outcome().winner
        colour = p.ACCEPT if winner is None else p.piece(winner)
        stack.add_status(range(stack.status_count), Light(p.BOARD, colour))
