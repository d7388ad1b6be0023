"""The board's timers: schedule, cancel by owner, the one next deadline, running what is due."""

from __future__ import annotations

import pytest

from firmware.controller.core.timers import Timers


def test_what_is_due_runs_in_deadline_order_and_not_before() -> None:
    timers, ran = Timers(), []
    timers.schedule(5.0, lambda now: ran.append(("b", now)), "b")
    timers.schedule(2.0, lambda now: ran.append(("a", now)), "a")
    timers.schedule(5.0, lambda now: ran.append(("c", now)), "c")
    assert timers.next_deadline() == 2.0
    assert timers.run_due(1.9) == 0 and ran == []
    assert timers.run_due(2.0) == 1 and ran == [("a", 2.0)]
    assert timers.next_deadline() == 5.0
    assert timers.run_due(7.0) == 2
    assert ran == [("a", 2.0), ("b", 7.0), ("c", 7.0)], "ties run in the order scheduled"
    assert timers.next_deadline() is None and len(timers) == 0


def test_cancelling_an_owner_forgets_all_it_scheduled_and_nothing_else() -> None:
    timers, ran = Timers(), []
    mode, other = object(), object()
    timers.schedule(1.0, lambda now: ran.append("mode 1"), mode)
    timers.schedule(3.0, lambda now: ran.append("mode 3"), mode)
    timers.schedule(2.0, lambda now: ran.append("other"), other)
    assert len(timers.owned_by(mode)) == 2
    assert timers.cancel(mode) == 2
    assert timers.next_deadline() == 2.0
    timers.run_due(10.0)
    assert ran == ["other"]


def test_a_call_that_cancels_a_later_one_of_the_same_pass_stops_it() -> None:
    timers, ran = Timers(), []
    leaving = object()

    def leave(now: float) -> None:
        ran.append("leave")
        timers.cancel(leaving)

    timers.schedule(1.0, leave, "exit")
    timers.schedule(2.0, lambda now: ran.append("never"), leaving)
    assert timers.run_due(5.0) == 1
    assert ran == ["leave"] and timers.next_deadline() is None


def test_a_call_that_re_arms_itself_waits_for_the_next_pass() -> None:
    timers, ran = Timers(), []

    def again(now: float) -> None:
        ran.append(now)
        timers.schedule(now, again, "again")

    timers.schedule(1.0, again, "again")
    assert timers.run_due(1.0) == 1
    assert ran == [1.0] and timers.next_deadline() == 1.0


def test_replace_keeps_one_deadline_per_owner() -> None:
    timers, ran = Timers(), []
    strip = object()
    timers.replace(strip, 4.0, lambda now: ran.append(4.0))
    timers.replace(strip, 6.0, lambda now: ran.append(6.0))
    assert [t.at for t in timers.owned_by(strip)] == [6.0]
    assert timers.replace(strip, None, lambda now: ran.append(0.0)) is None
    timers.run_due(10.0)
    assert ran == [] and len(timers) == 0


def test_a_call_that_raises_leaves_the_rest_scheduled() -> None:
    timers, ran = Timers(), []

    def broken(now: float) -> None:
        raise RuntimeError("broken")

    timers.schedule(1.0, broken, "broken")
    timers.schedule(2.0, lambda now: ran.append(now), "fine")
    with pytest.raises(RuntimeError):
        timers.run_due(3.0)
    assert timers.next_deadline() == 2.0
    timers.run_due(3.0)
    assert ran == [3.0]


def test_one_timer_can_be_cancelled_alone() -> None:
    timers, ran = Timers(), []
    first = timers.schedule(1.0, lambda now: ran.append("first"), "owner")
    timers.schedule(2.0, lambda now: ran.append("second"), "owner")
    timers.cancel_timer(first)
    timers.run_due(5.0)
    assert ran == ["second"]
