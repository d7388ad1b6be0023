"""The game table: phases, moves from every seat, buttons, undo, the journal and resume.

No threads, no devices, no game names: each game's board adapter (``adapter``) says what a tap
means, and every move, tapped or delivered, enters by one door: ``play(token, seat, now)``.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from firmware.controller.adapter import (
    BoardAdapter,
    Refusal,
    SeatSpec,
    board_adapter,
    board_adapters,
    cells_for_token,
)
from firmware.controller.computer import ComputerPlayer
from firmware.controller.journal import Entry, Journal
from firmware.controller.match_play import JournalReplay, MatchPlay
from firmware.controller.menu import Menu
from firmware.controller.players import (
    Player,
    PlayerFactory,
    PlayerKind,
    Turn,
    passive_player,
)
from firmware.controller.review import Review, archived_entries, finished_rounds
from firmware.controller.strip import CommandStrip
from firmware.controller.timing import TABLE_TIMING as T
from firmware.players import HIGHEST, LOWEST
from firmware.rules.api import GameState, InvalidRecordError, JsonValue
from firmware.rules.bounded_json import shorten
from firmware.rules.records import FORMAT, Record, record_of
from hal.interfaces import Cell


class Phase(enum.Enum):
    """What the board is doing; the value is the scoreboard's ``phase``."""

    MENU = "menu"
    PLAYING = "playing"
    WAITING_FOR_CHIP = "waiting_for_chip"  # a seat not at this board moved: place its chip here
    ROUND_OVER = "round_over"
    MATCH_OVER = "match_over"
    ATTRACT = "attract"  # the kiosk's idle animation (set by the loop, never by the table)


@dataclass(frozen=True, slots=True)
class Seat:
    """A seat at the table: the colour it plays, its name and what fills it."""

    colour: str
    name: str
    player: PlayerKind = PlayerKind.HERE


@dataclass(frozen=True, slots=True)
class Flash:
    """A red error flash on a cell (None: the whole edge) that started at ``t``."""

    cell: Cell | None
    t: float


@dataclass(frozen=True, slots=True)
class Hint:
    """The strongest move, lit on ``cells`` until ``until``."""

    token: str
    cells: tuple[Cell, ...]
    until: float


@dataclass(frozen=True, slots=True)
class Pending:
    """A move made away from this board, waiting for its chip to be placed on ``cells``."""

    seat: int
    token: str
    cells: tuple[Cell, ...]


STRIP_COMMANDS = ("undo", "new", "menu")
REVIEW_COMMANDS = {"back": "undo", "forward": "new", "leave": "menu"}  # what they press in review


