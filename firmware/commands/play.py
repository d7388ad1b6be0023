"""Run the board: the real one, or ``--mock-hal`` the simulated one (interactive or scripted)."""

from __future__ import annotations

import argparse
import io
import logging
import os
import random
import signal
import stat
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO, TextIO

from firmware.commands.errors import CommandError
from firmware.commands.parser import MOCK_WEB
from firmware.commands.seat_check import OptionCheckError, check_computer, check_game
from firmware.config import Config, ConfigError, default_config, load_config
from firmware.config.layered import Layered, SettingsStore, load_layered
from firmware.config.schema import WebConfig
from firmware.controller.computer import computer_choice
from firmware.controller.loop import BoardController
from firmware.controller.options import OptionError, all_options, rules_from_options
from firmware.controller.state_lock import StateDirBusyError, StateLock, lock_state_dir
from firmware.kiosk.setup import KioskSetupError, kiosk_section
from firmware.link.online import HOST, OnlineError, OnlineRequest, parse_online, sides
from firmware.link.settings import LinkSettingsError, link_settings
from firmware.rules.api import JsonValue
from firmware.rules.records import Record
from firmware.wiring.assemble import bare_simulation
from firmware.wiring.drive import perform, run_script
from firmware.wiring.hardware import run_real_board
from firmware.wiring.script import ScriptError
from firmware.wiring.session import (
    Closable,
    Session,
    SessionError,
    WebPages,
    build_session,
    default_state_dir,
    lines_of,
    page_for,
    serve_web,
)
from firmware.wiring.settings import simulated


def settings_of(args: argparse.Namespace) -> tuple[str, dict[str, JsonValue]] | None:
    """The game asked for on the command line, or None; SessionError for options that clash."""
    given = {name: getattr(args, name) for name in all_options()}
    if args.game is not None:
        try:
            check_game(args.game)
        except OptionCheckError as exc:
            raise SessionError(str(exc)) from None
    if args.game is None:
        if any(value is not None for value in given.values()):
            flags = [f"--{name}" for name in given]
            listed = ", ".join(flags[:-1]) + f" and {flags[-1]}" if len(flags) > 1 else flags[0]
            raise SessionError(f"{listed} need --game")
        return None
    try:
        return args.game, rules_from_options(args.game, given, flags=True)
    except OptionError as exc:
        raise SessionError(str(exc)) from None


def run(args: argparse.Namespace, review: Record | None = None) -> int:
    """Play on the board (``review``: step through that record on it first)."""
    _log_to_stderr(logging.WARNING if args.mock_hal else logging.INFO)
    try:
        settings = settings_of(args)
        if args.computer is not None:
            check_computer(args.computer, *(settings or (None, None)))
        online = online_of(args, settings)
        if online is not None:
            settings = None  # the online game starts once the broker is reached
        record = review
        lesson = _lesson_of(args)
        if not args.mock_hal:
            return run_real_board(
                args,
                settings,
                _complain,
                started=_opened(record, lesson),
                online=online,
                broker=args.broker,
                board_id=args.board_id,
            )
        config = None if args.config is None else _load_config(args.config)
        state_dir = mock_state_dir(args, config)
        lock = _lock(state_dir)
    except SessionError as exc:
        raise CommandError(str(exc), exc.status) from None
    except OptionCheckError as exc:
        raise CommandError(str(exc)) from None
    with lock:
        layered = load_layered(config or default_config(), state_dir, _warn)
        store = SettingsStore(layered, state_dir)
        layered_config = None if config is None else layered.config
        try:
            session = _mock_session(args, settings, layered_config, online, layered)
            if record is not None:
                session.controller.review(record)
            if lesson is not None:
                session.controller.lesson(lesson)
        except SessionError as exc:
            raise CommandError(str(exc)) from None
        return _play(args, session, layered_config, store)


def _opened(record: Record | None, lesson: str | None) -> Callable[[BoardController], None] | None:
    """What the real board opens once started: the review asked for, else the lesson."""
    if record is not None:
        return lambda board: board.review(record)
    if lesson is not None:
        return lambda board: board.lesson(lesson)
    return None


def _lesson_of(args: argparse.Namespace) -> str | None:
    """The lesson ``--lesson`` names, checked now (SessionError lists the lessons there are)."""
    if args.lesson is None:
        return None
    from firmware.learn.lesson import LessonError
    from firmware.learn.library import find_lesson

    try:
        return find_lesson(args.lesson).full_name
    except LessonError as exc:
        raise SessionError(f"--lesson: {exc}") from None


