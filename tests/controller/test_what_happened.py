"""The table says what happened: after any sequence of moves and UNDOs (a winning move taken
back, the start of a round taken back) the match history, ``history export``, the day totals and
the broker's event stream agree with what the journal replays to."""

from __future__ import annotations

import datetime
import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from firmware.cli import main
from firmware.controller.core.adapter import cells_for_token
from firmware.controller.core.events import (
    Event,
    EventLog,
    MatchEnded,
    MatchReopened,
    MoveApplied,
    MoveUndone,
    PhaseChanged,
    RoundEnded,
    RoundReopened,
    RoundUnstarted,
)
from firmware.controller.core.timing import TABLE_TIMING
from firmware.controller.match.match_play import MatchPlay
from firmware.history.store import History
from firmware.link.report import BrokerEvents
from firmware.rules.api import JsonValue
from firmware.rules.records import parse_record, record_of
from tests.controller.conftest import Rig

SAMPLE = (
    Path(__file__).resolve().parents[2] / "firmware/games/culls/samples/culls-cull-and-win.json"
)
WINNING_TOKENS = parse_record(SAMPLE.read_bytes()).moves  # a round that ends in a win, either side
RULES: dict[str, JsonValue] = {"mode": "duel", "exact_five": False}


class Session:
    """A rig and everything heard: the table's events and the broker's stream."""

    def __init__(self, state_dir: Path) -> None:
        self.rig = Rig(state_dir)
        self.log = EventLog(self.rig.events)
        self.broker: list[dict[str, JsonValue]] = []
        stream = BrokerEvents()

        def announce(event: Event) -> None:
            payload = stream.payload(event, 0.0)
            if payload is not None:
                self.broker.append(payload)

        self.rig.events.subscribe(announce)
        self.rig.start("culls", RULES, first="blue")

    def play_next(self) -> None:
        """Tap the cell of the next token of the winning round."""
        table = self.rig.table
        assert table.match is not None and table.adapter is not None
        state = table.match.current
        assert state is not None
        token = WINNING_TOKENS[len(state.moves)]
        cells = cells_for_token(table.adapter, state, token, 15, 15)
        assert cells, token
        self.rig.tap_cell(cells[0])

    def go_on(self) -> None:
        self.rig.advance(TABLE_TIMING.line_show + 0.1)
        self.rig.tap("h8")


def random_session(session: Session, chooser: random.Random, steps: int) -> None:
    """Moves, UNDOs at any point (after a win, at a round's start too), next rounds."""
    for _ in range(steps):
        phase = session.rig.table.phase
        if chooser.random() < 0.25:
            session.rig.press("undo")
        elif phase == "playing":
            session.play_next()
        elif phase == "round_over":
            session.go_on()
        elif phase == "match_over":
            return


def journal_match(state_dir: Path) -> MatchPlay:
    lines = (state_dir / "journal.jsonl").read_bytes().splitlines()
    replayed = MatchPlay.from_journal([json.loads(line) for line in lines if line.strip()])
    assert replayed.problem is None and replayed.match is not None
    return replayed.match


def broker_rounds(stream: list[dict[str, JsonValue]]) -> dict[int, tuple[list[str], JsonValue]]:
    """Each round's tokens and result as a listener of the stream would fold them."""
    rounds: dict[int, tuple[list[str], JsonValue]] = {}
    for item in stream:
        number = item["round"]
        assert isinstance(number, int)
        moves, result = rounds.get(number, ([], None))
        if item["type"] == "move":
            assert item["ply"] == len(moves) + 1
            moves = [*moves, str(item["token"])]
        elif item["type"] == "undo":
            ply = item["ply"]
            assert isinstance(ply, int) and ply == len(moves) - 1
            moves, result = moves[:ply], None  # a result stands only at its own ply
        elif item["type"] == "result":
            result = item["winner"]
        rounds[number] = (moves, result)
    return rounds


def check_everything_agrees(
    session: Session, state_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    match = journal_match(state_dir)
    finished = [state for state in match.rounds if state.outcome().is_over]
    records = [record_of(state).to_json() for state in finished]
    history = History(state_dir)
    try:
        rows = history.matches()
        day = datetime.date(2026, 11, 30)
        totals = history.day_totals(day)
        if not finished:
            assert rows == [] and totals.games == 0
        else:
            assert len(rows) == 1
            row = rows[0]
            assert [r.record for r in history.rounds(row.id)] == records
            assert [r.winner for r in history.rounds(row.id)] == [
                s.outcome().winner for s in finished
            ]
            assert row.rounds == len(finished)
            assert (row.finished is not None) == match.is_over
            assert row.winner == (match.winner if match.is_over else None)
            assert totals.games == (1 if match.is_over else 0)
    finally:
        history.close()
    if finished:
        capsys.readouterr()
        assert main(["history", "export", "--state-dir", str(state_dir)]) == 0
        exported = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
        assert exported == records
    folded = broker_rounds(session.broker)
    for number, state in enumerate(match.rounds, start=1):
        moves, result = folded.get(number, ([], None))
        assert moves == list(state.moves), f"round {number}"
        assert result == (state.outcome().winner if state.outcome().is_over else None)


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 2**32 - 1), steps=st.integers(10, 90))
def test_history_export_day_totals_and_broker_agree_with_the_journal(
    seed: int,
    steps: int,
    tmp_path_factory: pytest.TempPathFactory,
    capsys: pytest.CaptureFixture[str],
) -> None:
    state_dir = tmp_path_factory.mktemp("state")
    session = Session(state_dir)
    random_session(session, random.Random(seed), steps)
    check_everything_agrees(session, state_dir, capsys)


def test_undo_of_a_winning_move_takes_the_round_out_of_the_history(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    session = Session(tmp_path)
    for _ in WINNING_TOKENS:
        session.play_next()
    assert session.rig.table.phase == "round_over"
    assert len(session.log.of(RoundEnded)) == 1
    before = len(session.log.events)
    session.rig.press("undo")  # the winning move
    told = [type(e) for e in session.log.events[before:]]
    assert told == [RoundReopened, MoveUndone, PhaseChanged]
    check_everything_agrees(session, tmp_path, capsys)
    session.play_next()  # the same win again: one round in the history, not two
    check_everything_agrees(session, tmp_path, capsys)


def test_undo_of_a_new_round_s_start_reopens_nothing_and_counts_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    session = Session(tmp_path)
    for _ in WINNING_TOKENS:
        session.play_next()
    session.go_on()  # round 2, no move yet
    before = len(session.log.events)
    session.rig.press("undo")  # takes the start of round 2 back: round 1 is over again
    assert [type(e) for e in session.log.events[before:]] == [RoundUnstarted, PhaseChanged]
    assert session.rig.table.phase == "round_over"
    check_everything_agrees(session, tmp_path, capsys)


def test_a_match_decided_then_reopened_leaves_the_day_totals(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    session = Session(tmp_path)
    while session.rig.table.phase != "match_over":
        if session.rig.table.phase == "round_over":
            session.go_on()
        else:
            session.play_next()
    assert len(session.log.of(MatchEnded)) == 1
    check_everything_agrees(session, tmp_path, capsys)
    session.rig.press("undo")
    assert len(session.log.of(MatchReopened)) == 1
    check_everything_agrees(session, tmp_path, capsys)
    rounds = len(session.log.of(MoveApplied)) // len(WINNING_TOKENS)
    assert len(session.log.of(RoundEnded)) == rounds >= 3  # each round ended once, told once
