"""The Elo difference bench_parallel prints, and its interval, from the games' points."""

from __future__ import annotations

import math

from bench.bench_parallel import elo, elo_range


def test_an_even_score_is_no_difference_and_the_scale_is_the_logistic_one() -> None:
    assert elo(0.5) == 0
    assert math.isclose(elo(10 / 11), 400)  # ten wins to one loss: 400 points
    assert math.isclose(elo(0.25), -elo(0.75))


def test_the_interval_holds_the_estimate_and_narrows_with_more_games() -> None:
    few = [1.0] * 6 + [0.0] * 4
    many = few * 20
    gain, low, high = elo_range(few)
    assert math.isclose(gain, elo(0.6)) and low < gain < high
    _, low_many, high_many = elo_range(many)
    assert low < low_many < gain < high_many < high
    assert high_many - low_many < 0.3 * (high - low)  # twenty times the games


def test_a_clean_sweep_stays_finite() -> None:
    gain, low, high = elo_range([1.0] * 8)
    assert math.isfinite(gain) and low == gain == high
