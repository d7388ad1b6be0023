"""The match at the table: its seats and players, play, undo and resume, told as events.

It knows nothing of the board's modes: the modes ask it to play, take back or start, and follow
what it says. Every change is posted on the event bus; the journal hears it first, before the
history, the broker and online play.
"""

from __future__ import annotations

import hashlib
import json
import uuid
from collections.abc import Callable, Sequence

from firmware.controller.computer.computer import ComputerPlayer
from firmware.controller.core.adapter import SeatSpec, board_adapter, cells_for_token
from firmware.controller.core.events import (
    EventBus,
    MatchAbandoned,
    MatchEnded,
    MatchStarted,
    MoveApplied,
    RoundEnded,
    RoundStarted,
    SeatNamed,
)
from firmware.controller.core.players import Player, PlayerFactory, PlayerKind, Turn, passive_player
from firmware.controller.core.seat import Seat
from firmware.controller.match.entries import JournalKeeper
from firmware.controller.match.journal import Journal
from firmware.controller.match.match_play import MatchPlay
from firmware.controller.match.resume import BUILT_IN, Resumed, resumed_match, tell_resumed
from firmware.controller.match.review import archived_entries, finished_rounds
from firmware.controller.match.seated import Seated
from firmware.controller.match.undo import take_back, undo_sentence, undo_steps
from firmware.rules.api import GameState, JsonValue, Termination
from firmware.rules.endings import result_words
from firmware.rules.game_and_rules import GameAndRules
from firmware.rules.records import FORMAT, Record, record_from_json, record_of
from hal.interfaces import Cell

StarterDraw = Callable[[tuple[str, ...]], str]  # who starts a match whose starter is drawn
Seating = Callable[[tuple[SeatSpec, ...]], tuple[PlayerKind, ...]]


