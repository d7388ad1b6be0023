"""The one event loop: every input goes through one queue; the loop alone changes the game."""

from __future__ import annotations

import logging
import queue
from collections.abc import Callable, Sequence

from firmware.controller.board.command_check import CommandCheck
from firmware.controller.board.idle_watch import IdleWatch
from firmware.controller.board.inbox import Inbox, QueueItem, StopLoop
from firmware.controller.board.loop_shared import NOTHING_SHARED, Shared
from firmware.controller.board.touches import BoardTouches
from firmware.controller.computer.computer import HintFound
from firmware.controller.core.extras import (
    CafeControls,
    LinkStatus,
)
from firmware.controller.core.live import (
    ONLINE_GAME_ON,
    BoardView,
    GoOnline,
    Listener,
    LoopCall,
    NameSeat,
    Press,
    RemoteCommand,
    ResetBoard,
    RestartBoard,
    ReviewAt,
    SeatComputer,
    SetBrightness,
    ShutDown,
    StaffCommand,
    StartGame,
    StartMatch,
    Touch,
    UndoAgreed,
    ViewHub,
)
from firmware.controller.core.players import SeatMove
from firmware.controller.core.restart import RestartRequested
from firmware.controller.core.timers import Timers
from firmware.controller.match.review import StartReview
from firmware.controller.table.table import Table
from firmware.controller.view.composer import Composer, ScorePart
from firmware.controller.view.faults import DeviceHealth
from firmware.controller.view.view_model import read_score
from firmware.rules.game_and_rules import GameAndRules
from firmware.rules.records import Record
from hal.interfaces import Board, ButtonEvent, FaultEvent, Frame, TouchEvent

log = logging.getLogger("cullsboard.controller")

HEARTBEAT_EVERY_S = 2.0
HOME = CafeControls()  # no idle show, dimmer or power switch


