"""The game table: a small facade over the match and the board's modes, for the loop.

No threads, no devices, no game names. The match (``match_at_table``) holds the seats, the
players and every move, and tells each change as an event; the mode on top of the stack
(``firmware.controller.modes``) takes the taps and presses and says the lights and the
scoreboard. The table only builds them and hands the loop's inputs to the mode on top.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from firmware.controller.commands.strip import CommandStrip
from firmware.controller.core.adapter import BoardAdapter, board_adapters
from firmware.controller.core.buttons import Button
from firmware.controller.core.events import EventBus
from firmware.controller.core.feedback import Feedback
from firmware.controller.core.players import Player, PlayerKind
from firmware.controller.core.seat import Seat
from firmware.controller.core.timers import Timers
from firmware.controller.match.journal import Journal
from firmware.controller.match.match_at_table import MatchAtTable, StarterDraw
from firmware.controller.match.match_play import MatchPlay
from firmware.controller.match.undo import AlwaysUndo
from firmware.controller.menu.menu import Menu
from firmware.controller.modes import find_opener
from firmware.controller.modes.base import BoardMode, Phase
from firmware.controller.modes.context import ModeContext
from firmware.controller.modes.lesson import start_lesson
from firmware.controller.modes.menu import MenuMode
from firmware.controller.modes.parts import PlayAids, TableParts
from firmware.controller.modes.puzzle import open_puzzle
from firmware.controller.modes.review import start_review
from firmware.controller.modes.start import (
    fresh_match,
    resume,
    seat_computer,
    start,
)
from firmware.controller.modes.strip import open_strip
from firmware.controller.table.table_setup import EVERYONE_HERE, NO_HELP, TableHelps, WhoPlays
from firmware.rules.api import JsonValue
from firmware.rules.game_and_rules import GameAndRules
from firmware.rules.records import Record
from hal.interfaces import Cell

__all__ = ["Phase", "Seat", "StarterDraw", "Table"]


class Table:
    """Everything that is being played, changed only by the loop's thread."""

    def __init__(
        self,
        *,
        columns: int,
        rows: int,
        journal: Journal,
        events: EventBus,
        rng: random.Random,
        wall: Callable[[], float],
        who: WhoPlays = EVERYONE_HERE,
        helps: TableHelps = NO_HELP,
    ) -> None:
        """``who``: who plays at the table (``table_setup.WhoPlays``); ``helps``: what helps the
        play (``table_setup.TableHelps``)."""
        players, seating, online = who.players, who.seating, who.online
        player_kinds, hand_placed = who.player_kinds, who.hand_placed
        hints, learning, offers = helps.hints, helps.learning, helps.offers
        beep, timers = helps.beep, helps.timers
        self.journal = journal
        self.thinking: Callable[[], bool] = (
            (lambda: False) if seating is None else seating.thinker.thinking
        )
        timers = Timers() if timers is None else timers
        self.the_match = MatchAtTable(
            columns=columns,
            rows=rows,
            journal=journal,
            events=events,
            draw=rng.choice if online is None else online.draw,
            wall=wall,
            players=players,
            seating=None if seating is None else seating.kinds,
            player_kinds=player_kinds,
            new_match_id=who.new_match_id,
        )
        computer = None if seating is None else seating.choice
        learn = learning is not None
        self.menu = Menu(
            columns, rows, board_adapters(), self.the_match.seats_of, learn=learn, computer=computer
        )
        self.strip = CommandStrip(columns, rows)
        self.feedback = Feedback(events, timers, beep)
        parts = TableParts(
            self.the_match, self.feedback, timers, events, self.menu, self.strip, rng
        )
        aids = PlayAids(
            undo_policy=AlwaysUndo() if online is None else online,
            learning=learning,
            ask_hint=None if seating is None or not hints else seating.hint,
            computer=computer,
            thinking=self.thinking,
            hand_placed=hand_placed,
        )
        self.context = ModeContext(parts, aids, offers, openers=find_opener, first=MenuMode(0.0))
        self.columns = columns
        self.rows = rows
        self.has_learning = learning is not None  # LESSON and PUZZLES on the page
        self.has_computer = computer is not None  # seats can be given to the computer

    # -- what is on the table (for the loop, the pages and the tests) -----------------------

    @property
    def mode(self) -> BoardMode:
        return self.context.top

    @property
    def phase(self) -> str:
        return self.context.top.phase

    @property
    def match(self) -> MatchPlay | None:
        return self.the_match.play

    @property
    def adapter(self) -> BoardAdapter | None:
        seated = self.the_match.seated
        return None if seated is None else seated.adapter

    @property
    def players(self) -> list[Player]:
        return self.the_match.players

    @property
    def seats(self) -> list[Seat]:
        """Who sits where, clockwise from seat 0 (none without a match)."""
        return self.the_match.seats()

    def seat_to_act(self) -> int | None:
        """The seat whose move it is, or None (no round, or it is over)."""
        return self.the_match.seat_to_act()

    def record_json(self) -> dict[str, JsonValue] | None:
        """The current round as a records.md record."""
        return self.the_match.record_json()

    def names_of(self, match_id: str) -> dict[int, str] | None:
        """The names on the seats of the match ``match_id``; None if the table knows none."""
        return self.the_match.names_of(match_id)

    # -- starting ---------------------------------------------------------------------------

    def start(self, now: float, game: GameAndRules | None, first: str | None = None) -> None:
        """Start ``game`` at once, else resume the journal's match, else open the menu."""
        start(self.context, now, game, first)

    def resume(self, now: float) -> bool:
        """Rebuild the match from the journal, as far as it can be played; False if none."""
        return resume(self.context, now)

    def new_match(
        self,
        game: str,
        rules: dict[str, JsonValue],
        now: float,
        first: str | None = None,
        players: Sequence[PlayerKind] | None = None,
        why: str = "new",
    ) -> None:
        """Begin a match (the old one, finished or not, goes to the archive)."""
        self.context.new_match(game, rules, now, first, players, why)

    def seat_computer(self, seats: frozenset[str], level: int, now: float) -> None:
        """The computer takes ``seats`` at ``level`` from a new match on."""
        seat_computer(self.context, seats, level, now)

    def abandon(self, now: float, why: str = "idle") -> None:
        """A game left alone for long: archive it and set up a fresh match of the same kind."""
        fresh_match(self.context, now, why)

    # -- inputs (each handed to the layer or mode on top) -----------------------------------

    def tap(self, cell: Cell, now: float) -> None:
        """A tap on ``cell``: a layer's (the open strip's) if it takes it, else the mode's."""
        ctx = self.context
        if not any(layer.tap(ctx, cell, now) for layer in reversed(ctx.layers)):
            ctx.top.tap(ctx, cell, now)

    def button(self, button: Button | str, now: float) -> None:
        """A button pressed (or its name; a mode's name opens it, as the page's LESSON does)."""
        pressed = Button.named(button) if isinstance(button, str) else button
        if pressed is not None:
            self.context.top.press(self.context, pressed, now)
        elif isinstance(button, str) and find_opener(button) is not None:
            self.context.open(button, now)

    def play(self, token: str, seat: int | None, now: float, *, cell: Cell | None = None) -> bool:
        """``seat`` plays ``token``: the one door every move enters by; True if it was taken."""
        return self.context.top.play(self.context, token, seat, now, cell)

    def ghost(self, now: float) -> None:
        """A touch the pads could not place: flash, change nothing."""
        self.refuse("two touches at once: touch one cell at a time", now)

    def refuse(self, reason: str, now: float) -> None:
        """Something asked of the board was not done: flash the edge and say ``reason``."""
        self.feedback.refuse(reason, now)

    def undo_agreed(self, now: float) -> None:
        """The other board agreed to the UNDO asked for: take one action back now."""
        self.context.top.agreed_undo(self.context, now)

    def show_hint(self, token: str, ply: int, now: float) -> None:
        """Light the hint's cells for a while, if the position is still the one it was for."""
        self.context.top.show_hint(self.context, token, ply, now)

    def name_seat(self, seat: int, name: str | None, now: float) -> None:
        """Put ``name`` on ``seat`` for this match (None: take it off); the events tell it."""
        if not self.the_match.name_seat(seat, name):
            self.refuse("there is no such seat to put a name on", now)

    def open_strip(self) -> None:
        """Light the command strip: what the buttons do, for a board without them."""
        open_strip(self.context)

    def start_review(self, record: Record, now: float) -> None:
        """Show ``record`` for stepping through; the match waits, untouched."""
        start_review(self.context, record, now)

    def start_lesson(self, name: str, now: float, *, puzzle: bool = False) -> None:
        """Open the lesson ``GAME/NAME`` (or a game's first), or the puzzle ``name`` (an id)."""
        (open_puzzle if puzzle else start_lesson)(self.context, name, now)
