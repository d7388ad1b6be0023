"""A board on a fake clock that tests drive like a game script: tap("h8"), advance(0.25)."""

from __future__ import annotations

import datetime
import random
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import pytest

from firmware.config.load import parse_config
from firmware.config.schema import KioskConfig
from firmware.controller.computer.computer import Seating
from firmware.controller.core.extras import PowerSwitch
from firmware.controller.core.players import PlayerFactory, SeatFiller, passive_player
from firmware.games.cubulus import layout as cubulus_board
from firmware.kiosk.setup import wall_on
from firmware.render import palette
from firmware.rules.api import JsonValue
from firmware.rules.game_and_rules import GameAndRules
from firmware.rules.grid import parse_board_cell
from firmware.rules.time_control import NO_CLOCK, TimeControl
from firmware.wiring.assemble import assemble, bare_simulation, simulated_board
from firmware.wiring.assembly_parts import CafeSetup, Keeping, Seats
from firmware.wiring.settings import real_pieces
from hal.clock import FakeClock
from hal.interfaces import RGB, Cell
from hal.mock import MockBoard, MockBuzzer

BLUE = palette.PIECES["blue"]
RED = palette.PIECES["red"]
LAST_BLUE = palette.last_move(BLUE)  # the chip placed last is marked (paled)
LAST_RED = palette.last_move(RED)
OFF = palette.OFF


class Rig:
    """One simulated board with its controller, put together as ``--mock-hal`` does; every
    helper steps the loop like the real one. ``kiosk``: an enabled kiosk section."""

    def __init__(
        self,
        state_dir: Path | None,
        *,
        status_count: int = 4,
        seed: int = 7,
        columns: int = 15,
        rows: int = 15,
        kiosk: KioskConfig | None = None,
        wall_start: datetime.datetime | None = None,
        seating: Seating | None = None,
        hand_placed: frozenset[str] | None = None,
        power_off: PowerSwitch | None = None,
        players: PlayerFactory = passive_player,
        player_kinds: Sequence[SeatFiller] = (),
        time_control: TimeControl = NO_CLOCK,
        clock: FakeClock | None = None,
    ) -> None:
        self.state_dir = state_dir
        self.clock = FakeClock(100.0) if clock is None else clock
        config = parse_config(
            f"board:\n  columns: {columns}\n  rows: {rows}\nleds:\n  status_count: {status_count}\n"
        )
        self.board: MockBoard = simulated_board(bare_simulation(config), self.clock)
        self.warnings: list[str] = []
        self.wall = wall_on(self.clock, wall_start or datetime.datetime(2026, 11, 30, 10, 0))
        parts = assemble(
            self.board,
            keeping=Keeping(state_dir=state_dir, warn=self.warnings.append, wall=self.wall),
            seats=Seats(
                seating=seating,
                hand_placed=real_pieces if hand_placed is None else hand_placed.__contains__,
                players=players,
                player_kinds=player_kinds,
                time_control=time_control,
            ),
            cafe=CafeSetup(kiosk=kiosk, power_off=power_off),
            rng=random.Random(seed),
        )
        self.table = parts.table
        self.controller = parts.controller
        self.kiosk = parts.kiosk
        self.events = parts.events
        self.announcer = parts.announcer
        self.today = parts.today  # the café's day on this rig's wall clock

    def start(
        self,
        game: str | None = None,
        rules: dict[str, JsonValue] | None = None,
        first: str | None = None,
    ) -> Rig:
        chosen = None if game is None else GameAndRules(game, rules or {})
        self.controller.start(chosen, first)
        return self

    # -- inputs ----------------------------------------------------------------------------

    def tap(self, name: str) -> None:
        self.board.touch.tap(self.cell(name))
        self.controller.step()

    def tap_cell(self, cell: Cell) -> None:
        self.board.touch.tap(cell)
        self.controller.step()

    def press(self, button: str) -> None:
        assert self.board.buttons is not None
        self.board.buttons.press(button)
        self.controller.step()

    def ghost(self) -> None:
        self.board.touch.ambiguous("rows 3,4")
        self.controller.step()

    def advance(self, seconds: float) -> None:
        from firmware.wiring.drive import advance

        advance(self.controller, self.clock, seconds)

    def push(self, token: str) -> None:
        """Tap the face cell that means the Cubulus push ``token`` (e.g. ``F000``)."""
        self.tap_cell(cubulus_board.face_to_board(token[0], token[1:]))

    def neutral(self, cube_cell: str) -> None:
        """Tap a board cell showing ``cube_cell`` during the 2-player setup."""
        self.tap_cell(cubulus_board.board_cells_of(cube_cell)[0])

    # -- what the board shows --------------------------------------------------------------

    @property
    def buzzer(self) -> MockBuzzer:
        assert self.board.buzzer is not None, "the bare simulation has a buzzer"
        return self.board.buzzer

    @staticmethod
    def cell(name: str) -> Cell:
        return parse_board_cell(name, 15, 15)

    def colour(self, name: str) -> RGB:
        frame = self.board.leds.last
        assert frame is not None, "no frame was sent"
        x, y = self.cell(name)
        return frame.cells[y][x]

    def assert_cell_colour(self, name: str, colour: RGB) -> None:
        assert self.colour(name) == colour, f"{name} is {self.colour(name)}, expected {colour}"

    def status(self) -> tuple[RGB, ...]:
        frame = self.board.leds.last
        assert frame is not None
        return frame.status

    @property
    def score(self) -> dict[str, JsonValue]:
        return self.controller.view().score

    @property
    def moves(self) -> list[str]:
        moves = self.score["moves"]
        assert isinstance(moves, list)
        return [str(m) for m in moves]


@pytest.fixture
def rig(tmp_path: Path) -> Iterator[Rig]:
    made = Rig(tmp_path / "state")
    yield made
    made.board.close()


@pytest.fixture
def make_rig(tmp_path: Path) -> Callable[..., Rig]:
    def make(*, status_count: int = 4, columns: int = 15, rows: int = 15) -> Rig:
        return Rig(tmp_path / "state", status_count=status_count, columns=columns, rows=rows)

    return make
