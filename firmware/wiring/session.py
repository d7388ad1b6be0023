"""A run of the simulated board (``--mock-hal``): its controller, frames file, typed commands."""

from __future__ import annotations

import datetime
import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, TYPE_CHECKING, Protocol

from firmware.controller.board.loop import BoardController
from firmware.controller.table.table import Table
from firmware.kiosk.setup import wall_on
from firmware.render.frame_json import frame_line
from firmware.wiring.assemble import simulated_board
from firmware.wiring.errors import SessionError
from firmware.wiring.health import BoardHealth
from firmware.wiring.link_start import start_link
from firmware.wiring.spec import BoardPlan, assemble_board
from hal.clock import FakeClock, MonotonicClock
from hal.mock import MockBoard, SentFrame
from hal.speaker.mock import Said

if TYPE_CHECKING:  # aiohttp is imported only by runs that serve pages
    from firmware.config.layered import SettingsStore
    from firmware.web.pads import PadSource

Complain = Callable[[str], None]
FRAMES_KEPT = 100  # the latest frames the simulated LEDs keep in memory


class Closable(Protocol):
    def close(self) -> None: ...


class WebPages(Closable, Protocol):
    """The running web server, as its starter sees it."""

    @property
    def url(self) -> str: ...


def default_state_dir(environ: dict[str, str]) -> Path:
    """The per-user state directory: $XDG_STATE_HOME/cullsboard or ~/.local/state/cullsboard."""
    base = environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(base) / "cullsboard"


@dataclass
class Session:
    """Everything one run of the simulated board owns; ``finish`` writes the record and closes."""

    board: MockBoard
    controller: BoardController
    table: Table
    complain: Complain
    frames: IO[str] | None = None
    said: IO[str] | None = None  # every sentence the simulated voice says (``--said``)
    t0: float = 0.0
    staff_pin: str | None = None
    link: Closable | None = None
    state_dir: Path | None = None
    health: BoardHealth | None = None
    today: Callable[[], datetime.date] | None = None  # the café's day now, for the pages
    closed: bool = field(default=False)

    def fake_clock(self) -> FakeClock:
        clock = self.board.clock
        assert isinstance(clock, FakeClock), "scripted runs use the simulated clock"
        return clock

    def write_frame(self, sent: SentFrame) -> None:
        if self.frames is None:
            return
        try:
            self.frames.write(frame_line(sent.frame, round((sent.t - self.t0) * 1000)))
            self.frames.flush()
        except OSError as exc:
            self.complain(f"cannot write the frames file: {exc.strerror}; no more frames written")
            self.frames = None

    def write_said(self, said: Said) -> None:
        if self.said is None:
            return
        try:
            self.said.write(f"{round((said.t - self.t0) * 1000)}\t{' '.join(said.text.split())}\n")
            self.said.flush()
        except OSError as exc:
            self.complain(f"cannot write the sentences file: {exc.strerror}; no more written")
            self.said = None

    def finish(self, record_path: str | None) -> None:
        """Save the record (if asked), stop sending frames and release the board."""
        if self.closed:
            return
        self.closed = True
        if self.link is not None:
            self.link.close()
        if record_path is not None:
            save_record(self.table, record_path, self.complain)
        self.board.leds.on_sent = None
        if self.frames is not None:
            self.frames.close()
        if self.said is not None and self.board.speaker is not None:
            self.board.speaker.finish()  # what still waits is said, after the rest
            self.said.close()
        self.board.close()


def save_record(table: Table, path: str, complain: Complain) -> None:
    """Write the current game as a records.md record."""
    record = table.record_json()
    if record is None:
        complain(f"no game is being played, so no record was written to {path}")
        return
    try:
        Path(path).write_text(json.dumps(record) + "\n", encoding="utf-8")
    except OSError as exc:
        complain(f"cannot write the record {path}: {exc.strerror}")


