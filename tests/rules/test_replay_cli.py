"""``cullsboard replay``: exit status, the JSON on standard output, one line on standard error."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from firmware.cli import main

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = sorted((ROOT / "firmware" / "games" / "culls" / "samples").glob("*.json"))


def _record(moves: list[str], **extra: object) -> str:
    return json.dumps({"format": 1, "game": "culls", "first": "blue", "moves": moves, **extra})


def _replay(text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    path = tmp_path / "game.json"
    path.write_text(text, encoding="utf-8")
    code = main(["replay", str(path)])
    out, err = capsys.readouterr()
    return code, out, err


def test_samples_replay_cleanly(capsys: pytest.CaptureFixture[str]) -> None:
    assert len(SAMPLES) >= 2
    for sample in SAMPLES:
        assert main(["replay", str(sample)]) == 0, sample.name
        out, err = capsys.readouterr()
        assert json.loads(out)["game"] == "culls"
        assert err == ""


def test_the_win_sample_shows_its_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(
            [
                "replay",
                str(ROOT / "firmware" / "games" / "culls" / "samples" / "culls-cull-and-win.json"),
            ]
        )
        == 0
    )
    summary = json.loads(capsys.readouterr().out)
    assert (summary["status"], summary["winner"], summary["next"]) == ("won", "red", None)
    assert summary["line"] == ["c4", "d5", "e6", "f7", "g8"]


def test_a_legal_record_prints_the_final_state(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = _replay(_record(["h8", "i8", "g8", "j8", "xi8", "i8-c3"]), tmp_path, capsys)
    assert (code, err) == (0, "")
    summary = json.loads(out)
    assert out.count("\n") == 1
    assert summary["ply"] == 6
    assert summary["next"] == "red"
    assert summary["board"][7] == "......RB.R....."
    assert summary["board"][12] == "..B............"


def test_an_illegal_token_exits_1_with_the_state_before_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = _replay(_record(["i8", "j8", "h8", "k8", "xh8", "xi8"]), tmp_path, capsys)
    assert code == 1
    assert err == "ply 5: xh8: h8 is not a trapped chip\n"
    summary = json.loads(out)
    assert (summary["ply"], summary["awaiting"], summary["cullable"]) == (4, "flip", ["i8", "j8"])


def test_a_token_after_the_end_is_illegal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    moves = "a1 b1 a9 b9 c1 c9 d1 d9 e1 e9"
    code, out, err = _replay(_record(moves.split()), tmp_path, capsys)
    assert code == 1
    assert err == "ply 10: e9: the round is over\n"
    assert json.loads(out)["status"] == "won"


def test_standard_input_is_read_for_a_dash(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    stdin = io.TextIOWrapper(io.BytesIO(_record(["h8"]).encode()), encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", stdin)
    assert main(["replay", "-"]) == 0
    assert json.loads(capsys.readouterr().out)["supply"] == {"blue": 29, "red": 30}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "not valid JSON"),
        (_record([], colour="blue"), "colour: unknown key"),
        (_record([]).replace('"culls"', '"chess"'), "game: unknown game 'chess'"),
        (_record([], rules={"size": True}), "rules.size: must be an integer from 7 to 19"),
        (_record([], rules={"modes": "duel"}), "rules.modes: unknown key"),
        (_record([]).replace('"blue"', '"green"'), "first: must be one of blue, red"),
        (_record([]).replace("[]", '"h8"'), "moves: must be a list of strings"),
        (_record([]).replace("[]", "[8]"), "moves[0]: must be a string, got 8"),
        ("[]", "a record must be a JSON object"),
        ("[" * 100_000, "nested more than 64 deep"),
        (
            _record([]).replace("[]", "[], " + '"rules": {"size": ' + "9" * 5000 + "}"),
            "a number longer than 40 characters",
        ),
        (_record([]).replace("[]", "[NaN]"), "NaN is not a JSON number"),
        ('{"format":2}', "this record is format 2, newer than this cullsboard reads (format 1)"),
        ("", "the record is empty (expected a JSON object"),
        (" \n", "the record is empty"),
    ],
)
def test_an_invalid_record_exits_2_with_one_line(
    text: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = _replay(text, tmp_path, capsys)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1
    assert message in err
    assert "Traceback" not in err


def test_a_missing_file_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(tmp_path / "nowhere.json")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_the_command_never_shows_a_traceback() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "firmware.cli", "replay", "-"],
        input=_record(["h8", "zz"]),
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert result.returncode == 1
    assert result.stderr == "ply 2: zz: zz is not a cell\n"
    assert json.loads(result.stdout)["ply"] == 1


def test_a_huge_illegal_token_is_cut_short_in_the_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = _replay(_record(["h8", "q" * 900_000]), tmp_path, capsys)
    assert code == 1
    assert err.startswith("ply 2: qqq")
    assert err.count("\n") == 1
    assert len(err) <= 200


def test_a_record_over_a_megabyte_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = _replay(_record(["h8"] * 300_000), tmp_path, capsys)
    assert (code, err) == (2, "cullsboard replay: invalid record: more than 1000000 bytes\n")


def test_an_endless_file_is_refused_after_a_megabyte(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", "/dev/zero"]) == 2
    assert capsys.readouterr().err == "cullsboard replay: invalid record: more than 1000000 bytes\n"
