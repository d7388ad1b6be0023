"""A command declared once in the registry is on the strip, in the terminal's words and help, on
the page's buttons and pressable through the API; tapping it opens what it names."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from firmware.commands.terminal_prompt import help_lines, presses, prompt_step
from firmware.controller.commands import command_registry
from firmware.controller.commands.command_registry import CommandSpec, Offered
from firmware.controller.commands.strip import HOLD_SECONDS
from firmware.controller.core.live import BoardView, Press
from firmware.controller.modes.context import ModeContext
from firmware.web.views import view_json
from hal.interfaces import Frame
from tests.controller.conftest import Rig
from tests.controller.test_strip import hold

WAVE_LOOK = (10, 200, 90)
WAVED: list[float] = []


def open_wave(ctx: ModeContext, now: float) -> None:
    """The test command's opener: it only remembers that it was opened."""
    WAVED.append(now)


@pytest.fixture
def wave() -> Iterator[CommandSpec]:
    spec = CommandSpec(
        "wave",
        "WAVE",
        WAVE_LOOK,
        "wave at the players",
        Offered.ALWAYS,
        opens=f"{__name__}:open_wave",
    )
    unregister = command_registry.register(spec)
    WAVED.clear()
    yield spec
    unregister()


def test_a_registered_command_is_lit_on_the_strip_and_opens_its_mode(
    rig: Rig, wave: CommandSpec
) -> None:
    rig.start("culls", {"mode": "duel"}, first="blue")
    hold(rig, "o1", HOLD_SECONDS)
    words = str(rig.score["message"])
    assert "wave " in words, words
    cell = words.split("wave ")[1].split(".")[0]
    rig.assert_cell_colour(cell, WAVE_LOOK)
    rig.tap(cell)
    assert len(WAVED) == 1


def test_a_registered_command_is_a_word_and_a_line_of_help_at_the_prompt(
    wave: CommandSpec,
) -> None:
    assert "wave" in presses()
    assert prompt_step("wave", 15, 15) == Press("wave")
    assert any(line.startswith("wave") and "wave at the players" in line for line in help_lines())


def test_a_registered_command_is_a_button_of_the_page(wave: CommandSpec) -> None:
    view = BoardView(Frame((((0, 0, 0),),), ()), {})
    control = view_json(view, pin_required=False)["control"]
    assert isinstance(control, dict)
    assert {"name": "wave", "label": "WAVE"} in control["commands"]  # type: ignore[operator]
    assert "wave" in control["buttons"]  # type: ignore[operator]


def test_without_the_registration_the_word_is_not_a_command() -> None:
    assert "wave" not in presses()
    assert all("wave" not in line for line in help_lines())


def test_turn_says_whose_turn_it_is_from_the_strip_and_from_a_press(rig: Rig) -> None:
    rig.start("culls", {"mode": "duel"}, first="blue")
    hold(rig, "o1", HOLD_SECONDS)
    words = str(rig.score["message"])
    cell = words.split("turn ")[1].split(".")[0]
    rig.tap(cell)
    assert rig.score["notice"] == "Blue to play"
    rig.tap("c3")
    rig.tap("e5")  # blue's two chips: red's turn
    assert rig.score["to_move"] == "red"
    rig.controller.submit(Press("turn"))  # the terminal's word and the API's press
    rig.controller.step()
    assert rig.score["notice"] == "Red to play"


def test_turn_with_no_round_played_is_refused(rig: Rig) -> None:
    rig.controller.submit(Press("turn"))
    rig.controller.step()
    assert rig.score["error"] == "no round is being played: nobody is to play"
