"""Run the board: the real one, or ``--mock-hal`` the simulated one (interactive or scripted)."""

from __future__ import annotations

import argparse
import dataclasses
import io
import logging
import os
import signal
import stat
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO, TYPE_CHECKING, TextIO

from firmware.commands.errors import CommandError
from firmware.commands.play_arguments import MOCK_WEB
from firmware.commands.seat_check import check_computer, check_game
from firmware.config import Config, ConfigError, default_config, load_config
from firmware.config.layered import Layered, SettingsStore, start_layered
from firmware.config.running import Switches
from firmware.config.schema import WebConfig
from firmware.controller.core.options import all_options, rules_from_options
from firmware.link.online_request import HOST, OnlineRequest, parse_online, sides
from firmware.rules.game_and_rules import GameAndRules
from firmware.rules.records import Record
from firmware.service.state_lock import lock_state_dir
from firmware.wiring.assemble import bare_simulation
from firmware.wiring.drive import perform, run_script
from firmware.wiring.errors import SessionError
from firmware.wiring.hardware import run_real_board
from firmware.wiring.session import (
    Closable,
    Session,
    WebPages,
    build_session,
    default_state_dir,
    lines_of,
    page_for,
    serve_web,
)
from firmware.wiring.settings import simulated
from firmware.wiring.spec import RunSpec, plan_board

if TYPE_CHECKING:
    from firmware.commands.terminal import TerminalView


def game_of(args: argparse.Namespace) -> GameAndRules | None:
    """The game asked for on the command line, or None; an InputError for options that clash."""
    given = {name: getattr(args, name) for name in all_options()}
    if args.game is not None:
        check_game(args.game)
    if args.game is None:
        if any(value is not None for value in given.values()):
            flags = [f"--{name}" for name in given]
            listed = ", ".join(flags[:-1]) + f" and {flags[-1]}" if len(flags) > 1 else flags[0]
            raise SessionError(f"{listed} need --game")
        return None
    return GameAndRules(args.game, rules_from_options(args.game, given, flags=True))


def run_spec(args: argparse.Namespace, review: Record | None = None) -> RunSpec:
    """The run the command line asks for, checked; an InputError (one line) if it cannot be."""
    game = game_of(args)
    if args.computer is not None:
        check_computer(args.computer, game)
    online = online_of(args, game)
    if args.said is not None and not args.mock_hal:
        raise SessionError("--said needs --mock-hal (it writes what the simulated voice says)")
    if online is not None:
        game = None  # the online game starts once the broker is reached
    return RunSpec(
        simulated=bool(args.mock_hal),
        config_path=args.config,
        state_dir=args.state_dir,
        kiosk=bool(args.kiosk),
        seed=args.seed,
        game=game,
        computer=args.computer,
        level=args.level,
        online=online,
        broker=args.broker,
        board_id=args.board_id,
        web=args.web,
        clock=args.clock,
        review=review,
        lesson=_lesson_of(args),
        puzzle=_puzzle_of(args),
        script=args.script,
        frames=args.frames,
        said=args.said,
        record=args.record,
        plain=bool(args.plain),
    )


def run(args: argparse.Namespace, review: Record | None = None) -> int:
    """Play on the board (``review``: step through that record on it first)."""
    _log_to_stderr(logging.WARNING if args.mock_hal else logging.INFO)
    spec = run_spec(args, review)
    if not spec.simulated:
        return run_real_board(spec, _complain)
    config = None if spec.config_path is None else _load_config(spec.config_path)
    state_dir = mock_state_dir(spec, config)
    with lock_state_dir(state_dir):
        switches = Switches(kiosk=spec.kiosk, web=spec.web)
        try:
            layered = start_layered(config or default_config(), state_dir, _warn, switches)
        except ConfigError as exc:
            where = "" if config is None else f"config {spec.config_path}: "
            raise CommandError(f"{where}{exc}") from None
        store = SettingsStore(layered, state_dir)
        layered_config = None if config is None else layered.config
        session = mock_session(spec, layered_config, layered)
        if spec.review is not None:
            session.controller.review(spec.review)
        return _play(spec, session, layered_config, store)


def _puzzle_of(args: argparse.Namespace) -> str | None:
    """The puzzle ``--puzzle`` names, checked now (SessionError says where the ids are)."""
    if args.puzzle is None:
        return None
    from firmware.learn.puzzles import PuzzleError, load_puzzles

    try:
        ids = {puzzle.id for puzzle in load_puzzles()}
    except PuzzleError as exc:
        raise SessionError(f"--puzzle: a puzzle cannot be used: {exc}") from exc
    if args.puzzle not in ids:
        found = f"{args.puzzle[:40]!r}"
        raise SessionError(f"--puzzle: no puzzle {found} (cullsboard puzzles lists every id)")
    return str(args.puzzle)


