"""The staff PIN: right and wrong tries, and the lock-out on a fake clock."""

from __future__ import annotations

import pytest

from firmware.kiosk.pin import PinCheck, StaffPin
from hal.clock import FakeClock


def test_right_and_wrong() -> None:
    pin = StaffPin("4711", FakeClock())
    assert pin.check("4711") is PinCheck.OK
    assert pin.check("4712") is PinCheck.WRONG
    assert pin.check("471") is PinCheck.WRONG
    assert pin.check("47110") is PinCheck.WRONG
    assert pin.check("") is PinCheck.WRONG
    assert (
        pin.check("\uff14\uff17\uff11\uff11") is PinCheck.WRONG
    )  # full-width digits are not the PIN


def test_locked_out_after_repeated_failures_even_for_the_right_pin() -> None:
    clock = FakeClock()
    pin = StaffPin("4711", clock, max_failures=3, lockout_s=30)
    assert [pin.check("0000") for _ in range(3)] == [PinCheck.WRONG] * 3
    assert pin.locked_for() == 30
    assert pin.check("4711") is PinCheck.LOCKED
    clock.advance(29)
    assert pin.check("4711") is PinCheck.LOCKED
    assert pin.locked_for() == 1
    clock.advance(1)
    assert pin.locked_for() == 0
    assert pin.check("4711") is PinCheck.OK


def test_a_success_resets_the_failure_count() -> None:
    pin = StaffPin("4711", FakeClock(), max_failures=3)
    pin.check("0000")
    pin.check("0000")
    assert pin.check("4711") is PinCheck.OK
    pin.check("0000")
    pin.check("0000")
    assert pin.check("4711") is PinCheck.OK


def test_after_a_lock_out_it_takes_the_full_count_again() -> None:
    clock = FakeClock()
    pin = StaffPin("4711", clock, max_failures=2, lockout_s=10)
    pin.check("1")
    pin.check("1")
    clock.advance(10)
    assert pin.check("1") is PinCheck.WRONG
    assert pin.locked_for() == 0
    assert pin.check("1") is PinCheck.WRONG
    assert pin.locked_for() == 10


def test_repr_hides_the_pin() -> None:
    assert "4711" not in repr(StaffPin("4711", FakeClock()))


@pytest.mark.parametrize("bad", ["", "123", "123456789", "12a4", " 1234"])
def test_bad_pins_are_refused(bad: str) -> None:
    with pytest.raises(ValueError, match="4 to 8 digits"):
        StaffPin(bad, FakeClock())


def test_the_lock_out_is_per_client() -> None:
    clock = FakeClock()
    pin = StaffPin("4711", clock, max_failures=3, lockout_s=30)
    for _ in range(50):
        pin.check("0000", "10.0.0.9")
    assert pin.check("4711", "10.0.0.9") is PinCheck.LOCKED
    assert pin.locked_for("10.0.0.9") > 0
    assert pin.locked_for("10.0.0.2") == 0
    assert pin.check("4711", "10.0.0.2") is PinCheck.OK


def test_the_table_of_clients_is_bounded_and_keeps_the_locked_ones() -> None:
    clock = FakeClock()
    pin = StaffPin("4711", clock, max_failures=2, lockout_s=30, max_clients=8)
    pin.check("0000", "guesser")
    pin.check("0000", "guesser")
    for number in range(1000):
        pin.check("0000", f"10.0.{number // 250}.{number % 250}")
    assert pin.clients_tracked <= 8
    assert pin.check("4711", "guesser") is PinCheck.LOCKED
