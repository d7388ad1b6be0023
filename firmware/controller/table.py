"""The game table: a small coordinator over the board's modes; it says what happened as events.

No threads, no devices, no game names: each game's board adapter says what a tap means, and
every move, tapped or delivered by a seat's player, enters by one door: ``play(token, seat, now)``.
The current mode (``firmware.controller.modes``) holds what the board is doing and takes the
inputs; every change is posted on the event bus (``firmware.controller.events``), where the
journal, the history, the kiosk's statistics, the broker and online play hear it.
"""

from __future__ import annotations

import hashlib
import json
import random
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from firmware.controller.adapter import (
    BoardAdapter,
    Refusal,
    SeatSpec,
    board_adapter,
    board_adapters,
    cells_for_token,
)
from firmware.controller.buttons import Button
from firmware.controller.computer import ComputerPlayer
from firmware.controller.entries import JournalKeeper
from firmware.controller.events import (
    EventBus,
    MatchAbandoned,
    MatchEnded,
    MatchStarted,
    MoveApplied,
    MovePending,
    PendingDropped,
    PhaseChanged,
    Refused,
    RoundEnded,
    RoundStarted,
    SeatInfo,
    SeatNamed,
)
from firmware.controller.journal import Journal
from firmware.controller.learning import (
    Learning,
    lesson_named,
    lesson_run,
    next_lesson,
    puzzle_run,
)
from firmware.controller.match_play import MatchPlay
from firmware.controller.menu import Menu
from firmware.controller.modes import (
    GameMode,
    Hint,
    LearningMode,
    LessonMode,
    MatchOverMode,
    MenuMode,
    Mode,
    Pending,
    Phase,
    PlayingMode,
    PuzzleMode,
    ReviewMode,
    RoundOverMode,
    Seated,
    WaitingForPiece,
)
from firmware.controller.players import Player, PlayerFactory, PlayerKind, Turn, passive_player
from firmware.controller.resume import BUILT_IN, Resumed, resumed_match, tell_resumed
from firmware.controller.review import Review, archived_entries, finished_rounds
from firmware.controller.strip import CommandStrip
from firmware.controller.timing import TABLE_TIMING as T
from firmware.controller.undo import AlwaysUndo, UndoPolicy, steps_to_a_person, take_back
from firmware.learn.puzzle_run import PuzzleRun
from firmware.learn.runner import LessonRun
from firmware.rules.api import GameState, InvalidRecordError, JsonValue
from firmware.rules.grid import cell_name
from firmware.rules.records import FORMAT, Record, record_of
from hal.interfaces import Cell

__all__ = ["Phase", "Seat", "Table"]


@dataclass(frozen=True, slots=True)
class Seat:
    """A seat at the table: the colour it plays, its name and what fills it."""

    colour: str
    name: str
    player: PlayerKind = PlayerKind.HERE


@dataclass(frozen=True, slots=True)
class Flash:
    """An error flash on a cell (None: the whole edge) that started at ``t``."""

    cell: Cell | None
    t: float


