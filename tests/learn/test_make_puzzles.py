"""The puzzle maker runs end to end on a tiny budget and writes puzzles that load and check."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench import make_puzzles
from firmware.learn.puzzles import read_puzzle, solve


def test_the_maker_writes_checked_puzzles_of_the_games_kinds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["--game", "cubulus", "--games", "1", "--per-kind", "2", "--nodes", "200"]
    assert make_puzzles.main([*argv, "--out", str(tmp_path)]) == 0
    files = sorted((tmp_path / "cubulus").glob("*.json"))
    assert files, capsys.readouterr().out
    kinds = set()
    for path in files:
        puzzle = read_puzzle(path)
        assert solve(puzzle) == list(puzzle.answers)
        assert 1 <= len(puzzle.answers) <= make_puzzles.MAX_ANSWERS
        kinds.add(puzzle.kind)
    assert kinds <= {"win", "stop"}
    line = capsys.readouterr().out
    assert line.startswith("cubulus: ") and "positions" in line and "puzzles (win " in line


def test_a_second_run_replaces_the_puzzles_it_wrote(tmp_path: Path) -> None:
    folder = tmp_path / "cubulus"
    folder.mkdir()
    (folder / "cubulus-win-0099.json").write_text("{}", encoding="utf-8")
    argv = ["--game", "cubulus", "--games", "1", "--per-kind", "1", "--nodes", "100"]
    assert make_puzzles.main([*argv, "--out", str(tmp_path)]) == 0
    assert not (folder / "cubulus-win-0099.json").exists()
