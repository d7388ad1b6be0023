"""The fleet's tournament desk on a real Mosquitto: each round's games go to free tables as
retained pairings, the tables' results come back (once each, even when a table sends again
after a restart or reports while the fleet is away), a game moves from a table gone offline,
and the event survives a fleet restart.

The tables here are plain MQTT clients that speak the tables' side of the protocol (status,
state, pairing in, result out), so the test reads the desk alone."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from firmware.commands.fleet import start_roster
from firmware.fleet.desk import TournamentDesk
from firmware.fleet.roster import Roster
from firmware.fleet.tournament_store import TournamentStore
from firmware.link import topics
from firmware.link.client import BrokerClient, Endpoint
from firmware.tournament.event import Settings
from firmware.tournament.model import Entrant, Format, Result
from firmware.tournament.standings import standings
from tests.link.broker import Mosquitto, Observer, wait_for
from tests.link.tournament_rig import Table

PLAYERS = ["Ana", "Ben", "Cleo", "Dev", "Eli", "Fay"]


class Fleet:
    """The fleet's desk over a store in ``state_dir``, on the broker (start, stop, again)."""

    def __init__(self, broker: Mosquitto, state_dir: Path) -> None:
        self.roster = Roster()
        self.store = TournamentStore(state_dir)
        self.client: BrokerClient = start_roster(Endpoint("127.0.0.1", broker.port), self.roster)
        self.desk = TournamentDesk(
            self.store,
            self.roster,
            lambda topic, payload: self.client.publish(topic, payload, retain=True),
            wall=lambda: 1_000.0,
        )
        self.client.subscribe(topics.ALL_PAIRING_RESULTS, self.desk.result_seen)

    def stop(self) -> None:
        self.client.stop()
        self.store.close()


@pytest.fixture
def tables(broker: Mosquitto) -> Iterator[list[Table]]:
    made = [Table(broker.port, f"table-{n}") for n in (1, 2, 3)]
    yield made
    for table in made:
        table.client.loop_stop()


def _all_free(fleet: Fleet, count: int) -> bool:
    return len(fleet.desk.free_tables(0)) >= count


def _all_counted(store: TournamentStore, number: int) -> Callable[[], bool]:
    return lambda: not store.get(number).tournament.waiting()


def test_a_swiss_event_of_six_runs_over_three_tables_and_survives_restarts(
    broker: Mosquitto, tables: list[Table], tmp_path: Path, observer: Observer
) -> None:
    fleet = Fleet(broker, tmp_path / "fleet")
    wait_for("three tables online", lambda: _all_free(fleet, 3))
    entrants = [Entrant(name, 1500.0 - 10 * i) for i, name in enumerate(PLAYERS)]
    number = fleet.desk.create(Settings("Tuesday", "culls", Format.SWISS, rounds=3), entrants)
    rng = random.Random(4)
    decided: dict[str, Result] = {}
    for round_ in (1, 2, 3):
        pairings = fleet.desk.next_round(number)
        assert len(pairings) == 3 and not any(p.bye for p in pairings)
        wait_for(f"round {round_} at every table", lambda: all(t.playing() for t in tables))
        at = {str(t.playing()["key"]): t for t in tables}  # type: ignore[index]
        assert set(at) == {p.key for p in pairings}
        for table in tables:
            shown = table.playing()
            assert shown is not None and shown["round"] == round_
            assert str(shown["title"]).startswith(f"Round {round_} — ")
            assert shown["table"] == table.board
        if round_ == 1:  # another table cannot decide a game it does not hold
            forged = {"tournament": number, "key": pairings[0].key, "winner": None, "reason": "x"}
            observer.client.publish(
                topics.board_pairing_result("table-9"), json.dumps(forged), qos=1, retain=True
            ).wait_for_publish(5)
            wait_for("the forged result heard", lambda: observer.on(
                topics.board_pairing_result("table-9")) != [])  # fmt: skip
        if round_ == 2:  # the fleet is stopped; the tables report while it is away
            fleet.stop()
        for pairing in pairings:
            winner = rng.choice(pairing.players)
            decided[pairing.key] = Result(winner, "time" if round_ == 3 else "line")
            at[pairing.key].finish(winner, decided[pairing.key].reason)
        if round_ == 2:
            fleet = Fleet(broker, tmp_path / "fleet")  # the results wait retained on the broker
        if round_ == 1:  # a table restarted mid-event sends its retained result again
            at[pairings[0].key].finish(decided[pairings[0].key].winner, "line")
        wait_for(f"round {round_}'s results counted", _all_counted(fleet.store, number))
        wait_for("the tables free again", lambda: not any(t.playing() for t in tables))
    tournament = fleet.store.get(number).tournament
    assert tournament.finished and tournament.results == decided
    met = [frozenset(p.players) for p in tournament.pairings]
    assert len(set(met)) == 9  # three rounds of three games, nobody meeting twice
    expected = standings(Format.SWISS, PLAYERS, tournament.pairings, decided)
    assert tournament.standings() == expected
    assert sum(line.points for line in expected) == 9.0
    fleet.stop()


def test_a_game_moves_from_a_table_gone_offline_and_its_old_table_is_cleared(
    broker: Mosquitto, tables: list[Table], tmp_path: Path, observer: Observer
) -> None:
    fleet = Fleet(broker, tmp_path / "fleet")
    wait_for("three tables online", lambda: _all_free(fleet, 3))
    entrants = [Entrant(name) for name in PLAYERS[:4]]
    number = fleet.desk.create(Settings("RR", "culls", Format.ROUND_ROBIN), entrants)
    fleet.desk.next_round(number)
    wait_for("two games sent", lambda: sum(t.playing() is not None for t in tables) == 2)
    gone = next(t for t in tables if t.playing() is not None)
    spare = next(t for t in tables if t.playing() is None)
    key = str(gone.playing()["key"])  # type: ignore[index]
    gone.go_offline()
    wait_for("the table seen offline", lambda: spare.board in fleet.desk.free_tables(number))
    fleet.desk.move(number, key, spare.board)
    wait_for("the game at the spare table", lambda: spare.playing() is not None)
    assert spare.playing()["key"] == key  # type: ignore[index]
    assert fleet.store.get(number).tournament.tables[key] == spare.board
    old = topics.board_pairing(gone.board)  # the table gone offline finds no game when back
    wait_for("the old table's pairing cleared", lambda: observer.latest(old) == b"")
    spare.finish(str(spare.playing()["players"][0]), "resignation")  # type: ignore[index]
    wait_for("the moved game counted", lambda: key in fleet.store.get(number).tournament.results)
    assert fleet.store.get(number).tournament.results[key].reason == "resignation"
    fleet.stop()
