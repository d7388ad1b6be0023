"""The terminal's status panel shows every side's clock, the running one marked."""

from __future__ import annotations

import io

from firmware.commands.terminal import Style, TerminalView
from firmware.rules.api import JsonValue
from tests.test_terminal import screen_of, view


def test_the_side_panel_shows_each_sides_time() -> None:
    out = io.StringIO()
    left: dict[str, JsonValue] = {"blue": 245_001, "red": 300_000}
    clock: dict[str, JsonValue] = {"control": "5+3", "left_ms": left, "running": "blue"}
    TerminalView(out, Style.LETTERS).show(view(clock=clock))
    assert any(line.endswith("clock blue 4:06* red 5:00") for line in screen_of(out))


def test_three_clocks_take_a_line_each() -> None:
    out = io.StringIO()
    left: dict[str, JsonValue] = {"red": 60_000, "black": 9_500, "white": 0}
    TerminalView(out, Style.LETTERS).show(view(clock={"left_ms": left, "running": "black"}))
    lines = [line.rstrip() for line in screen_of(out)]
    assert any(line.endswith("clock red 1:00") for line in lines)
    assert any(line.endswith("      black 0:10*") for line in lines)
    assert any(line.endswith("      white 0:00") for line in lines)


def test_an_untimed_board_shows_no_clock() -> None:
    out = io.StringIO()
    TerminalView(out, Style.LETTERS).show(view(clock=None))
    assert not any("clock" in line for line in screen_of(out))
