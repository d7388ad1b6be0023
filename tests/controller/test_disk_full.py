"""A full disk under the journal: play goes on in memory with one warning; the journal stays
readable. The disk is filled for real: a file-size limit (``ulimit -f``) on the board's process,
or, where this machine lets us mount one, a tiny tmpfs."""

from __future__ import annotations

import json
import resource
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from firmware.controller.match.journal import Journal

ROOT = Path(__file__).resolve().parents[2]
MOVES = ["h8", "i8", "g8", "j8"]
# Far more journal than fits: 200 placements taken back, between the real moves.
SCRIPT = "\n".join(["h8", "i8", *["g8", "undo"] * 200, "g8", "j8"]) + "\n"


def _play(
    state: Path, record: Path, limit: Callable[[], None] | None
) -> subprocess.CompletedProcess[str]:
    argv = ["--mock-hal", "--game", "culls", "--seed", "1", "--state-dir", str(state)]
    return subprocess.run(
        [sys.executable, "-m", "firmware", *argv, "--script", "-", "--record", str(record)],
        input=SCRIPT,
        capture_output=True,
        text=True,
        cwd=ROOT,
        preexec_fn=limit,
        timeout=120,
        check=False,
    )


def _file_size_limit() -> None:
    resource.setrlimit(resource.RLIMIT_FSIZE, (2048, 2048))


@pytest.fixture
def tiny_tmpfs(tmp_path: Path) -> Iterator[Path]:
    """A 64 KiB tmpfs with two 4 KiB pages left free, or a skip where mounting is not allowed."""
    mount = tmp_path / "tiny"
    mount.mkdir()
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(mount)],
        capture_output=True,
        check=False,
    )
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.decode().strip()}")
    try:
        (mount / "filler").write_bytes(b"\0" * 14 * 4096)  # a page for the lock, one to fill
        yield mount
    finally:
        subprocess.run(["umount", str(mount)], check=False)


def _assert_played_on_in_memory(
    result: subprocess.CompletedProcess[str], record: Path, why: str
) -> None:
    assert result.returncode == 0, result.stderr
    warning = result.stderr.splitlines()
    assert len(warning) == 1, result.stderr
    assert warning[0].startswith("cullsboard: warning: cannot write the journal ")
    assert warning[0].endswith(f": {why}; playing on in memory")
    assert json.loads(record.read_text())["moves"] == MOVES


def _assert_journal_readable(state: Path) -> None:
    data = (state / "journal.jsonl").read_bytes()
    assert data.endswith(b"\n")
    warnings: list[str] = []
    entries = Journal(state, warnings.append).load()
    assert warnings == []
    assert [entry["e"] for entry in entries[:3]] == ["match", "round", "do"]
    assert len(entries) == data.count(b"\n")


def test_a_file_size_limit_fills_the_journal(tmp_path: Path) -> None:
    state, record = tmp_path / "state", tmp_path / "record.json"
    result = _play(state, record, _file_size_limit)
    _assert_played_on_in_memory(result, record, "File too large")
    assert (state / "journal.jsonl").stat().st_size <= 2048
    _assert_journal_readable(state)


def test_a_full_filesystem_under_the_state_dir(tmp_path: Path, tiny_tmpfs: Path) -> None:
    state, record = tiny_tmpfs / "state", tmp_path / "record.json"
    result = _play(state, record, None)
    _assert_played_on_in_memory(result, record, "No space left on device")
    _assert_journal_readable(state)
