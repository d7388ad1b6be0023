"""The board's timers: what is due when, who asked for it, and the one deadline the loop sleeps to.

A part that changes by itself after a while (the command strip under a held corner, the staff's
button hold, the dimmer's next step, the kiosk's idle show, an error flash, a hint) schedules a
call on the board's ``Timers`` with itself as the owner, and cancels everything it owns when it
is left (MPF's ``DelayManager``). The loop sleeps until ``next_deadline`` and then runs what is
due. Times are the board clock's seconds; nothing here reads a clock.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass, field

Due = Callable[[float], object]  # called with the time it runs at


@dataclass(frozen=True, slots=True, eq=False)
class Timer:
    """One call due at ``at``, scheduled by ``owner``."""

    at: float
    what: Due
    owner: object
    order: int = field(default=0, repr=False)  # ties run in the order they were scheduled


class Timers:
    """Calls due at given times, cancelled by owner; run in deadline order by the loop."""

    def __init__(self) -> None:
        self._pending: list[Timer] = []
        self._in_pass: list[Timer] = []  # due in the pass being run, not run yet
        self._counter = itertools.count()

    def schedule(self, at: float, what: Due, owner: object) -> Timer:
        """Run ``what(now)`` once the loop's time reaches ``at``; ``owner`` can cancel it."""
        timer = Timer(at, what, owner, next(self._counter))
        self._pending.append(timer)
        return timer

    def replace(self, owner: object, at: float | None, what: Due) -> Timer | None:
        """Cancel what ``owner`` scheduled and, unless ``at`` is None, schedule ``what`` at ``at``:
        for a part that has one deadline at a time."""
        self.cancel(owner)
        return None if at is None else self.schedule(at, what, owner)

    def cancel(self, owner: object) -> int:
        """Forget every timer ``owner`` scheduled (as when a mode is left); how many there were."""
        kept = [timer for timer in self._pending if timer.owner is not owner]
        waiting = [timer for timer in self._in_pass if timer.owner is not owner]
        dropped = len(self._pending) - len(kept) + len(self._in_pass) - len(waiting)
        self._pending, self._in_pass = kept, waiting
        return dropped

    def cancel_timer(self, timer: Timer) -> None:
        """Forget one timer (nothing happens if it already ran or was cancelled)."""
        self._pending = [kept for kept in self._pending if kept is not timer]
        self._in_pass = [kept for kept in self._in_pass if kept is not timer]

    def next_deadline(self) -> float | None:
        """The earliest time something is due, or None if nothing is scheduled."""
        return min((timer.at for timer in self._pending), default=None)

    def owned_by(self, owner: object) -> tuple[Timer, ...]:
        """What ``owner`` has scheduled, earliest first."""
        return tuple(sorted((t for t in self._pending if t.owner is owner), key=_key))

    def run_due(self, now: float) -> int:
        """Run every timer due at ``now``, earliest first; returns how many ran.

        A call may cancel timers (its own owner's or others'): those not run yet in this pass
        are skipped. A timer a call schedules waits for the next pass, even if it is due, so a
        call that re-arms itself at once cannot keep the loop here. If a call raises, the timers
        not run yet stay scheduled.
        """
        due = sorted((timer for timer in self._pending if timer.at <= now), key=_key)
        if not due:
            return 0
        self._pending = [timer for timer in self._pending if timer.at > now]
        self._in_pass = due
        ran = 0
        try:
            while self._in_pass:
                timer = self._in_pass.pop(0)
                timer.what(now)
                ran += 1
        finally:
            self._pending.extend(self._in_pass)
            self._in_pass = []
        return ran

    def __len__(self) -> int:
        return len(self._pending)

    def __repr__(self) -> str:
        return f"<Timers {len(self._pending)} pending, next at {self.next_deadline()}>"


def _key(timer: Timer) -> tuple[float, int]:
    return (timer.at, timer.order)
