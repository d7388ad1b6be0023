"""The web server's life: its own asyncio loop in a daemon thread, started and stopped cleanly."""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import logging
import threading
from collections.abc import Callable
from pathlib import Path
from types import TracebackType
from typing import ParamSpec

from aiohttp import web

from firmware.config.layered import SettingsStore
from firmware.config.schema import Config
from firmware.controller.core.live import LiveBoard
from firmware.rules.api import JsonValue
from firmware.web.address import NetworkFacts, is_loopback, network_facts, page_address
from firmware.web.app import build_app
from firmware.web.guard import PinGuard
from firmware.web.hosts import HostAllowList
from firmware.web.hub import ClientFanout
from firmware.web.pads import PadSource
from firmware.web.staff import StaffGate
from firmware.web.views import view_text
from hal.clock import MonotonicClock
from hal.interfaces import Clock

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8080
START_TIMEOUT_S = 15.0
STOP_TIMEOUT_S = 15.0

log = logging.getLogger(__name__)
P = ParamSpec("P")


class WebServer:
    """The board's web pages and API, served from a thread of their own until ``close()``.

    Requests must name the board: loopback, ``host`` itself, an address, or ``allowed_hosts``.
    """

    def __init__(
        self,
        board: LiveBoard,
        *,
        host: str = DEFAULT_HOST,
        port: int = DEFAULT_PORT,
        pin: str | None = None,
        staff_pin: str | None = None,
        clock: Clock | None = None,
        allowed_hosts: tuple[str, ...] = (),
        pads: PadSource | None = None,
        history_dir: Path | None = None,
        settings: SettingsStore | None = None,
        network: NetworkFacts | None = None,
        health: Callable[[], dict[str, JsonValue]] | None = None,
        today: Callable[[], datetime.date] | None = None,
    ) -> None:
        """``today``: the business day now, the history pages' default day."""
        if not 0 <= port <= 65535:
            raise ValueError(f"web port: must be 0..65535, got {port}")
        self._board = board
        self._pads = pads
        self._history_dir = history_dir
        self._host = host
        self._port = port
        clock = clock or MonotonicClock()
        self._guard = PinGuard(pin, clock)
        self._staff = StaffGate(staff_pin, clock)
        self._settings = settings
        self._health = health
        self._today = today
        if settings is not None:
            settings.subscribe(self._pins_changed)
        self._network = network or network_facts()
        self._hosts = HostAllowList(host, allowed_hosts, self._network.hostname)
        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._ready = threading.Event()
        self._failure: str | None = None
        self._bound_port: int | None = None
        self._closed = False

    @property
    def url(self) -> str:
        """Where the board page is, e.g. ``http://127.0.0.1:8080/``."""
        if self._bound_port is None:
            raise RuntimeError("the web server has not started")
        host = f"[{self._host}]" if ":" in self._host else self._host
        return f"http://{host}:{self._bound_port}/"

    @property
    def page_address(self) -> str:
        """The board page as a phone on the same network opens it (``HOSTNAME.local`` with
        avahi, else the board's address)."""
        return page_address(self._host, self._bound_port or self._port, self._network)

    @property
    def pin_required(self) -> bool:
        return self._guard.required

    def start(self) -> WebServer:
        """Start serving; return once the port is open, or raise OSError saying why it is not."""
        if self._thread is not None:
            raise RuntimeError("the web server is already started")
        self._thread = threading.Thread(target=self._run, name="cullsboard-web", daemon=True)
        self._thread.start()
        if not self._ready.wait(START_TIMEOUT_S):
            raise OSError(f"the web server did not start within {START_TIMEOUT_S:.0f} s")
        if self._failure is not None:
            self._thread.join(STOP_TIMEOUT_S)
            raise OSError(f"cannot serve the web pages on {self._where()}: {self._failure}")
        if not self._guard.required and not is_loopback(self._host):
            log.warning("web control is open to the network on %s without a PIN", self._where())
        log.debug("serving on %s", self.url)  # the run prints the address once itself
        return self

    def close(self) -> None:
        """Stop serving and wait for the thread to end; safe to call twice."""
        if self._closed:
            return
        self._closed = True
        loop, stop, thread = self._loop, self._stop, self._thread
        if loop is not None and stop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # the loop may have just ended
                loop.call_soon_threadsafe(stop.set)
        if thread is not None:
            thread.join(STOP_TIMEOUT_S)

    def __enter__(self) -> WebServer:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def __repr__(self) -> str:
        state = "closed" if self._closed else ("serving" if self._bound_port else "not started")
        return f"<WebServer {self._where()} {state} pin_required={self._guard.required}>"

    def _pins_changed(self, config: Config) -> None:
        """The PINs changed on the staff page take effect at once (called on the web thread)."""
        self._guard.change_pin(config.web.pin)
        self._staff.change(config.kiosk.staff_pin)

    def _where(self) -> str:
        return f"{self._host}:{self._bound_port or self._port}"

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        try:
            loop.run_until_complete(self._serve())
        finally:
            loop.close()

    async def _serve(self) -> None:
        self._stop = asyncio.Event()
        hub = ClientFanout(
            asyncio.get_running_loop(),
            lambda view: view_text(view, pin_required=self._guard.required),
        )
        runner = web.AppRunner(
            build_app(
                self._board,
                self._guard,
                hub,
                self._staff,
                self._hosts,
                self._pads,
                history_dir=self._history_dir,
                settings=self._settings,
                address=lambda: self.page_address,
                health=self._health,
                today=self._today,
            ),
            access_log=None,
            shutdown_timeout=1.0,
        )
        unsubscribe: Callable[[], None] | None = None
        try:
            await runner.setup()
            site = web.TCPSite(runner, self._host, self._port)
            await site.start()
            self._bound_port = _bound_port(runner, self._port)
            unsubscribe = self._board.subscribe(hub.offer)
        except OSError as exc:
            self._failure = exc.strerror or str(exc)
            await runner.cleanup()
            self._ready.set()
            return
        self._ready.set()
        try:
            await self._stop.wait()
        finally:
            if unsubscribe is not None:
                unsubscribe()
            await runner.cleanup()


def _started(make: Callable[P, WebServer]) -> Callable[P, WebServer]:
    """``make``, with the server it makes started (its arguments are ``make``'s own)."""

    def serve(*args: P.args, **kwargs: P.kwargs) -> WebServer:
        return make(*args, **kwargs).start()

    serve.__doc__ = "Serve the board's pages on ``host:port`` (0 picks a free port) until closed."
    return serve


# WebServer(...).start(), taking exactly WebServer's arguments.
serve_in_thread = _started(WebServer)


def _bound_port(runner: web.AppRunner, asked: int) -> int:
    for address in runner.addresses:
        if isinstance(address, tuple) and len(address) >= 2 and isinstance(address[1], int):
            return address[1]
    return asked
