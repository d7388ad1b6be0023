"""A match that ends while the broker is away counts at once when the board is back: the state
it publishes on every connection counts today's games from its history, not from what it last
worked out."""

from __future__ import annotations

import datetime
import json
import threading
from pathlib import Path

from firmware.controller.core.timing import TABLE_TIMING
from firmware.history.day import Today
from firmware.history.store import History
from firmware.link import topics
from firmware.rules.game_and_rules import GameAndRules
from tests.controller.games import culls_round_taps
from tests.link.boards import LinkedBoard
from tests.link.broker import Mosquitto, Observer, wait_for
from tests.link.test_fleet_remove_silence import running_from

MATCH = GameAndRules("culls", {"mode": "duel", "rounds_to_win": 3})
EVENING = datetime.datetime(2026, 5, 9, 19, 30)  # the board's clock: a Saturday evening
SLOW_S = 90.0  # a round's taps through a board's loop on a busy machine
RECONNECT_S = 45.0  # the board retries, backing off up to 30 s


def win_match(board: LinkedBoard) -> None:
    """The side that moves first in the first round wins three rounds: the match is over."""
    winner = ""
    for number in range(3):
        if number:
            threading.Event().wait(TABLE_TIMING.line_show + 0.2)  # the line alone, then go on
            board.tap("h8")
        wait_for("a round to play", lambda: board.score.get("status") == "in_progress", SLOW_S)
        first = str(board.score["to_move"])
        winner = winner or first
        for cell in culls_round_taps(first, winner):
            board.tap(cell)
        wait_for("the round won", lambda: board.score.get("status") == "won", SLOW_S)
    wait_for("the match over", lambda: board.score.get("phase") == "match_over", SLOW_S)


def games_in_history(state_dir: Path, today: datetime.date) -> int:
    history = History(state_dir)
    try:
        return history.day_totals(today).games
    finally:
        history.close()


def test_a_match_ended_while_the_broker_was_down_is_counted_on_reconnect(
    broker: Mosquitto, tmp_path: Path
) -> None:
    state_dir = tmp_path / "seven"
    wall = running_from(EVENING)
    today = Today(wall)()
    topic = topics.board_state("table-7")
    board = LinkedBoard(broker.url, "table-7", state_dir, game=MATCH, wall=wall)
    try:
        seen = Observer(broker.port)
        try:
            win_match(board)
            wait_for("one game today", lambda: _games_today(seen, topic) == 1)
        finally:
            seen.close()
        broker.kill()  # its memory lost too
        wait_for("the board knows the broker is gone", lambda: board.link.link.down)
        threading.Event().wait(TABLE_TIMING.line_show + 0.2)
        board.tap("h8")  # the rematch
        win_match(board)
        wait_for("the rematch kept", lambda: games_in_history(state_dir, today) == 2)
        broker.start()
        seen = Observer(broker.port)
        try:
            wait_for("the state again", lambda: bool(seen.on(topic)), RECONNECT_S)
            sent = [json.loads(payload).get("games_today") for payload in seen.on(topic)]
            assert sent[0] == games_in_history(state_dir, today) == 2, sent
        finally:
            seen.close()
    finally:
        board.close()


def _games_today(seen: Observer, topic: str) -> object:
    state = seen.latest_json(topic)
    return None if state is None else state.get("games_today")
