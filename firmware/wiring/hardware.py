"""Run the controller on a real board: devices from the config, the watchdog, the touch poll."""

from __future__ import annotations

import datetime
import logging
import os
import signal
import threading
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from types import FrameType
from typing import Any

from firmware.config import Config, ConfigError, load_config
from firmware.config.layered import SettingsStore, start_layered
from firmware.config.running import Switches
from firmware.controller.board.loop import BoardController
from firmware.errors import CullsboardError, StopSignal
from firmware.kiosk.dimmer import WallClock
from firmware.kiosk.power import PowerOff
from firmware.service.notify import Heartbeat, Notifier
from firmware.service.state_lock import lock_state_dir
from firmware.wiring.errors import BoardStoppedError, SessionError
from firmware.wiring.link_start import start_link
from firmware.wiring.padview import PadMonitor
from firmware.wiring.session import Complain, page_for, serve_web
from firmware.wiring.spec import RunSpec, assemble_board, plan_board
from hal.clock import MonotonicClock
from hal.interfaces import TouchSensor
from hal.touch import PadTouchSensor

EXIT_SETUP = 2
# Hardware that does not answer exits 3 after this pause, so that the unit's restart (3 s later)
# comes about once a minute: under its start limit (10 starts in 600 s), for as long as it takes.
HARDWARE_RETRY_S = 65.0
DEFAULT_CONFIG = Path("/etc/cullsboard/board.yaml")  # where `cullsboard install-service` puts it
log = logging.getLogger("cullsboard.hardware")

SignalHandler = Callable[[int, FrameType | None], None]


def run_real_board(
    spec: RunSpec,
    complain: Complain,
    *,
    started: Callable[[BoardController], None] | None = None,
    environ: Mapping[str, str] | None = None,
    wall: WallClock = datetime.datetime.now,
    power_off: PowerOff | None = None,
    default_path: Path | None = None,
    sleep: Callable[[float], None] = time.sleep,
) -> int:
    """Play on the hardware the config describes until SIGTERM/SIGINT; CullsboardError if not.

    Without ``--config`` the config is ``default_path`` (``DEFAULT_CONFIG``), if it exists;
    the staff settings in the state directory are layered over it. ``started`` hears the
    controller once the board runs (after it opened what the spec asks for).
    """

    path = config_path(spec.config_path, DEFAULT_CONFIG if default_path is None else default_path)
    try:
        file_config = load_config(path, lambda line: complain(f"config {line}"))
    except ConfigError as exc:
        raise SessionError(f"config {path}: {exc}") from exc
    state_dir = Path(spec.state_dir or file_config.state_dir).expanduser()
    lock = lock_state_dir(state_dir)  # before any device is touched; held until the end
    try:
        return _run_locked(
            spec,
            complain,
            file_config=file_config,
            state_dir=state_dir,
            started=started,
            environ=environ,
            wall=wall,
            power_off=power_off,
            sleep=sleep,
        )
    finally:
        lock.release()


