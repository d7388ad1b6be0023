"""A whole Swiss event of six players, and a round robin of four, over three simulated boards
on a real Mosquitto: each pairing reaches its table, which seats the names, takes the event's
clock and shows the pairing on its scoreboard; each match played there sends its result with
its reason; one table is stopped and started again mid-round and its result is counted once;
the standings come out right."""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from firmware.controller.core.timing import TABLE_TIMING
from firmware.rules.api import JsonValue
from firmware.tournament.event import Settings
from firmware.tournament.model import Entrant, Format, Result
from firmware.tournament.standings import standings
from tests.controller.games import culls_round_taps
from tests.link.boards import LinkedBoard
from tests.link.broker import Mosquitto, wait_for
from tests.link.test_tournament_desk import Fleet

PLAYERS = ["Ana", "Ben", "Cleo", "Dev", "Eli", "Fay"]
RULES: dict[str, JsonValue] = {"mode": "duel", "rounds_to_win": 3}
SLOW_S = 90.0  # a round's taps through a board's loop on a machine busy with CI's other work


def seated(board: LinkedBoard, names: list[str]) -> Callable[[], bool]:
    """Whether ``board``'s seats have ``names`` on them, in seat order."""

    def check() -> bool:
        seats = board.score.get("seats")
        if not isinstance(seats, list):
            return False
        return [s.get("player_name") for s in seats if isinstance(s, dict)] == names

    return check


def free(board: LinkedBoard) -> Callable[[], bool]:
    """Whether ``board`` holds no tournament game any more."""
    return lambda: board.score.get("tournament") is None


def play_rounds(board: LinkedBoard, winner: str | None, rounds: int) -> None:
    """Play ``rounds`` rounds at ``board``, each won by the seat named ``winner``."""
    for number in range(rounds):
        wait_for("a round to play", lambda: board.score.get("status") == "in_progress", SLOW_S)
        seats = board.score["seats"]
        assert isinstance(seats, list)
        (colour,) = [
            s["colour"] for s in seats if isinstance(s, dict) and s["player_name"] == winner
        ]
        for cell in culls_round_taps(str(board.score["to_move"]), str(colour)):
            board.tap(cell)
        wait_for("the round won", lambda: board.score.get("status") == "won", SLOW_S)
        if number < rounds - 1:
            threading.Event().wait(TABLE_TIMING.line_show + 0.2)  # the line alone, then go on
            board.tap("h8")


def _worker(
    failures: list[BaseException], board: LinkedBoard, winner: str | None, rounds: int
) -> threading.Thread:
    """A thread that plays ``rounds`` at ``board`` and keeps what went wrong in ``failures``."""

    def play() -> None:
        try:
            play_rounds(board, winner, rounds)
        except BaseException as exc:  # the test's thread says it
            failures.append(exc)

    return threading.Thread(target=play)


@pytest.mark.parametrize(
    ("format_", "players", "games"),
    [(Format.SWISS, PLAYERS, 9), (Format.ROUND_ROBIN, PLAYERS[:4], 6)],
    ids=["swiss-of-6", "round-robin-of-4"],
)
def test_an_event_over_three_boards(
    broker: Mosquitto, tmp_path: Path, format_: Format, players: list[str], games: int
) -> None:
    boards = {f"table-{n}": LinkedBoard(broker.url, f"table-{n}", tmp_path / f"table-{n}")
              for n in (1, 2, 3)}  # fmt: skip
    fleet = Fleet(broker, tmp_path / "fleet")
    try:
        entrants = [Entrant(name, 1500.0 - 10 * i) for i, name in enumerate(players)]
        settings = Settings("Tuesday", "culls", format_, rounds=3, rules=RULES, clock="10")
        number = fleet.desk.create(settings, entrants)
        rng = random.Random(8)
        decided: dict[str, Result] = {}
        failures: list[BaseException] = []
        for round_ in (1, 2, 3):
            wait_for("the tables free", lambda: len(fleet.desk.free_tables(number)) == 3)
            pairings = fleet.desk.next_round(number)
            tables = fleet.store.get(number).tournament.tables
            workers = []
            for pairing in pairings:
                table = tables[pairing.key]
                board, names = boards[table], list(pairing.players)
                wait_for(f"{pairing.key} seated", seated(board, names))
                shown = board.score["tournament"]
                assert isinstance(shown, dict)
                title = f"Round {round_} — {names[0]} vs {names[1]}, {table}"
                assert shown["title"] == title and shown["event"] == "Tuesday"
                clock = board.score.get("clock")
                assert isinstance(clock, dict) and clock["control"] == "10"
                winner = rng.choice(names)
                decided[pairing.key] = Result(winner, "line")
                workers.append(_worker(failures, board, winner, 3))
            if round_ == 2:  # a table stopped and started after a round: the match goes on there
                first = pairings[0]
                table = tables[first.key]
                play_rounds(boards[table], decided[first.key].winner, 1)
                boards[table].close()
                boards[table] = again = LinkedBoard(broker.url, table, tmp_path / table)
                wait_for("seated again", seated(again, list(first.players)), SLOW_S)
                assert sorted(again.score["scores"].values()) == [0, 1]  # type: ignore[union-attr]
                threading.Event().wait(TABLE_TIMING.line_show + 0.2)
                again.tap("h8")
                workers[0] = _worker(failures, again, decided[first.key].winner, 2)
            for worker in workers:
                worker.start()
            for worker in workers:
                worker.join(4 * SLOW_S)
            wait_for(
                f"round {round_} counted", lambda: not fleet.store.get(number).tournament.waiting()
            )
            for board in boards.values():
                wait_for("the table free again", free(board))
        tournament = fleet.store.get(number).tournament
        assert tournament.finished and tournament.results == decided
        assert len({frozenset(p.players) for p in tournament.pairings}) == games  # none twice
        expected = standings(format_, players, tournament.pairings, decided)
        assert tournament.standings() == expected and sum(e.points for e in expected) == games
    finally:
        fleet.stop()
        for board in boards.values():
            board.close()
