"""Players who last: ratings over duels, 2-vs-2 teams and 3-player Cubulus order the players as
the results imply, an UNDO of a deciding move gives the ratings back, the champion is who won
the most matches, and the leaderboard looks at a day, a week or all time."""

from __future__ import annotations

import datetime
from pathlib import Path

from firmware.history.leaderboard import day_leaderboard
from firmware.history.players import Period, leaderboard, player, players
from firmware.history.snapshot import MatchSnapshot, SavedRound
from firmware.history.store import History
from firmware.rules.api import JsonValue
from tests.history.snapshots import RECORD

MONDAY = datetime.datetime(2026, 11, 30, 12, 0)  # a Monday


def match(
    key: str,
    names: list[str | None],
    winner: str | None,
    *,
    game: str = "culls",
    rules: dict[str, JsonValue] | None = None,
    day: datetime.datetime = MONDAY,
    round_winners: list[str | None] | None = None,
    finished: bool = True,
) -> MatchSnapshot:
    start = day.timestamp()
    rounds = tuple(
        SavedRound(n, dict(RECORD), "won" if w else "draw", w, start + n)
        for n, w in enumerate(round_winners or [winner], start=1)
    )
    return MatchSnapshot(
        key=key,
        board="table-1",
        game=game,
        rules=dict(rules or {"mode": "duel"}),
        players=["here"] * len(names),
        names=names,
        started=start,
        rounds=rounds,
        winner=winner if finished else None,
        finished=start + 100 if finished else None,
    )


def save(state: Path, *snapshots: MatchSnapshot) -> History:
    history = History(state)
    for snapshot in snapshots:
        history.save(snapshot)
    return history


def order(history: History) -> list[str]:
    return [p.name for p in players(history)]


def test_duel_results_order_the_players_as_the_results_imply(tmp_path: Path) -> None:
    # Ana beats Ben twice, Ben beats Cleo twice, Cleo beats nobody: Ana > Ben > Cleo.
    history = save(
        tmp_path,
        match("m1", ["Ana", "Ben"], "blue"),
        match("m2", ["Ben", "Ana"], "red"),
        match("m3", ["Ben", "Cleo"], "blue"),
        match("m4", ["Cleo", "Ben"], "red"),
    )
    assert order(history) == ["Ana", "Ben", "Cleo"]
    ana = player(history, "ANA")
    assert ana is not None and (ana.matches, ana.match_wins) == (2, 2)
    assert ana.rating > 0 > players(history)[-1].rating


def test_teams_and_three_player_cubulus_are_rated_with_the_same_players(tmp_path: Path) -> None:
    teams: dict[str, JsonValue] = {"mode": "teams"}
    three: dict[str, JsonValue] = {"players": 3}
    history = save(
        tmp_path,
        # Culls teams (seats blue A, red A, blue B, red B): Dora and Eli beat Finn and Gus twice.
        match("t1", ["Dora", "Finn", "Eli", "Gus"], "blue", rules=teams),
        match("t2", ["Dora", "Finn", "Eli", "Gus"], "blue", rules=teams),
        # 3-player Cubulus (seats red, black, white): Dora beats Eli and Finn, Eli beats Finn and
        # Gus; then a duel: Finn beats Gus. Each beat everyone below, so the order is known.
        match("c1", ["Dora", "Eli", "Finn"], "red", game="cubulus", rules=three),
        match("c2", ["Eli", "Finn", "Gus"], "red", game="cubulus", rules=three),
        match("d1", ["Finn", "Gus"], "blue"),
    )
    assert order(history) == ["Dora", "Eli", "Finn", "Gus"]
    rated = {p.name: p for p in players(history)}
    assert [rated[n].match_wins for n in ("Dora", "Eli", "Finn", "Gus")] == [3, 3, 1, 0]
    assert [rated[n].matches for n in ("Dora", "Eli", "Finn", "Gus")] == [3, 4, 5, 4]


def test_an_undo_of_a_deciding_move_gives_the_ratings_back(tmp_path: Path) -> None:
    history = save(tmp_path, match("m1", ["Ana", "Ben"], "blue"))
    before = [(p.name, p.rating) for p in players(history)]
    history.save(match("m2", ["Ana", "Ben"], "red"))  # Ben wins the second match ...
    assert [(p.name, p.rating) for p in players(history)] != before
    history.save(match("m2", ["Ana", "Ben"], "red", finished=False))  # ... until an UNDO
    assert [(p.name, p.rating) for p in players(history)] == before


def test_the_champion_is_who_won_most_matches_not_most_rounds(tmp_path: Path) -> None:
    day = MONDAY.date()
    three: dict[str, JsonValue] = {"mode": "duel", "rounds_to_win": 3}
    b, r = "blue", "red"  # the first name of a match plays blue
    history = save(
        tmp_path,
        match("m1", ["Ana", "Cleo"], b, rules=three, round_winners=[b, b, b]),
        match("m2", ["Ana", "Dan"], b, rules=three, round_winners=[b, b, b]),
        # Ben wins one match and takes two rounds in each of two lost ones: 7 round wins.
        match("m3", ["Ben", "Cleo"], b, rules=three, round_winners=[b, r, b, r, b]),
        match("m4", ["Ben", "Dan"], r, rules=three, round_winners=[b, r, b, r, r]),
        match("m5", ["Ben", "Cleo"], r, rules=three, round_winners=[b, b, r, r, r]),
    )
    standings = [(s.name, s.match_wins, s.wins) for s in day_leaderboard(history, day)]
    assert standings == [("Ana", 2, 6), ("Ben", 1, 7), ("Cleo", 1, 5), ("Dan", 1, 3)]


def test_the_leaderboard_of_a_day_a_week_and_all_time(tmp_path: Path) -> None:
    week_before = MONDAY - datetime.timedelta(days=7)
    sunday = MONDAY + datetime.timedelta(days=6)
    history = save(
        tmp_path,
        match("old", ["Ana", "Ben"], "red", day=week_before),
        match("mon", ["Ana", "Ben"], "blue", day=MONDAY),
        match("sun1", ["Ana", "Ben"], "red", day=sunday),
        match("sun2", ["Cleo", "Ben"], "red", day=sunday),
    )

    def board(period: Period, day: datetime.datetime) -> list[tuple[str, int, int]]:
        return [(p.name, p.matches, p.match_wins) for p in leaderboard(history, period, day.date())]

    assert board(Period.DAY, MONDAY) == [("Ana", 1, 1), ("Ben", 1, 0)]
    assert board(Period.WEEK, MONDAY) == [("Ben", 3, 2), ("Ana", 2, 1), ("Cleo", 1, 0)]
    assert board(Period.ALL, MONDAY) == [("Ben", 4, 3), ("Ana", 3, 1), ("Cleo", 1, 0)]
    assert board(Period.WEEK, week_before) == [("Ben", 1, 1), ("Ana", 1, 0)]
