"""The staff PIN: what guards reset, change of game and brightness on an unattended board.

Compared in constant time; after ``max_failures`` wrong tries in a row from one client (its
address) every try from that client, even the right PIN, is refused for ``lockout_s`` seconds on
the clock passed in. Other clients are not affected, and the table of clients is bounded.
"""

from __future__ import annotations

import enum
import hashlib
import hmac
import re
from dataclasses import dataclass

from hal.interfaces import Clock

PIN_PATTERN = re.compile(r"[0-9]{4,8}")
MAX_TRACKED_CLIENTS = 1024


class PinCheck(enum.Enum):
    """The answer to one try."""

    OK = "ok"
    WRONG = "wrong"
    LOCKED = "locked"  # too many wrong tries from this client: wait ``locked_for(client)`` s


@dataclass(slots=True)
class _Client:
    """One client's wrong tries in a row and the end of its lock-out."""

    failures: int = 0
    locked_until: float | None = None


class StaffPin:
    """Checks tries against the staff PIN (4 to 8 digits), locking out a guessing client."""

    def __init__(
        self,
        pin: str,
        clock: Clock,
        *,
        max_failures: int = 5,
        lockout_s: float = 60.0,
        max_clients: int = MAX_TRACKED_CLIENTS,
    ) -> None:
        if PIN_PATTERN.fullmatch(pin) is None:
            raise ValueError("the staff PIN must be 4 to 8 digits")
        if max_failures < 1 or lockout_s <= 0 or max_clients < 1:
            raise ValueError("max_failures and max_clients must be at least 1, lockout_s positive")
        self._digest = _digest(pin)
        self._clock = clock
        self._max_failures = max_failures
        self._lockout_s = lockout_s
        self._max_clients = max_clients
        self._clients: dict[str, _Client] = {}

    def check(self, attempt: str, client: str = "") -> PinCheck:
        """Try ``attempt`` from ``client``: OK, WRONG, or LOCKED while that client is locked
        out (then the try is ignored)."""
        if self.locked_for(client) > 0:
            return PinCheck.LOCKED
        if hmac.compare_digest(_digest(attempt), self._digest):
            self._clients.pop(client, None)
            return PinCheck.OK
        state = self._track(client)
        state.failures += 1
        if state.failures >= self._max_failures:
            state.failures = 0
            state.locked_until = self._clock.now() + self._lockout_s
        return PinCheck.WRONG

    def locked_for(self, client: str = "") -> float:
        """Seconds left of ``client``'s lock-out (0 when not locked)."""
        state = self._clients.get(client)
        if state is None or state.locked_until is None:
            return 0.0
        left = state.locked_until - self._clock.now()
        if left <= 0:
            state.locked_until = None
            if state.failures == 0:
                del self._clients[client]
            return 0.0
        return left

    @property
    def clients_tracked(self) -> int:
        """How many clients have wrong tries or a lock-out on record."""
        return len(self._clients)

    def _track(self, client: str) -> _Client:
        state = self._clients.get(client)
        if state is not None:
            return state
        if len(self._clients) >= self._max_clients:
            now = self._clock.now()
            idle = [
                name
                for name, kept in self._clients.items()
                if kept.locked_until is None or kept.locked_until <= now
            ]
            # Forget clients that are not locked out first, then the oldest entry.
            del self._clients[idle[0] if idle else next(iter(self._clients))]
        state = self._clients[client] = _Client()
        return state

    def __repr__(self) -> str:
        return f"<StaffPin clients_tracked={len(self._clients)}>"  # never the PIN itself


def _digest(text: str) -> bytes:
    """A fixed-length digest, so the comparison does not even leak the length of the PIN.

    Text that is not Unicode (a header's stray bytes arrive as lone surrogates) hashes too.
    """
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).digest()