def build_session(
    plan: BoardPlan, *, state_dir: Path, complain: Complain, page: str | None = None
) -> Session:
    """The simulated board of ``plan`` (its config a ``simulated`` one), started, on a clock
    that only ``wait`` moves when the run is scripted.

    A scripted run's wall clock starts now and then moves with the simulated clock. ``page``:
    the board page the broker is told of."""
    scripted = plan.spec.script is not None
    clock = FakeClock() if scripted else MonotonicClock()
    board = simulated_board(plan.config, clock)
    board.leds.keep = FRAMES_KEPT  # a run may go on for days: the frames file has them all
    now = datetime.datetime.now
    parts = assemble_board(
        plan,
        board,
        state_dir=state_dir,
        complain=complain,
        wall=wall_on(clock, now()) if scripted else now,
        real_board=False,
    )
    session = Session(
        board,
        parts.controller,
        parts.table,
        complain,
        t0=clock.now(),
        staff_pin=parts.staff_pin,
        state_dir=state_dir,
        health=parts.health,
        today=parts.today,
    )
    frames_path = plan.spec.frames
    if frames_path is not None:
        try:
            session.frames = Path(frames_path).open("w", encoding="utf-8")  # noqa: SIM115
        except OSError as exc:
            raise SessionError(
                f"cannot write the frames file {frames_path}: {exc.strerror}"
            ) from None
        board.leds.on_sent = session.write_frame
    if plan.spec.said is not None and board.speaker is not None:
        session.said = _open_output(plan.spec.said, "the sentences file")
        board.speaker.hear(session.write_said)
    spec = plan.spec
    session.controller.start(spec.game, lesson=spec.first_lesson, puzzle=spec.first_puzzle)
    if plan.link is not None:
        session.link = start_link(parts, plan.spec.online, page=page)
    return session


def _open_output(path: str, what: str) -> IO[str]:
    try:
        return Path(path).open("w", encoding="utf-8")
    except OSError as exc:
        raise SessionError(f"cannot write {what} {path}: {exc.strerror}") from None


def serve_web(
    controller: BoardController,
    where: str,
    complain: Complain,
    *,
    pin: str | None = None,
    staff_pin: str | None = None,
    allowed_hosts: tuple[str, ...] = (),
    pads: PadSource | None = None,
    history_dir: Path | None = None,
    settings: SettingsStore | None = None,
    health: BoardHealth | None = None,
    today: Callable[[], datetime.date] | None = None,
) -> WebPages | None:
    """Start the web pages on ``HOST:PORT`` (``off``: none; port 0: any free one), print where.

    ``pads`` feeds the live pad view (``/pads``) on a board with MPR121 chips."""
    if where.lower() == "off":
        return None
    host, _, port_text = where.rpartition(":")
    host = host.removeprefix("[").removesuffix("]")
    if not host or not port_text.isdigit() or int(port_text) > 65535:
        raise SessionError(f"--web: write HOST:PORT (e.g. 127.0.0.1:8080) or off, got {where!r}")
    try:
        from firmware.web.server import serve_in_thread  # aiohttp: only for runs that serve pages

        server = serve_in_thread(
            controller,
            host=host,
            port=int(port_text),
            pin=pin,
            staff_pin=staff_pin,
            allowed_hosts=allowed_hosts,
            pads=pads,
            history_dir=history_dir,
            settings=settings,
            health=None if health is None else health.to_json,
            today=today,
        )
    except (ImportError, OSError) as exc:
        complain(f"the web pages could not start on {where}: {exc}")
        return None
    print(f"cullsboard: web pages at {server.url}", flush=True)
    if settings is not None and health is not None:  # saved again: the old problem is over
        settings.subscribe(lambda config: health.settings_saved())
    pages: WebPages = server
    return pages


def page_for(where: str) -> str | None:
    """The board page a phone (or the fleet page) opens, for ``--web HOST:PORT`` (None: no
    pages, or a port not known before they start)."""
    host, _, port_text = where.rpartition(":")
    if not port_text.isdigit() or int(port_text) in (0,) or int(port_text) > 65535:
        return None
    from firmware.web.address import network_facts, page_address  # segno: runs with pages only

    return page_address(host.removeprefix("[").removesuffix("]"), int(port_text), network_facts())


def lines_of(source: IO[str]) -> Iterable[str]:
    """Lines as they arrive (a pipe is read line by line, not all at once)."""
    return iter(source.readline, "")