def _play(
    args: argparse.Namespace, session: Session, config: Config | None, store: SettingsStore
) -> int:
    web_config = store.config.web  # the layered settings: a PIN saved on the staff page too
    try:
        if args.script is not None:
            web = None if args.web is None else _serve(session, args.web, web_config, store)
            return _run_scripted(session, args.script, web)
        default = MOCK_WEB if config is None else f"{config.web.host}:{config.web.port}"
        web = _serve(session, args.web or default, web_config, store)
        return _run_interactive(session, web, plain=args.plain)
    except SessionError as exc:
        raise CommandError(str(exc)) from None
    finally:
        session.finish(args.record)


def mock_state_dir(args: argparse.Namespace, config: Config | None) -> Path:
    """Where the simulated board keeps its journal: --state-dir, the config's, or the user's."""
    if args.state_dir is not None:
        return Path(args.state_dir)
    if config is not None:
        return Path(config.state_dir).expanduser()
    return default_state_dir(dict(os.environ))


def _lock(state_dir: Path) -> StateLock:
    try:
        return lock_state_dir(state_dir)
    except StateDirBusyError as exc:
        raise SessionError(str(exc)) from None


def _mock_session(
    args: argparse.Namespace,
    settings: tuple[str, dict[str, JsonValue]] | None,
    config: Config | None,
    online: OnlineRequest | None = None,
    layered: Layered | None = None,
) -> Session:
    """The simulated board of ``config`` (every key honoured), or the bare simulation of
    ``base`` (the defaults with the staff settings over them)."""
    state_dir = mock_state_dir(args, config)
    base = config or (None if layered is None else layered.config) or default_config()
    try:
        kiosk = kiosk_section(base.kiosk, forced=args.kiosk)
        level_number = base.play.computer_level if args.level is None else args.level
        computer_seats, level = computer_choice(args.computer, level_number)
    except (KioskSetupError, ValueError) as exc:
        raise SessionError(str(exc)) from None
    try:
        link = link_settings(base.link, broker=args.broker, board_id=args.board_id)
    except LinkSettingsError as exc:
        raise SessionError(str(exc)) from None
    if online is not None and link is None:
        raise SessionError("--online needs a broker: --broker URL or the config's link.broker")
    return build_session(
        config=simulated(config) if config is not None else bare_simulation(base),
        settings=settings,
        rng=random.Random(args.seed),
        scripted=args.script is not None,
        state_dir=state_dir,
        frames_path=args.frames,
        complain=_complain,
        kiosk=kiosk,
        computer_seats=computer_seats,
        level=level,
        link=link,
        online=online,
        config_problems=() if layered is None or layered.problem is None else (layered.problem,),
        page=None if link is None else page_for(_web_where(args, config)),
    )


def _web_where(args: argparse.Namespace, config: Config | None) -> str:
    """Where the pages are served: --web, else the config's (the mock's default without one)."""
    if args.web is not None:
        return str(args.web)
    if args.script is not None:
        return "off"
    return MOCK_WEB if config is None else f"{config.web.host}:{config.web.port}"


def online_of(
    args: argparse.Namespace, settings: tuple[str, dict[str, JsonValue]] | None
) -> OnlineRequest | None:
    """The ``--online`` request (host: with the ``--game`` to offer), or None."""
    if args.online is None:
        return None
    if args.computer is not None:
        raise SessionError(
            "--computer and --online do not go together: an online game is played by the people "
            "at both boards (leave out --online to play the computer)"
        )
    try:
        request = parse_online(args.online)
        if request.role == HOST:
            if settings is None:
                raise SessionError("--online host needs --game (the game to offer)")
            sides(*settings)
            return OnlineRequest(HOST, game=settings[0], rules=settings[1])
    except OnlineError as exc:
        raise SessionError(str(exc)) from None
    return request


def _load_config(path: str) -> Config:
    try:
        return load_config(path, lambda line: _complain(f"config {line}"))
    except ConfigError as exc:
        raise SessionError(f"config {path}: {exc}") from None


