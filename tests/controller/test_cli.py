"""``cullsboard --mock-hal --script --frames --record``: the record equals the touches."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from firmware.cli import main
from firmware.rules.records import parse_record, replay

HEX = re.compile(r"^#[0-9a-f]{6}$")
TOUCHES = ["h8", "i8", "g8", "j8", "h8", "k10"]


def _run(tmp_path: Path, script: str, *extra: str) -> tuple[int, Path, Path]:
    (tmp_path / "game.txt").write_text(script, encoding="utf-8")
    frames, record = tmp_path / "frames.jsonl", tmp_path / "record.json"
    code = main(
        [
            "--mock-hal",
            "--game",
            "culls",
            "--seed",
            "5",
            "--script",
            str(tmp_path / "game.txt"),
            "--frames",
            str(frames),
            "--record",
            str(record),
            "--state-dir",
            str(tmp_path / "state"),
            *extra,
        ]
    )
    return code, frames, record


def _script(touches: list[str]) -> str:
    return "# a cull, a flip and a move\n" + "".join(f"touch {t}\nwait 250\n" for t in touches)


def test_the_record_equals_the_touches(tmp_path: Path) -> None:
    code, _, record_path = _run(tmp_path, _script(TOUCHES))
    assert code == 0
    record = parse_record(record_path.read_bytes())
    assert record.moves == ("h8", "i8", "g8", "j8", "xh8", "h8-k10")
    state, error = replay(record)
    assert error is None and state.awaiting() == "place"


def test_the_frames_file_has_the_documented_shape(tmp_path: Path) -> None:
    _, frames_path, _ = _run(tmp_path, _script(TOUCHES))
    frames = [json.loads(line) for line in frames_path.read_text().splitlines()]
    assert len(frames) >= len(TOUCHES)
    times = [f["t_ms"] for f in frames]
    assert times[0] == 0 and times == sorted(times)
    assert times[-1] <= 250 * len(TOUCHES)
    for frame in frames:
        assert set(frame) == {"t_ms", "grid", "status"}
        assert len(frame["grid"]) == 15 and all(len(row) == 15 for row in frame["grid"])
        assert all(HEX.match(c) for row in frame["grid"] for c in row)
        assert len(frame["status"]) == 4
    last = frames[-1]["grid"]
    assert last[15 - 10][10] != "#000000", "k10 is lit: row 10 counted from the top, column k"
    assert last[15 - 8][7] == "#000000", "h8 is empty after the move"


def test_the_same_script_gives_the_same_frames(tmp_path: Path) -> None:
    outputs = []
    for name in ("a", "b"):
        (tmp_path / name).mkdir()
        _, frames, _ = _run(tmp_path / name, _script(TOUCHES))
        outputs.append(frames.read_text())
    assert outputs[0] == outputs[1]


def test_a_bad_line_is_named_and_the_run_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, record_path = _run(tmp_path, "touch h8\njump h9\ntouch z99\ntouch i8\n")
    assert code == 1
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith("cullsboard: script line 2: unknown command 'jump'")
    assert err[1].startswith("cullsboard: script line 3:") and "is off the 15x15 board" in err[1]
    assert parse_record(record_path.read_bytes()).moves == ("h8", "i8")


def test_the_script_can_come_from_standard_input(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("touch c3\npress undo\ntouch d4\n"))
    record = tmp_path / "r.json"
    argv = ["--mock-hal", "--game", "cubulus", "--players", "3", "--seed", "1", "--script", "-"]
    code = main([*argv, "--record", str(record), "--state-dir", str(tmp_path / "s")])
    assert code == 0
    assert parse_record(record.read_bytes()).game == "cubulus"


def test_clashing_options_are_one_clear_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--mock-hal", "--game", "culls", "--players", "3", "--script", "-"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--players is for cubulus" in err


def _first_with_seed(folder: Path, seed: int) -> str:
    folder.mkdir()
    _, _, record = _run(folder, "touch h8\n", "--seed", str(seed))
    return parse_record(record.read_bytes()).first


def test_the_seed_makes_the_draw_repeatable_and_seeds_differ(tmp_path: Path) -> None:
    draws = [_first_with_seed(tmp_path / f"s{seed}", seed) for seed in range(8)]
    again = [_first_with_seed(tmp_path / f"t{seed}", seed) for seed in range(8)]
    assert draws == again
    assert set(draws) == {"blue", "red"}, "the starter is drawn, not fixed"


def test_a_config_without_status_leds_shows_the_turn_on_the_edge(tmp_path: Path) -> None:
    config = tmp_path / "board.yaml"
    config.write_text("leds:\n  status_count: 0\n", encoding="utf-8")
    _, frames_path, _ = _run(tmp_path, "touch h8\n", "--config", str(config))
    frames = [json.loads(line) for line in frames_path.read_text().splitlines()]
    assert all(frame["status"] == [] for frame in frames)
    assert frames[-1]["grid"][0][0] != "#000000", "the edge glows in the colour to move"


def test_a_bad_config_is_one_line_naming_the_key(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "board.yaml"
    config.write_text("leds:\n  statuscount: 0\n", encoding="utf-8")
    code, _, _ = _run(tmp_path, "touch h8\n", "--config", str(config))
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "leds.statuscount" in err


def test_a_second_run_without_game_resumes_the_journal(tmp_path: Path) -> None:
    _run(tmp_path, "touch h8\ntouch i8\n")
    (tmp_path / "more.txt").write_text("touch c3\n", encoding="utf-8")
    record = tmp_path / "after.json"
    state = str(tmp_path / "state")
    argv = ["--mock-hal", "--script", str(tmp_path / "more.txt"), "--state-dir", state]
    assert main([*argv, "--record", str(record)]) == 0
    assert parse_record(record.read_bytes()).moves == ("h8", "i8", "c3")


def test_without_a_script_piped_commands_are_read_the_same_way(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("h8\ni8\ni8\nquit\n"))
    record = tmp_path / "r.json"
    argv = ["--mock-hal", "--game", "culls", "--web", "off", "--record", str(record)]
    assert main([*argv, "--state-dir", str(tmp_path / "s")]) == 0
    assert parse_record(record.read_bytes()).moves == ("h8", "i8")
    out = capsys.readouterr().out.splitlines()
    assert out[0].endswith("place a chip and tap its cell (chip 1 of 2)")
    assert any(line.endswith("]") and "i8" in line for line in out), "the refusal is shown"


def test_starting_another_game_says_where_the_match_left_on_the_board_went(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _run(tmp_path, "touch h8\ntouch i8\n")
    capsys.readouterr()
    (tmp_path / "none.txt").write_text("", encoding="utf-8")
    state = tmp_path / "state"
    argv = ["--mock-hal", "--game", "cubulus", "--script", str(tmp_path / "none.txt")]
    assert main([*argv, "--state-dir", str(state)]) == 0
    archived = sorted((state / "archive").glob("match-*.jsonl"))
    assert len(archived) == 1
    assert capsys.readouterr().err == (
        f"cullsboard: warning: the culls match left on the board was archived to {archived[0]}; "
        "start without --game to resume a match instead\n"
    )


def test_a_typo_at_the_prompt_is_answered_in_the_prompts_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("hello\nh8\nquit\n"))
    argv = ["--mock-hal", "--game", "culls", "--web", "off", "--state-dir", str(tmp_path / "s")]
    assert main(argv) == 0
    err = capsys.readouterr().err
    assert err == ("cullsboard: 'hello' is not a cell: type a cell like h8, or help\n")


@pytest.mark.parametrize(
    ("flags", "says"),
    [
        (["--computer", "red,"], "name seats by colour"),
        (["--level", "9"], "--level must be 1 to 6"),
        (["--computer", "red", "--online", "host"], "--computer and --online do not go together"),
    ],
)
def test_bad_computer_options_are_one_clear_line(
    flags: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--mock-hal", "--game", "culls", *flags, "--script", "-"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and says in err
