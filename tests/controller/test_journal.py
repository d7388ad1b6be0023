"""The journal: fsynced entries, torn ends dropped, a failing disk reported once, bounded."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from firmware.controller.match import journal as journal_module
from firmware.controller.match.journal import Journal
from tests.controller.conftest import LAST_BLUE, Rig


def test_entries_round_trip(tmp_path: Path) -> None:
    warnings: list[str] = []
    journal = Journal(tmp_path, warnings.append)
    journal.append({"e": "match", "game": "culls", "rules": {}})
    journal.append({"e": "do", "token": "h8"})
    again = Journal(tmp_path, warnings.append)
    assert again.load() == [
        {"e": "match", "game": "culls", "rules": {}},
        {"e": "do", "token": "h8"},
    ]
    assert warnings == []


def test_a_complete_last_line_without_newline_is_kept_and_repaired(tmp_path: Path) -> None:
    (tmp_path / "journal.jsonl").write_text('{"e":"match"}\n{"e":"undo"}')
    journal = Journal(tmp_path, print)
    assert len(journal.load()) == 2
    journal.append({"e": "undo"})
    lines = (tmp_path / "journal.jsonl").read_text().splitlines()
    assert [json.loads(line)["e"] for line in lines] == ["match", "undo", "undo"]


def test_an_unwritable_state_dir_is_reported_once_and_play_goes_on(
    make_rig: Callable[..., Rig],
) -> None:
    rig: Rig = make_rig()
    assert rig.state_dir is not None
    rig.state_dir.parent.mkdir(parents=True, exist_ok=True)
    rig.state_dir.write_text("a file where the directory should be")  # fails even for root
    rig.start("culls", {"mode": "duel"}, first="blue")
    rig.tap("h8")
    rig.tap("i8")
    assert len(rig.warnings) == 1 and "playing on in memory" in rig.warnings[0]
    rig.assert_cell_colour("i8", LAST_BLUE)
    assert rig.moves == ["h8", "i8"]


def test_no_state_dir_plays_in_memory(tmp_path: Path) -> None:
    journal = Journal(None, print)
    journal.append({"e": "undo"})
    assert journal.in_memory_only and journal.load() == []


def test_a_new_match_archives_the_old_and_archives_stay_bounded(
    make_rig: Callable[..., Rig], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(journal_module, "ARCHIVE_KEEP", 3)
    rig: Rig = make_rig()
    rig.start("culls", {"mode": "duel"}, first="blue")
    for _ in range(5):
        rig.tap("h8")
        rig.press("new")  # NEW during a match asks first
        rig.press("new")
    assert rig.state_dir is not None
    archived = sorted((rig.state_dir / "archive").glob("match-*.jsonl"))
    assert len(archived) == 3
    current = (rig.state_dir / "journal.jsonl").read_text().splitlines()
    assert [json.loads(line)["e"] for line in current] == ["match", "round"]
