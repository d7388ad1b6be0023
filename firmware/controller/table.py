"""The game table: phases, taps, buttons, undo, the journal and resume. No threads, no devices."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from firmware.controller.journal import Entry, Journal
from firmware.controller.match_play import JournalReplay, MatchPlay
from firmware.controller.menu import Menu
from firmware.controller.seats import seat_list
from firmware.controller.touch_meaning import Refusal, token_for
from firmware.render import palette as p
from firmware.render.views import CubeLayout
from firmware.rules.api import JsonValue
from firmware.rules.records import FORMAT, record_of
from hal.interfaces import Cell

MENU, PLAYING, ROUND_OVER, MATCH_OVER = "menu", "playing", "round_over", "match_over"
ERROR_SHOWN_S = 5.0  # how long a rejected action stays in the scoreboard's "error"
CULLS_SIZE = 15  # the standard board; the Cubulus drawing needs exactly this


@dataclass(frozen=True, slots=True)
class Flash:
    """A red error flash on a cell (None: the whole edge) that started at ``t``."""

    cell: Cell | None
    t: float


class Table:
    """Everything that is being played, changed only by the loop's thread."""

    def __init__(
        self,
        *,
        columns: int,
        rows: int,
        journal: Journal,
        rng: random.Random,
        layout: Callable[[], CubeLayout] | None = None,
        beep: Callable[[float, float], None] | None = None,
    ) -> None:
        self.columns = columns
        self.rows = rows
        self.journal = journal
        self.rng = rng
        self._layout_factory = layout
        self._layout: CubeLayout | None = None
        self._beep = beep
        self.menu = Menu(columns, rows)
        self.match: MatchPlay | None = None
        self.phase = MENU
        self.return_phase: str | None = None  # where MENU goes back to
        self.since = 0.0  # when the position on the board last changed (blink phases)
        self.phase_since = 0.0
        self.flashes: list[Flash] = []
        self.error: tuple[str, float] | None = None

    # -- starting and resuming ------------------------------------------------------------

    def start(
        self,
        now: float,
        settings: tuple[str, dict[str, JsonValue]] | None,
        first: str | None = None,
    ) -> None:
        """Start ``settings`` at once, else resume the journal's match, else open the menu."""
        if settings is not None:
            self.new_match(settings[0], settings[1], now, first)
        elif not self.resume(now):
            self._set_phase(MENU, now)

    def resume(self, now: float) -> bool:
        """Rebuild the match from the journal, as far as it can be played; False if none."""
        replayed: list[JournalReplay] = []

        def playable(entries: list[Entry]) -> tuple[int, str | None]:
            replayed.append(MatchPlay.from_journal(entries))
            return replayed[-1].kept, replayed[-1].problem

        self.journal.load(playable)
        if not replayed:
            return False
        if replayed[-1].problem is not None:
            problem = replayed[-1].problem
            self._refuse(None, f"the saved match could not be resumed in full ({problem})", now)
        self.match = replayed[-1].match
        if self.match is None:
            return False
        self.menu.select(self.match.name, self.match.rules)
        self._after_change(now)
        return True

    def new_match(
        self, game: str, rules: dict[str, JsonValue], now: float, first: str | None = None
    ) -> None:
        """Begin a match (the old one, finished or not, goes to the archive)."""
        side = min(self.columns, self.rows)
        if game == "culls" and "size" not in rules and side < CULLS_SIZE:
            rules = {**rules, "size": side}  # a smaller board plays a smaller game
        match = MatchPlay(game, rules)
        problem = self._does_not_fit(match)
        if problem is not None:
            self._refuse(None, problem, now)
            return
        self.journal.archive()
        self.match = match
        self.menu.select(game, match.rules)
        self.journal.append({"e": "match", "game": game, "rules": match.rules})
        self._start_round(first or self.rng.choice(match.colours), now)

    def _does_not_fit(self, match: MatchPlay) -> str | None:
        """Why ``match`` cannot be shown on this board, if it cannot."""
        if match.name == "cubulus" and (self.columns, self.rows) != (CULLS_SIZE, CULLS_SIZE):
            return "Cubulus needs the 15x15 board"
        size = match.rules.get("size")
        if isinstance(size, int) and size > min(self.columns, self.rows):
            return f"a {size}x{size} Culls game does not fit on this board"
        return None

    def abandon(self, now: float) -> None:
        """A game left alone for long: archive it and set up a fresh match of the same kind."""
        if self.match is not None:
            self.new_match(self.match.name, dict(self.match.rules), now)

    def _start_round(self, first: str, now: float) -> None:
        assert self.match is not None
        record: dict[str, JsonValue] = {
            "format": FORMAT,
            "game": self.match.name,
            "rules": self.match.rules,
            "first": first,
            "moves": [],
        }
        self.journal.append({"e": "round", "record": record})
        self.match.start_round(first)
        self._after_change(now)

    # -- inputs ---------------------------------------------------------------------------

    def tap(self, cell: Cell, now: float) -> None:
        if self.phase == MENU:
            if self.menu.tap(cell):
                game, rules = self.menu.settings()
                self.new_match(game, rules, now)
            return
        if self.match is None or self.match.current is None:
            return
        if self.phase in (ROUND_OVER, MATCH_OVER):
            shown = p.TIMING.line_show if self.phase == ROUND_OVER else p.TIMING.confirm_guard
            if cell == self.ready_cell and now - self.phase_since >= shown:
                self._go_on(now)
            return
        state = self.match.current
        meaning = token_for(state, cell, self.columns, self.rows, self.layout())
        if isinstance(meaning, Refusal):
            self._refuse(cell, str(meaning), now)
            return
        reason = state.why_illegal(meaning)
        if reason is not None:
            self._refuse(cell, reason, now)
            return
        self.journal.append({"e": "do", "token": meaning})
        state.apply(meaning)
        self.error = None
        self._after_change(now)
        if self.phase in (ROUND_OVER, MATCH_OVER) and self._beep is not None:
            self._beep(p.TIMING.win_beep_hz, p.TIMING.win_beep_s)

    def ghost(self, now: float) -> None:
        """A touch the pads could not place: flash, change nothing."""
        self._refuse(None, "two touches at once: touch one cell at a time", now)

    def button(self, name: str, now: float) -> None:
        if name == "menu":
            if self.phase == MENU:
                self.menu.next_choice()
            else:
                self.return_phase = self.phase
                self._set_phase(MENU, now)
        elif name == "new":
            game, rules = self.menu.settings()
            self.new_match(game, rules, now)
        elif name == "undo":
            if self.phase == MENU:
                if self.return_phase is not None and self.match is not None:
                    self._set_phase(self.return_phase, now)
                return
            if self.match is None or not self.match.can_undo():
                self._refuse(None, "nothing to undo", now)
                return
            self.journal.append({"e": "undo"})
            self.match.undo()
            self.error = None
            self._after_change(now)

    def _go_on(self, now: float) -> None:
        """The ready cell was tapped: the next round, or a rematch."""
        assert self.match is not None
        if self.phase == ROUND_OVER:
            self._start_round(self.match.next_first(), now)
            return
        first = self.match.next_first() if self.match.name == "cubulus" else None
        self.new_match(self.match.name, dict(self.match.rules), now, first)

    # -- state ----------------------------------------------------------------------------

    def layout(self) -> CubeLayout | None:
        wanted = self.match is not None and self.match.name == "cubulus"
        if self._layout is None and self._layout_factory is not None and wanted:
            self._layout = self._layout_factory()
        return self._layout

    @property
    def ready_cell(self) -> Cell:
        return (self.columns // 2, self.rows // 2)

    @property
    def seats(self) -> list[tuple[str, str]]:
        if self.match is None:
            return []
        return seat_list(self.match.name, dict(self.match.rules), self.match.colours)

    def record_json(self) -> dict[str, JsonValue] | None:
        """The current round as a records.md record."""
        if self.match is None or self.match.current is None:
            return None
        return record_of(self.match.current).to_json()

    def _after_change(self, now: float) -> None:
        self.since = now
        if self.match is None:
            phase = MENU
        elif self.match.is_over:
            phase = MATCH_OVER
        elif self.match.round_over:
            phase = ROUND_OVER
        else:
            phase = PLAYING
        if phase != self.phase:
            self._set_phase(phase, now)
        self.return_phase = None

    def _set_phase(self, phase: str, now: float) -> None:
        self.phase = phase
        self.phase_since = now
        self.since = now

    def _refuse(self, cell: Cell | None, reason: str, now: float) -> None:
        self.flashes = [f for f in self.flashes if now - f.t < p.TIMING.error_flash]
        self.flashes.append(Flash(cell, now))
        self.error = (reason, now)
        if self._beep is not None:
            self._beep(p.TIMING.error_beep_hz, p.TIMING.error_beep_s)

    def current_error(self, now: float) -> str | None:
        if self.error is None or now - self.error[1] >= ERROR_SHOWN_S:
            return None
        return self.error[0]

    def deadlines(self, now: float) -> list[float]:
        """Times after ``now`` when something changes without an input (besides animations)."""
        times = [f.t + p.TIMING.error_flash for f in self.flashes]
        if self.error is not None:
            times.append(self.error[1] + ERROR_SHOWN_S)
        if self.phase == ROUND_OVER:
            times.append(self.phase_since + p.TIMING.line_show)
        return [t for t in times if t > now]