class BoardController:
    """Joins the table and the board: one queue in, frames and views out. A LiveBoard."""

    def __init__(
        self,
        board: Board,
        table: Table,
        *,
        heartbeat: Callable[[], object] | None = None,
        cafe: CafeControls = HOME,
        link: LinkStatus | None = None,
        health: DeviceHealth | None = None,
        shared: Shared = NOTHING_SHARED,
        score_parts: Sequence[ScorePart] = (),
    ) -> None:
        """``shared``: the loop's queue, views and timers, when other parts were given them before
        the controller was built; ``score_parts``: keys other parts add to the
        scoreboard (the game clock's ``clock``); ``health``: the devices' and the saving's faults,
        when the writers were given its ``saving`` before the controller was built."""
        attract, dimmer, power_off = cafe.attract, cafe.dimmer, cafe.power_off
        inbox, views, timers = shared.inbox, shared.views, shared.timers
        self.board = board
        self.table = table
        self.health = DeviceHealth() if health is None else health
        self._heartbeat = heartbeat
        self._dimmer = dimmer
        self._link = link
        self._power_off = power_off
        self._hold = None if power_off is None else cafe.hold
        self._queue: Inbox = queue.SimpleQueue() if inbox is None else inbox
        self.timers = Timers() if timers is None else timers
        self._touches = BoardTouches(table, self.timers, self._now_changed)
        self._idle = (
            None if attract is None else IdleWatch(attract, table, self.timers, self._redraw_due)
        )
        self._composer = Composer(
            table, board.leds, self.health, attract=attract, link=link, score_parts=score_parts
        )
        blank = BoardView(Frame.blank(board.leds.columns, board.leds.rows), {})
        self._views = ViewHub(blank) if views is None else views
        self._last_frame: Frame | None = None
        self._changed = True  # something may look different: compose the scoreboard again
        self._thinking = False
        self._stopping = False
        self._restart = False  # the staff asked for a restart: run raises RestartRequested
        self._picture = _Owner("the picture's next animation step")
        self._beats = _Owner("the heartbeat")
        self._check = CommandCheck(
            board,
            table,
            link=link,
            dimmer=dimmer,
            power_off=power_off,
            online_now=lambda: read_score(self.view().score).online is not None,
        )

    # -- any thread -----------------------------------------------------------------------

    def post(self, item: QueueItem) -> None:
        """Enqueue an input (the HAL's callbacks land here, from any thread)."""
        self._queue.put(item)

    def review(self, record: Record) -> None:
        """Step through ``record`` on the board (queued, like an input)."""
        self.post(StartReview(record))

    def lesson(self, name: str) -> None:
        """Open the lesson ``GAME/NAME`` on the board (queued, like an input)."""
        self.post(LoopCall(lambda now: self.table.start_lesson(name, now)))

    def submit(self, command: RemoteCommand) -> None:
        """Queue a remote touch, press or staff action; raise ValueError if it is malformed,
        CommandRefusedError if the board cannot carry it out now."""
        self._check.check(command)
        self.post(command)

    def stop(self) -> None:
        """Make a blocking ``run`` return soon."""
        self.post(StopLoop())

    def view(self) -> BoardView:
        return self._views.view()

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        return self._views.subscribe(listener)

    # -- the loop's thread ----------------------------------------------------------------

    def start(
        self,
        game: GameAndRules | None = None,
        first: str | None = None,
        *,
        lesson: str = "",
        puzzle: str = "",
    ) -> None:
        """Start (``first`` moving first, else drawn) or resume, hook up devices, show a frame.
        ``lesson`` (``GAME/NAME``) or ``puzzle`` (its id): opened over it before anything is
        shown or said."""
        now = self.board.clock.now()
        self.table.start(now, game, first)
        if lesson:
            self.table.start_lesson(lesson, now)
        elif puzzle:
            self.table.start_lesson(puzzle, now, puzzle=True)
        self.board.touch.start(self.post)
        if self.board.buttons is not None:
            self.board.buttons.start(self.post)
        if self._dimmer is not None:
            self._dim(now)
        self._settle(now)
        self.render()

    def step(self) -> None:
        """Handle everything queued, then render (for tests and scripted runs)."""
        while True:
            try:
                item = self._queue.get_nowait()
            except queue.Empty:
                break
            if isinstance(item, StopLoop):
                self._stopping = True
            else:
                self._act(item)
                self._changed = True
        now = self.board.clock.now()
        if self.timers.run_due(now):
            self._changed = True
        self._settle(now)
        self.render()

    def next_deadline(self) -> float | None:
        """When something next changes by itself (the lights, the scoreboard, a hold), if ever."""
        return self.timers.next_deadline()

    def run(self) -> None:
        """Block on the queue until ``stop``: sleeps until the next input or the next timer."""
        clock = self.board.clock
        self._beat(clock.now())
        self._stopping = False
        try:
            while not self._stopping:
                deadline = self.timers.next_deadline()
                timeout = None if deadline is None else max(deadline - clock.now(), 0.0)
                try:
                    item = self._queue.get(timeout=timeout)
                except queue.Empty:
                    item = None
                if isinstance(item, StopLoop):
                    return
                if item is not None:
                    self._act(item)
                    self._changed = True
                self.step()  # the rest of the queue, what is due, then the frame
            if self._restart:
                raise RestartRequested
        finally:
            self.timers.cancel(self._beats)

    def _settle(self, now: float) -> None:
        """After inputs and timers: what they may have changed that is not timed by itself (a
        seat's search beside the loop, the kiosk's idle state); the table's modes and feedback
        schedule their own changes on the timers."""
        thinking = self.table.thinking()
        if thinking != self._thinking:  # a seat's search started or ended beside the loop
            self._thinking = thinking
            self._changed = True
        if self._idle is not None:
            self._changed |= self._idle.check(now)

    def _redraw_due(self, now: float) -> None:
        """A timer whose only effect is that the picture or the scoreboard looks different."""
        self._changed = True

    def _now_changed(self) -> None:
        self._changed = True

    def _hold_due(self, now: float) -> None:
        if self._hold is not None and self._hold.due(now):
            self._shut_down(f"{self._hold.button.upper()} held {self._hold.seconds:g} s")

    def _dim(self, now: float) -> None:
        """Bring the LEDs to the brightness due now and wake again at the next possible step."""
        if self._dimmer is None:
            return
        if self._dimmer.apply():
            self._last_frame = None  # the same picture must go out at the new brightness
            self._changed = True
        wait = self._dimmer.seconds_to_next_check()
        self.timers.replace(self._dimmer, None if wait is None else now + wait, self._dim)

    def redraw(self) -> None:
        """Compose and send again now (on the loop's thread): something outside changed."""
        self._changed = True
        self.render()

    def render(self) -> None:
        """Compose the frame and the scoreboard for now (changing nothing); send the frame and
        tell listeners only if something changed."""
        if not self._changed and self._last_frame is not None:
            return
        self._changed = False
        now = self.board.clock.now()
        composed = self._composer.compose(now)
        frame, score = composed.frame, composed.score
        self.timers.replace(self._picture, composed.animates, self._redraw_due)
        if frame != self._last_frame and self.health.led_retry_due(now):
            self._send(frame, now)
        elif score == self._views.view().score:
            return
        self._views.publish(BoardView(frame, score))

    def _send(self, frame: Frame, now: float) -> None:
        """Show ``frame``; a failing LED chain never stops play: it is retried, backing off."""
        try:
            self.board.leds.show(frame)
        except OSError as exc:
            self.health.leds_failed(exc, now)
            self.timers.replace(self.health, self.health.led_retry_at, self._redraw_due)
        else:
            self.health.leds_sent()
            self._last_frame = frame

    def _act(self, item: object) -> None:
        now = self.board.clock.now()
        if isinstance(item, ResetBoard | StartGame | SetBrightness | ShutDown | RestartBoard):
            self._staff(item, now)
            return
        if isinstance(item, StartReview):
            self.table.start_review(item.record, now)
            return
        if self._hold is not None and isinstance(item, ButtonEvent):
            self._hold.feed(item)
            self.timers.replace(self._hold, self._hold.deadline(), self._hold_due)
        if self._idle is not None and self._idle.wakes_only(item):
            return
        if isinstance(item, TouchEvent):
            self._touches.feed(item, now)
        elif isinstance(item, ButtonEvent):
            if item.pressed:
                self.table.button(item.name, now)
        elif isinstance(item, FaultEvent):
            self.health.on_fault(item)
        elif isinstance(item, SeatMove):
            self._seat_move(item, now)
        elif isinstance(item, LoopCall):
            item.run(now)
        elif isinstance(item, StartMatch):
            self.table.new_match(item.game, dict(item.rules), now, item.first, item.kinds)
        elif isinstance(item, UndoAgreed):
            self.table.undo_agreed(now)
        elif isinstance(item, HintFound):
            self.table.show_hint(item.token, item.ply, now)
        elif isinstance(item, GoOnline):
            if self._link is not None:
                self._link.start_online(item.request, now, self.table.menu.game_and_rules())
        elif isinstance(item, Touch):
            self.table.tap(item.cell, now)
        elif isinstance(item, SeatComputer):
            self._seat_computer(item.seats, item.level, now)
        elif isinstance(item, NameSeat):
            self.table.name_seat(item.seat, item.player_name, now)
        elif isinstance(item, ReviewAt):
            coach = self.table.context.coach
            if item.record is not None and item.analysis and coach is not None:
                coach.remember(item.record, list(item.analysis))
            if item.record is not None:
                self.table.start_review(item.record, now)
            self.table.context.top.go_to(self.table.context, item.ply, now)
        elif isinstance(item, Press):
            self.table.button(item.button, now)

    def _seat_computer(self, seats: tuple[str, ...], level: int, now: float) -> None:
        """The computer's seats, in a new match; never over an online game (which a local
        match would end), however the command came."""
        if self._link is not None and self._link.online() is not None:
            log.info("refused the computer's seats %s: an online game is on", list(seats))
            self.table.refuse(ONLINE_GAME_ON, now)
            return
        self.table.seat_computer(frozenset(seats), level, now)

    def _seat_move(self, move: SeatMove, now: float) -> None:
        """A seat's player delivered a move; one for a position that has gone by is dropped."""
        state = None if self.table.match is None else self.table.match.current
        if state is None or state.ply != move.ply:
            log.info("dropped seat %d's move %s for ply %d", move.seat, move.token, move.ply)
            return
        self.table.play(move.token, move.seat, now)

    def _staff(self, command: StaffCommand, now: float) -> None:
        """A staff action from the network (its PIN was checked there)."""
        match command:
            case SetBrightness():
                if self._dimmer is not None:
                    self._dimmer.set_level(command.level)
                    log.info("staff set the brightness to %.2f", command.level)
                    self._dim(now)
                return
            case ShutDown():
                self._shut_down("the staff page")
                return
            case RestartBoard():
                log.info("staff restarted the board")
                self._restart = self._stopping = True
                return
        if self._idle is not None:
            self._idle.screen.wake()
        match command:
            case ResetBoard():
                log.info("staff reset the board")
                self.table.abandon(now, why="staff")
            case StartGame():
                log.info("staff started %s %s", command.game, command.rules)
                self.table.new_match(command.game, dict(command.rules), now, why="staff")

    def _shut_down(self, why: str) -> None:
        """Ask the system to power off; it stops this board first (SIGTERM), as any stop does."""
        if self._power_off is not None:
            self._power_off(why)

    def _beat(self, now: float) -> None:
        """Tell the service manager the loop is alive, and again every ``HEARTBEAT_EVERY_S``."""
        if self._heartbeat is not None:
            self._heartbeat()
            self.timers.replace(self._beats, now + HEARTBEAT_EVERY_S, self._beat)


class _Owner:
    """A named owner for the loop's own timers (its repr says what they are for)."""

    def __init__(self, what: str) -> None:
        self.what = what

    def __repr__(self) -> str:
        return f"<{self.what}>"
