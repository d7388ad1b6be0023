"""The one place a board and its controller are put together: play, the kiosk, the tests.

``simulated_board`` builds the ``--mock-hal`` board from a config exactly as the hardware would be
built (``build_board`` over ``simulated(config)``), so every key ``diag`` honours is honoured here;
``assemble`` puts the table, the journal, the kiosk parts and the controller around any board.
"""

from __future__ import annotations

import dataclasses
import datetime
import queue
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from firmware.config.schema import Config, SpeechConfig
from firmware.controller.board.inbox import Inbox
from firmware.controller.board.loop import BoardController
from firmware.controller.board.loop_shared import Shared
from firmware.controller.clock.clock_file import ClockFile
from firmware.controller.clock.game_clock import BoardClock
from firmware.controller.computer.computer import notice_teller
from firmware.controller.core.events import EventBus
from firmware.controller.core.extras import CafeControls
from firmware.controller.core.hold import ButtonHold
from firmware.controller.core.live import BoardView, Redraw, ViewHub
from firmware.controller.core.players import (
    Player,
    PlayerFactory,
    PlayerKind,
    Post,
    SeatFiller,
)
from firmware.controller.core.saving import Saving
from firmware.controller.core.timers import Timers
from firmware.controller.match.journal import Journal
from firmware.controller.match.resume import BUILT_IN
from firmware.controller.modes.parts import BoardOffers
from firmware.controller.table.table import Table
from firmware.controller.table.table_setup import TableHelps, WhoPlays
from firmware.controller.view.faults import DeviceHealth
from firmware.controller.view.view_model import Fact, facts_part
from firmware.history.day import Today
from firmware.history.names import saved_names
from firmware.history.recorder import HistoryRecorder
from firmware.history.store import History
from firmware.history.writer import SPOOL_NAME, HistoryWriter
from firmware.kiosk.dimmer import WallClock
from firmware.kiosk.power import PowerOff
from firmware.kiosk.setup import KioskParts, build_kiosk
from firmware.learn.shelf import Shelf
from firmware.link.board import BoardLink
from firmware.rules.api import JsonValue
from firmware.speech.announcer import Announcer
from firmware.speech.desk import AnnouncerThread
from firmware.wiring.assembly_parts import (
    HOME,
    LOUD,
    SEATED_HERE,
    CafeSetup,
    Keeping,
    Seats,
    Sound,
)
from firmware.wiring.devices import (
    build_buttons,
    build_buzzer,
    build_leds,
    build_speaker,
    build_touch,
)
from firmware.wiring.health import BoardHealth
from firmware.wiring.settings import simulated
from hal.clock import MonotonicClock
from hal.interfaces import Board, Clock, Frame
from hal.mock import MockBoard, MockButtons, MockBuzzer, MockLeds, MockSpeaker, MockTouch


def bare_simulation(base: Config) -> Config:
    """The simulated board run without a config: ideal LEDs (no gamma, a generous current
    budget) and every button, the buzzer and the voice present, so scripts see the colours the
    game asks for. ``base`` supplies everything else (``default_config()``)."""
    leds = dataclasses.replace(base.leds, gamma=1.0, brightness=1.0, max_current_ma=6000)
    buttons = dataclasses.replace(base.buttons, backend="mock")
    buzzer = dataclasses.replace(base.buzzer, backend="mock")
    speech = dataclasses.replace(base.speech, backend="mock")
    return simulated(
        dataclasses.replace(base, leds=leds, buttons=buttons, buzzer=buzzer, speech=speech)
    )


def simulated_board(config: Config, clock: Clock) -> MockBoard:
    """Every device of a ``simulated`` config, in memory."""
    touch = build_touch(config, clock)
    leds = build_leds(config, clock)
    buttons = build_buttons(config, clock)
    buzzer = build_buzzer(config, clock)
    speaker = build_speaker(config, clock)
    assert isinstance(touch, MockTouch) and isinstance(leds, MockLeds)
    assert buttons is None or isinstance(buttons, MockButtons)
    assert buzzer is None or isinstance(buzzer, MockBuzzer)
    assert speaker is None or isinstance(speaker, MockSpeaker)
    return MockBoard(
        touch=touch, leds=leds, clock=clock, buttons=buttons, buzzer=buzzer, speaker=speaker
    )


