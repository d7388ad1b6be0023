"""``cullsboard replay`` on Cubulus records: exit status, the JSON on stdout, one line on stderr."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from firmware.cli import main
from firmware.games.cubulus.game import CUBULUS

SAMPLES = Path(__file__).resolve().parents[3] / "firmware" / "games" / "cubulus" / "samples"
RED_WINS_ON_D = ["D000", "U022", "U002", "D100", "U122", "U102", "D010", "U222", "U012", "D110"]


def record(moves: list[str], **fields: object) -> str:
    raw: dict[str, object] = {"format": 1, "game": "cubulus", "rules": {"players": 3}}
    raw.update(first="red", moves=moves)
    raw.update(fields)
    return json.dumps(raw)


def run_replay(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str
) -> tuple[int, str, str]:
    path = tmp_path / "game.json"
    path.write_text(text, encoding="utf-8")
    code = main(["replay", str(path)])
    out, err = capsys.readouterr()
    return code, out, err


def test_a_won_game_prints_the_final_state(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run_replay(tmp_path, capsys, record(RED_WINS_ON_D))
    assert (code, err) == (0, "")
    state = json.loads(out)
    assert (state["status"], state["winner"], state["next"], state["ply"]) == (
        "won",
        "red",
        None,
        10,
    )
    assert state["line"] == ["000", "010", "100", "110"]
    assert state["supply"] == {"red": 5, "black": 6, "white": 6}
    assert out.count("\n") == 1


def test_an_illegal_token_names_the_ply_and_prints_the_state_before(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run_replay(tmp_path, capsys, record(["F000", "F000", "F111", "U222"]))
    assert code == 1
    assert err == "ply 3: F111: cell 111 is not on face F\n"
    state = json.loads(out)
    assert (state["ply"], state["next"], state["cells"]) == (
        2,
        "white",
        {"000": "black", "010": "red"},
    )


def test_a_token_after_the_end_is_illegal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run_replay(tmp_path, capsys, record([*RED_WINS_ON_D, "U202"]))
    assert (code, err) == (1, "ply 11: U202: the game is over\n")


@pytest.mark.parametrize(
    ("text", "named"),
    [
        (record([], rules={"players": 4}), "rules.players: must be 2 or 3"),
        (record([], rules={"size": 15}), "rules.size"),
        (record([], rules={"players": 2}, first="white"), "first"),
        (record(["F000"])[:-3], "not valid JSON"),
        (record([], colour="red"), "colour"),
    ],
)
def test_a_broken_record_exits_2_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, named: str
) -> None:
    code, out, err = run_replay(tmp_path, capsys, text)
    assert (code, out) == (2, "")
    assert named in err
    assert err.count("\n") == 1
    assert "Traceback" not in err


def test_replay_reads_standard_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    data = record(["N111"], rules={"players": 2}).encode()
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(data)))
    assert main(["replay", "-"]) == 0
    state = json.loads(capsys.readouterr().out)
    assert (state["next"], state["awaiting"], state["cells"]) == (
        "black",
        "neutral",
        {"111": "white"},
    )


@pytest.mark.parametrize("path", sorted(SAMPLES.glob("cubulus-*.json")), ids=lambda p: p.name)
def test_the_bundled_samples_replay_to_a_finished_game(
    path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["replay", str(path)]) == 0
    state = json.loads(capsys.readouterr().out)
    assert state["status"] == "won"
    assert state["winner"] in CUBULUS.colours({"players": len(state["supply"])})
    assert len(state["line"]) == 4
