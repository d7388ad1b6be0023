"""Adding a kind of player touches only its own module and the list of kinds the composition
root is given: the recorded player (tests/controller/recorded_player.py) fills a seat, delivers
its moves through the one door, shows in the scoreboard, the journal and the history, and is
seated again after a restart."""

from __future__ import annotations

import json
from pathlib import Path

from firmware.controller.core.adapter import cells_for_token
from firmware.controller.core.live import StartMatch
from firmware.controller.core.players import PlayerKind
from firmware.history.store import History
from firmware.rules.records import parse_record
from tests.controller.conftest import Rig
from tests.controller.recorded_player import RECORDED, recorded_seats

SAMPLE = Path(__file__).resolve().parents[2] / "firmware" / "games" / "culls" / "samples"
RECORD = parse_record((SAMPLE / "culls-cull-and-win.json").read_bytes())


def _rig(state_dir: Path) -> Rig:
    return Rig(state_dir, player_kinds=[recorded_seats(RECORD)], hand_placed=frozenset())


def _started(state_dir: Path) -> Rig:
    """A board whose match seats a person (blue) and the recorded player (red)."""
    rig = _rig(state_dir)
    rig.start()
    kinds = (PlayerKind.HERE, RECORDED)
    rig.controller.post(StartMatch("culls", dict(RECORD.rules), RECORD.first, kinds))
    rig.controller.step()
    return rig


def _play_the_person_s_moves(rig: Rig, until: int) -> None:
    """Tap blue's moves of the record; red's come from the recorded player."""
    while len(rig.moves) < until:
        seat = rig.table.seat_to_act()
        assert seat == 0, f"the recorded seat played by itself: {rig.moves}"
        state = rig.table.match.current  # type: ignore[union-attr]
        assert state is not None and rig.table.adapter is not None
        token = RECORD.moves[len(rig.moves)]
        rig.tap_cell(cells_for_token(rig.table.adapter, state, token, 15, 15)[0])


def test_a_fifth_kind_of_player_fills_a_seat_touching_only_its_module(tmp_path: Path) -> None:
    rig = _started(tmp_path)
    seats = rig.score["seats"]
    assert isinstance(seats, list)
    assert [seat["player"] for seat in seats if isinstance(seat, dict)] == ["here", "recorded"]
    _play_the_person_s_moves(rig, len(RECORD.moves))
    assert rig.moves == list(RECORD.moves) and rig.score["status"] == "won"
    head = json.loads((tmp_path / "journal.jsonl").read_text().splitlines()[0])
    assert head["players"] == ["here", "recorded"]
    history = History(tmp_path)
    try:
        assert [row.players for row in history.matches()] == [["here", "recorded"]]
    finally:
        history.close()


def test_the_fifth_kind_is_seated_again_after_a_restart(tmp_path: Path) -> None:
    rig = _started(tmp_path)
    _play_the_person_s_moves(rig, 4)
    rig.board.close()
    again = _rig(tmp_path).start()
    assert [p.kind for p in again.table.players] == [PlayerKind.HERE, RECORDED]
    _play_the_person_s_moves(again, len(RECORD.moves))
    assert again.moves == list(RECORD.moves)


def test_a_board_without_the_kind_refuses_its_journal_in_one_line(tmp_path: Path) -> None:
    rig = _started(tmp_path)
    rig.board.close()
    plain = Rig(tmp_path).start()
    assert plain.score["phase"] == "menu"
    assert any("recorded" in warning for warning in [str(plain.score["error"])])
