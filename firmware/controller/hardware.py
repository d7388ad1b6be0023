"""Run the controller on a real board: devices from the config, the watchdog, the touch poll."""

from __future__ import annotations

import argparse
import logging
import os
import random
import signal
import threading
from collections.abc import Callable
from pathlib import Path

from firmware.config import ConfigError, default_config, load_config
from firmware.controller.attract import kiosk_attract
from firmware.controller.loop import BoardController
from firmware.controller.session import Complain, SessionError, make_table, serve_web
from firmware.rules.api import JsonValue
from firmware.service.notify import Heartbeat, Notifier
from hal.clock import MonotonicClock
from hal.interfaces import TouchSensor

EXIT_SETUP = 2
log = logging.getLogger("cullsboard.hardware")


def run_real_board(
    args: argparse.Namespace,
    settings: tuple[str, dict[str, JsonValue]] | None,
    complain: Complain,
    *,
    started: Callable[[BoardController], None] | None = None,
) -> int:
    """Play on the hardware the config describes until SIGTERM/SIGINT; one line if it cannot."""
    from firmware.boardsetup import BoardSetupError, build_board

    try:
        config = load_config(args.config) if args.config else default_config()
    except ConfigError as exc:
        raise SessionError(f"config {args.config}: {exc}") from None
    clock = MonotonicClock()
    try:
        board = build_board(config, clock)
    except BoardSetupError as exc:
        complain(str(exc))
        return EXIT_SETUP
    notifier = Notifier(os.environ)
    heartbeat = Heartbeat(notifier, clock)
    state_dir = Path(args.state_dir or config.state_dir).expanduser()
    table = make_table(board, state_dir, random.Random(args.seed), complain)
    kiosk = config.kiosk
    attract = kiosk_attract(
        clock,
        enabled=kiosk.enabled,
        attract_minutes=kiosk.attract_minutes,
        abandon_minutes=kiosk.abandon_minutes,
    )
    controller = BoardController(board, table, heartbeat=heartbeat.beat, attract=attract)
    stop_poll = threading.Event()
    web = None
    try:
        controller.start(settings)
        _start_poller(board.touch, stop_poll)
        where = args.web or f"{config.web.host}:{config.web.port}"
        web = serve_web(controller, where, complain, pin=config.web.pin)
        if threading.current_thread() is threading.main_thread():
            for signum in (signal.SIGTERM, signal.SIGINT):
                signal.signal(signum, lambda *_: controller.stop())
        notifier.ready("playing")
        if started is not None:
            started(controller)
        controller.run()
    finally:
        notifier.stopping()
        stop_poll.set()
        if web is not None:
            web.close()
        board.close()
        notifier.close()
    return 0


def _start_poller(touch: TouchSensor, stop: threading.Event) -> None:
    """Call ``poll()`` as often as the touch sensor asks (the safety poll when it has an IRQ)."""
    interval = getattr(touch, "poll_interval", None)
    if not isinstance(interval, int | float) or interval <= 0:
        return

    def poll() -> None:
        while not stop.wait(interval):
            try:
                touch.poll()
            except OSError as exc:  # the sensor reports chip faults itself; never stop polling
                log.warning("touch poll failed: %s", exc)

    threading.Thread(target=poll, name="cullsboard-touch-poll", daemon=True).start()
