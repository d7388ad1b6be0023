"""A cafe day on a fake clock: idle, attract, play, abandon, attract; the watchdog fed throughout.

The little loop below does what the controller's loop does with the kiosk pieces, step by step.
"""

from __future__ import annotations

from pathlib import Path

from firmware.kiosk.attract import attract_frame
from firmware.kiosk.policy import KioskPolicy
from firmware.service.notify import Heartbeat, Notifier
from hal.clock import FakeClock
from hal.interfaces import Frame

IDLE_S = 180.0
ABANDON_S = 1200.0


class FedCounter(Notifier):
    """A notifier with a socket nobody reads; counts the watchdog feeds instead."""

    def __init__(self) -> None:
        super().__init__({"WATCHDOG_USEC": "20000000"})
        self.feeds = 0

    @property
    def watchdog_period(self) -> float | None:
        return 10.0

    def watchdog(self) -> bool:
        self.feeds += 1
        return True


class Cafe:
    """The board's loop, driven one second at a time."""

    def __init__(self, state_dir: Path) -> None:
        self.clock = FakeClock()
        self.policy = KioskPolicy(self.clock, idle_after_s=IDLE_S, abandon_after_s=ABANDON_S)
        self.notifier = FedCounter()
        self.heartbeat = Heartbeat(self.notifier, self.clock)
        self.moves: list[str] = []
        self.archived: list[list[str]] = []
        self.shown: list[str] = []  # what the board showed, once per change
        self.last_frame: Frame | None = None
        self.step()  # switched on

    def touch(self, cell: str) -> None:
        self.policy.on_activity()
        self.moves.append(cell)
        self.step()

    def run(self, seconds: int) -> None:
        for _ in range(seconds):
            self.clock.advance(1.0)
            self.step()

    def step(self) -> None:
        self.heartbeat.beat()
        action = self.policy.action(game_in_progress=bool(self.moves))
        if action == "archive":
            self.archived.append(self.moves)
            self.moves = []
            action = self.policy.action(game_in_progress=False)
        if not self.shown or self.shown[-1] != action:
            self.shown.append(action)
            if action == "attract":  # the real loop draws a frame every tick; one is enough here
                self.last_frame = attract_frame(self.clock.now(), 15, 15, 0)


def test_a_day_in_the_cafe(tmp_path: Path) -> None:
    cafe = Cafe(tmp_path)
    cafe.run(60)
    assert cafe.shown == ["play"]  # just switched on: the empty board, ready
    cafe.run(int(IDLE_S))
    assert cafe.shown == ["play", "attract"]
    assert cafe.last_frame is not None

    cafe.touch("h8")  # someone sits down
    assert cafe.shown[-1] == "play"
    for cell in ("i8", "g8", "j8"):
        cafe.run(30)
        cafe.touch(cell)
    assert cafe.shown == ["play", "attract", "play"]

    cafe.run(int(IDLE_S))  # they went to the counter: attract, but the game is kept
    assert cafe.shown[-1] == "attract"
    assert cafe.moves == ["h8", "i8", "g8", "j8"]
    cafe.run(int(ABANDON_S - IDLE_S) - 1)
    assert cafe.archived == []
    cafe.run(1)  # they never came back
    assert cafe.archived == [["h8", "i8", "g8", "j8"]]
    assert cafe.moves == []
    assert cafe.shown == ["play", "attract", "play", "attract"]

    cafe.run(3600)  # an hour with nobody: still attract, nothing else archived
    assert cafe.shown[-1] == "attract"
    assert len(cafe.archived) == 1

    total_s = cafe.clock.now()
    assert cafe.notifier.feeds == int(total_s // 10) + 1  # every 10 s, from the first step
