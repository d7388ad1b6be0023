"""The systemd notify protocol (sd_notify) without a library: readiness, status and the watchdog.

systemd passes ``NOTIFY_SOCKET`` (a path, or ``@name`` for an abstract socket) and, with
``WatchdogSec=``, ``WATCHDOG_USEC`` and ``WATCHDOG_PID``. The service sends newline-separated
``KEY=value`` lines in one datagram. Outside systemd there is no socket and every call is a no-op.

Typical use in the controller::

    notifier = Notifier(os.environ)
    heartbeat = Heartbeat(notifier, clock)
    notifier.ready("playing culls")
    while running:
        ...  # wait for events at most heartbeat.period seconds
        heartbeat.beat()
    notifier.stopping()
"""

from __future__ import annotations

import logging
import os
import socket
from collections.abc import Mapping

from hal.interfaces import Clock

LOG = logging.getLogger(__name__)
SEND_TIMEOUT_S = 1.0


class Notifier:
    """Sends state changes to systemd; a no-op when not started by systemd with Type=notify."""

    def __init__(
        self,
        environ: Mapping[str, str],
        *,
        pid: int | None = None,
        logger: logging.Logger = LOG,
    ) -> None:
        self._address = _socket_address(environ.get("NOTIFY_SOCKET", ""))
        self._watchdog_s = _watchdog_seconds(environ, os.getpid() if pid is None else pid)
        self._logger = logger
        self._socket: socket.socket | None = None
        self._failing = False

    @property
    def enabled(self) -> bool:
        """True when there is a notify socket to talk to."""
        return self._address is not None

    @property
    def watchdog_timeout(self) -> float | None:
        """The watchdog timeout in seconds (``WatchdogSec=``), or None when there is no watchdog."""
        return self._watchdog_s if self.enabled else None

    @property
    def watchdog_period(self) -> float | None:
        """How often to feed the watchdog: half its timeout, as systemd recommends."""
        timeout = self.watchdog_timeout
        return None if timeout is None else timeout / 2

    def ready(self, status: str | None = None) -> bool:
        """Tell systemd start-up is done (``READY=1``), optionally with a status line."""
        return self._send("READY=1", *_status(status))

    def extend_start(self, seconds: float, status: str | None = None) -> bool:
        """Ask for ``seconds`` more of start-up time (``EXTEND_TIMEOUT_USEC``)."""
        return self._send(f"EXTEND_TIMEOUT_USEC={round(seconds * 1e6)}", *_status(status))

    def status(self, text: str) -> bool:
        """Show ``text`` in ``systemctl status``."""
        return self._send(*_status(text))

    def watchdog(self) -> bool:
        """Feed the watchdog (``WATCHDOG=1``): the service is alive."""
        return self._send("WATCHDOG=1")

    def watchdog_trigger(self, status: str | None = None) -> bool:
        """Ask systemd to act as if the watchdog expired (``WATCHDOG=trigger``): restart us."""
        return self._send("WATCHDOG=trigger", *_status(status))

    def stopping(self, status: str | None = None) -> bool:
        """Tell systemd the service is shutting down (``STOPPING=1``)."""
        return self._send("STOPPING=1", *_status(status))

    def close(self) -> None:
        """Close the socket; safe to call twice (a later send opens it again)."""
        if self._socket is not None:
            self._socket.close()
            self._socket = None

    def __enter__(self) -> Notifier:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<Notifier enabled={self.enabled} watchdog_timeout={self.watchdog_timeout}>"

    def _send(self, *lines: str) -> bool:
        """Send one datagram; on failure log once (until a send works again) and return False."""
        if self._address is None:
            return False
        message = "\n".join(lines).encode("utf-8", errors="replace")
        try:
            if self._socket is None:
                self._socket = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
                self._socket.settimeout(SEND_TIMEOUT_S)  # never stall the event loop for long
            self._socket.sendto(message, self._address)
        except OSError as exc:
            self.close()
            if not self._failing:
                self._logger.warning("cannot notify systemd at %r: %s", self._address, exc)
            self._failing = True
            return False
        self._failing = False
        return True


class Heartbeat:
    """Feeds the watchdog from the event loop, at most once per period on the given clock.

    Call ``beat()`` on every loop iteration; the loop must wake at least every ``period`` seconds
    (use it as the longest wait). If the loop stops calling, the watchdog starves and systemd
    restarts the service, which is the point.
    """

    def __init__(self, notifier: Notifier, clock: Clock, *, period: float | None = None) -> None:
        if period is not None and period <= 0:
            raise ValueError(f"heartbeat period must be positive, not {period}")
        self._notifier = notifier
        self._clock = clock
        self._period = notifier.watchdog_period if period is None else period
        self._last: float | None = None

    @property
    def period(self) -> float | None:
        """Seconds between feeds, or None when there is no watchdog to feed."""
        return self._period

    def beat(self) -> bool:
        """Feed the watchdog if a period has passed since the last feed; True if it was fed."""
        if self._period is None:
            return False
        now = self._clock.now()
        if self._last is not None and now - self._last < self._period:
            return False
        self._last = now
        self._notifier.watchdog()
        return True

    def __repr__(self) -> str:
        return f"<Heartbeat period={self._period} last={self._last}>"


def _socket_address(value: str) -> str | None:
    """The address to send to: a path, or an abstract name (leading NUL) for ``@name``."""
    if not value:
        return None
    if value.startswith("@"):
        return "\0" + value[1:]
    if value.startswith("/"):
        return value
    return None  # systemd only ever passes one of the two forms; anything else is not ours


def _watchdog_seconds(environ: Mapping[str, str], pid: int) -> float | None:
    """``WATCHDOG_USEC`` in seconds if the watchdog is meant for this process, else None."""
    try:
        usec = int(environ.get("WATCHDOG_USEC", ""))
    except ValueError:
        return None
    if usec <= 0:
        return None
    watchdog_pid = environ.get("WATCHDOG_PID")
    if watchdog_pid is not None and watchdog_pid.strip() != str(pid):
        return None
    return usec / 1_000_000


def _status(text: str | None) -> tuple[str, ...]:
    """A ``STATUS=`` line (newlines would split the message, so they become spaces)."""
    if text is None:
        return ()
    return ("STATUS=" + " ".join(text.splitlines()),)
