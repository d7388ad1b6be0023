"""HINT from the command strip and from a HINT button press, as the web page's HINT."""

from __future__ import annotations

from pathlib import Path

from firmware.controller.computer.computer import Seating
from firmware.players import level
from firmware.render import palette
from hal.interfaces import ButtonEvent
from tests.controller.conftest import Rig
from tests.controller.test_strip import hold

WAIT_S = 60
OPEN_FOUR = ["h8", "i8", "a1", "a3", "j8", "c1", "k8", "e1"]  # blue: h8 i8 j8 k8, open


def _rig(state_dir: Path) -> tuple[Rig, Seating]:
    seating = Seating(clock=lambda: 0.0, level=level(1), seed=5)
    return Rig(state_dir, seating=seating), seating


def _assert_hint_lit(rig: Rig, seating: Seating) -> None:
    seating.thinker.join(WAIT_S)
    rig.controller.step()
    hint = rig.score["hint"]
    assert isinstance(hint, dict) and hint["token"] in ("g8", "l8")
    rig.assert_cell_colour(str(hint["token"]), palette.HINT)


def test_hint_on_the_strip_lights_the_strongest_move(tmp_path: Path) -> None:
    rig, seating = _rig(tmp_path)
    rig.start("culls", {}, first="blue")
    for name in OPEN_FOUR:
        rig.tap(name)
    hold(rig, "a15", 1.5)
    assert str(rig.score["message"]).startswith(
        "Commands: undo a8, new c8, menu e8, hint g8, lesson i8, puzzle k8, resign m8, turn o8."
    )
    rig.tap("g8")
    assert rig.moves == OPEN_FOUR, "the strip's hint is not a move"
    _assert_hint_lit(rig, seating)


def test_the_strip_offers_no_hint_outside_a_game(tmp_path: Path) -> None:
    rig, _ = _rig(tmp_path)
    rig.start()
    hold(rig, "a15", 1.5)
    assert "hint" not in str(rig.score["message"])


def test_a_hint_button_press_lights_the_strongest_move(tmp_path: Path) -> None:
    rig, seating = _rig(tmp_path)
    rig.start("culls", {}, first="blue")
    for name in OPEN_FOUR:
        rig.tap(name)
    rig.controller.post(ButtonEvent(rig.clock.now(), "hint", True))
    rig.controller.post(ButtonEvent(rig.clock.now(), "hint", False))
    rig.controller.step()
    _assert_hint_lit(rig, seating)
