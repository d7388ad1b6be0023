"""Simulated boards on a real broker, each with its loop running in a thread as in play."""

from __future__ import annotations

import random
import threading
from pathlib import Path

from firmware.config import default_config
from firmware.config.schema import LinkConfig
from firmware.controller.computer.computer import Seating, default_level
from firmware.controller.core.live import Press, Touch
from firmware.kiosk.dimmer import WallClock
from firmware.link.online_request import OnlineRequest
from firmware.link.settings import link_settings
from firmware.rules.api import JsonValue
from firmware.rules.game_and_rules import GameAndRules
from firmware.rules.grid import parse_board_cell
from firmware.rules.time_control import NO_CLOCK, TimeControl
from firmware.wiring.assemble import assemble, bare_simulation, simulated_board
from firmware.wiring.assembly_parts import CafeSetup, Keeping, Seats
from firmware.wiring.link_start import RunningLink, start_link
from hal.clock import MonotonicClock


class LinkedBoard:
    """A ``--mock-hal`` board with ``--broker``: taps and presses go in as the web page's do."""

    def __init__(
        self,
        url: str,
        board_id: str,
        state_dir: Path | None,
        *,
        game: GameAndRules | None = None,
        seed: int = 7,
        online: OnlineRequest | None = None,
        section: LinkConfig | None = None,
        page: str | None = None,
        time_control: TimeControl = NO_CLOCK,
        wall: WallClock | None = None,
    ) -> None:
        """``wall``: the board's wall clock (its "today", its history's and its state's times)."""
        self.warnings: list[str] = []
        clock = MonotonicClock()
        board = simulated_board(bare_simulation(default_config()), clock)
        seating = Seating(clock=clock.now, level=default_level(), seed=seed)  # as play has it
        link = link_settings(section or LinkConfig(), broker=url, board_id=board_id)
        assert link is not None
        parts = assemble(
            board,
            keeping=Keeping(state_dir=state_dir, warn=self.warnings.append, wall=wall),
            seats=Seats(seating=seating, time_control=time_control),
            cafe=CafeSetup(link=link),
            rng=random.Random(seed),
        )
        self.board = board
        self.table = parts.table
        self.controller = parts.controller
        self.health = parts.health
        self.controller.start(game)
        self.link: RunningLink = start_link(parts, online, page=page)
        self._thread = threading.Thread(target=self.controller.run, daemon=True)
        self._thread.start()

    @property
    def score(self) -> dict[str, JsonValue]:
        return self.controller.view().score

    @property
    def record(self) -> dict[str, JsonValue]:
        record = self.score["record"]
        assert isinstance(record, dict)
        return record

    def tap(self, name: str) -> None:
        cell = parse_board_cell(name, self.table.columns, self.table.rows)
        self.controller.submit(Touch(cell))

    def tap_cell(self, cell: tuple[int, int]) -> None:
        self.controller.submit(Touch(cell))

    def press(self, button: str) -> None:
        self.controller.submit(Press(button))

    def close(self) -> None:
        self.controller.stop()
        self._thread.join(timeout=10)
        self.link.close()
