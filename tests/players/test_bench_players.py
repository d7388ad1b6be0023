"""The players' bench runs end to end on a tiny budget and reports every pairing it plays."""

from __future__ import annotations

import sys

import pytest

from bench import bench_players


@pytest.mark.parametrize("game", ["culls", "cubulus"])
def test_the_bench_plays_baselines_and_the_round_robin(
    game: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["bench_players", "--game", game, "--levels", "1,2", "--games", "2", "--nodes", "60"]
    monkeypatch.setattr(sys, "argv", [*argv, "--opponents", "random", "--round-robin"])
    assert bench_players.main() == 0
    lines = capsys.readouterr().out.splitlines()
    pairings = [line for line in lines if line.startswith("level ")]
    assert [line.split(" score")[0].rstrip() for line in pairings] == [
        "level 1 vs random",
        "level 2 vs random",
        "level 2 vs level 1",
    ]
    assert all(line.endswith("illegal 0") for line in pairings)
    assert all("(" in line and "/2)" in line for line in pairings)
    assert lines[-1].startswith("pairings under 0.70: ")