@dataclass
class Assembly:
    """A board with its table and controller (and the kiosk's parts, in kiosk mode)."""

    board: Board
    table: Table
    controller: BoardController
    events: EventBus
    kiosk: KioskParts | None = None
    history: History | None = None
    link: BoardLink | None = None  # on a broker: ``link_start.start_link`` connects it
    health: BoardHealth | None = None
    announcer: Announcer | None = None  # the voice's subscriber, on a board with a speaker
    voice_thread: AnnouncerThread | None = None  # the announcer's own thread, beside a real voice
    today: Callable[[], datetime.date] = field(  # the café's day now
        default_factory=lambda: Today(datetime.datetime.now)
    )

    @property
    def staff_pin(self) -> str | None:
        return None if self.kiosk is None else self.kiosk.staff_pin

    def close(self) -> None:
        """End the threads the parts started that the board's own close does not: the
        announcer's (the board's close then ends the voice, and a sentence being said); safe
        twice."""
        if self.voice_thread is not None:
            self.voice_thread.close()


def assemble(
    board: Board,
    *,
    keeping: Keeping,
    rng: random.Random,
    seats: Seats = SEATED_HERE,
    cafe: CafeSetup = HOME,
    sound: Sound = LOUD,
) -> Assembly:
    """The table (its journal where ``keeping`` says), the kiosk parts if ``cafe.kiosk`` is an
    enabled section (its day statistics kept there too, its schedule on the wall clock), and the
    controller; each group's parts are described in ``assembly_parts``."""
    state_dir, warn, wall, day_ends = (
        keeping.state_dir,
        keeping.warn,
        keeping.wall,
        keeping.day_ends,
    )
    players, seating, hints, coach = seats.players, seats.seating, seats.hints, seats.coach
    hand_placed, player_kinds, time_control = (
        seats.hand_placed,
        seats.player_kinds,
        seats.time_control,
    )
    kiosk, power_off, link, heartbeat = cafe.kiosk, cafe.power_off, cafe.link, cafe.heartbeat
    config_problems, beeps, speech = cafe.config_problems, sound.beeps, sound.speech
    events = EventBus()
    timers = Timers()  # the board's one set of timers: every part that waits schedules here
    inbox: Inbox = queue.SimpleQueue()
    views = ViewHub(BoardView(Frame.blank(board.leds.columns, board.leds.rows), {}))
    announcer, voice_thread = _announcer(board, speech, events, views)
    wall_seconds = _wall_seconds(wall)
    today = Today(datetime.datetime.now if wall is None else wall, day_ends)
    history = None if state_dir is None else History(state_dir, day_ends=day_ends)
    saving = Saving()  # what the writers cannot save: the health, the corners' flash
    if state_dir is not None:
        saving.look_at(state_dir)
    link_part = None
    if link is not None:
        link_part = BoardLink(
            link,
            post=inbox.put,
            views=views,
            events=events,
            clock=MonotonicClock(),
            wall=wall_seconds,
            state_dir=state_dir,
            fallback_draw=rng.choice,
        )
    fillers = list(player_kinds)
    if seating is not None:
        computer = partial(seating, PlayerKind.COMPUTER)
        fillers.append(SeatFiller(PlayerKind.COMPUTER, lambda seat, post: computer(seat)))
    if link_part is not None:
        remote = link_part.online_game.remote_seat
        fillers.append(SeatFiller(PlayerKind.REMOTE, lambda seat, post: remote(seat)))
    table = Table(
        columns=board.leds.columns,
        rows=board.leds.rows,
        journal=Journal(state_dir, warn, saving),
        events=events,
        rng=rng,
        wall=wall_seconds,
        who=WhoPlays(
            players=_players(fillers, players, inbox.put),
            seating=seating,
            player_kinds=BUILT_IN | {filler.kind for filler in fillers},
            online=None if link_part is None else link_part.online_game,
            hand_placed=hand_placed,
        ),
        helps=TableHelps(
            hints=hints,
            learning=Shelf(),
            offers=BoardOffers(
                explore=announcer is not None and speech.enabled and speech.explore,
                voice_on=None if announcer is None else announcer.enabled,
                coach=coach,
            ),
            beep=None if board.buzzer is None or not beeps else board.buzzer.beep,
            timers=timers,
        ),
    )
    game_clock = BoardClock(
        time_control,
        table=table,
        timers=timers,
        now=board.clock.now,
        store=ClockFile(state_dir, saving),
        beep=None if board.buzzer is None or not beeps else board.buzzer.beep,
    )
    events.subscribe(game_clock.hear)
    if link_part is not None:
        link_part.share_clock(game_clock)
    if seating is not None:
        seating.time_from(game_clock.movetime_ms)
    if state_dir is not None and history is not None:
        folder = state_dir
        writer = HistoryWriter(
            lambda: History(folder, day_ends=day_ends), folder / SPOOL_NAME, warn, saving=saving
        )
        journal_names = table.names_of  # the journal's names, the history's for older journals

        def kept(key: str) -> dict[int, str]:
            known = journal_names(key)
            return saved_names(history, key) if known is None else known

        board_name = "" if link is None else link.board_id  # the history's board: its broker id
        events.subscribe(HistoryRecorder(writer, board_name, wall_seconds, kept))
        events.subscribe(writer.retry_after)  # what could not be written yet, at every event
    kiosk_parts = None
    if kiosk is not None:
        if state_dir is None or wall is None:
            raise ValueError("kiosk mode needs a state directory and a wall clock")
        kiosk_parts = build_kiosk(
            kiosk, clock=board.clock, leds=board.leds, state_dir=state_dir, wall=wall
        )
    hold = None
    if kiosk is not None and kiosk.power_off_buttons:
        hold = ButtonHold(kiosk.power_off_buttons, kiosk.power_off_seconds)
    controller = BoardController(
        board,
        table,
        heartbeat=heartbeat,
        cafe=CafeControls(
            attract=None if kiosk_parts is None else kiosk_parts.attract,
            dimmer=None if kiosk_parts is None else kiosk_parts.dimmer,
            power_off=None
            if kiosk is None
            else (PowerOff(command=None) if power_off is None else power_off),
            hold=hold,
        ),
        link=link_part,
        health=DeviceHealth(saving),
        shared=Shared(inbox, views, timers),
        score_parts=(
            game_clock.score_json,
            _voice_shown(board, inbox),
            no_tournament if link_part is None else link_part.score_json,
            lambda now: facts_part(*(Fact(why, UNSAVED, why) for why in saving.unsaved())),
        ),
    )
    if seating is not None:
        seating.connect(controller.post, notice_teller(controller.post, table))
    if coach is not None:
        events.subscribe(coach.hear)
        coach.listen(lambda: inbox.put(Redraw()))
    health = _health(controller, link_part, state_dir, config_problems)
    return Assembly(
        board,
        table,
        controller,
        events,
        kiosk_parts,
        history,
        link_part,
        health,
        announcer,
        voice_thread,
        today,
    )


