"""The journal after a failed write: retried at the next action, nothing played meanwhile lost,
one line when saving works again."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from firmware.controller.match.journal import Journal


class FlakyDisk:
    """``os.write`` that fails with ENOSPC while ``full`` (after writing half of what it got)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.full = False
        real = os.write

        def write(handle: int, data: bytes | memoryview) -> int:
            if self.full:
                real(handle, bytes(data)[: max(1, len(data) // 2)])
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            return real(handle, data)

        monkeypatch.setattr(os, "write", write)


def test_a_failed_write_is_retried_at_the_next_action(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    disk, warnings = FlakyDisk(monkeypatch), list[str]()
    journal = Journal(tmp_path, warnings.append)
    journal.append({"e": "match", "game": "culls"})
    disk.full = True
    journal.append({"e": "do", "token": "h8"})
    journal.append({"e": "do", "token": "i8"})
    saving = [not journal.in_memory_only]
    assert warnings == [
        f"cannot write the journal {tmp_path / 'journal.jsonl'}: No space left on device;"
        " playing on in memory"
    ]
    assert Journal(tmp_path, print).load() == [{"e": "match", "game": "culls"}]
    disk.full = False
    journal.append({"e": "do", "token": "g8"})
    saving.append(not journal.in_memory_only)
    assert saving == [False, True]
    assert warnings[1:] == [
        f"the journal {tmp_path / 'journal.jsonl'} is written again: the 3 actions kept in"
        " memory are saved"
    ]
    assert Journal(tmp_path, print).load() == journal.entries
    assert [entry.get("token") for entry in journal.entries] == [None, "h8", "i8", "g8"]


def test_a_journal_that_never_got_its_first_line_is_written_whole_later(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    disk, warnings = FlakyDisk(monkeypatch), list[str]()
    disk.full = True
    journal = Journal(tmp_path, warnings.append)
    journal.append({"e": "match", "game": "culls"})
    assert (tmp_path / "journal.jsonl").read_bytes() == b""
    disk.full = False
    journal.append({"e": "do", "token": "h8"})
    assert Journal(tmp_path, print).load() == journal.entries
    assert len(warnings) == 2


def test_a_half_line_left_behind_is_cut_before_the_retry(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    disk = FlakyDisk(monkeypatch)
    journal = Journal(tmp_path, print)
    journal.append({"e": "match", "game": "culls"})
    monkeypatch.setattr(os, "ftruncate", _refuse)
    disk.full = True
    journal.append({"e": "do", "token": "h8"})  # half of it stays: the cut fails too
    monkeypatch.undo()
    journal.append({"e": "do", "token": "i8"})
    warnings: list[str] = []
    assert Journal(tmp_path, warnings.append).load() == journal.entries
    assert warnings == []


def test_an_archive_that_failed_is_done_before_the_next_match_is_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    warnings: list[str] = []
    journal = Journal(tmp_path, warnings.append)
    journal.append({"e": "match", "game": "culls"})
    real = Path.replace
    monkeypatch.setattr(Path, "replace", _refuse)
    journal.archive()
    journal.append({"e": "match", "game": "cubulus"})
    assert "cannot archive the journal" in warnings[0]
    monkeypatch.setattr(Path, "replace", real)
    journal.append({"e": "do", "token": "N111"})
    assert Journal(tmp_path, print).load() == journal.entries
    assert journal.entries[0] == {"e": "match", "game": "cubulus"}
    (archived,) = journal.archived_paths()
    assert archived.read_text() == '{"e":"match","game":"culls"}\n'


def _refuse(*args: object) -> None:
    raise OSError(errno.EIO, os.strerror(errno.EIO))