class MatchAtTable:
    """The one match being played at this board (None before the first), and its players."""

    def __init__(
        self,
        *,
        columns: int,
        rows: int,
        journal: Journal,
        events: EventBus,
        draw: StarterDraw,
        wall: Callable[[], float],
        new_match_id: Callable[[], str] | None = None,
        players: PlayerFactory = passive_player,
        seating: Seating | None = None,
        player_kinds: frozenset[PlayerKind] = BUILT_IN,
    ) -> None:
        self.columns = columns
        self.rows = rows
        self.journal = journal
        self.events = events
        events.subscribe(JournalKeeper(journal))  # first: written before anyone else hears
        self._draw = draw
        self._wall = wall
        self._new_match_id = new_match_id or (lambda: uuid.uuid4().hex)
        self._make_player = players
        self._seating = seating
        self.player_kinds = player_kinds
        self.seated: Seated | None = None
        self.last_said: str | None = None  # the latest action in the game's words
        self._last_action: tuple[int | None, GameState, str] | None = None  # who, before, token
        self._turn_told: tuple[int, int] | None = None  # (seat, ply) whose player was told
        self._names: tuple[str, dict[int, str]] = ("", {})  # (match id, seat -> player's name)
        self._seats_cache: dict[str, tuple[SeatSpec, ...]] = {}
        self._record_keys: Callable[[int], dict[str, JsonValue]] = lambda moves: {}

    def stamp_records(self, keys: Callable[[int], dict[str, JsonValue]]) -> None:
        """Add ``keys(moves)`` to every record of the round in play this board writes (the game
        clock's ``clock`` and ``clocks``, records.md)."""
        self._record_keys = keys

    def _record(self, state: GameState) -> dict[str, JsonValue]:
        return {**record_of(state).to_json(), **self._record_keys(state.ply)}

    @property
    def play(self) -> MatchPlay | None:
        return None if self.seated is None else self.seated.match

    @property
    def state(self) -> GameState | None:
        return None if self.seated is None else self.seated.match.current

    @property
    def players(self) -> list[Player]:
        return [] if self.seated is None else self.seated.players

    def seat_to_act(self) -> int | None:
        return None if self.seated is None else self.seated.seat_to_act()

    def seats(self) -> list[Seat]:
        """Who sits where, clockwise from seat 0 (none without a match)."""
        seated = self.seated
        if seated is None:
            return []
        pairs = zip(seated.specs, seated.players, strict=True)
        return [Seat(spec.colour, spec.name, player.kind) for spec, player in pairs]

    # -- starting ---------------------------------------------------------------------------

    def new_match(
        self,
        game: str,
        rules: dict[str, JsonValue],
        first: str | None = None,
        players: Sequence[PlayerKind] | None = None,
        *,
        why: str = "new",
        level: int | None = None,
    ) -> str | None:
        """Begin a match (the old one goes to the archive); the reason if it cannot be.

        ``players``: what fills each seat (default: the seating's choice, else everyone here);
        ``why``: what replaced an unfinished match; ``level``: the computer's, for the journal.
        """
        adapter = board_adapter(game)
        match = MatchPlay(game, adapter.fit_rules(rules, self.columns, self.rows))
        problem = adapter.does_not_fit(match.rules, self.columns, self.rows)
        if problem is not None:
            return problem
        specs = adapter.seats(match.rules, match.colours)
        if players is not None:
            kinds = tuple(players)
        elif self._seating is not None:
            kinds = self._seating(specs)
        else:
            kinds = (PlayerKind.HERE,) * len(specs)
        if len(kinds) != len(specs):
            return f"{game} has {len(specs)} seats, not {len(kinds)}"
        old = self.play
        if old is not None and old.current is not None and not old.is_over:
            unfinished = old.current if old.current.moves and not old.round_over else None
            record = None if unfinished is None else self._record(unfinished)
            self.events.post(MatchAbandoned(old.game, why, len(old.rounds), record))
        seated = self._seat(match, kinds, self._new_match_id(), self._wall())
        computers = [p for p in seated.players if isinstance(p, ComputerPlayer)]
        if level is not None and computers:
            level = computers[0].level.number
        self.events.post(self._started(seated, level))
        self.start_round(first or self._draw(match.colours))
        return None

    def resumable(self) -> Resumed | None:
        """What the journal holds, as far as it can be played (None: no journal)."""
        found: list[Resumed] = []

        def playable(entries: list[dict[str, JsonValue]]) -> tuple[int, str | None]:
            found.append(resumed_match(entries, self.player_kinds))
            return found[-1].kept, found[-1].problem

        self.journal.load(playable)
        return found[-1] if found else None

    def resume(self, last: Resumed) -> Seated | None:
        """Seat the match ``resumable`` found, telling it again as events (marked resumed)."""
        if last.match is None or last.kinds is None:
            return None
        match_id = last.match_id or _legacy_id(last.head)
        seated = self._seat(last.match, last.kinds, match_id, last.started or self._wall())
        if last.names is not None:
            self._names = (match_id, dict(last.names))
        tell_resumed(self.events, self._started(seated, last.level, resumed=True), seated)
        return seated

    def pending_cells(self, seat: int, token: str) -> tuple[Cell, ...]:
        """The cells ``token`` of ``seat`` is placed on now (none: it cannot wait for a piece)."""
        seated, state = self.seated, self.state
        if seated is None or state is None or state.why_illegal(token):
            return ()
        if seat != seated.seat_to_act():
            return ()
        return tuple(cells_for_token(seated.adapter, state, token, self.columns, self.rows))

    def start_round(self, first: str) -> None:
        assert self.seated is not None
        match = self.seated.match
        record: dict[str, JsonValue] = {
            "format": FORMAT,
            "game": match.game,
            "rules": match.rules,
            "first": first,
            "moves": [],
        }
        match.start_round(first)
        self.last_said = None
        self.events.post(RoundStarted(len(match.rounds), first, record))

    def _started(self, seated: Seated, level: int | None, *, resumed: bool = False) -> MatchStarted:
        seats = tuple(
            Seat(spec.colour, spec.name, player.kind)
            for spec, player in zip(seated.specs, seated.players, strict=True)
        )
        match = seated.match
        return MatchStarted(
            match.game, dict(match.rules), seats, level, seated.match_id, seated.started, resumed
        )

    def _seat(
        self, match: MatchPlay, kinds: Sequence[PlayerKind], match_id: str, started: float
    ) -> Seated:
        self.cancel_players()
        adapter = board_adapter(match.game)
        specs = adapter.seats(match.rules, match.colours)
        players = [self._make_player(kind, seat) for seat, kind in enumerate(kinds)]
        self.seated = Seated(match, adapter, specs, players, match_id, started)
        return self.seated

    def seats_of(self, chosen: GameAndRules) -> tuple[SeatSpec, ...]:
        """The seats of ``chosen`` on this board (for the menu's computer row)."""
        game, rules = chosen.game, chosen.rules_dict()
        key = f"{game} {sorted(rules.items())!r}"
        if key not in self._seats_cache:
            adapter = board_adapter(game)
            match = MatchPlay(game, adapter.fit_rules(rules, self.columns, self.rows))
            self._seats_cache[key] = adapter.seats(match.rules, match.colours)
        return self._seats_cache[key]

    # -- playing ----------------------------------------------------------------------------

    def apply(self, seat: int | None, token: str) -> bool:
        """``seat`` plays the legal ``token``; True if it ended the round."""
        assert self.seated is not None
        seated = self.seated
        match = seated.match
        state = match.current
        assert state is not None
        name = self.seat_called(seat, state.to_move())
        self._last_action = (seat, state.copy(), token)
        said = seated.adapter.describe(state.copy(), token, name, called=self.called())
        colour = state.to_move()
        state.apply(token)
        number = len(match.rounds)
        self.events.post(MoveApplied(number, seat, token, state.ply, colour, said))
        self.last_said = said
        over = state.outcome().is_over
        if over:
            self._tell_end()
        return over

    def end_round(self, termination: Termination, winner: str | None) -> None:
        """End the round in play off the board (``Termination.AGREEMENT`` and the like; ``winner``
        wins it, None: nobody), journaled and told as an ending by a move is; UNDO takes it back.
        ValueError if no round is in play or ``MatchPlay.end_round`` refuses. The caller then
        follows the match (``ModeContext.follow_match``)."""
        if self.seated is None:
            raise ValueError("no round is in play")
        self.seated.match.end_round(termination, winner)
        self.cancel_players()
        self._tell_end(concluded=True)

    def _tell_end(self, *, concluded: bool = False) -> None:
        """The round in play just ended (and maybe the match): say so, with how it ended."""
        assert self.seated is not None
        match = self.seated.match
        state = match.current
        assert state is not None
        outcome, number, scores = state.outcome(), len(match.rounds), match.scores()
        ending, status = result_words(state, match.colours), outcome.status.value
        self.events.post(
            RoundEnded(number, status, outcome.winner, self._record(state), scores,
                       termination=outcome.termination, concluded=concluded, ending=ending)
        )  # fmt: skip
        if match.is_over:
            self.events.post(MatchEnded(match.game, match.winner, number, scores, ending=ending))

    def undo_steps(self) -> int | str:
        """How many actions UNDO takes back now, or why it takes none."""
        return "nothing to undo" if self.seated is None else undo_steps(self.seated)

    def take_back(self, steps: int = 1) -> None:
        """Take ``steps`` actions back, each told as events; the UNDO is said once, on the last."""
        assert self.seated is not None
        self.cancel_players()
        said = undo_sentence(steps)
        for step in range(steps, 0, -1):
            take_back(self.seated, self.events, said if step == 1 else None)
        self.last_said, self._last_action = said, None

    def tell_player(self) -> None:
        """Tell the player in the seat to act that its turn has come (once per position)."""
        seat, state = self.seat_to_act(), self.state
        if self.seated is None or seat is None or state is None:
            return
        if self._turn_told == (seat, state.ply):
            return
        self._turn_told = (seat, state.ply)
        self.seated.players[seat].your_turn(Turn(seat, state.ply, state.copy()))

    def told(self, seat: int) -> None:
        """``seat``'s move is made: its player is not told of this position again."""
        state = self.state
        if state is not None:
            self._turn_told = (seat, state.ply)

    def cancel_players(self) -> None:
        self._turn_told = None
        for player in self.players:
            player.cancel()

    # -- names and records ------------------------------------------------------------------

    def seat_called(self, seat: int | None, colour: str | None = None) -> str:
        """How every sentence names ``seat``: the name its player gave where there is one, else
        the seat's own ("Red A"); no seat: the ``colour`` to act, capitalised."""
        seated = self.seated
        if seated is None or seat is None or not 0 <= seat < len(seated.specs):
            return (colour or "nobody").capitalize()
        return self.player_names()[seat] or seated.specs[seat].name

    def called(self) -> dict[str, str]:
        """Seat name -> its player's name, for the seats that have one: the game's words name
        other seats (a team's "Red A's flipped chip") by the same rule as ``seat_called``."""
        specs = () if self.seated is None else self.seated.specs
        named = zip(specs, self.player_names(), strict=True)
        return {spec.name: name for spec, name in named if name is not None}

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

    def name_seat(self, seat: int, name: str | None) -> bool:
        """Put ``name`` on ``seat`` for this match (None: take it off); False: no such seat."""
        seated = self.seated
        if seated is None or not 0 <= seat < len(seated.specs):
            return False
        match_id, names = self._names
        names = dict(names) if match_id == seated.match_id else {}
        if name is None:
            names.pop(seat, None)
        else:
            names[seat] = name
        self._names = (seated.match_id, names)
        if self.last_said is not None and self._last_action is not None:  # said again, named
            mover, before, token = self._last_action
            called = self.seat_called(mover, before.to_move())
            self.last_said = seated.adapter.describe(
                before.copy(), token, called, called=self.called()
            )
        self.events.post(SeatNamed(seat, seated.specs[seat].colour, name))
        return True

    def record_json(self) -> dict[str, JsonValue] | None:
        """The current round as a records.md record."""
        state = self.state
        return None if state is None else self._record(state)

    def reviewable(self) -> Record | None:
        """The latest finished round: of this match, else of the latest archived match."""
        if self.play is not None:
            done = [past for past in self.play.rounds if past.outcome().is_over]
            if done and done[-1] is self.state:  # the round in play: with its clocks
                return record_from_json(self._record(done[-1]))
            if done:
                return record_of(done[-1])
        for path in reversed(self.journal.archived_paths()):
            rounds = finished_rounds(archived_entries(path))
            if rounds:
                return rounds[-1]
        return None


def _legacy_id(head: dict[str, JsonValue] | None) -> str:
    """An id for a match journalled before matches had one: the same on every restart."""
    text = json.dumps(head, sort_keys=True)
    return "journal-" + hashlib.sha1(text.encode()).hexdigest()[:16]
