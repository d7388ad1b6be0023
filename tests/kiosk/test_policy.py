"""The idle and abandon policy on a fake clock."""

from __future__ import annotations

import random

import pytest

from firmware.kiosk.policy import KioskPolicy
from hal.clock import FakeClock


def test_active_then_idle_then_abandoned() -> None:
    clock = FakeClock(1000.0)
    policy = KioskPolicy(clock, idle_after_s=60, abandon_after_s=600)
    assert policy.state() == "active"
    clock.advance(59.5)
    assert policy.state() == "active"
    clock.advance(0.5)
    assert policy.state() == "idle"
    clock.advance(539.0)
    assert policy.state() == "idle"
    clock.advance(1.0)
    assert policy.state() == "abandoned"
    policy.on_activity()
    assert policy.state() == "active"
    assert policy.idle_for() == 0.0


@pytest.mark.parametrize(
    ("quiet", "in_progress", "action"),
    [
        (10, True, "play"),
        (10, False, "play"),
        (100, True, "attract"),
        (100, False, "attract"),
        (700, True, "archive"),
        (700, False, "attract"),
    ],
)
def test_action(quiet: float, in_progress: bool, action: str) -> None:
    clock = FakeClock()
    policy = KioskPolicy(clock, idle_after_s=60, abandon_after_s=600)
    clock.advance(quiet)
    assert policy.action(game_in_progress=in_progress) == action


def test_next_change_at() -> None:
    clock = FakeClock()
    policy = KioskPolicy(clock, idle_after_s=60, abandon_after_s=600)
    clock.advance(20)
    assert policy.next_change_at() == 60
    clock.advance(100)
    assert policy.next_change_at() == 600
    clock.advance(1000)
    assert policy.next_change_at() is None


@pytest.mark.parametrize("seed", range(3))
def test_at_the_next_change_the_state_has_changed(seed: int) -> None:
    """Whatever the float times of the last touch, the state differs at the time promised."""
    rng = random.Random(seed)
    for _ in range(2_000):
        clock = FakeClock(rng.uniform(0, 86_400))
        policy = KioskPolicy(clock, idle_after_s=rng.choice([90, 120, 150]), abandon_after_s=180)
        clock.advance(rng.uniform(0, 100))
        before = policy.state()
        at = policy.next_change_at()
        assert at is not None
        clock.advance(at - clock.now())
        assert policy.state() != before, (at, clock.now())


def test_idle_and_abandon_may_coincide() -> None:
    clock = FakeClock()
    policy = KioskPolicy(clock, idle_after_s=60, abandon_after_s=60)
    clock.advance(60)
    assert policy.state() == "abandoned"


@pytest.mark.parametrize(("idle", "abandon", "message"), [(0, 10, "positive"), (60, 30, "less")])
def test_bad_limits(idle: float, abandon: float, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        KioskPolicy(FakeClock(), idle_after_s=idle, abandon_after_s=abandon)