def _lesson_of(args: argparse.Namespace) -> str | None:
    """The lesson ``--lesson`` names, checked now (SessionError lists the lessons there are)."""
    if args.lesson is None:
        return None
    from firmware.learn.lesson import LessonError
    from firmware.learn.library import find_lesson

    try:
        return find_lesson(args.lesson).full_name
    except LessonError as exc:
        raise SessionError(f"--lesson: {exc}") from exc


def _play(spec: RunSpec, session: Session, config: Config | None, store: SettingsStore) -> int:
    web_config = store.config.web  # the layered settings: a PIN saved on the staff page too
    try:
        if spec.script is not None:
            web = None if spec.web is None else _serve(session, spec.web, web_config, store)
            return _run_scripted(session, spec.script, web)
        default = MOCK_WEB if config is None else f"{config.web.host}:{config.web.port}"
        web = _serve(session, spec.web or default, web_config, store)
        return _run_interactive(session, web, plain=spec.plain)
    finally:
        session.finish(spec.record)


def mock_state_dir(spec: RunSpec, config: Config | None) -> Path:
    """Where the simulated board keeps its journal: --state-dir, the config's, or the user's."""
    if spec.state_dir is not None:
        return Path(spec.state_dir)
    if config is not None:
        return Path(config.state_dir).expanduser()
    return default_state_dir(dict(os.environ))


def mock_session(spec: RunSpec, config: Config | None, layered: Layered | None = None) -> Session:
    """The simulated board of ``config`` (every key honoured), or the bare simulation of the
    defaults with the staff settings over them (``layered``)."""
    state_dir = mock_state_dir(spec, config)
    base = config or (None if layered is None else layered.config) or default_config()
    problems = () if layered is None or layered.problem is None else (layered.problem,)
    devices = simulated(config) if config is not None else bare_simulation(base)
    if spec.said is not None:  # the simulated voice, whatever the config's backend
        devices = dataclasses.replace(
            devices, speech=dataclasses.replace(devices.speech, backend="mock")
        )
    plan = plan_board(spec, devices, problems)
    page = None if plan.link is None else page_for(_web_where(spec, config))
    return build_session(plan, state_dir=state_dir, complain=_complain, page=page)


def _web_where(spec: RunSpec, config: Config | None) -> str:
    """Where the pages are served: --web, else the config's (the mock's default without one)."""
    if spec.web is not None:
        return spec.web
    if spec.script is not None:
        return "off"
    return MOCK_WEB if config is None else f"{config.web.host}:{config.web.port}"


def online_of(args: argparse.Namespace, game: GameAndRules | None) -> OnlineRequest | None:
    """The ``--online`` request (host: with the ``--game`` to offer), or None."""
    if args.online is None:
        return None
    if args.computer is not None:
        raise SessionError(
            "--computer and --online do not go together: an online game is played by the people "
            "at both boards (leave out --online to play the computer)"
        )
    request = parse_online(args.online)
    if request.role == HOST:
        if game is None:
            raise SessionError("--online host needs --game (the game to offer)")
        sides(game.game, game.rules_dict())
        return OnlineRequest(HOST, game=game.game, rules=game.rules_dict())
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
        today=session.today,
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
        _read_prompt(sys.stdin, session, view)
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


def _read_prompt(source: IO[str], session: Session, view: TerminalView) -> threading.Thread:
    """Read typed commands in a thread; ``quit`` or the end of input stops the controller."""
    from firmware.commands.terminal_prompt import QUIT, prompt_step
    from firmware.controller.core.live import Press

    def read() -> None:
        columns, rows = session.board.leds.columns, session.board.leds.rows
        for line in iter(source.readline, ""):
            word = line.strip().lower()
            if word in QUIT:
                break
            if word == "help":
                view.typed()
                view.help()
                continue
            try:
                step = prompt_step(line, columns, rows)
                if isinstance(step, Press):  # as the board page's button sends it
                    session.controller.submit(step)
                elif step is not None and step.verb == "wait":
                    time.sleep(step.ms / 1000)
                elif step is not None:
                    perform(step, session.board, session.controller.submit)
            except ValueError as exc:  # a ScriptError, or a press the board refuses
                if view.ansi:
                    view.refuse(str(exc))
                else:
                    _complain(str(exc))
                continue
            view.typed()
            view.redraw()
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
