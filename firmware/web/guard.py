"""The PIN that guards control from the network: constant-time checks, failures rate-limited."""

from __future__ import annotations

import enum
import hashlib
import hmac
from collections import deque
from dataclasses import dataclass

from hal.interfaces import Clock

MAX_TRACKED_CLIENTS = 1024


class Verdict(enum.Enum):
    """The answer to one attempt at control."""

    ALLOWED = "allowed"
    WRONG = "wrong"  # missing or wrong PIN
    LOCKED = "locked"  # too many recent failures from this client: not even checked


@dataclass(frozen=True, slots=True)
class Decision:
    """A verdict, and for LOCKED how many seconds until the client may try again."""

    verdict: Verdict
    retry_after_s: float = 0.0


class PinGuard:
    """Allows control with the right PIN (or always, with none); locks out repeated failures."""

    def __init__(
        self,
        pin: str | None,
        clock: Clock,
        *,
        max_failures: int = 5,
        window_s: float = 60.0,
    ) -> None:
        if pin is not None and not pin.strip():
            raise ValueError("web PIN: must not be empty (leave it unset for no PIN)")
        self._digest = _digest(pin) if pin is not None else None
        self._clock = clock
        self._max_failures = max_failures
        self._window_s = window_s
        self._failures: dict[str, deque[float]] = {}

    @property
    def required(self) -> bool:
        return self._digest is not None

    @property
    def clock(self) -> Clock:
        return self._clock

    def change_pin(self, pin: str | None) -> None:
        """Ask for ``pin`` from now on (None: no PIN); past failures are forgotten."""
        if pin is not None and not pin.strip():
            raise ValueError("web PIN: must not be empty (leave it unset for no PIN)")
        self._digest = _digest(pin) if pin is not None else None
        self._failures.clear()

    def check(self, client: str, offered: str | None) -> Decision:
        """Judge one attempt by ``client`` (its address) offering ``offered``."""
        if self._digest is None:
            return Decision(Verdict.ALLOWED)
        now = self._clock.now()
        recent = self._recent_failures(client, now)
        if len(recent) >= self._max_failures:
            return Decision(Verdict.LOCKED, max(0.0, recent[0] + self._window_s - now))
        if offered is not None and hmac.compare_digest(_digest(offered), self._digest):
            return Decision(Verdict.ALLOWED)
        self._remember_failure(client, now)
        return Decision(Verdict.WRONG)

    def _recent_failures(self, client: str, now: float) -> deque[float]:
        times = self._failures.get(client, deque())
        while times and times[0] <= now - self._window_s:
            times.popleft()
        if not times:
            self._failures.pop(client, None)
        return times

    def _remember_failure(self, client: str, now: float) -> None:
        if client not in self._failures and len(self._failures) >= MAX_TRACKED_CLIENTS:
            for stale in [c for c, t in self._failures.items() if t[-1] <= now - self._window_s]:
                del self._failures[stale]
            if len(self._failures) >= MAX_TRACKED_CLIENTS:
                # Under a flood of addresses, forget the oldest rather than grow without bound.
                del self._failures[next(iter(self._failures))]
        self._failures.setdefault(client, deque()).append(now)

    def __repr__(self) -> str:
        return f"PinGuard(required={self.required}, clients_failing={len(self._failures)})"


def _digest(pin: str) -> bytes:
    # Hashing first makes the comparison time independent of the PIN's length too. A header can
    # carry bytes that are not UTF-8 (they arrive as lone surrogates): they hash, and are wrong.
    return hashlib.sha256(pin.encode("utf-8", "surrogatepass")).digest()
