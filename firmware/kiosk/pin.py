"""The staff PIN: what guards reset, change of game and brightness on an unattended board.

Compared in constant time; after ``max_failures`` wrong tries in a row every try, even the right
PIN, is refused for ``lockout_s`` seconds on the clock passed in.
"""

from __future__ import annotations

import enum
import hashlib
import hmac
import re

from hal.interfaces import Clock

PIN_PATTERN = re.compile(r"[0-9]{4,8}")


class PinCheck(enum.Enum):
    """The answer to one try."""

    OK = "ok"
    WRONG = "wrong"
    LOCKED = "locked"  # too many wrong tries: wait ``locked_for()`` seconds


class StaffPin:
    """Checks tries against the staff PIN (4 to 8 digits), locking out guessers for a while."""

    def __init__(
        self, pin: str, clock: Clock, *, max_failures: int = 5, lockout_s: float = 60.0
    ) -> None:
        if PIN_PATTERN.fullmatch(pin) is None:
            raise ValueError("the staff PIN must be 4 to 8 digits")
        if max_failures < 1 or lockout_s <= 0:
            raise ValueError("max_failures must be at least 1 and lockout_s positive")
        self._digest = _digest(pin)
        self._clock = clock
        self._max_failures = max_failures
        self._lockout_s = lockout_s
        self._failures = 0
        self._locked_until: float | None = None

    def check(self, attempt: str) -> PinCheck:
        """Try ``attempt``: OK, WRONG, or LOCKED while locked out (then the try is ignored)."""
        if self.locked_for() > 0:
            return PinCheck.LOCKED
        if hmac.compare_digest(_digest(attempt), self._digest):
            self._failures = 0
            return PinCheck.OK
        self._failures += 1
        if self._failures >= self._max_failures:
            self._failures = 0
            self._locked_until = self._clock.now() + self._lockout_s
        return PinCheck.WRONG

    def locked_for(self) -> float:
        """Seconds left of the lock-out (0 when not locked)."""
        if self._locked_until is None:
            return 0.0
        left = self._locked_until - self._clock.now()
        if left <= 0:
            self._locked_until = None
            return 0.0
        return left

    def __repr__(self) -> str:
        return f"<StaffPin locked_for={self.locked_for():.0f}s>"  # never the PIN itself


def _digest(text: str) -> bytes:
    """A fixed-length digest, so the comparison does not even leak the length of the PIN.

    Text that is not Unicode (a header's stray bytes arrive as lone surrogates) hashes too.
    """
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).digest()