class Table:
    """Everything that is being played, changed only by the loop's thread."""

    def __init__(
        self,
        *,
        columns: int,
        rows: int,
        journal: Journal,
        rng: random.Random,
        beep: Callable[[float, float], None] | None = None,
        players: PlayerFactory = passive_player,
        seating: Callable[[tuple[SeatSpec, ...]], tuple[PlayerKind, ...]] | None = None,
        hand_placed: Callable[[str], bool] = lambda game: True,
        ask_hint: Callable[[GameState], None] | None = None,
        choose_computer: Callable[[frozenset[str], int], None] | None = None,
    ) -> None:
        """``seating``: who fills the seats of a new match (default: everyone here).
        ``hand_placed``: whether a game's pieces are put on the board by hand (physical chips),
        so a move made elsewhere waits for its piece; else it is shown at once.
        ``ask_hint``: starts the search for a hint (HINT), answered through ``show_hint``.
        ``choose_computer``: sets the seats (by name) and level of the computer for new matches;
        given, the menu offers "vs computer"."""
        self.columns = columns
        self.rows = rows
        self.journal = journal
        self.rng = rng
        self._beep = beep
        self._make_player = players
        self._seating = seating
        self._hand_placed = hand_placed
        self._ask_hint = ask_hint
        self.hint: Hint | None = None
        self._choose_computer = choose_computer
        self._seats_cache: dict[str, tuple[SeatSpec, ...]] = {}
        self.menu = Menu(
            columns, rows, board_adapters(), None if choose_computer is None else self._seats_of
        )
        self.strip = CommandStrip(columns, rows)
        self.review: Review | None = None
        self.match: MatchPlay | None = None
        self.adapter: BoardAdapter | None = None
        self.players: list[Player] = []  # one per seat of the match
        self.pending: Pending | None = None
        self.thinking: Callable[[], bool] = lambda: False  # whether a computer seat is thinking
        self.phase = Phase.MENU
        self.return_phase: Phase | None = None  # where MENU goes back to
        self.since = 0.0  # when the position on the board last changed (blink phases)
        self.phase_since = 0.0
        self.flashes: list[Flash] = []
        self.error: tuple[str, float] | None = None
        self._turn_told: tuple[int, int] | None = None  # (seat, ply) whose player was told
        # Asked before UNDO takes a move back; False: not now (an online game asks the other
        # board first, and undoes when it agrees).
        self.undo_gate: Callable[[float], bool] | None = None

    # -- starting and resuming ------------------------------------------------------------

    def start(
        self,
        now: float,
        settings: tuple[str, dict[str, JsonValue]] | None,
        first: str | None = None,
    ) -> None:
        """Start ``settings`` at once, else resume the journal's match, else open the menu."""
        if settings is not None:
            left = self.journal.load()
            self.journal.take_archived()
            self.new_match(settings[0], settings[1], now, first)
            archived = self.journal.take_archived()
            if left and left[0].get("e") == "match" and archived is not None:
                self.journal.tell(
                    f"the {left[0].get('game')} match left on the board was archived to "
                    f"{archived}; start without --game to resume a match instead"
                )
        elif not self.resume(now):
            self._set_phase(Phase.MENU, now)

    def resume(self, now: float) -> bool:
        """Rebuild the match from the journal, as far as it can be played; False if none."""
        replayed: list[_SeatedReplay] = []

        def playable(entries: list[Entry]) -> tuple[int, str | None]:
            replayed.append(_seated_replay(entries))
            return replayed[-1].kept, replayed[-1].problem

        self.journal.load(playable)
        if not replayed:
            return False
        last = replayed[-1]
        if last.problem is not None:
            self._refuse(
                None, f"the saved match could not be resumed in full ({last.problem})", now
            )
        if last.match is None or last.kinds is None:
            self.match = None
            self.adapter = None
            return False
        adapter = board_adapter(last.match.name)
        if self._choose_computer is not None and last.level is not None:
            # The computer's seats and level as they were, for this match and the next ones.
            specs = adapter.seats(last.match.rules, last.match.colours)
            kinds = zip(specs, last.kinds, strict=True)
            names = frozenset(spec.name for spec, kind in kinds if kind is PlayerKind.COMPUTER)
            self._choose_computer(names, last.level)
            if self.menu.computer is not None:
                self.menu.computer.level = last.level
        self._seat_match(last.match, adapter, last.kinds)
        waiting = None if last.last_entry is None else self._pending_from(last.last_entry)
        self._after_change(now)
        if waiting is not None and self.match is not None and self.match.current is not None:
            self._cancel_players()  # its move is made: it only waits for the chip
            self._turn_told = (waiting.seat, self.match.current.ply)
            self.pending = waiting
            self._set_phase(Phase.WAITING_FOR_CHIP, now)
        return True

    def _pending_from(self, last: Entry) -> Pending | None:
        """The move that was waiting for its chip when the power went, if ``last`` is one that
        can still wait: it waits again."""
        seat, token = last.get("seat"), last.get("token")
        state = None if self.match is None else self.match.current
        if last.get("e") != "pending" or state is None or self.adapter is None:
            return None
        if not isinstance(seat, int) or not isinstance(token, str) or state.why_illegal(token):
            return None
        cells = cells_for_token(self.adapter, state, token, self.columns, self.rows)
        if cells and seat == self.seat_to_act():
            return Pending(seat, token, tuple(cells))
        return None

    def new_match(
        self,
        game: str,
        rules: dict[str, JsonValue],
        now: float,
        first: str | None = None,
        players: Sequence[PlayerKind] | None = None,
    ) -> None:
        """Begin a match (the old one, finished or not, goes to the archive).

        ``players``: what fills each seat (default: everyone here, at this board).
        """
        adapter = board_adapter(game)
        match = MatchPlay(game, adapter.fit_rules(rules, self.columns, self.rows))
        problem = adapter.does_not_fit(match.rules, self.columns, self.rows)
        if problem is not None:
            self._refuse(None, problem, now)
            return
        specs = adapter.seats(match.rules, match.colours)
        seat_count = len(specs)
        if players is not None:
            kinds = tuple(players)
        elif self._seating is not None:
            kinds = self._seating(specs)
        else:
            kinds = (PlayerKind.HERE,) * seat_count
        if len(kinds) != seat_count:
            self._refuse(None, f"{game} has {seat_count} seats, not {len(kinds)}", now)
            return
        self.journal.archive()
        self._seat_match(match, adapter, kinds)
        head: Entry = {
            "e": "match",
            "game": game,
            "rules": match.rules,
            "players": [kind.value for kind in kinds],
        }
        if self.menu.computer is not None:  # the computer's level, so a restart goes on with it
            head["level"] = self.menu.computer.level
        self.journal.append(head)
        self._start_round(first or self.rng.choice(match.colours), now)

    def _seat_match(
        self, match: MatchPlay, adapter: BoardAdapter, kinds: Sequence[PlayerKind]
    ) -> None:
        self._cancel_players()
        self.match = match
        self.adapter = adapter
        self.players = [self._make_player(kind, seat) for seat, kind in enumerate(kinds)]
        self.menu.select(match.name, match.rules)
        if self.menu.computer is not None:  # the menu shows the computer's seats and level
            computers = [p for p in self.players if isinstance(p, ComputerPlayer)]
            specs = adapter.seats(match.rules, match.colours)
            self.menu.computer.choose(specs[player.seat].name for player in computers)
            if computers:
                self.menu.computer.level = computers[0].level.number

    def _seats_of(self, game: str, rules: dict[str, JsonValue]) -> tuple[SeatSpec, ...]:
        """The seats ``game`` has under ``rules`` on this board (for the menu's computer row)."""
        key = f"{game} {sorted(rules.items())!r}"
        if key not in self._seats_cache:
            adapter = board_adapter(game)
            match = MatchPlay(game, adapter.fit_rules(rules, self.columns, self.rows))
            self._seats_cache[key] = adapter.seats(match.rules, match.colours)
        return self._seats_cache[key]

    @property
    def has_computer(self) -> bool:
        """Whether seats can be given to the computer (the board runs its player)."""
        return self._choose_computer is not None

    def seat_computer(self, seats: frozenset[str], level: int, now: float) -> None:
        """The computer takes ``seats`` (colours or names; none: people everywhere) at ``level``
        from a new match of the game being played (or picked on the menu) on."""
        if self._choose_computer is None:
            self._refuse(None, "this board runs no computer player", now)
            return
        self._choose_computer(seats, level)
        if self.menu.computer is not None:
            self.menu.computer.level = level
        if self.match is not None:
            self.new_match(self.match.name, dict(self.match.rules), now)
        else:
            game, rules = self.menu.settings()
            self.new_match(game, rules, now)

    def _menu_computer(self) -> None:
        """Hand the menu's "vs computer" choice to the seating, for this and later matches."""
        rows = self.menu.computer
        if rows is None or self._choose_computer is None:
            return
        names = frozenset(spec.name for spec in rows.chosen_seats())
        self._choose_computer(names, rows.level)

    def abandon(self, now: float) -> None:
        """A game left alone for long: archive it and set up a fresh match of the same kind.

        With no match yet (the menu open since start-up) the game chosen on the menu is set up.
        """
        if self.match is not None:
            kinds = [player.kind for player in self.players]
            self.new_match(self.match.name, dict(self.match.rules), now, players=kinds)
        else:
            game, rules = self.menu.settings()
            self.new_match(game, rules, now)

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
        """A tap on ``cell``: a menu pick, going on after a round, a pending chip, or a move."""
        if self.strip.is_open:
            command = self.strip.command_at(cell)
            self.strip.close()
            if command is not None:
                self.command(command, now)
            return
        if self.review is not None:
            if cell in (self.review.back_cell, self.review.forward_cell):
                self._review_step(-1 if cell == self.review.back_cell else 1, now)
            return
        if self.phase is Phase.MENU:
            if self.menu.tap(cell):
                game, rules = self.menu.settings()
                self._menu_computer()
                self.new_match(game, rules, now)
            return
        if self.match is None or self.match.current is None or self.adapter is None:
            return
        if self.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER):
            shown = T.line_show if self.phase is Phase.ROUND_OVER else T.confirm_guard
            if cell == self.ready_cell and now - self.phase_since >= shown:
                self._go_on(now)
            return
        if self.pending is not None:
            self._place_pending(cell, now)
            return
        meaning = self.adapter.token_for(self.match.current, cell, self.columns, self.rows)
        if isinstance(meaning, Refusal):
            self._refuse(cell, str(meaning), now)
            return
        seat = self.seat_to_act()
        if seat is not None and self.players[seat].kind is not PlayerKind.HERE:
            self._refuse(cell, f"it is {self.seats[seat].name}'s turn, who plays elsewhere", now)
            return
        self.play(meaning, seat, now, cell=cell)

    def play(self, token: str, seat: int | None, now: float, *, cell: Cell | None = None) -> bool:
        """``seat`` plays ``token``: the one door every move enters by; True if it was taken.

        A refused move flashes (``cell``, or the edge) and says why. A move from a seat that is
        not at this board first waits for its chip to be placed (``Phase.WAITING_FOR_CHIP``).
        """
        state = None if self.match is None else self.match.current
        if state is None or self.adapter is None or self.phase is not Phase.PLAYING:
            self._refuse(cell, "no move is expected now", now)
            return False
        if seat is None or seat != self.seat_to_act():
            self._refuse(cell, "it is not that seat's turn", now)
            return False
        reason = state.why_illegal(token)
        if reason is not None:
            self._refuse(cell, reason, now)
            return False
        if self.players[seat].kind is not PlayerKind.HERE and self._hand_placed(self.adapter.name):
            cells = cells_for_token(self.adapter, state, token, self.columns, self.rows)
            if cells:
                self.pending = Pending(seat, token, tuple(cells))
                self.journal.append({"e": "pending", "seat": seat, "token": token})
                self._set_phase(Phase.WAITING_FOR_CHIP, now)
                return True
        self._apply(token, now)
        return True

    def _place_pending(self, cell: Cell, now: float) -> None:
        assert self.pending is not None
        if cell not in self.pending.cells:
            self._refuse(
                cell,
                f"first put {self.seats[self.pending.seat].name}'s move on the blinking cell",
                now,
            )
            return
        token = self.pending.token
        self.pending = None
        self._apply(token, now)

    def _apply(self, token: str, now: float) -> None:
        assert self.match is not None and self.match.current is not None
        self.journal.append({"e": "do", "token": token})
        self.match.current.apply(token)
        self.error = None
        self._after_change(now)
        if self.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER) and self._beep is not None:
            self._beep(T.win_beep_hz, T.win_beep_s)

    def ghost(self, now: float) -> None:
        """A touch the pads could not place: flash, change nothing."""
        self._refuse(None, "two touches at once: touch one cell at a time", now)

    def button(self, name: str, now: float) -> None:
        if self.review is not None:
            if name == "menu":
                self.leave_review(now)
            else:
                self._review_step(-1 if name == "undo" else 1, now)
            return
        if name == "menu":
            if self.phase is Phase.MENU:
                self.menu.next_choice()
            else:
                self._cancel_players()
                self.return_phase = self.phase
                self._set_phase(Phase.MENU, now)
        elif name == "new":
            if self.phase is Phase.MENU:  # NEW starts the menu's choice, as the green cell does
                self._menu_computer()
            game, rules = self.menu.settings()
            self.new_match(game, rules, now)
        elif name == "hint":
            self._hint_asked(now)
        elif name == "undo":
            if self.phase is Phase.MENU:
                if self.return_phase is not None and self.match is not None:
                    self._set_phase(self.return_phase, now)
                    self._tell_player()
                return
            if self.pending is not None:  # the move made elsewhere is not placed: drop it
                self.pending = None
                self.journal.append({"e": "dropped"})
                self._cancel_players()
                self._after_change(now)
                return
            if self.match is None or not self.match.can_undo():
                self._refuse(None, "nothing to undo", now)
                return
            if self.undo_gate is not None and not self.undo_gate(now):
                return
            self._cancel_players()
            self.journal.append({"e": "undo"})
            self.match.undo()
            self.error = None
            self._after_change(now)
            if self.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER):
                # Back to an end already seen: the green cell takes a tap at once.
                self.phase_since = now - max(T.line_show, T.confirm_guard)

    def open_strip(self) -> None:
        """Light the command strip: what the buttons do, for a board without them."""
        if self.review is not None:
            self.strip.open(tuple(REVIEW_COMMANDS))
            return
        hint = self._ask_hint is not None and self.phase is Phase.PLAYING
        reviewable = self.reviewable() is not None
        self.strip.open(
            STRIP_COMMANDS + (("hint",) if hint else ()) + (("review",) if reviewable else ())
        )

    def command(self, name: str, now: float) -> None:
        """A command chosen on the strip."""
        if name in STRIP_COMMANDS or name == "hint":
            self.button(name, now)
        elif name in REVIEW_COMMANDS:
            self.button(REVIEW_COMMANDS[name], now)
        elif name == "review":
            record = self.reviewable()
            if record is not None:
                self.start_review(record, now)

    # -- review ---------------------------------------------------------------------------

    def reviewable(self) -> Record | None:
        """The latest finished round: of this match, else of the latest archived match."""
        if self.match is not None:
            done = [past for past in self.match.rounds if past.outcome().is_over]
            if done:
                return record_of(done[-1])
        for path in reversed(self.journal.archived_paths()):
            rounds = finished_rounds(archived_entries(path))
            if rounds:
                return rounds[-1]
        return None

    def start_review(self, record: Record, now: float) -> None:
        """Show ``record`` for stepping through; the match waits, untouched."""
        try:
            self.review = Review.of(record, self.columns, self.rows)
        except InvalidRecordError as exc:
            self._refuse(None, f"cannot review that record: {exc}", now)
            return
        self._cancel_players()
        self.since = now

    def leave_review(self, now: float) -> None:
        self.review = None
        self.since = now
        self._tell_player()

    def _review_step(self, by: int, now: float) -> None:
        assert self.review is not None
        if self.review.step(by):
            self.since = now
        else:
            self._refuse(
                None,
                "that is the end of the round" if by > 0 else "that is the start of the round",
                now,
            )

    def _hint_asked(self, now: float) -> None:
        state = None if self.match is None else self.match.current
        seat = self.seat_to_act()
        if self._ask_hint is None or state is None or self.phase is not Phase.PLAYING:
            self._refuse(None, "a hint is only given during a game", now)
            return
        if seat is None or self.players[seat].kind is not PlayerKind.HERE:
            self._refuse(None, "a hint is for the player at the board", now)
            return
        self._ask_hint(state.copy())

    def show_hint(self, token: str, ply: int, now: float) -> None:
        """Light the hint's cells for a while, if the position is still the one it was for."""
        state = None if self.match is None else self.match.current
        if state is None or self.adapter is None or state.ply != ply or state.why_illegal(token):
            return
        cells = cells_for_token(self.adapter, state, token, self.columns, self.rows)
        self.hint = Hint(token, tuple(cells), now + T.hint_show)

    def current_hint(self, now: float) -> Hint | None:
        hint = self.hint
        return hint if hint is not None and now < hint.until else None

    def _go_on(self, now: float) -> None:
        """The ready cell was tapped: the next round, or a rematch."""
        assert self.match is not None and self.adapter is not None
        if self.phase is Phase.ROUND_OVER:
            self._start_round(self.match.next_first(), now)
            return
        first = self.match.next_first() if self.adapter.rematch_alternates else None
        kinds = [player.kind for player in self.players]
        self.new_match(self.match.name, dict(self.match.rules), now, first, kinds)

    # -- state ----------------------------------------------------------------------------

    @property
    def ready_cell(self) -> Cell:
        return (self.columns // 2, self.rows // 2)

    @property
    def seats(self) -> list[Seat]:
        """Who sits where, clockwise from seat 0 (none without a match)."""
        if self.match is None or self.adapter is None:
            return []
        specs = self.adapter.seats(self.match.rules, self.match.colours)
        return [
            Seat(spec.colour, spec.name, player.kind)
            for spec, player in zip(specs, self.players, strict=True)
        ]

    def seat_specs(self) -> tuple[SeatSpec, ...]:
        if self.match is None or self.adapter is None:
            return ()
        return self.adapter.seats(self.match.rules, self.match.colours)

    def seat_to_act(self) -> int | None:
        """The seat whose move it is, or None (no round, or it is over)."""
        state = None if self.match is None else self.match.current
        if state is None or self.adapter is None:
            return None
        return self.adapter.seat_to_act(state, self.seat_specs())

    def record_json(self) -> dict[str, JsonValue] | None:
        """The current round as a records.md record."""
        if self.match is None or self.match.current is None:
            return None
        return record_of(self.match.current).to_json()

    def _after_change(self, now: float) -> None:
        self.since = now
        self.pending = None
        self.hint = None
        if self.match is None:
            phase = Phase.MENU
        elif self.match.is_over:
            phase = Phase.MATCH_OVER
        elif self.match.round_over:
            phase = Phase.ROUND_OVER
        else:
            phase = Phase.PLAYING
        if phase != self.phase:
            self._set_phase(phase, now)
        self.return_phase = None
        self._tell_player()

    def _tell_player(self) -> None:
        """Tell the player in the seat to act that its turn has come (once per position)."""
        seat = self.seat_to_act()
        state = None if self.match is None else self.match.current
        if self.phase is not Phase.PLAYING or seat is None or state is None:
            return
        if self._turn_told == (seat, state.ply):
            return
        self._turn_told = (seat, state.ply)
        self.players[seat].your_turn(Turn(seat, state.ply, state.copy()))

    def _cancel_players(self) -> None:
        self._turn_told = None
        for player in self.players:
            player.cancel()

    def _set_phase(self, phase: Phase, now: float) -> None:
        self.phase = phase
        self.phase_since = now
        self.since = now

    def refuse(self, reason: str, now: float) -> None:
        """Something asked of the board was not done: flash the edge and say ``reason``."""
        self._refuse(None, reason, now)

    def _refuse(self, cell: Cell | None, reason: str, now: float) -> None:
        self.flashes = [f for f in self.flashes if now - f.t < T.error_flash]
        self.flashes.append(Flash(cell, now))
        self.error = (reason, now)
        if self._beep is not None:
            self._beep(T.error_beep_hz, T.error_beep_s)

    def current_error(self, now: float) -> str | None:
        if self.error is None or now - self.error[1] >= T.error_shown:
            return None
        return self.error[0]

    def deadlines(self, now: float) -> list[float]:
        """Times after ``now`` when something changes without an input (besides animations)."""
        times = [f.t + T.error_flash for f in self.flashes]
        if self.error is not None:
            times.append(self.error[1] + T.error_shown)
        if self.phase is Phase.ROUND_OVER:
            times.append(self.phase_since + T.line_show)
        if self.hint is not None:
            times.append(self.hint.until)
        return [t for t in times if t > now]


@dataclass(frozen=True, slots=True)
class _SeatedReplay:
    """A journal played back (``JournalReplay``) with the player kind of every seat."""

    match: MatchPlay | None
    kinds: tuple[PlayerKind, ...] | None
    kept: int
    problem: str | None
    last_entry: Entry | None = None  # the last entry kept (a move waiting for its chip?)
    level: int | None = None  # the computer's level (None: not saved, as in older journals)


def _seated_replay(entries: list[Entry]) -> _SeatedReplay:
    """The journal's playable start, and who sits where; a bad ``players`` list spoils entry 1."""
    replay: JournalReplay = MatchPlay.from_journal(entries)
    if replay.match is None:
        return _SeatedReplay(None, None, 0, replay.problem)
    seats = board_adapter(replay.match.name).seats(replay.match.rules, replay.match.colours)
    try:
        kinds = _player_kinds(entries[0].get("players"), len(seats))
    except ValueError as exc:
        return _SeatedReplay(None, None, 0, shorten(f"journal entry 1 cannot be played: {exc}"))
    last_entry = entries[replay.kept - 1] if replay.kept else None
    level = entries[0].get("level")
    if isinstance(level, bool) or not isinstance(level, int) or not LOWEST <= level <= HIGHEST:
        level = None  # none saved, or not one: the board's level
    return _SeatedReplay(replay.match, kinds, replay.kept, replay.problem, last_entry, level)


def _player_kinds(saved: JsonValue, seat_count: int) -> tuple[PlayerKind, ...]:
    """The journal's player kinds; a journal from before seats had players is all ``here``."""
    if saved is None:
        return (PlayerKind.HERE,) * seat_count
    if not isinstance(saved, list) or len(saved) != seat_count:
        raise ValueError(f"the journal names {saved!r} as players for {seat_count} seats")
    return tuple(PlayerKind(kind) for kind in saved)