def _run_locked(
    spec: RunSpec,
    complain: Complain,
    *,
    file_config: Config,
    state_dir: Path,
    started: Callable[[BoardController], None] | None,
    environ: Mapping[str, str] | None,
    wall: WallClock,
    power_off: PowerOff | None,
    sleep: Callable[[float], None],
) -> int:
    """The board of ``file_config`` with the staff settings over it, its state dir locked."""
    from firmware.wiring.devices import (  # gpiozero: real boards only
        HardwareSilentSetupError,
        build_board,
    )

    switches = Switches(kiosk=spec.kiosk, web=spec.web)
    layered = start_layered(
        file_config, state_dir, lambda text: complain(f"warning: {text}"), switches
    )
    store = SettingsStore(layered, state_dir)
    config = layered.config
    plan = plan_board(spec, config, () if layered.problem is None else (layered.problem,))
    clock = MonotonicClock()
    try:
        board = build_board(config, clock)
    except HardwareSilentSetupError as exc:
        pause_before_retry(Notifier(os.environ if environ is None else environ), str(exc), sleep)
        raise
    notifier = Notifier(os.environ if environ is None else environ)
    heartbeat = Heartbeat(notifier, clock)
    parts = assemble_board(
        plan,
        board,
        state_dir=state_dir,
        complain=complain,
        wall=wall,
        real_board=True,
        heartbeat=heartbeat.beat,
        power_off=PowerOff() if power_off is None else power_off,  # systemctl poweroff
    )
    controller = parts.controller
    stop_poll = threading.Event()
    web = None
    running_link = None
    previous: dict[signal.Signals, Callable[[int, FrameType | None], Any] | int] = {}
    try:
        controller.start(spec.game, lesson=spec.first_lesson, puzzle=spec.first_puzzle)
        _start_poller(board.touch, stop_poll)
        where = spec.web or f"{config.web.host}:{config.web.port}"
        if plan.link is not None:
            running_link = start_link(parts, spec.online, page=page_for(where))
        pads = None
        if isinstance(board.touch, PadTouchSensor):
            pads = PadMonitor(board.touch, config, board.clock)
        web = serve_web(
            controller,
            where,
            complain,
            pin=config.web.pin,
            staff_pin=parts.staff_pin,
            history_dir=state_dir,
            allowed_hosts=config.web.allowed_hosts,
            pads=pads,
            settings=store,
            health=parts.health,
            today=parts.today,
        )
        if threading.current_thread() is threading.main_thread():
            for signum in (signal.SIGTERM, signal.SIGINT):
                before = signal.signal(signum, stop_handler(controller, notifier))
                if before is not None:
                    previous[signum] = before
        notifier.ready("playing" if plan.kiosk is None else "playing (kiosk)")
        open_asked(controller, spec)
        if started is not None:
            started(controller)
        try:
            controller.run()
        except StopSignal:
            raise  # not a failure: a restart the staff asked for goes to the command line as it is
        except CullsboardError as exc:
            raise BoardStoppedError(f"the board stopped while playing: {exc}") from exc
    finally:
        notifier.stopping()
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        stop_poll.set()
        if web is not None:
            web.close()
        if running_link is not None:
            running_link.close()
        parts.close()  # the announcer's thread
        board.close()  # the LEDs go dark, the voice stops; the journal was flushed with each action
        notifier.close()
    log.info("stopped cleanly")
    return 0


def open_asked(controller: BoardController, spec: RunSpec) -> None:
    """Open the review the run asked for once the board runs (a lesson opens as it starts)."""
    if spec.review is not None:
        controller.review(spec.review)


def stop_handler(controller: BoardController, notifier: Notifier) -> SignalHandler:
    """The SIGTERM/SIGINT handler: tell systemd the board is stopping, then end the loop."""

    def handle(signum: int, frame: FrameType | None) -> None:
        notifier.stopping(f"stopping ({signal.Signals(signum).name})")
        controller.stop()

    return handle


def poll_interval(touch: TouchSensor) -> float | None:
    """How often the sensor wants ``poll()`` now, or None (it asks for more while an IRQ sticks)."""
    interval = touch.poll_interval
    if interval is None or interval <= 0:
        return None
    return float(interval)


def config_path(given: str | None, default: Path) -> str:
    """The config file to run the board from: the one given, else ``default`` if it exists."""
    if given:
        return given
    if default.is_file():
        return str(default)
    raise SessionError(
        f"no board configured at {default}: use --mock-hal for the simulated board or --config FILE"
    )


def _start_poller(touch: TouchSensor, stop: threading.Event) -> None:
    """Call ``poll()`` as often as the touch sensor asks (the safety poll when it has an IRQ)."""
    first = poll_interval(touch)
    if first is None:
        return

    def poll() -> None:
        interval = first
        while not stop.wait(interval):
            try:
                touch.poll()
            except OSError as exc:  # the sensor reports chip faults itself; never stop polling
                log.warning("touch poll failed: %s", exc)
            interval = poll_interval(touch) or first

    threading.Thread(target=poll, name="cullsboard-touch-poll", daemon=True).start()


def pause_before_retry(notifier: Notifier, problem: str, sleep: Callable[[float], None]) -> None:
    """Say why the board waits (one log line, the unit's status), and wait ``HARDWARE_RETRY_S``
    with the unit's start timeout extended to cover it, before the exit that restarts it."""
    log.error("%s; trying again in %.0f s", problem, HARDWARE_RETRY_S)
    notifier.extend_start(HARDWARE_RETRY_S + 30, f"waiting for the hardware: {problem}")
    sleep(HARDWARE_RETRY_S)