def _serve(
    session: Session, where: str, settings: WebConfig, store: SettingsStore
) -> WebPages | None:
    return serve_web(
        session.controller,
        where,
        _complain,
        pin=settings.pin,
        staff_pin=session.staff_pin,
        allowed_hosts=settings.allowed_hosts,
        history_dir=session.state_dir,
        settings=store,
        health=session.health,
    )


def _run_scripted(session: Session, name: str, web: Closable | None) -> int:
    try:
        try:
            source: TextIO = sys.stdin if name == "-" else Path(name).open(encoding="utf-8")  # noqa: SIM115
        except OSError as exc:
            raise SessionError(f"cannot read the script {name}: {exc.strerror}") from None
        with source:
            clock = session.fake_clock()
            bad = run_script(
                lines_of(source),
                session.board,
                clock,
                session.controller,
                _complain,
                live=web is not None,
            )
    finally:
        if web is not None:
            web.close()
    return 1 if bad else 0


def _run_interactive(session: Session, web: WebPages | None, *, plain: bool) -> int:
    from firmware.commands.terminal import Style, TerminalView, terminal_style

    tty = sys.stdin.isatty() and sys.stdout.isatty()
    view = TerminalView(sys.stdout, terminal_style(os.environ, tty=tty, plain=plain))
    view.address = None if web is None else web.url
    view.warning = _warnings.last
    session.controller.subscribe(view.show)
    view.show(session.controller.view())
    if view.style in (Style.COLOUR, Style.LETTERS):
        _warnings.sink = view.warn  # standard error would be drawn over: keep it on screen
    if stdin_is_closed(sys.stdin):
        signal.signal(signal.SIGTERM, lambda signum, frame: session.controller.stop())
        _complain(
            "standard input is closed: typed commands are off; the board runs until it is"
            " stopped (Ctrl-C or SIGTERM)"
        )
    else:
        _read_prompt(sys.stdin, session, _complain, view.redraw)
    try:
        session.controller.run()
    except KeyboardInterrupt:
        pass  # Ctrl-C: stop playing, like Ctrl-D or quit
    finally:
        _warnings.sink = None
        view.close()
        if web is not None:
            web.close()
    return 0


def stdin_is_closed(source: IO[str] | None) -> bool:
    """Whether standard input is closed or /dev/null (``</dev/null``, nohup, a background job):
    nothing can ever be typed. A pipe that ends later is the end of typed commands instead."""
    if source is None:
        return True
    try:
        handle = source.fileno()
    except io.UnsupportedOperation:
        return False  # a stream in memory (a test's): it can be read to its end
    except ValueError:
        return True  # closed
    try:
        found = os.fstat(handle)
    except OSError:
        return True
    null = Path(os.devnull).stat()
    return stat.S_ISCHR(found.st_mode) and found.st_rdev == null.st_rdev


def _read_prompt(
    source: IO[str], session: Session, warn: Callable[[str], None], redraw: Callable[[], None]
) -> threading.Thread:
    """Read typed commands in a thread; ``quit`` or the end of input stops the controller."""
    from firmware.commands.terminal import prompt_step

    def read() -> None:
        columns, rows = session.board.leds.columns, session.board.leds.rows
        for line in iter(source.readline, ""):
            if line.strip().lower() in ("quit", "exit", "q"):
                break
            try:
                step = prompt_step(line, columns, rows)
            except ScriptError as exc:
                warn(str(exc))
                continue
            if step is not None and step.verb == "wait":
                time.sleep(step.ms / 1000)
            elif step is not None:
                perform(step, session.board)
            redraw()
        session.controller.stop()

    thread = threading.Thread(target=read, name="cullsboard-input", daemon=True)
    thread.start()
    return thread


class _Warnings:
    """Where warnings go: standard error, and the terminal's status line once it is drawn."""

    def __init__(self) -> None:
        self.last: str | None = None
        self.sink: Callable[[str], None] | None = None


_warnings = _Warnings()


def _log_to_stderr(level: int) -> None:
    """Log lines go to standard error (the system journal under systemd), unless set up already."""
    root = logging.getLogger()
    if root.handlers:
        return
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("cullsboard: %(message)s"))
    root.addHandler(handler)
    root.setLevel(level)


def _warn(message: str) -> None:
    _complain(f"warning: {message}")


def _complain(message: str) -> None:
    _warnings.last = message
    if _warnings.sink is not None:
        _warnings.sink(message)
        return
    print(f"cullsboard: {message}", file=sys.stderr, flush=True)
