"""Standings: points, then Buchholz and Sonneborn-Berger (Swiss) or the games between the tied
players (round robin), worked out by hand on small events."""

from __future__ import annotations

from firmware.tournament.model import Format, Pairing, Result
from firmware.tournament.standings import standings


def duel(round_: int, number: int, a: str, b: str) -> Pairing:
    return Pairing(round_, number, (a, b))


def test_swiss_ties_are_broken_by_buchholz_then_sonneborn_berger() -> None:
    names = ["A", "B", "C", "D"]
    games = [
        duel(1, 1, "A", "B"),
        duel(1, 2, "C", "D"),
        duel(2, 1, "A", "C"),
        duel(2, 2, "B", "D"),
    ]
    results = {
        "R1-1": Result("A"),  # A beats B
        "R1-2": Result(None),  # C and D draw
        "R2-1": Result("C"),  # C beats A
        "R2-2": Result("B"),  # B beats D
    }
    lines = {line.name: line for line in standings(Format.SWISS, names, games, results)}
    # points: A 1, B 1, C 1.5, D 0.5
    assert [lines[n].points for n in names] == [1.0, 1.0, 1.5, 0.5]
    # Buchholz: A met B (1) and C (1.5) = 2.5; B met A (1) and D (0.5) = 1.5
    assert (lines["A"].buchholz, lines["B"].buchholz) == (2.5, 1.5)
    # Sonneborn-Berger: A beat B (1) = 1; C drew D (0.25) and beat A (1) = 1.25
    assert (lines["A"].sonneborn_berger, lines["C"].sonneborn_berger) == (1.0, 1.25)
    ranked = standings(Format.SWISS, names, games, results)
    assert [(line.rank, line.name) for line in ranked] == [(1, "C"), (2, "A"), (3, "B"), (4, "D")]


def test_a_round_robin_tie_is_broken_by_the_game_between_the_tied_players() -> None:
    names = ["A", "B", "C"]
    games = [duel(1, 1, "A", "B"), duel(2, 1, "B", "C"), duel(3, 1, "C", "A")]
    results = {"R1-1": Result("B"), "R2-1": Result("C"), "R3-1": Result("A")}
    # everyone 1 point: a cycle, so the games between them are level too, and a shared rank
    assert {line.rank for line in standings(Format.ROUND_ROBIN, names, games, results)} == {1}
    results["R3-1"] = Result("C")  # now C 2, B 1, A 0
    ranked = standings(Format.ROUND_ROBIN, names, games, results)
    assert [(line.name, line.points, line.rank) for line in ranked] == [
        ("C", 2.0, 1),
        ("B", 1.0, 2),
        ("A", 0.0, 3),
    ]


def test_head_to_head_decides_between_two_players_level_on_points() -> None:
    names = ["A", "B", "C", "D"]
    games = [
        duel(n, 1, a, b)
        for n, (a, b) in enumerate(
            [("A", "B"), ("A", "C"), ("A", "D"), ("B", "C"), ("B", "D"), ("C", "D")], start=1
        )
    ]
    results = {
        "R1-1": Result("A"),
        "R2-1": Result(None),
        "R3-1": Result("A"),
        "R4-1": Result("C"),
        "R5-1": Result("B"),  # B beats D ...
        "R6-1": Result("D"),
    }
    ranked = standings(Format.ROUND_ROBIN, names, games, results)
    # A 2.5, C 1.5, B 1, D 1: B and D level; D's Sonneborn-Berger is higher (1.5 to 1), but
    # B beat D, and in a round robin the game between them decides
    assert [(line.name, line.points) for line in ranked] == [
        ("A", 2.5),
        ("C", 1.5),
        ("B", 1.0),
        ("D", 1.0),
    ]
    assert ranked[2].sonneborn_berger < ranked[3].sonneborn_berger
    assert [line.rank for line in ranked] == [1, 2, 3, 4]
    swiss = standings(Format.SWISS, names, games, results)  # Swiss: Buchholz first
    assert [line.name for line in swiss][2:] == ["D", "B"]


def test_a_bye_is_a_point_but_no_game_and_no_opponent() -> None:
    games = [duel(1, 1, "A", "B"), Pairing(1, 2, ("C",))]
    (a, c, b) = standings(Format.SWISS, ["A", "B", "C"], games, {"R1-1": Result("A")})
    assert (a.name, a.points, a.games, a.buchholz) == ("A", 1.0, 1, 0.0)
    assert (c.name, c.points, c.games, c.buchholz) == ("C", 1.0, 0, 0.0)
    assert (b.name, b.points) == ("B", 0.0)


def test_a_group_of_three_gives_its_winner_a_point_and_beats_both_others() -> None:
    games = [Pairing(1, 1, ("A", "B", "C"))]
    lines = {
        line.name: line
        for line in standings(Format.SWISS, ["A", "B", "C"], games, {"R1-1": Result("B")})
    }
    assert [lines[n].points for n in "ABC"] == [0.0, 1.0, 0.0]
    assert lines["B"].buchholz == 0.0 and lines["A"].buchholz == 1.0
    assert lines["A"].sonneborn_berger == 0.0  # A and C level (½ each) against 0-point players
