"""The PIN guard and the reading of cell names, without a server."""

from __future__ import annotations

import pytest

from firmware.render.frame_json import hex_colour
from firmware.rules.grid import parse_board_cell
from firmware.web.guard import MAX_TRACKED_CLIENTS, PinGuard, Verdict
from hal.clock import FakeClock


def test_without_a_pin_everything_is_allowed() -> None:
    guard = PinGuard(None, FakeClock())
    assert not guard.required
    assert guard.check("10.0.0.1", None).verdict is Verdict.ALLOWED
    assert guard.check("10.0.0.1", "anything").verdict is Verdict.ALLOWED


def test_only_the_exact_pin_is_allowed() -> None:
    guard = PinGuard("2468", FakeClock())
    verdicts = [guard.check("a", offered).verdict for offered in ("2468", "246", "24680", "", None)]
    assert verdicts == [Verdict.ALLOWED] + [Verdict.WRONG] * 4


def test_a_lockout_is_per_client_and_ends() -> None:
    clock = FakeClock()
    guard = PinGuard("2468", clock, max_failures=3, window_s=10.0)
    for _ in range(3):
        guard.check("bad", "0000")
        clock.advance(1.0)
    locked = guard.check("bad", "2468")
    assert locked.verdict is Verdict.LOCKED
    assert locked.retry_after_s == pytest.approx(7.0)
    assert guard.check("good", "2468").verdict is Verdict.ALLOWED
    clock.advance(7.0)
    assert guard.check("bad", "2468").verdict is Verdict.ALLOWED


def test_a_flood_of_addresses_does_not_grow_memory_without_bound() -> None:
    guard = PinGuard("2468", FakeClock())
    for n in range(MAX_TRACKED_CLIENTS + 500):
        guard.check(f"10.{n // 256}.{n % 256}.1", "0000")
    assert f"clients_failing={MAX_TRACKED_CLIENTS})" in repr(guard)


def test_colours_become_hex_and_are_clamped() -> None:
    assert hex_colour((255, 128, 0)) == "#ff8000"
    assert hex_colour((-5, 256, 17)) == "#00ff11"


def test_cell_names_on_a_board_that_is_not_square() -> None:
    assert parse_board_cell("g5", 7, 5) == (6, 4)
    with pytest.raises(ValueError, match="h1 is off the 7x5 board"):
        parse_board_cell("h1", 7, 5)
    with pytest.raises(ValueError, match="a6 is off the 7x5 board"):
        parse_board_cell("a6", 7, 5)
    with pytest.raises(ValueError, match="not a cell name"):
        parse_board_cell("a1000", 7, 5)