VOICE_SHOWN = 3  # the simulated voice's latest sentences on the terminal and the board page


UNSAVED = "Games not saved"  # a fact on every reader while a file cannot be written


def no_tournament(now: float) -> dict[str, JsonValue]:
    """A board off the broker plays no tournament game: the scoreboard's key is null."""
    return {"tournament": None}


def _voice_shown(board: Board, inbox: Inbox) -> Callable[[float], dict[str, JsonValue]]:
    """The scoreboard's ``voice`` key: on the simulated board what its voice was last given
    (each new sentence draws the board again), else null (a real voice is heard)."""
    speaker = board.speaker
    if not isinstance(speaker, MockSpeaker):
        return lambda now: {"voice": None}
    speaker.listen(lambda: inbox.put(Redraw()))

    def voice(now: float) -> dict[str, JsonValue]:
        latest = speaker.asked[-VOICE_SHOWN:]
        said: list[JsonValue] = [{"t": round(u.t, 3), "text": u.text} for u in latest]
        return {"voice": {"said": said}}

    return voice


def _announcer(
    board: Board, speech: SpeechConfig, events: EventBus, views: ViewHub
) -> tuple[Announcer | None, AnnouncerThread | None]:
    """The voice's subscriber to the events and the views, on a board that has a speaker: on a
    thread of its own beside a real voice (returned too: ``Assembly.close`` ends it), in the
    loop for the simulated one (which keeps time on the board's clock)."""
    if board.speaker is None:
        return None, None
    announcer = Announcer(board.speaker, verbosity=speech.verbosity, enabled=speech.enabled)
    thread = None if isinstance(board.speaker, MockSpeaker) else AnnouncerThread(announcer)
    listener = announcer if thread is None else thread
    events.subscribe(listener.hear)
    views.subscribe(listener.look)
    return announcer, thread


def _health(
    controller: BoardController,
    link: BoardLink | None,
    state_dir: Path | None,
    config_problems: tuple[str, ...],
) -> BoardHealth:
    """The board's health: its devices' faults, the state directory's card, the broker."""
    return BoardHealth(
        controller.health,
        state_dir=state_dir,
        link_down=lambda: link is not None and link.down,
        config_problems=config_problems,
    )


def _wall_seconds(wall: WallClock | None) -> Callable[[], float]:
    if wall is None:
        return time.time
    return lambda: wall().timestamp()


def _players(fillers: list[SeatFiller], others: PlayerFactory, post: Post) -> PlayerFactory:
    """Each seat's player: by its kind's filler, else ``others``."""
    by_kind = {filler.kind: filler for filler in fillers}

    def player(kind: PlayerKind, seat: int) -> Player:
        filler = by_kind.get(kind)
        return others(kind, seat) if filler is None else filler.make(seat, post)

    return player
