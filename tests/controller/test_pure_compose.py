"""Composing a frame and the scoreboard changes nothing: no event, no journal line, no mode,
flash, strip or menu changed, however often and for whatever moment they are composed. Timed
changes happen in ``tick``."""

from __future__ import annotations

import copy
from pathlib import Path

from firmware.controller.core.events import EventLog
from firmware.controller.view.scene import table_lights
from firmware.controller.view.scoreboard import scoreboard
from tests.controller.conftest import Rig


def _observable(rig: Rig) -> tuple[object, ...]:
    table = rig.table
    journal = rig.state_dir / "journal.jsonl" if rig.state_dir is not None else None
    return (
        table.mode,
        table.context.since,
        list(table.feedback.flashes),
        table.feedback.error,
        table.feedback.notice,
        table.the_match.last_said,
        copy.copy(vars(table.strip)),
        table.menu.game_and_rules(),
        None if journal is None or not journal.exists() else journal.read_bytes(),
        None if table.match is None or table.match.current is None else table.match.current.ply,
    )


def _compose_everywhen(rig: Rig) -> None:
    now = rig.clock.now()
    for later in (0.0, 0.3, 2.9, 3.1, 5.5, 60.0, 3600.0):
        scoreboard(rig.table, now + later)
        table_lights(rig.table, 4, now + later).compose(now + later)


def test_composing_changes_nothing_in_any_mode(tmp_path: Path) -> None:
    rig = Rig(tmp_path).start()
    log = EventLog(rig.events)
    rig.start("culls", {"mode": "duel"}, first="blue")
    for name in ["h8", "a1", "i8"]:
        rig.tap(name)
    rig.tap("h8")  # refused: a flash and an error
    rig.press("menu")  # the menu over a game
    before = _observable(rig)
    count = len(log.events)
    _compose_everywhen(rig)
    assert _observable(rig) == before and len(log.events) == count
    rig.press("undo")  # back to the game
    before = _observable(rig)
    count = len(log.events)
    _compose_everywhen(rig)
    assert _observable(rig) == before and len(log.events) == count


def test_the_loop_s_render_changes_nothing(tmp_path: Path) -> None:
    rig = Rig(tmp_path).start("culls", {"mode": "duel"}, first="blue")
    rig.tap("h8")
    before = _observable(rig)
    for _ in range(3):
        rig.controller.render()
    assert _observable(rig) == before
