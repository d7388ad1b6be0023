"""Pairings: a round robin meets everyone once, a Swiss round pairs by score without a repeat,
the bye goes round, seats alternate, and groups of three split a Cubulus field."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from firmware.tournament.event import Settings, Tournament
from firmware.tournament.model import Entrant, Format, Result, TournamentError
from firmware.tournament.pairing import group_sizes


def field(count: int) -> list[Entrant]:
    """Players A, B, C, ... rated from the best down."""
    return [Entrant(chr(ord("A") + i), 1600.0 - 50 * i) for i in range(count)]


def event(count: int, format_: Format, size: int = 2, rounds: int | None = None) -> Tournament:
    game = "cubulus" if size == 3 else "culls"
    return Tournament(Settings("Tuesday", game, format_, size, rounds), field(count))


def play_round(tournament: Tournament, rng: random.Random | None = None) -> None:
    """Pair a round and decide every game: the better rated wins, or at random with ``rng``."""
    rating = {e.name: e.rating for e in tournament.entrants}
    for pairing in tournament.pair_next_round():
        if pairing.bye:
            continue
        winner: str | None
        if rng is None:
            winner = max(pairing.players, key=rating.__getitem__)
        else:
            winner = rng.choice([*pairing.players, None])
        assert tournament.record(pairing.key, Result(winner, "line")) is True


@pytest.mark.parametrize("count", range(2, 11))
def test_a_round_robin_of_duels_meets_everyone_once(count: int) -> None:
    tournament = event(count, Format.ROUND_ROBIN)
    assert tournament.round_count == count - 1 + count % 2
    for _ in range(tournament.round_count):
        play_round(tournament)
    met = Counter(frozenset(p.players) for p in tournament.pairings if not p.bye)
    assert set(met) == {frozenset(pair) for pair in combinations(tournament.names, 2)}
    assert set(met.values()) == {1}
    byes = Counter(p.players[0] for p in tournament.pairings if p.bye)
    assert sorted(byes.values()) == ([1] * count if count % 2 else [])
    for games in tournament.rounds:  # each player in exactly one game a round
        assert sorted(name for p in games for name in p.players) == sorted(tournament.names)
    with pytest.raises(TournamentError, match="every round"):
        tournament.pair_next_round()


@pytest.mark.parametrize("count", range(2, 11))
def test_seats_alternate_in_a_round_robin(count: int) -> None:
    tournament = event(count, Format.ROUND_ROBIN)
    for _ in range(tournament.round_count):
        play_round(tournament)
    firsts = Counter(p.players[0] for p in tournament.pairings if not p.bye)
    games = Counter(name for p in tournament.pairings if not p.bye for name in p.players)
    for name in tournament.names:
        assert abs(2 * firsts[name] - games[name]) <= 1, (name, firsts[name], games[name])


def test_a_swiss_round_pairs_by_score_then_rating() -> None:
    tournament = event(8, Format.SWISS)
    first = tournament.pair_next_round()
    # round one: the field by rating, the top one against the next, and so on
    assert [set(p.players) for p in first] == [{"A", "B"}, {"C", "D"}, {"E", "F"}, {"G", "H"}]
    for pairing, winner in zip(first, ["B", "C", "F", "G"], strict=True):
        tournament.record(pairing.key, Result(winner, "line"))
    second = tournament.pair_next_round()
    # the winners B, C, F, G meet each other; the losers A, D, E, H each other
    assert [set(p.players) for p in second] == [{"B", "C"}, {"F", "G"}, {"A", "D"}, {"E", "H"}]


def test_the_bye_goes_to_the_lowest_ranked_player_without_one() -> None:
    tournament = event(5, Format.SWISS, rounds=4)
    byes = []
    for _ in range(4):
        play_round(tournament)
        (bye,) = [p.players[0] for p in tournament.rounds[-1] if p.bye]
        byes.append(bye)
    assert len(set(byes)) == 4  # never the same player twice while others had none
    assert byes[0] == "E"  # the lowest rated, all being level on points


def test_a_result_counts_once_and_a_different_one_is_refused() -> None:
    tournament = event(4, Format.SWISS)
    game = tournament.pair_next_round()[0]
    assert tournament.record(game.key, Result(game.players[0], "time")) is True
    assert tournament.record(game.key, Result(game.players[0], "time")) is False  # a late copy
    assert tournament.standings()[0].points == 1.0
    assert sum(line.points for line in tournament.standings()) == 1.0
    with pytest.raises(TournamentError, match="already has its result"):
        tournament.record(game.key, Result(game.players[1], "line"))
    with pytest.raises(TournamentError, match="no game R9-1"):
        tournament.record("R9-1", Result(None))
    with pytest.raises(TournamentError, match="did not play"):
        tournament.record(tournament.rounds[0][1].key, Result(game.players[0]))
    with pytest.raises(TournamentError, match="still has games"):
        tournament.pair_next_round()


@pytest.mark.parametrize(
    ("count", "sizes"),
    [(1, [1]), (2, [2]), (3, [3]), (4, [2, 2]), (5, [3, 2]), (6, [3, 3]), (7, [3, 2, 2])],
)
def test_a_field_of_threes_plays_what_is_left_as_duels(count: int, sizes: list[int]) -> None:
    assert group_sizes(count, 3) == sizes
    assert sum(group_sizes(count, 3)) == count


def test_a_cubulus_swiss_of_six_plays_in_threes_and_meets_new_players() -> None:
    tournament = event(6, Format.SWISS, size=3, rounds=3)
    for _ in range(3):
        play_round(tournament)
    assert all(len(p.players) == 3 for p in tournament.pairings)
    met = Counter(
        frozenset(pair) for p in tournament.pairings for pair in combinations(p.players, 2)
    )
    assert len(met) >= 12  # of 15 pairs, at most 3 meetings repeated in 18


@settings(max_examples=60, deadline=None, derandomize=True)
@given(count=st.integers(2, 16), seed=st.integers(0, 10_000), size=st.sampled_from([2, 3]))
def test_a_swiss_event_never_repeats_a_duel_and_seats_everyone_each_round(
    count: int, seed: int, size: int
) -> None:
    rounds = max(1, min(count - 1, 4)) if size == 2 else 3
    tournament = event(count, Format.SWISS, size=size, rounds=rounds)
    rng = random.Random(seed)
    for _ in range(rounds):
        play_round(tournament, rng)
        assert sorted(n for p in tournament.rounds[-1] for n in p.players) == sorted(
            tournament.names
        )
    if size == 2:
        met = Counter(frozenset(p.players) for p in tournament.pairings if not p.bye)
        assert set(met.values()) <= {1}


def test_a_tournament_is_kept_and_read_back_whole() -> None:
    tournament = event(5, Format.SWISS)
    play_round(tournament, random.Random(3))
    tournament.pair_next_round()
    again = Tournament.from_json(tournament.to_json())
    assert again.to_json() == tournament.to_json()
    assert again.standings() == tournament.standings()
    assert [p.key for p in again.waiting()] == [p.key for p in tournament.waiting()]
    with pytest.raises(TournamentError, match="not a kept tournament"):
        Tournament.from_json({**tournament.to_json(), "pairings": "R1"})


def test_names_are_one_player_whatever_their_case_and_spaces() -> None:
    with pytest.raises(TournamentError, match="entered twice"):
        Tournament(
            Settings("x", "culls", Format.SWISS), [Entrant("Ana  Lopez"), Entrant(" ana lopez")]
        )
