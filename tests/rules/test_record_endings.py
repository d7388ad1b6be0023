"""A record of a game lost on time or by resignation: its ``reason`` key, read, written and
replayed (``cullsboard replay`` prints the winner and the reason); with three Cubulus players the
first one out is the token ``time`` or ``resign`` in the moves."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from firmware.cli import main
from firmware.rules.api import InvalidRecordError, Status, Termination
from firmware.rules.records import parse_record, record_of, replay

CULLS = {"format": 1, "game": "culls", "first": "blue", "moves": ["h8", "h9", "a1", "a2", "c3"]}


def _replay(
    raw: dict[str, object], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> tuple[int, dict[str, object], str]:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(raw))
    code = main(["replay", str(path)])
    out, err = capsys.readouterr()
    return code, json.loads(out) if out else {}, err


@pytest.mark.parametrize(("reason", "winner"), [("time", "blue"), ("resignation", "blue")])
def test_replay_of_a_culls_round_lost_on_time_or_resigned(
    reason: str, winner: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, state, err = _replay({**CULLS, "reason": reason}, tmp_path, capsys)  # red to act
    assert (code, err) == (0, "")
    assert (state["status"], state["winner"], state["reason"]) == ("won", winner, reason)
    assert (state["next"], state["awaiting"], state["ply"]) == (None, None, 5)


def test_replay_of_a_two_player_cubulus_game_lost_on_time(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    whites = ["N000", "N002", "N020", "N022", "N200", "N202", "N220", "N222", "N111"]
    raw = {"format": 1, "game": "cubulus", "first": "red", "moves": [*whites, "F001"]}
    code, state, _ = _replay({**raw, "reason": "time"}, tmp_path, capsys)  # black to act
    assert (code, state["status"], state["winner"], state["reason"]) == (0, "won", "red", "time")


def test_three_cubulus_players_one_out_by_token_then_the_game_lost_by_resignation(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    raw = {
        "format": 1, "game": "cubulus", "rules": {"players": 3}, "first": "red",
        "moves": ["F000", "time", "U022"], "reason": "resignation",
    }  # fmt: skip
    code, state, _ = _replay(raw, tmp_path, capsys)  # black out; white pushed; red resigns
    assert (code, state["status"], state["winner"]) == (0, "won", "white")
    assert state["reason"] == "resignation"
    assert state["supply"] == {"red": 8, "black": 0, "white": 8}


def test_a_drawn_by_agreement_record_has_no_winner(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, state, _ = _replay({**CULLS, "reason": "agreement"}, tmp_path, capsys)
    assert (code, state["status"], state["winner"], state["reason"]) == (
        0,
        "draw",
        None,
        "agreement",
    )


def test_a_reason_that_cannot_be_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = _replay({**CULLS, "reason": "boredom"}, tmp_path, capsys)
    assert code == 2 and err.startswith("cullsboard replay: invalid record: reason: must be one of")
    three = {"format": 1, "game": "cubulus", "rules": {"players": 3}, "first": "red",
             "moves": ["F000"], "reason": "time"}  # fmt: skip
    code, state, err = _replay(three, tmp_path, capsys)
    assert code == 1 and state["status"] == "in_progress"
    assert (
        err
        == "ply 2: reason time: with three players in, the side to act is out by the token time\n"
    )


def test_the_board_writes_the_reason_it_reads() -> None:
    record = parse_record(json.dumps({**CULLS, "reason": "time", "clock": "0.5"}))
    state, error = replay(record)
    assert error is None and state.outcome().status is Status.WON
    again = record_of(state)
    assert again.reason is Termination.TIME
    assert json.loads(again.dumps())["reason"] == "time"
    with pytest.raises(InvalidRecordError, match="reason"):
        parse_record(json.dumps({**CULLS, "reason": 5}))
