"""One run of the board as it was asked for: the run spec, and what it resolves to with a config.

The command line builds a ``RunSpec`` once (``commands/play.py``); wiring never sees its parser's
output. ``plan_board`` resolves the spec against the board's config into a ``BoardPlan`` (the
kiosk section in force, the broker, the computer's seats and level) and ``assemble_board``
builds a board's parts from the plan, the same way for the real board and the simulated one:
only the devices and the clock they are given differ.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from firmware.config.schema import Config, KioskConfig
from firmware.controller.computer.computer import computer_choice
from firmware.controller.core.extras import PowerSwitch
from firmware.history.day import parse_day_ends
from firmware.kiosk.dimmer import WallClock
from firmware.kiosk.setup import kiosk_section
from firmware.link.online_request import OnlineRequest
from firmware.link.settings import LinkSettings, link_settings
from firmware.players import Level
from firmware.rules.game_and_rules import GameAndRules
from firmware.rules.records import Record
from firmware.rules.time_control import TimeControl, parse_time_control
from firmware.wiring.assemble import Assembly, assemble
from firmware.wiring.assembly_parts import CafeSetup, Keeping, Seats, Sound
from firmware.wiring.computer import computer_seating, history_coach
from firmware.wiring.errors import SessionError
from firmware.wiring.settings import hand_placed
from hal.interfaces import Board

Complain = Callable[[str], None]


@dataclass(frozen=True, slots=True)
class RunSpec:
    """How the board was asked to run: the same for the real board and the simulated one."""

    simulated: bool = False  # --mock-hal
    config_path: str | None = None
    state_dir: str | None = None
    kiosk: bool = False  # --kiosk: kiosk mode even if the config has it off
    seed: int | None = None
    game: GameAndRules | None = None  # the game to start at once (None: resume, else the menu)
    computer: str | None = None  # --computer: the computer's seats
    level: int | None = None
    online: OnlineRequest | None = None
    broker: str | None = None
    board_id: str | None = None
    web: str | None = None  # HOST:PORT or off (None: the config's)
    clock: TimeControl | None = None  # --clock: the game clock (None: the config's play.clock)
    review: Record | None = None  # opened on the board once it runs
    lesson: str | None = None  # GAME/NAME, opened once it runs (if no review)
    puzzle: str | None = None  # a puzzle's id, opened once it runs (if no review nor lesson)
    script: str | None = None  # simulated: play these lines on a clock only ``wait`` moves
    frames: str | None = None  # simulated: write every frame sent here
    said: str | None = None  # simulated: write every sentence the voice says here
    record: str | None = None  # simulated: save the game's record here at the end
    plain: bool = False  # simulated: the terminal view without colour or redraws

    @property
    def first_lesson(self) -> str:
        """The lesson opened as the board starts ("": none; a review opens instead)."""
        return (self.lesson or "") if self.review is None else ""

    @property
    def first_puzzle(self) -> str:
        """The puzzle opened as the board starts ("": none; a review or lesson opens instead)."""
        return (self.puzzle or "") if self.review is None and not self.lesson else ""


@dataclass(frozen=True, slots=True)
class BoardPlan:
    """A run spec resolved against the board's config: what its parts are built from."""

    spec: RunSpec
    config: Config
    kiosk: KioskConfig | None  # the kiosk section in force (None: kiosk mode off)
    link: LinkSettings | None  # the broker to put the board on
    computer_seats: frozenset[str]
    level: Level
    time_control: TimeControl  # the game clock (NO_CLOCK: untimed)
    config_problems: tuple[str, ...] = ()


def plan_board(spec: RunSpec, config: Config, config_problems: tuple[str, ...] = ()) -> BoardPlan:
    """Resolve ``spec`` against ``config``; an InputError (one line) for what cannot run."""
    kiosk = kiosk_section(config.kiosk, forced=spec.kiosk)
    link = link_settings(config.link, broker=spec.broker, board_id=spec.board_id)
    number = config.play.computer_level if spec.level is None else spec.level
    computer_seats, level = computer_choice(spec.computer, number)
    time_control = spec.clock or parse_time_control(config.play.clock)
    if spec.online is not None and link is None:
        raise SessionError("--online needs a broker: --broker URL or the config's link.broker")
    return BoardPlan(
        spec, config, kiosk, link, computer_seats, level, time_control, config_problems
    )


def assemble_board(
    plan: BoardPlan,
    board: Board,
    *,
    state_dir: Path,
    complain: Complain,
    wall: WallClock,
    real_board: bool,
    heartbeat: Callable[[], object] | None = None,
    power_off: PowerSwitch | None = None,
) -> Assembly:
    """The parts of a board of ``plan`` on ``board``'s devices and clock.

    ``real_board``: physical pieces are placed by hand as the config says (``pieces: auto``:
    the simulated board shows them at once). The computer's searches are seeded from the run's
    random source; a scripted run searches in this process on its simulated clock, so its
    figures repeat. Neither a scripted run nor a board with ``computer.coach: false`` has a coach
    (no finished round is analysed; "show my mistakes" is not offered)."""
    config, rng = plan.config, random.Random(plan.spec.seed)
    scripted = not real_board and plan.spec.script is not None
    coach = history_coach(state_dir) if config.computer.coach and not scripted else None
    seating = computer_seating(
        config.computer,
        clock=board.clock.now,
        level=plan.level,
        computer_seats=plan.computer_seats,
        seed=rng.getrandbits(32),
        in_process=scripted,
        coach=coach,
    )
    return assemble(
        board,
        keeping=Keeping(
            state_dir=state_dir,
            warn=lambda text: complain(f"warning: {text}"),
            wall=wall,
            day_ends=parse_day_ends(config.kiosk.day_ends),
        ),
        seats=Seats(
            seating=seating,
            hand_placed=hand_placed(config, real_board=real_board),
            hints=config.play.hints,
            time_control=plan.time_control,
            coach=coach,
        ),
        cafe=CafeSetup(
            kiosk=plan.kiosk,
            heartbeat=heartbeat,
            link=plan.link,
            power_off=power_off,
            config_problems=plan.config_problems,
        ),
        sound=Sound(beeps=config.buzzer.enabled, speech=config.speech),
        rng=rng,
    )
