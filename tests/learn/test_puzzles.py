"""The shipped puzzles: every answer list is exactly the solving actions, by brute force."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from firmware.cli import main
from firmware.learn.puzzles import (
    KEYS,
    Puzzle,
    PuzzleError,
    load_puzzles,
    puzzle_from_json,
    read_puzzle,
    solve,
)
from firmware.rules.api import GameState
from firmware.rules.records import record_from_json, replay
from firmware.rules.registry import find_teaching

PUZZLES = load_puzzles()
KINDS = {"culls": {"win", "cull", "stop", "win2"}, "cubulus": {"win", "stop"}}
LEAST = {"culls": 30, "cubulus": 15}


def test_enough_puzzles_of_every_kind_are_shipped() -> None:
    for game, kinds in KINDS.items():
        shipped = Counter(p.kind for p in PUZZLES if p.game == game)
        assert set(find_teaching(game).kinds) == kinds
        assert set(shipped) == kinds, f"{game}: {shipped}"
        assert sum(shipped.values()) >= LEAST[game], f"{game}: {shipped}"


@pytest.mark.parametrize("puzzle", PUZZLES, ids=lambda p: p.id)
def test_the_answers_are_exactly_the_solving_actions(puzzle: Puzzle) -> None:
    assert solve(puzzle) == list(puzzle.answers)


def _after(state: GameState, token: str) -> GameState:
    after = state.copy()
    after.apply(token)
    return after


def _wins(state: GameState, colour: str) -> bool:
    """Whether ``colour``, to act, wins with one token (the way a five or square is made)."""
    return any(_after(state, t).outcome().winner == colour for t in state.legal_actions())


@pytest.mark.parametrize(
    "puzzle", [p for p in PUZZLES if p.kind in ("win", "cull")], ids=lambda p: p.id
)
def test_win_and_cull_answers_by_their_definition(puzzle: Puzzle) -> None:
    """The definitions of records.md and rules.md, played out one token at a time here."""
    state = puzzle.position()
    mover = state.to_move()
    assert mover is not None
    if puzzle.kind == "win":
        solving = [t for t in state.legal_actions() if _after(state, t).outcome().winner == mover]
    else:
        assert not _wins(state, mover)
        solving = [t for t in state.legal_actions() if _after(state, t).awaiting() == "flip"]
    assert sorted(solving) == list(puzzle.answers)


@pytest.mark.parametrize(
    "puzzle", [p for p in PUZZLES if p.kind == "stop" and p.game == "cubulus"], ids=lambda p: p.id
)
def test_cubulus_stop_answers_by_their_definition(puzzle: Puzzle) -> None:
    state = puzzle.position()
    mover = state.to_move()
    assert mover is not None and not _wins(state, mover)
    safe = []
    for token in state.legal_actions():
        after = _after(state, token)
        over, nxt = after.outcome(), after.to_move()
        if over.is_over:
            stopped = over.winner in (None, mover)
        else:
            assert nxt is not None
            stopped = not _wins(after, nxt)
        if stopped:
            safe.append(token)
    assert len(safe) < len(state.legal_actions()), "nothing threatens"
    assert sorted(safe) == list(puzzle.answers)


def test_the_puzzles_command_prints_each_as_one_json_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["puzzles", "--game", "cubulus"]) == 0
    lines = capsys.readouterr().out.splitlines()
    shipped = [p for p in PUZZLES if p.game == "cubulus"]
    assert len(lines) == len(shipped)
    for line, puzzle in zip(lines, shipped, strict=True):
        raw = json.loads(line)
        assert list(raw) == list(KEYS)
        assert raw["id"] == puzzle.id and raw["id"].startswith(f"cubulus-{raw['kind']}-")
        assert raw["answers"] == list(puzzle.answers)
        state, error = replay(record_from_json(raw["record"]))  # a records.md record
        assert error is None and not state.outcome().is_over
    assert main(["puzzles"]) == 0
    assert len(capsys.readouterr().out.splitlines()) == len(PUZZLES)


def _good() -> dict[str, object]:
    return {
        "id": "culls-cull-0001",
        "game": "culls",
        "kind": "cull",
        "record": {
            "format": 1,
            "game": "culls",
            "first": "blue",
            "moves": ["h8", "a1", "i8", "j8"],
        },
        "answers": ["k8"],
    }


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"id": "culls-win-0001"}, "id: must be culls-cull-NNNN"),
        ({"kind": "mate"}, "kind: culls puzzles are win, cull, stop, win2"),
        ({"game": "chess"}, "game: must be one of culls, cubulus"),
        ({"answers": []}, "answers: must be a list of at least one action"),
        ({"answers": ["k8", "g8"]}, "answers: must be sorted"),
        ({"answers": ["k8", "k8"]}, "answers: must be sorted, each action once"),
        ({"answers": ["h8"]}, "answers: h8: h8 is taken"),
        ({"record": {"format": 1, "game": "culls", "first": "blue"}}, "record: moves: missing"),
        ({"extra": 1}, "exactly the keys id, game, kind, record, answers"),
    ],
)
def test_a_broken_puzzle_is_refused_naming_the_key(change: dict[str, object], message: str) -> None:
    with pytest.raises(PuzzleError) as caught:
        puzzle_from_json({**_good(), **change})
    assert message in str(caught.value)


def test_a_puzzle_of_a_finished_game_or_a_misnamed_file_is_refused(tmp_path: Path) -> None:
    won = _good()
    won["record"] = {
        "format": 1,
        "game": "culls",
        "first": "blue",
        "moves": ["h8", "h9", "a15", "o1", "h10", "a13", "h11", "o3", "h12"],
    }
    with pytest.raises(PuzzleError, match="the game is over"):
        puzzle_from_json(won)
    path = tmp_path / "culls-cull-0002.json"
    path.write_text(json.dumps(_good()), encoding="utf-8")
    with pytest.raises(PuzzleError, match=r"the file of puzzle culls-cull-0001 is culls-cull"):
        read_puzzle(path)
    path.write_text("{", encoding="utf-8")
    with pytest.raises(PuzzleError, match=str(path)):
        read_puzzle(path)
