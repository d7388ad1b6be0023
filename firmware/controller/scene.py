"""The table as a light stack: game, turn, score screens, menu and error flashes."""

from __future__ import annotations

from typing import cast

from firmware.controller.seats import seat_to_act
from firmware.controller.table import MATCH_OVER, MENU, PLAYING, ROUND_OVER, Table
from firmware.games.cubulus.scene import cubulus_lights
from firmware.games.culls.scene import culls_lights
from firmware.render import palette as p
from firmware.render import screens
from firmware.render.stack import Light, LightStack
from firmware.render.views import CubulusView, CullsView


def table_lights(table: Table, status_count: int, now: float) -> LightStack:
    """Every light the table wants at ``now``."""
    stack = LightStack(table.columns, table.rows, status_count)
    match = table.match
    if table.phase == MENU or match is None or match.current is None:
        screens.menu_lights(stack, table.menu.tiles(), table.phase_since)
        start = p.Blink(p.READY, p.dim(p.READY, 0.2), 1.0)
        stack.add([table.menu.start_cell], Light(p.HIGHLIGHT, start, table.phase_since))
    elif table.phase == PLAYING or (
        table.phase == ROUND_OVER and now < table.phase_since + p.TIMING.line_show
    ):
        _game_lights(table, stack)
    elif table.phase == ROUND_OVER:
        last = match.current.outcome().winner
        colours = [colour for colour, _ in table.seats]
        screens.score_lights(stack, colours, match.scores(), match.rounds_to_win, last)
        screens.ready_light(stack, table.phase_since)
    elif table.phase == MATCH_OVER:
        _game_lights(table, stack)
        screens.celebration_lights(stack, match.winner, table.phase_since)
        screens.ready_light(stack, table.phase_since)
    for flash in table.flashes:
        screens.error_lights(stack, flash.cell, flash.t)
    return stack


def _game_lights(table: Table, stack: LightStack) -> None:
    assert table.match is not None and table.match.current is not None
    state = table.match.current
    if state.game == "culls":
        culls_lights(stack, cast(CullsView, state), table.since)
    else:
        layout = table.layout()
        if layout is not None:
            cubulus_lights(stack, cast(CubulusView, state), layout, table.since)
    seats = table.seats
    if table.phase == PLAYING:
        screens.turn_lights(stack, [c for c, _ in seats], seat_to_act(state, seats))
    else:
        winner = state.outcome().winner
        colour = p.ACCEPT if winner is None else p.piece(winner)
        stack.add_status(range(stack.status_count), Light(p.BOARD, colour))
