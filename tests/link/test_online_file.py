"""online.json: an online game kept across a restart, and one that cannot be read."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from firmware.link.online_file import SPEC_FILE, OnlineFile, OnlineSpec

SPEC = OnlineSpec("ABCDE", "host", "table-2", "culls", {"mode": "duel"}, ["blue"])


def test_a_kept_game_reads_back_as_it_was_kept(tmp_path: Path) -> None:
    kept = OnlineFile(tmp_path / "state")
    kept.save(SPEC)
    assert OnlineFile(tmp_path / "state").load() == SPEC
    assert not list((tmp_path / "state").glob("*.tmp"))  # written whole, then renamed
    kept.forget()
    assert OnlineFile(tmp_path / "state").load() is None


@pytest.mark.parametrize("text", ["{not json", '{"code": "ABCDE"}', "[1, 2]"])
def test_a_file_that_cannot_be_read_is_one_warning_and_no_game(
    tmp_path: Path, text: str, caplog: pytest.LogCaptureFixture
) -> None:
    (tmp_path / SPEC_FILE).write_text(text, encoding="utf-8")
    with caplog.at_level(logging.WARNING, logger="cullsboard.link"):
        assert OnlineFile(tmp_path).load() is None
    messages = [record.getMessage() for record in caplog.records]
    assert len(messages) == 1 and messages[0].startswith("cannot read the online game"), messages


def test_a_board_without_a_state_directory_keeps_nothing() -> None:
    nowhere = OnlineFile(None)
    nowhere.save(SPEC)
    assert nowhere.load() is None
    nowhere.forget()
