"""A new board mode is one module and one registration: this file is both.

The demo mode lights the cells a tap names, each for two seconds (a timer it owns), says so on
the scoreboard, lists its own strip commands and leaves with MENU; nothing else in the code
knows of it.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from firmware.controller.core.buttons import Button
from firmware.controller.modes import register
from firmware.controller.modes.base import BoardMode, Fields
from firmware.controller.modes.context import ModeContext
from firmware.render import palette as p
from firmware.render.stack import Light, LightStack
from firmware.rules.grid import cell_name
from hal.interfaces import Cell
from tests.controller.conftest import LAST_BLUE, OFF, Rig

LIT = (0, 255, 0)
LIT_FOR = 2.0


class DemoMode(BoardMode):
    """Lights each cell tapped for a while; MENU goes back to what it was opened over."""

    phase = "demo"

    def __init__(self, entered: float) -> None:
        super().__init__(entered)
        self.lit: set[Cell] = set()

    def tap(self, ctx: ModeContext, cell: Cell, now: float) -> None:
        self.lit.add(cell)
        ctx.timers.schedule(now + LIT_FOR, lambda at: self.lit.discard(cell), self)

    def press(self, ctx: ModeContext, button: Button, now: float) -> None:
        if button is Button.MENU:
            ctx.pop(now)

    def lights(self, ctx: ModeContext, stack: LightStack, now: float) -> None:
        stack.add(sorted(self.lit), Light(p.BOARD, LIT))

    def fields(self, ctx: ModeContext, now: float) -> Fields:
        names = ", ".join(cell_name(cell) for cell in sorted(self.lit)) or "none"
        return {"phase": self.phase, "message": f"Demo: lit {names}"}

    def commands(self, ctx: ModeContext) -> tuple[str, ...]:
        return ("menu",)


@pytest.fixture
def demo() -> Iterator[None]:
    unregister = register("demo", lambda ctx, now: ctx.push(DemoMode(now), now))
    yield
    unregister()


def _open_demo(rig: Rig) -> None:
    rig.table.button("demo", rig.clock.now())  # as the page's LESSON opens a lesson
    rig.controller.redraw()


def test_the_demo_mode_lights_what_a_tap_names_for_a_while(tmp_path: Path, demo: None) -> None:
    rig = Rig(tmp_path).start("culls", {"mode": "duel"}, first="blue")
    rig.tap("h8")  # blue's chip
    _open_demo(rig)
    assert rig.score["phase"] == "demo" and rig.score["seats"] == []
    rig.assert_cell_colour("h8", OFF)  # the game waits under it, unseen
    rig.tap("c3")
    rig.assert_cell_colour("c3", LIT)
    assert rig.score["message"] == "Demo: lit c3"
    rig.advance(LIT_FOR - 0.1)
    rig.assert_cell_colour("c3", LIT)
    rig.advance(0.2)  # its own timer put it out
    rig.assert_cell_colour("c3", OFF)
    assert rig.score["message"] == "Demo: lit none"


def test_leaving_the_demo_mode_cancels_its_timers_and_the_game_goes_on(
    tmp_path: Path, demo: None
) -> None:
    rig = Rig(tmp_path).start("culls", {"mode": "duel"}, first="blue")
    rig.tap("h8")
    _open_demo(rig)
    mode = rig.table.mode
    rig.tap("c3")
    assert rig.controller.timers.owned_by(mode)
    rig.press("menu")
    assert rig.score["phase"] == "playing" and rig.moves == ["h8"]
    assert rig.controller.timers.owned_by(mode) == ()
    rig.assert_cell_colour("h8", LAST_BLUE)
    rig.assert_cell_colour("c3", OFF)


def test_the_strip_shows_the_demo_mode_s_own_commands(tmp_path: Path, demo: None) -> None:
    rig = Rig(tmp_path).start("culls", {"mode": "duel"}, first="blue")
    _open_demo(rig)
    rig.table.open_strip()
    rig.controller.redraw()
    assert [command.name for command in rig.table.strip.commands] == ["menu"]
    rig.tap_cell(rig.table.strip.commands[0].cell)  # the strip's MENU: back to the game
    assert rig.score["phase"] == "playing"


def test_an_unregistered_mode_is_refused(tmp_path: Path) -> None:
    rig = Rig(tmp_path).start("culls", {"mode": "duel"}, first="blue")
    rig.table.context.open("demo", rig.clock.now())
    rig.controller.redraw()
    assert rig.score["error"] == "there is no demo on this board"
