"""A round ended off the board (on time, by resignation, by agreement) is journaled, told with
its reason, kept in the history, announced to the broker, resumed after a restart and taken
back by UNDO, as an ending by a move is (but a loss on time: UNDO is refused, the clock that ran
out would only run out again); an ending by a move is told as it was."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from firmware.controller.core.events import (
    Event,
    EventLog,
    MatchEnded,
    Refused,
    RoundEnded,
    RoundReopened,
)
from firmware.controller.core.live import LoopCall
from firmware.controller.match.entries import JournalKeeper
from firmware.controller.match.journal import Journal
from firmware.controller.match.undo import LOST_ON_TIME
from firmware.history.store import History
from firmware.link.report import BrokerEvents
from firmware.rules.api import JsonValue, Termination
from tests.controller.conftest import Rig
from tests.controller.games import culls_round_taps

RULES: dict[str, JsonValue] = {"mode": "duel", "rounds_to_win": 3}


def _journal(state_dir: Path) -> list[dict[str, JsonValue]]:
    lines = (state_dir / "journal.jsonl").read_text().splitlines()
    return [json.loads(line) for line in lines]


def _broker(rig: Rig) -> list[dict[str, JsonValue]]:
    said: list[dict[str, JsonValue]] = []
    stream = BrokerEvents()

    def announce(event: Event) -> None:
        payload = stream.payload(event, 0.0)
        if payload is not None:
            said.append(payload)

    rig.events.subscribe(announce)
    return said


def _end(rig: Rig, termination: Termination, winner: str | None) -> None:
    def end(now: float) -> None:
        context = rig.table.context
        context.match.end_round(termination, winner)
        context.follow_match(now)

    rig.controller.post(LoopCall(end))
    rig.controller.step()


def test_a_loss_on_time_goes_through_journal_events_broker_and_history(tmp_path: Path) -> None:
    state = tmp_path / "state"
    rig = Rig(state)
    log = EventLog(rig.events)
    broker = _broker(rig)
    rig.start("culls", RULES, first="blue")
    for name in ("a1", "b1", "o15", "n15", "h8"):
        rig.tap(name)
    _end(rig, Termination.TIME, "blue")
    assert rig.score["phase"] == "round_over"
    last = rig.score["last_result"]
    assert isinstance(last, dict)  # the pages show the board's words, not their own
    assert (last["ending"], last["words"]) == ("Blue won on time", "Blue won on time")
    ended = log.of(RoundEnded)[-1]
    assert (ended.status, ended.winner, ended.reason) == ("won", "blue", "time")
    assert ended.record["moves"] == ["a1", "b1", "o15", "n15", "h8"]
    assert ended.record["reason"] == "time"  # records.md: the reason key says how it ended
    assert _journal(state)[-1] == {"e": "end", "reason": "time", "winner": "blue"}
    assert broker[-1] == {"game": "culls", "round": 1, "at": 0.0, "type": "result",
                          "status": "won", "winner": "blue", "reason": "time"}  # fmt: skip
    rounds = History(state).rounds(History(state).matches()[0].id)
    assert [(r.status, r.winner, r.reason) for r in rounds] == [("won", "blue", "time")]

    again = Rig(state)
    heard = EventLog(again.events)
    again.start()
    assert again.score["phase"] == "round_over", "the ending is resumed from the journal"
    resumed = heard.of(RoundEnded)
    assert [(e.reason, e.resumed) for e in resumed] == [("time", True)]

    again.press("undo")  # the clock that ran out would only run out again
    assert again.score["phase"] == "round_over", "a loss on time is not taken back"
    assert [e.reason for e in heard.of(Refused)] == [LOST_ON_TIME]
    assert heard.of(RoundReopened) == []
    assert _journal(state)[-1] == {"e": "end", "reason": "time", "winner": "blue"}
    assert len(History(state).matches()) == 1, "the history keeps the round"


def test_a_round_won_by_a_move_is_told_as_before(tmp_path: Path) -> None:
    rig = Rig(tmp_path / "state")
    log = EventLog(rig.events)
    broker = _broker(rig)
    rig.start("culls", RULES, first="blue")
    for name in culls_round_taps("blue", "red"):
        rig.tap(name)
    assert log.of(RoundEnded)[-1].reason == "line"
    assert broker[-1] == {"game": "culls", "round": 1, "at": 0.0, "type": "result",
                          "status": "won", "winner": "red"}  # fmt: skip
    assert _journal(tmp_path / "state")[-1]["e"] == "do", "no end entry for a move's ending"


def test_resignation_decides_a_one_game_match(tmp_path: Path) -> None:
    rig = Rig(tmp_path / "state")
    log = EventLog(rig.events)
    rig.start("cubulus", {"players": 2}, first="red")
    _end(rig, Termination.RESIGNATION, "black")
    assert rig.score["phase"] == "match_over"
    assert [(e.winner, e.rounds) for e in log.of(MatchEnded)] == [("black", 1)]


def test_no_ending_outside_a_round(tmp_path: Path) -> None:
    rig = Rig(tmp_path / "state")
    rig.start()
    with pytest.raises(ValueError, match="no round is in play"):
        rig.table.context.match.end_round(Termination.TIME, "blue")
    assert rig.score["phase"] == "menu"


def test_the_journal_writes_an_end_entry_only_for_an_ending_no_token_gave(tmp_path: Path) -> None:
    journal = Journal(tmp_path, lambda text: None)
    keeper = JournalKeeper(journal)
    by_token = RoundEnded(1, "won", "red", {}, {}, termination=Termination.TIME)
    keeper(by_token)  # a token such as the clock's own: its "do" entry already says it
    assert journal.entries == []
    keeper(RoundEnded(1, "draw", None, {}, {}, termination=Termination.AGREEMENT, concluded=True))
    keeper(RoundReopened(1, Termination.AGREEMENT))
    keeper(RoundReopened(1))  # a move's ending reopened: its MoveUndone is the undo entry
    assert journal.entries == [
        {"e": "end", "reason": "agreement", "winner": None},
        {"e": "undo"},
    ]
