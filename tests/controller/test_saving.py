"""Games not being saved: each writer's failure kept once, said in words with what staff should
do, and the corners' short amber flash while it lasts."""

from __future__ import annotations

import errno
import sqlite3
from pathlib import Path

from firmware.controller.clock.clock_file import ClockFile
from firmware.controller.core.saving import Saving
from firmware.controller.match.journal import Journal
from firmware.controller.view.faults import FAULT_COLOUR, UNSAVED_EVERY_S, DeviceHealth
from firmware.history.writer import as_os_error
from hal.interfaces import Frame
from tests.small_disk import read_only_disk, small_disk

__all__ = ["read_only_disk", "small_disk"]  # the fixtures

BLACK = (0, 0, 0)


def test_each_failing_file_is_one_sentence_with_the_next_step() -> None:
    saving = Saving()
    saving.failed("the journal", OSError(errno.ENOSPC, "No space left on device"))
    full = sqlite3.OperationalError("database or disk is full")
    full.sqlite_errorcode = sqlite3.SQLITE_FULL
    saving.failed("the match history", as_os_error(full))
    assert saving.problems() == [
        "games are not being saved: the journal cannot be written (No space left on device); "
        "free space on the SD card (docs/kiosk.md#how-it-heals-itself)",
        "games are not being saved: the match history cannot be written (database or disk is "
        "full); free space on the SD card (docs/kiosk.md#how-it-heals-itself)",
    ]
    saving.works("the journal")
    saving.works("the match history")
    assert saving.problems() == [] and not saving.failing


def test_a_read_only_folder_is_found_before_anything_is_written(read_only_disk: Path) -> None:
    saving = Saving()
    saving.look_at(read_only_disk)
    (problem,) = saving.problems()
    assert problem.startswith(
        "games are not being saved: the state directory cannot be written (Read-only file system)"
    )
    assert "went read-only: restart the board" in problem


def test_the_journal_and_the_clocks_report_their_failure_and_their_recovery(
    tmp_path: Path,
) -> None:
    saving = Saving()
    blocked = tmp_path / "state"
    blocked.write_text("a file where the folder should be")
    journal = Journal(blocked, lambda line: None, saving)
    clocks = ClockFile(blocked, saving)
    journal.append({"e": "do", "token": "h8"})
    clocks.save({"control": "5+3"})
    assert [p.split(" cannot")[0] for p in saving.problems()] == [
        "games are not being saved: the clocks",
        "games are not being saved: the journal",
    ]
    blocked.unlink()
    journal.append({"e": "do", "token": "i8"})
    clocks.save({"control": "5+3"})
    assert saving.problems() == []


def test_the_corners_flash_while_games_are_not_saved_and_not_otherwise() -> None:
    frame = Frame.blank(15, 15)
    health = DeviceHealth()
    assert health.overlay(frame, 0.1) == frame and health.next_blink(0.1) is None
    health.saving.failed("the journal", OSError(errno.EROFS, "Read-only file system"))
    lit = health.overlay(frame, 0.1)
    corners = [lit.cells[0][0], lit.cells[0][14], lit.cells[14][0], lit.cells[14][14]]
    assert corners == [FAULT_COLOUR] * 4
    assert sum(colour != BLACK for row in lit.cells for colour in row) == 4
    assert health.overlay(frame, 1.0) == frame  # between flashes the board as it is
    assert health.next_blink(0.1) == 0.25 and health.next_blink(1.0) == UNSAVED_EVERY_S
