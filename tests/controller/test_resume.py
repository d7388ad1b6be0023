"""Kill the board after any step of a game and start it again: the match resumes exactly."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from firmware.controller.core.timing import TABLE_TIMING
from tests.controller.conftest import Rig
from tests.controller.games import culls_round_taps

COMPARED = ("game", "mode", "phase", "round", "scores", "to_move", "seat", "awaiting", "moves")
MORE = ("status", "winner", "line", "last_result", "match_winner", "message", "record")


def _script() -> list[tuple[str, str]]:
    steps = [("tap", n) for n in ("h8", "i8", "g8", "j8", "h8", "k10")]  # cull, flip, move
    steps += [("press", "undo"), ("tap", "k11"), ("tap", "h8")]  # undo the move; refused tap
    steps += [("tap", "m13"), ("press", "undo"), ("press", "undo"), ("tap", "l12")]
    return steps


def _assert_same(live: Rig, resumed: Rig) -> None:
    for key in (*COMPARED, *MORE):
        assert resumed.score[key] == live.score[key], key


def test_resume_after_a_kill_at_every_step(make_rig: Callable[..., Rig]) -> None:
    live = make_rig()
    live.start("culls", {"mode": "duel"}, first="blue")
    for kind, arg in _script():
        live.tap(arg) if kind == "tap" else live.press(arg)
        resumed = make_rig()
        resumed.start()
        _assert_same(live, resumed)
        resumed.board.close()


def test_resume_across_rounds_and_the_round_over_screen(make_rig: Callable[..., Rig]) -> None:
    live = make_rig()
    live.start("culls", {"mode": "duel"}, first="red")
    for name in culls_round_taps("red", "blue"):
        live.tap(name)
    live.tap("a2")  # the kept final position gives way to the scores; a restart shows them
    resumed = make_rig().start()
    assert resumed.score["phase"] == "round_over"
    _assert_same(live, resumed)
    live.advance(TABLE_TIMING.line_show)
    live.tap("h8")
    live.tap("c7")
    resumed = make_rig().start()
    assert resumed.score["round"] == 2 and resumed.score["moves"] == ["c7"]
    _assert_same(live, resumed)
    live.press("undo")
    live.press("undo")  # back over the start of round 2
    resumed = make_rig().start()
    assert resumed.score["phase"] == "round_over" and resumed.score["round"] == 1
    _assert_same(live, resumed)


def test_resume_cubulus_mid_setup(make_rig: Callable[..., Rig]) -> None:
    live = make_rig()
    live.start("cubulus", {"players": 2}, first="black")
    for cube_cell in ("000", "111", "222"):
        live.neutral(cube_cell) if cube_cell != "111" else live.tap_cell((12, 1))
    resumed = make_rig().start()
    assert resumed.moves == ["N000", "N111", "N222"]
    _assert_same(live, resumed)


def test_a_torn_last_entry_is_dropped_with_a_warning(make_rig: Callable[..., Rig]) -> None:
    live = make_rig()
    live.start("culls", {"mode": "duel"}, first="blue")
    for name in ("h8", "i8", "c3"):
        live.tap(name)
    assert live.state_dir is not None
    journal = Path(live.state_dir) / "journal.jsonl"
    data = journal.read_bytes()
    journal.write_bytes(data[:-7])  # the power went mid-write
    resumed = make_rig().start()
    assert resumed.moves == ["h8", "i8"]
    assert len(resumed.warnings) == 1
    assert "cannot be read" in resumed.warnings[0] and "quarantine" in resumed.warnings[0]
    resumed.tap("d4")
    again = make_rig().start()
    assert again.moves == ["h8", "i8", "d4"]


def test_a_journal_of_garbage_opens_the_menu_and_never_crashes(
    make_rig: Callable[..., Rig],
) -> None:
    rig = make_rig()
    assert rig.state_dir is not None
    Path(rig.state_dir).mkdir(parents=True)
    (Path(rig.state_dir) / "journal.jsonl").write_bytes(b"\x00\xffnot json\n{]\n")
    rig.start()
    assert rig.score["phase"] == "menu"
    assert rig.warnings


def test_a_journal_the_rules_reject_is_set_aside_and_reported(make_rig: Callable[..., Rig]) -> None:
    rig = make_rig()
    assert rig.state_dir is not None
    Path(rig.state_dir).mkdir(parents=True)
    text = '{"e":"match","game":"culls","rules":{"size":99}}\n'
    (Path(rig.state_dir) / "journal.jsonl").write_text(text)
    rig.start()
    assert rig.score["phase"] == "menu"
    assert "could not be resumed" in str(rig.score["error"])
    assert not (Path(rig.state_dir) / "journal.jsonl").exists()
    (moved,) = (Path(rig.state_dir) / "quarantine").glob("journal-*.jsonl")
    assert moved.read_text() == text
    assert len(rig.warnings) == 1 and "kept 0 entries" in rig.warnings[0]


def test_a_journal_out_of_order_is_set_aside_not_a_crash(make_rig: Callable[..., Rig]) -> None:
    rig = make_rig()
    assert rig.state_dir is not None
    Path(rig.state_dir).mkdir(parents=True)
    (Path(rig.state_dir) / "journal.jsonl").write_text(
        '{"e":"match","game":"culls","rules":{}}\n{"e":"do","token":"h8"}\n'
    )
    rig.start()
    assert rig.score["phase"] == "menu"
    assert "entry 2 cannot be played" in str(rig.score["error"])


def test_resume_cubulus_after_a_kill_at_every_step(make_rig: Callable[..., Rig]) -> None:
    live = make_rig()
    live.start("cubulus", {"players": 2}, first="red")
    neutrals = ("002", "012", "022", "102", "112", "122", "202", "212", "222")
    steps = [("neutral", c) for c in neutrals]
    steps += [("push", t) for t in ("F000", "B020", "F100", "U002")]
    steps += [("press", "undo"), ("push", "F001")]
    for kind, arg in steps:
        if kind == "neutral":
            live.neutral(arg)
        elif kind == "push":
            live.push(arg)
        else:
            live.press(arg)
        resumed = make_rig().start()
        _assert_same(live, resumed)
        resumed.board.close()
    assert live.moves[-1] == "F001" and len(live.moves) == 13


def _journal(entries: list[dict[str, object]]) -> str:
    return "".join(json.dumps(entry) + "\n" for entry in entries)


def _round(first: str) -> dict[str, object]:
    record = {"format": 1, "game": "culls", "rules": {}, "first": first, "moves": []}
    return {"e": "round", "record": record}


def test_a_journal_round_started_too_early_or_by_the_wrong_colour_keeps_the_rest(
    make_rig: Callable[..., Rig],
) -> None:
    won: list[dict[str, object]] = [
        {"e": "do", "token": name} for name in culls_round_taps("red", "blue")
    ]
    cases: list[tuple[list[dict[str, object]], str, int]] = [
        ([_round("red"), {"e": "do", "token": "h8"}, _round("blue")], "entry 4: the round is", 1),
        ([_round("red"), *won, _round("red")], "is started by blue, not red", len(won)),
    ]
    for entries, words, moves in cases:
        rig = make_rig()
        assert rig.state_dir is not None
        Path(rig.state_dir).mkdir(parents=True, exist_ok=True)
        head: dict[str, object] = {"e": "match", "game": "culls", "rules": {}}
        (Path(rig.state_dir) / "journal.jsonl").write_text(_journal([head, *entries]))
        rig.start()
        assert rig.score["round"] == 1 and len(rig.moves) == moves
        assert words.replace("entry 4: ", "entry 4 cannot be played: ") in str(rig.score["error"])
        assert len(rig.warnings) == 1 and f"kept {len(entries)} entries" in rig.warnings[0]
        rig.board.close()
        shutil.rmtree(rig.state_dir)


def _state_with(lines: list[str], rig: Rig) -> Path:
    assert rig.state_dir is not None
    state = Path(rig.state_dir)
    state.mkdir(parents=True, exist_ok=True)
    (state / "journal.jsonl").write_text("".join(line + "\n" for line in lines))
    return state


HEAD = json.dumps({"e": "match", "game": "culls", "rules": {}})
DO_H8, DO_I8 = json.dumps({"e": "do", "token": "h8"}), json.dumps({"e": "do", "token": "i8"})


def test_a_garbage_line_in_the_middle_keeps_the_prefix_and_sets_the_rest_aside(
    make_rig: Callable[..., Rig],
) -> None:
    rig = make_rig()
    state = _state_with([HEAD, json.dumps(_round("blue")), DO_H8, "{]", DO_I8], rig)
    rig.start()
    assert rig.moves == ["h8"]
    (moved,) = (state / "quarantine").glob("journal-*.jsonl")
    assert moved.read_text() == "{]\n" + DO_I8 + "\n"  # nothing deleted
    assert len(rig.warnings) == 1
    assert rig.warnings[0].startswith("journal line 4 cannot be read (not valid JSON")
    assert f"kept 3 entries; moved the rest (2 lines) to {moved}" in rig.warnings[0]
    rig.tap("c3")
    assert make_rig().start().moves == ["h8", "c3"]


@pytest.mark.parametrize(
    "bad",
    [
        "[" * 100_000,
        '{"e":"do","token":' + "1" * 5000 + "}",
        json.dumps({"e": "do", "token": "zz"}),
        json.dumps({"e": "do", "token": 8}),
        json.dumps({"e": "jump"}),
    ],
    ids=["deep", "long-number", "illegal-token", "wrong-type", "unknown-kind"],
)
def test_an_entry_that_cannot_be_read_or_played_keeps_the_valid_prefix(
    bad: str, make_rig: Callable[..., Rig]
) -> None:
    rig = make_rig()
    state = _state_with([HEAD, json.dumps(_round("blue")), DO_H8, bad, DO_I8], rig)
    rig.start()
    assert rig.moves == ["h8"]
    assert len(rig.warnings) == 1 and "kept 3 entries" in rig.warnings[0]
    assert len(rig.warnings[0]) < 400
    (moved,) = (state / "quarantine").glob("journal-*.jsonl")
    assert moved.read_text() == bad + "\n" + DO_I8 + "\n"
    again = make_rig().start()  # the next start finds a clean journal
    assert again.moves == ["h8"] and again.warnings == []


@pytest.mark.parametrize(
    "head",
    [
        json.dumps({"e": "match", "game": "chess", "rules": {}}),
        json.dumps({"e": "match", "game": "culls", "rules": {"mode": "solo"}}),
    ],
    ids=["unknown-game", "bad-rules"],
)
def test_a_match_that_cannot_start_is_set_aside_whole(
    head: str, make_rig: Callable[..., Rig]
) -> None:
    rig = make_rig()
    state = _state_with([head, json.dumps(_round("blue")), DO_H8], rig)
    rig.start()
    assert rig.score["phase"] == "menu"
    assert not (state / "journal.jsonl").exists()
    assert len(list((state / "quarantine").glob("journal-*.jsonl"))) == 1
    assert len(rig.warnings) == 1 and "kept 0 entries" in rig.warnings[0]


def test_an_unplayable_entry_before_a_garbage_line_is_still_one_warning(
    make_rig: Callable[..., Rig],
) -> None:
    rig = make_rig()
    bad = json.dumps({"e": "do", "token": "zz"})
    state = _state_with([HEAD, json.dumps(_round("blue")), DO_H8, bad, "{]", DO_I8], rig)
    rig.start()
    assert rig.moves == ["h8"]
    assert len(rig.warnings) == 1
    assert rig.warnings[0].startswith(
        "journal entry 4 cannot be played: zz: zz is not a cell: kept 3"
    )
    (moved,) = (state / "quarantine").glob("journal-*.jsonl")
    assert moved.read_text() == "\n".join([bad, "{]", DO_I8]) + "\n"
