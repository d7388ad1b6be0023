"""What the loop asks of its optional parts (the kiosk, ``firmware.kiosk``; the broker link,
``firmware.link``).

The controller depends on these small protocols, never on the kiosk's modules.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from firmware.rules.api import JsonValue
from firmware.rules.game_and_rules import GameAndRules
from hal.interfaces import Frame

if TYPE_CHECKING:
    from firmware.controller.core.hold import ButtonHold


class IdleScreen(Protocol):
    """The attract animation while nobody plays, and putting abandoned games away."""

    @property
    def showing(self) -> bool: ...

    @property
    def message(self) -> str:
        """The scoreboard's message while the animation shows."""

    def wake(self) -> bool:
        """Someone is here; True if the board was idle (that touch only wakes it)."""

    def update(self, *, game_in_progress: bool) -> bool:
        """Decide whether the animation shows; True: the game in progress was abandoned."""

    def frame(self, now: float, columns: int, rows: int, status_count: int) -> Frame: ...

    def deadline(self, now: float) -> float | None: ...


class BrightnessControl(Protocol):
    """The LED brightness by schedule, or a staff level until the schedule's next step."""

    def apply(self) -> bool:
        """Bring the LEDs to the level due now; True if it changed."""

    def seconds_to_next_check(self) -> float | None: ...

    def set_level(self, level: float) -> None: ...


class LinkStatus(Protocol):
    """The board's link to other boards, for the scoreboard and the lights."""

    def online(self) -> JsonValue:
        """The scoreboard's ``online`` object (None: no online game)."""

    @property
    def down(self) -> bool:
        """True while a broker is configured but cannot be reached."""

    def check_online(self, request: str, menu: GameAndRules) -> None:
        """Raise ValueError (one line) if ``request`` (host, join:CODE) cannot be done;
        ``menu``: the game and rules chosen on the menu (what ``host`` offers)."""

    def start_online(self, request: str, now: float, menu: GameAndRules) -> None:
        """Offer the menu's game (host) or join a game by its code (on the loop's thread)."""


class PowerSwitch(Protocol):
    """Powers the computer off for staff (the system then stops the board as usual)."""

    def __call__(self, why: str) -> bool:
        """Ask for the power-off; False if it was refused (play goes on)."""


class OnlinePlay(Protocol):
    """An online game as the table sees it: it rules on UNDO and draws who starts a match."""

    def may_undo(self, now: float) -> bool:
        """True: take it back now; False: asked of the other board first."""

    def draw(self, colours: tuple[str, ...]) -> str:
        """Who starts a match whose starter is drawn."""


@dataclass(frozen=True, slots=True)
class CafeControls:
    """The café's parts of the loop: the idle show, the dimmer, the power switch and the button
    hold that works it (none of them on a board at home)."""

    attract: IdleScreen | None = None
    dimmer: BrightnessControl | None = None
    power_off: PowerSwitch | None = None
    hold: ButtonHold | None = None