StarterDraw = Callable[[tuple[str, ...]], str]  # who starts a match whose starter is drawn
STRIP_COMMANDS = ("undo", "new", "menu")
LEARN_COMMANDS = ("lesson", "puzzle")
REVIEW_COMMANDS = {"back": "undo", "forward": "new", "leave": "menu"}  # what they press in review


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
        new_match_id: Callable[[], str] = lambda: uuid.uuid4().hex,
        beep: Callable[[float, float], None] | None = None,
        players: PlayerFactory = passive_player,
        seating: Callable[[tuple[SeatSpec, ...]], tuple[PlayerKind, ...]] | None = None,
        hand_placed: Callable[[str], bool] = lambda game: True,
        ask_hint: Callable[[GameState], None] | None = None,
        choose_computer: Callable[[frozenset[str], int], None] | None = None,
        thinking: Callable[[], bool] = lambda: False,
        undo_policy: UndoPolicy | None = None,
        starter_draw: StarterDraw | None = None,
        player_kinds: frozenset[PlayerKind] = BUILT_IN,
        learning: Learning | None = None,
    ) -> None:
        """``seating``: who fills the seats of a new match (default: everyone here).
        ``hand_placed``: whether a game's pieces are put on the board by hand (physical chips),
        so a move made elsewhere waits for its piece; else it is shown at once.
        ``ask_hint``: starts the search for a hint (HINT), answered through ``show_hint``.
        ``choose_computer``: sets the seats (by name) and level of the computer for new matches;
        given, the menu offers "vs computer". ``thinking``: whether a computer seat thinks.
        ``undo_policy``: asked before UNDO takes a move back; ``starter_draw``: draws who starts
        a match (default: ``rng``). ``learning``: the lessons and puzzles the board offers."""
        self.columns = columns
        self.rows = rows
        self.journal = journal
        self.events = events
        events.subscribe(JournalKeeper(journal))  # first: written before anyone else hears
        self._wall = wall
        self._new_match_id = new_match_id
        self._beep = beep
        self._make_player = players
        self._seating = seating
        self._hand_placed = hand_placed
        self._ask_hint = ask_hint
        self._choose_computer = choose_computer
        self.thinking = thinking
        self._undo_policy = undo_policy or AlwaysUndo()
        self._draw: StarterDraw = starter_draw or rng.choice
        self._player_kinds = player_kinds
        self._rng = rng
        self._learning = learning
        self._seats_cache: dict[str, tuple[SeatSpec, ...]] = {}
        self.menu = Menu(
            columns,
            rows,
            board_adapters(),
            None if choose_computer is None else self._seats_of,
            learn=learning is not None,
        )
        self.strip = CommandStrip(columns, rows)
        self.mode: Mode = MenuMode(0.0)
        self.since = 0.0  # when the position on the board last changed (blink phases)
        self.flashes: list[Flash] = []
        self.error: tuple[str, float] | None = None
        self.notice: tuple[str, float] | None = None  # something the board did, said a while
        self.last_said: str | None = None  # the latest action in the game's words
        self._turn_told: tuple[int, int] | None = None  # (seat, ply) whose player was told
        self._names: tuple[str, dict[int, str]] = ("", {})  # (match id, seat -> player's name)

    # -- what is on the table (for the scene and the scoreboard) ---------------------------

    @property
    def phase(self) -> Phase:
        return self.mode.phase

    @property
    def phase_since(self) -> float:
        return self.mode.entered

    @property
    def seated(self) -> Seated | None:
        return self.mode.seated

    @property
    def match(self) -> MatchPlay | None:
        seated = self.seated
        return None if seated is None else seated.match

    @property
    def adapter(self) -> BoardAdapter | None:
        seated = self.seated
        return None if seated is None else seated.adapter

    @property
    def players(self) -> list[Player]:
        seated = self.seated
        return [] if seated is None else seated.players

    @property
    def pending(self) -> Pending | None:
        return self.mode.pending if isinstance(self.mode, WaitingForPiece) else None

    @property
    def review(self) -> Review | None:
        return self.mode.review if isinstance(self.mode, ReviewMode) else None

    @property
    def has_learning(self) -> bool:
        """Whether the board offers lessons and puzzles (LESSON and PUZZLES on the page)."""
        return self._learning is not None

    @property
    def has_computer(self) -> bool:
        """Whether seats can be given to the computer (the board runs its player)."""
        return self._choose_computer is not None

    @property
    def ready_cell(self) -> Cell:
        return (self.columns // 2, self.rows // 2)

    @property
    def seats(self) -> list[Seat]:
        """Who sits where, clockwise from seat 0 (none without a match)."""
        seated = self.seated
        if seated is None:
            return []
        return [
            Seat(spec.colour, spec.name, player.kind)
            for spec, player in zip(seated.specs, seated.players, strict=True)
        ]

    def player_names(self) -> list[str | None]:
        """The names players put on the seats for this match (None: no name), in seat order."""
        seated = self.seated
        if seated is None:
            return []
        match_id, names = self._names
        own = names if match_id == seated.match_id else {}
        return [own.get(seat) for seat in range(len(seated.specs))]

    def names_of(self, match_id: str) -> dict[int, str] | None:
        """The names on the seats of the match ``match_id`` (seat -> name); None if the table
        does not know them (another match, or one resumed from a journal without names)."""
        kept_for, names = self._names
        return dict(names) if kept_for == match_id else None

    def name_seat(self, seat: int, name: str | None, now: float) -> None:
        """Put ``name`` on ``seat`` for this match (None: take it off); the events tell it."""
        seated = self.seated
        if seated is None or not 0 <= seat < len(seated.specs):
            self.refuse("there is no such seat to put a name on", now)
            return
        match_id, names = self._names
        names = dict(names) if match_id == seated.match_id else {}
        if name is None:
            names.pop(seat, None)
        else:
            names[seat] = name
        self._names = (seated.match_id, names)
        self.events.post(SeatNamed(seat, seated.specs[seat].colour, name))

    def seat_specs(self) -> tuple[SeatSpec, ...]:
        seated = self.seated
        return () if seated is None else seated.specs

    def seat_to_act(self) -> int | None:
        """The seat whose move it is, or None (no round, or it is over)."""
        seated = self.seated
        return None if seated is None else seated.seat_to_act()

    def record_json(self) -> dict[str, JsonValue] | None:
        """The current round as a records.md record."""
        state = None if self.match is None else self.match.current
        return None if state is None else record_of(state).to_json()

    def current_hint(self, now: float) -> Hint | None:
        hint = self.mode.hint if isinstance(self.mode, PlayingMode) else None
        return hint if hint is not None and now < hint.until else None

    def current_error(self, now: float) -> str | None:
        if self.error is None or now - self.error[1] >= T.error_shown:
            return None
        return self.error[0]

    def current_notice(self, now: float) -> str | None:
        if self.notice is None or now - self.notice[1] >= T.error_shown:
            return None
        return self.notice[0]

    def deadlines(self, now: float) -> list[float]:
        """Times after ``now`` when something changes without an input (besides animations)."""
        times = [f.t + T.error_flash for f in self.flashes]
        for said in (self.error, self.notice):
            if said is not None:
                times.append(said[1] + T.error_shown)
        if isinstance(self.mode, RoundOverMode):
            times.append(self.mode.ready_after)
        hint = self.current_hint(now)
        if hint is not None:
            times.append(hint.until)
        return [t for t in times if t > now]

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
            self._enter(MenuMode(now), now)

    def resume(self, now: float) -> bool:
        """Rebuild the match from the journal, as far as it can be played; False if none."""
        found: list[Resumed] = []

        def playable(entries: list[dict[str, JsonValue]]) -> tuple[int, str | None]:
            found.append(resumed_match(entries, self._player_kinds))
            return found[-1].kept, found[-1].problem

        self.journal.load(playable)
        if not found:
            return False
        last = found[-1]
        if last.problem is not None:
            self.refuse(f"the saved match could not be resumed in full ({last.problem})", now)
        if last.match is None or last.kinds is None:
            return False
        adapter = board_adapter(last.match.name)
        specs = adapter.seats(last.match.rules, last.match.colours)
        if self._choose_computer is not None and last.level is not None:
            # The computer's seats and level as they were, for this match and the next ones.
            names = frozenset(
                spec.name
                for spec, kind in zip(specs, last.kinds, strict=True)
                if kind == PlayerKind.COMPUTER
            )
            self._choose_computer(names, last.level)
            if self.menu.computer is not None:
                self.menu.computer.level = last.level
        match_id = last.match_id or _legacy_id(last.head)
        seated = self._seat(last.match, adapter, last.kinds, match_id, last.started or self._wall())
        if last.names is not None:
            self._names = (match_id, dict(last.names))
        tell_resumed(self.events, self._match_started(seated, last.level, resumed=True), seated)
        waiting = self._pending_from(seated, last.pending)
        self._after_change(seated, now)
        if isinstance(self.mode, RoundOverMode):  # back after a restart: the round was seen
            self.mode = replace(self.mode, scores_shown=True)
        if waiting is not None:
            self._cancel_players()  # its move is made: it only waits for the piece
            state = seated.match.current
            assert state is not None
            self._turn_told = (waiting.seat, state.ply)
            self._enter(WaitingForPiece(now, seated, waiting), now)
        return True

    def _pending_from(self, seated: Seated, pending: tuple[int, str] | None) -> Pending | None:
        """The move that was waiting for its piece when the power went, if it still can."""
        state = seated.match.current
        if pending is None or state is None or state.why_illegal(pending[1]):
            return None
        seat, token = pending
        cells = cells_for_token(seated.adapter, state, token, self.columns, self.rows)
        if cells and seat == seated.seat_to_act():
            return Pending(seat, token, tuple(cells))
        return None

    def new_match(
        self,
        game: str,
        rules: dict[str, JsonValue],
        now: float,
        first: str | None = None,
        players: Sequence[PlayerKind] | None = None,
        why: str = "new",
    ) -> None:
        """Begin a match (the old one, finished or not, goes to the archive).

        ``players``: what fills each seat (default: the seating's choice, else everyone here);
        ``why``: what replaced an unfinished match (its ``MatchAbandoned``).
        """
        adapter = board_adapter(game)
        match = MatchPlay(game, adapter.fit_rules(rules, self.columns, self.rows))
        problem = adapter.does_not_fit(match.rules, self.columns, self.rows)
        if problem is not None:
            self.refuse(problem, now)
            return
        specs = adapter.seats(match.rules, match.colours)
        if players is not None:
            kinds = tuple(players)
        elif self._seating is not None:
            kinds = self._seating(specs)
        else:
            kinds = (PlayerKind.HERE,) * len(specs)
        if len(kinds) != len(specs):
            self.refuse(f"{game} has {len(specs)} seats, not {len(kinds)}", now)
            return
        old = self.match
        if old is not None and old.current is not None and not old.is_over:
            self.events.post(MatchAbandoned(old.name, why))
        seated = self._seat(match, adapter, kinds, self._new_match_id(), self._wall())
        level = None if self.menu.computer is None else self.menu.computer.level
        self.events.post(self._match_started(seated, level))
        self._start_round(seated, first or self._draw(match.colours), now)

    def _match_started(
        self, seated: Seated, level: int | None, *, resumed: bool = False
    ) -> MatchStarted:
        seats = tuple(
            SeatInfo(spec.colour, spec.name, player.kind.value)
            for spec, player in zip(seated.specs, seated.players, strict=True)
        )
        match = seated.match
        return MatchStarted(
            match.name, dict(match.rules), seats, level, seated.match_id, seated.started, resumed
        )

    def _seat(
        self,
        match: MatchPlay,
        adapter: BoardAdapter,
        kinds: Sequence[PlayerKind],
        match_id: str,
        started: float,
    ) -> Seated:
        self._cancel_players()
        specs = adapter.seats(match.rules, match.colours)
        players = [self._make_player(kind, seat) for seat, kind in enumerate(kinds)]
        seated = Seated(match, adapter, specs, players, match_id, started)
        self.menu.select(match.name, match.rules)
        if self.menu.computer is not None:  # the menu shows the computer's seats and level
            computers = [p for p in players if isinstance(p, ComputerPlayer)]
            self.menu.computer.choose(specs[player.seat].name for player in computers)
            if computers:
                self.menu.computer.level = computers[0].level.number
        return seated

    def _seats_of(self, game: str, rules: dict[str, JsonValue]) -> tuple[SeatSpec, ...]:
        """The seats ``game`` has under ``rules`` on this board (for the menu's computer row)."""
        key = f"{game} {sorted(rules.items())!r}"
        if key not in self._seats_cache:
            adapter = board_adapter(game)
            match = MatchPlay(game, adapter.fit_rules(rules, self.columns, self.rows))
            self._seats_cache[key] = adapter.seats(match.rules, match.colours)
        return self._seats_cache[key]

    def seat_computer(self, seats: frozenset[str], level: int, now: float) -> None:
        """The computer takes ``seats`` (colours or names; none: people everywhere) at ``level``
        from a new match of the game being played (or picked on the menu) on."""
        if self._choose_computer is None:
            self.refuse("this board runs no computer player", now)
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

    def abandon(self, now: float, why: str = "idle") -> None:
        """A game left alone for long: archive it and set up a fresh match of the same kind.

        With no match yet (the menu open since start-up) the game chosen on the menu is set up.
        """
        if self.match is not None:
            kinds = [player.kind for player in self.players]
            self.new_match(self.match.name, dict(self.match.rules), now, players=kinds, why=why)
        else:
            game, rules = self.menu.settings()
            self.new_match(game, rules, now, why=why)

    def _start_round(self, seated: Seated, first: str, now: float) -> None:
        match = seated.match
        record: dict[str, JsonValue] = {
            "format": FORMAT,
            "game": match.name,
            "rules": match.rules,
            "first": first,
            "moves": [],
        }
        match.start_round(first)
        self.last_said = None
        self.events.post(RoundStarted(len(match.rounds), first, record))
        self._after_change(seated, now)

    # -- inputs ---------------------------------------------------------------------------

    def tap(self, cell: Cell, now: float) -> None:
        """A tap on ``cell``: the strip's command if it is open, else the mode's."""
        if self.strip.is_open:
            command = self.strip.command_at(cell)
            self.strip.close()
            if command is not None:
                self.command(command, now)
            return
        self.mode.tap(self, cell, now)

    def button(self, button: Button | str, now: float) -> None:
        """A button pressed (or its name)."""
        if button in LEARN_COMMANDS:  # the page's LESSON and PUZZLES, as on the strip
            self.command(str(button), now)
            return
        pressed = Button.named(button) if isinstance(button, str) else button
        if pressed is not None:
            self.mode.press(self, pressed, now)

    def play(self, token: str, seat: int | None, now: float, *, cell: Cell | None = None) -> bool:
        """``seat`` plays ``token``: the one door every move enters by; True if it was taken.

        A refused move flashes (``cell``, or the edge) and says why. A move from a seat that is
        not at this board first waits for its piece to be placed (``WaitingForPiece``).
        """
        mode = self.mode
        state = None if mode.seated is None else mode.seated.match.current
        if not isinstance(mode, PlayingMode) or state is None:
            self.refuse_at(cell, "no move is expected now", now)
            return False
        seated = mode.seated
        if seat is None or seat != seated.seat_to_act():
            self.refuse_at(cell, "it is not that seat's turn", now)
            return False
        reason = state.why_illegal(token)
        if reason is not None:
            self.refuse_at(cell, reason, now)
            return False
        if seated.players[seat].kind != PlayerKind.HERE and self._hand_placed(seated.adapter.name):
            cells = cells_for_token(seated.adapter, state, token, self.columns, self.rows)
            if cells:
                pending = Pending(seat, token, tuple(cells))
                self.events.post(MovePending(seat, token, tuple(cell_name(c) for c in cells)))
                self._enter(WaitingForPiece(now, seated, pending), now)
                return True
        self._apply(seated, seat, token, now)
        return True

    def _apply(self, seated: Seated, seat: int | None, token: str, now: float) -> None:
        match = seated.match
        state = match.current
        assert state is not None
        name = seated.specs[seat].name if seat is not None else (state.to_move() or "").title()
        said = seated.adapter.describe(state.copy(), token, name)
        colour = state.to_move()
        state.apply(token)
        number = len(match.rounds)
        self.events.post(MoveApplied(number, seat, token, state.ply, colour, said))
        self.last_said = said
        outcome = state.outcome()
        if outcome.is_over:
            record = record_of(state).to_json()
            self.events.post(
                RoundEnded(number, outcome.status.value, outcome.winner, record, match.scores())
            )
            if match.is_over:
                self.events.post(MatchEnded(match.name, match.winner, number, match.scores()))
        self.error = None
        self._after_change(seated, now)
        if match.current is not None and match.current.outcome().is_over and self._beep:
            self._beep(T.win_beep_hz, T.win_beep_s)

    def ghost(self, now: float) -> None:
        """A touch the pads could not place: flash, change nothing."""
        self.refuse("two touches at once: touch one cell at a time", now)

    # -- what the modes ask of the table (TableOps) ----------------------------------------

    def refuse_at(self, cell: Cell | None, reason: str, now: float) -> None:
        """Something asked of the board was not done: flash ``cell`` (or the edge), say why."""
        self.flashes = [f for f in self.flashes if now - f.t < T.error_flash]
        self.flashes.append(Flash(cell, now))
        self.error = (reason, now)
        self.events.post(Refused(reason, None if cell is None else cell_name(cell)))
        if self._beep is not None:
            self._beep(T.error_beep_hz, T.error_beep_s)

    def refuse(self, reason: str, now: float) -> None:
        """Something asked of the board was not done: flash the edge and say ``reason``."""
        self.refuse_at(None, reason, now)

    def play_tap(self, seated: Seated, cell: Cell, now: float) -> None:
        state = seated.match.current
        assert state is not None
        meaning = seated.adapter.token_for(state, cell, self.columns, self.rows)
        if isinstance(meaning, Refusal):
            self.refuse_at(cell, str(meaning), now)
            return
        seat = seated.seat_to_act()
        if seat is not None and seated.players[seat].kind != PlayerKind.HERE:
            name = seated.specs[seat].name
            self.refuse_at(cell, f"it is {name}'s turn, who plays elsewhere", now)
            return
        self.play(meaning, seat, now, cell=cell)

    def place_pending(self, mode: WaitingForPiece, cell: Cell, now: float) -> None:
        pending = mode.pending
        if cell not in pending.cells:
            name = mode.seated.specs[pending.seat].name
            self.refuse_at(cell, f"first put {name}'s move on the blinking cell", now)
            return
        self._apply(mode.seated, pending.seat, pending.token, now)

    def go_on(self, seated: Seated, now: float) -> None:
        """The ready cell was tapped (it is the only cell that goes on)."""
        if isinstance(self.mode, RoundOverMode):
            self._start_round(seated, seated.match.next_first(), now)
            return
        match = seated.match
        first = match.next_first() if seated.adapter.rematch_alternates else None
        kinds = [player.kind for player in seated.players]
        self.new_match(match.name, dict(match.rules), now, first, kinds)

    def show_scores(self, mode: RoundOverMode, now: float) -> None:
        """A touch after a round: the kept final position gives way to the scores."""
        self.mode = replace(mode, scores_shown=True)
        self.since = now

    def pick_from_menu(self, mode: MenuMode, cell: Cell, now: float) -> None:
        learn = self.menu.learn_at(cell)
        if learn is not None:
            self.command(learn, now)
            return
        if self.menu.tap(cell):
            game, rules = self.menu.settings()
            self._menu_computer()
            self.new_match(game, rules, now)

    def press_in_menu(self, mode: MenuMode, button: Button, now: float) -> None:
        if button is Button.MENU:
            self.menu.next_choice()
        elif button is Button.NEW:  # NEW starts the menu's choice, as the green cell does
            self._menu_computer()
            game, rules = self.menu.settings()
            self.new_match(game, rules, now)
        elif button is Button.UNDO and mode.back is not None:
            self._enter(mode.back, now)
            self._tell_player()
        elif button is Button.HINT:
            self.refuse("a hint is only given during a game", now)

    def press_in_game(self, mode: GameMode, button: Button, now: float) -> None:
        if button is Button.MENU:
            self._cancel_players()
            self._enter(MenuMode(now, mode.seated, mode), now)
        elif button is Button.NEW:
            game, rules = self.menu.settings()
            self.new_match(game, rules, now)
        elif button is Button.HINT:
            self._hint_asked(mode, now)
        elif isinstance(mode, WaitingForPiece):  # UNDO: the move made elsewhere is dropped
            self.events.post(PendingDropped(mode.pending.seat, mode.pending.token))
            self._cancel_players()
            self._after_change(mode.seated, now)
        else:
            self._undo(mode.seated, now)

    def step_review(self, mode: ReviewMode, by: int, now: float) -> None:
        if mode.review.step(by):
            self.since = now
        else:
            self.refuse(
                "that is the end of the round" if by > 0 else "that is the start of the round",
                now,
            )

    # -- UNDO -----------------------------------------------------------------------------

    def _undo(self, seated: Seated, now: float) -> None:
        """Take back to the last turn of a person at this board: one action, or the computer's
        replies too (they would only be played again)."""
        match = seated.match
        if not match.can_undo():
            self.refuse("nothing to undo", now)
            return
        steps = steps_to_a_person(seated)
        if steps == 0:
            self.refuse("nothing of yours to take back: the computer moved first", now)
            return
        if not self._undo_policy.may_undo(now):
            return
        self._cancel_players()
        for _ in range(steps):
            self.last_said = None
            take_back(seated, self.events)
        if steps > 1:
            self.notice = (f"took back the computer's move and yours ({steps} actions)", now)
        self.error = None
        self._after_change(seated, now)
        if isinstance(self.mode, RoundOverMode):
            # Back to an end already seen: its scores, and the green cell takes a tap at once.
            entered = now - max(T.line_show, T.confirm_guard)
            self.mode = replace(self.mode, entered=entered, scores_shown=True)
        elif isinstance(self.mode, MatchOverMode):
            self.mode = replace(self.mode, entered=now - max(T.line_show, T.confirm_guard))

    def undo_agreed(self, now: float) -> None:
        """The other board agreed to the UNDO asked for: take one action back now."""
        seated = self.seated
        if seated is None or not seated.match.can_undo() or isinstance(self.mode, MenuMode):
            return
        self._cancel_players()
        self.last_said = None
        take_back(seated, self.events)
        self.error = None
        self._after_change(seated, now)

    # -- hints, the strip, review ---------------------------------------------------------

    def _hint_asked(self, mode: GameMode, now: float) -> None:
        seat = mode.seated.seat_to_act()
        state = mode.seated.match.current
        if self._ask_hint is None or state is None or not isinstance(mode, PlayingMode):
            self.refuse("a hint is only given during a game", now)
            return
        if seat is None or mode.seated.players[seat].kind != PlayerKind.HERE:
            self.refuse("a hint is for the player at the board", now)
            return
        self._ask_hint(state.copy())

    def show_hint(self, token: str, ply: int, now: float) -> None:
        """Light the hint's cells for a while, if the position is still the one it was for."""
        mode = self.mode
        if not isinstance(mode, PlayingMode):
            return
        state = mode.seated.match.current
        if state is None or state.ply != ply or state.why_illegal(token):
            return
        cells = cells_for_token(mode.seated.adapter, state, token, self.columns, self.rows)
        said = mode.seated.adapter.describe_hint(state.copy(), token)
        self.mode = replace(mode, hint=Hint(token, tuple(cells), now + T.hint_show, said))

    def open_strip(self) -> None:
        """Light the command strip: what the buttons do, for a board without them."""
        if isinstance(self.mode, ReviewMode):
            self.strip.open(tuple(REVIEW_COMMANDS))
            return
        hint = self._ask_hint is not None and isinstance(self.mode, PlayingMode)
        reviewable = self.reviewable() is not None
        self.strip.open(
            STRIP_COMMANDS
            + (("hint",) if hint else ())
            + (("review",) if reviewable else ())
            + (LEARN_COMMANDS if self._learning is not None else ())
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
        elif name == "lesson":
            self.start_lesson(self.learning_game(), now)
        elif name == "puzzle":
            self.start_puzzles(self.learning_game(), now)

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
            review = Review.of(record, self.columns, self.rows)
        except InvalidRecordError as exc:
            self.refuse(f"cannot review that record: {exc}", now)
            return
        self._cancel_players()
        back = self.mode.back if isinstance(self.mode, ReviewMode) else self.mode
        self._enter(ReviewMode(now, review, back), now)

    def leave_review(self, now: float) -> None:
        if isinstance(self.mode, ReviewMode):
            self._enter(self.mode.back, now, keep_entered=True)
            self._tell_player()

    # -- lessons and puzzles --------------------------------------------------------------

    @property
    def lesson(self) -> LessonRun | None:
        return self.mode.run if isinstance(self.mode, LessonMode) else None

    @property
    def puzzle(self) -> PuzzleRun | None:
        return self.mode.run if isinstance(self.mode, PuzzleMode) else None

    def learning_game(self) -> str:
        """The game a lesson or puzzle asked for now is of: the one on the board, or the menu's."""
        run = self.lesson or self.puzzle
        if run is not None:
            return run.game
        if self.match is not None and not isinstance(self.mode, MenuMode):
            return self.match.name
        return self.menu.settings()[0]

    def start_lesson(self, name: str, now: float) -> None:
        """Open the lesson ``GAME/NAME`` (or a game's first) over what the board is doing."""
        if self._learning is None:
            self.refuse("this board has no lessons", now)
            return
        try:
            lesson = lesson_named(self._learning, name)
        except ValueError as exc:
            self.refuse(f"cannot start the lesson: {exc}", now)
            return
        run = lesson_run(lesson, self._rng, self.columns, self.rows)
        self._open_learning(LessonMode(now, run, self._base_mode()), now)

    def start_puzzles(self, game: str, now: float) -> None:
        """Open ``game``'s puzzles over what the board is doing."""
        if self._learning is None:
            self.refuse("this board has no puzzles", now)
            return
        try:
            run = puzzle_run(self._learning, game, self._rng, self.columns, self.rows)
        except ValueError as exc:
            self.refuse(f"cannot start the puzzles: {exc}", now)
            return
        self._open_learning(PuzzleMode(now, run, self._base_mode()), now)

    def lesson_tap(self, mode: LessonMode, cell: Cell, now: float) -> None:
        run = mode.run
        if run.done:
            if cell != self.ready_cell:
                self.refuse_at(cell, "tap the green centre cell for the next lesson", now)
                return
            after = None if self._learning is None else next_lesson(self._learning, run.lesson)
            if after is None:
                self._leave_learning(mode, now)
                return
            following = lesson_run(after, self._rng, self.columns, self.rows)
            self._open_learning(LessonMode(now, following, mode.back), now)
            return
        answer = run.touch(cell_name(cell))
        if not answer.right:
            self.refuse_at(cell, answer.said, now)
            return
        self.error = None
        self.notice = (answer.said, now)
        self.since = now

    def puzzle_tap(self, mode: PuzzleMode, cell: Cell, now: float) -> None:
        run = mode.run
        restoring = run.refuted is not None
        answer = run.touch(cell_name(cell))
        self.since = now
        if restoring or answer.right:  # the run's sentence greets a right answer itself
            self.error = None
        elif answer.replies:
            self.error = (answer.said, now)
        else:
            self.refuse_at(cell, answer.said, now)

    def press_in_learning(self, mode: LearningMode, button: Button, now: float) -> None:
        if button is Button.MENU:
            self._leave_learning(mode, now)
        elif button is Button.NEW and isinstance(mode, LessonMode):  # the lesson from the start
            run = lesson_run(mode.run.lesson, self._rng, self.columns, self.rows)
            self._open_learning(LessonMode(now, run, mode.back), now)
        elif button is Button.NEW and isinstance(mode, PuzzleMode):  # on to the next puzzle
            mode.run.skip()
            self.since = now
        elif button is Button.HINT and isinstance(mode, LessonMode) and not mode.run.done:
            self.notice = (mode.run.hint, now)
        elif button is Button.HINT:
            self.refuse("no hint here: the lit cells and the sentence are all there is", now)
        else:
            self.refuse("nothing to take back here: MENU leaves, NEW starts again", now)

    def _base_mode(self) -> Mode:
        """The mode a lesson, puzzle or review was opened over (what MENU goes back to)."""
        mode = self.mode
        return mode.back if isinstance(mode, ReviewMode | LessonMode | PuzzleMode) else mode

    def _open_learning(self, mode: LearningMode, now: float) -> None:
        self._cancel_players()
        self.error = None
        self.notice = None
        self._enter(mode, now)

    def _leave_learning(self, mode: LearningMode, now: float) -> None:
        """To the menu; UNDO there goes back to the game the lesson or puzzle was opened over."""
        back = mode.back
        game = back if isinstance(back, GameMode) else None
        self._enter(MenuMode(now, back.seated, game), now)

    # -- after every change ---------------------------------------------------------------

    def _after_change(self, seated: Seated, now: float) -> None:
        """The position changed: the mode that follows from the match, and the next player."""
        self.since = now
        match = seated.match
        if match.is_over:
            mode: Mode = MatchOverMode(now, seated)
        elif match.round_over:
            mode = RoundOverMode(now, seated)
        else:
            mode = PlayingMode(now, seated)
        same = type(mode) is type(self.mode) and self.mode.seated is seated
        self._enter(mode, now, keep_entered=same)
        self._tell_player()

    def _enter(self, mode: Mode, now: float, *, keep_entered: bool = False) -> None:
        """Make ``mode`` the board's mode; ``keep_entered``: it goes on (no new phase)."""
        before = self.mode.phase
        if keep_entered and type(mode) is type(self.mode):
            mode = replace(mode, entered=self.mode.entered)
        self.mode = mode
        self.since = now
        if mode.phase is not before:
            self.events.post(PhaseChanged(mode.phase.value))

    def _tell_player(self) -> None:
        """Tell the player in the seat to act that its turn has come (once per position)."""
        mode = self.mode
        if not isinstance(mode, PlayingMode):
            return
        seat = mode.seated.seat_to_act()
        state = mode.seated.match.current
        if seat is None or state is None or self._turn_told == (seat, state.ply):
            return
        self._turn_told = (seat, state.ply)
        mode.seated.players[seat].your_turn(Turn(seat, state.ply, state.copy()))

    def _cancel_players(self) -> None:
        self._turn_told = None
        for player in self.players:
            player.cancel()


def _legacy_id(head: dict[str, JsonValue] | None) -> str:
    """An id for a match journalled before matches had one: the same on every restart."""
    text = json.dumps(head, sort_keys=True)
    return "journal-" + hashlib.sha1(text.encode()).hexdigest()[:16]
