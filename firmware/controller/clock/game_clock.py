"""The game clock on the board: it hears the table's events, runs the side to act's clock while a
round is played, and plays ``time`` for that side the instant its flag falls.

It runs only while the board is in play (the menu, a review, a lesson, a puzzle and a round's end
stop it), keeps each side's time after every action of the round (UNDO puts the clocks back as
they were at the action taken back), and saves them with every action to ``clock.json`` in the
state directory, so a board back from a power cut resumes each side's time as it was when the
last action was saved: the time the board was off is charged to nobody. The seconds it ticks are
``clock_ticks``'s; ``clock.json`` is ``clock_file``'s.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from firmware.clock.sides import Reading
from firmware.clock.turns import TurnClocks
from firmware.controller.clock.clock_file import ClockFile, saved_controls, saved_round_clocks
from firmware.controller.clock.clock_ticks import ClockTicks
from firmware.controller.core.events import (
    Event,
    MatchAbandoned,
    MatchStarted,
    MoveApplied,
    MoveUndone,
    RoundStarted,
)
from firmware.controller.core.players import PlayerKind
from firmware.controller.core.timers import Timers
from firmware.controller.menu.menu_clock import ClockRow
from firmware.controller.modes.base import Phase
from firmware.controller.modes.clock_lights import ClockLights
from firmware.controller.modes.side_out import side_out
from firmware.controller.table.table import Table
from firmware.players.time_manager import ClockState, think_ms
from firmware.rules.api import GameState, JsonValue, Termination
from firmware.rules.time_control import TimeControl, TimeControlError, parse_time_control

log = logging.getLogger("cullsboard.clock")


class BoardClock:
    """The clocks of the round on the table, driven by its events and the board's timers.

    ``control`` is the board's default: the menu's clock row starts on it, and each match takes
    the row's choice when it begins (a match resumed after a restart, the one it was saved with).
    """

    def __init__(
        self,
        control: TimeControl,
        *,
        table: Table,
        timers: Timers,
        now: Callable[[], float],
        store: ClockFile | None = None,
        beep: Callable[[float, float], None] | None = None,
    ) -> None:
        self.control = control
        self._default = self._began_default = control  # play.clock: now, and as the match began
        self._next: TimeControl | None = None  # the café's new clock, from the next round
        self._table = table
        self._timers = timers
        self._now = now
        self._store = store or ClockFile(None)
        self._ticks = ClockTicks(timers, self._running_left, beep)
        table.the_match.stamp_records(self.record_keys)  # the records it writes carry the clocks
        self.menu_row = ClockRow(table.menu.columns, table.menu.rows, control)
        table.menu.add_row(self.menu_row)
        table.context.lay(ClockLights(self.running_flag, self.full_ms))
        table.context.read_clocks_from(self.reading)
        self._match_id: str | None = None
        self._round = 0
        self._clocks: TurnClocks | None = None
        self._history: list[dict[str, int]] = []  # each side's ms after each action, 0 = start
        self._movers: list[str | None] = []  # per action: the side whose clock it stopped
        # Online: the sides played at the other board, what it told of their times (action ->
        # ms left after it), a flag fall it decided (action count, side), who hears each action.
        self._remote: frozenset[str] = frozenset()
        self._told: dict[int, int] = {}
        self._peer_flag: tuple[int, str] | None = None
        self._listeners: list[Callable[[], None]] = []

    def __repr__(self) -> str:
        return f"<BoardClock {self.control} round {self._round} {self._clocks!r}>"

    # -- what the pages, the lights and the computer read ----------------------------------

    def reading(self, now: float) -> Reading | None:
        """Every side's time left now and whose clock runs; None without a timed round."""
        return None if self._clocks is None else self._clocks.reading(now)

    def full_ms(self) -> int:
        """A side's starting time (a turn's, with a per-turn limit)."""
        control = self.control
        return control.per_turn_ms if control.per_turn else control.start_ms

    def running_flag(self) -> tuple[str, float] | None:
        """The side whose clock runs and the instant it flags, or None."""
        clocks = self._clocks
        side = None if clocks is None else clocks.clocks.running
        flag = None if clocks is None else clocks.flag_at()
        return None if side is None or flag is None else (side, flag)

    def score_json(self, now: float) -> dict[str, JsonValue]:
        """The scoreboard's ``clock`` key (docs/scoreboard.md): null when the round is untimed."""
        reading = self.reading(now)
        found: dict[str, JsonValue] = {"clock": None}
        if reading is not None:
            control = self.control
            found["clock"] = {
                "control": str(control),
                "full_ms": control.per_turn_ms if control.per_turn else control.start_ms,
                "left_ms": dict[str, JsonValue](reading.left_ms),
                "running": reading.running,
            }
        if self._next is not None:  # the café's clock changed: the match takes it next round
            found["clock_next"] = str(self._next)
        return found

    def movetime_ms(self, state: GameState) -> int | None:
        """The computer's time for its move in ``state`` (None: the level's own, untimed)."""
        side = state.to_move()
        if self._clocks is None or side is None:
            return None
        control = self.control
        left = self._clocks.reading(self._now()).left_ms.get(side)
        if left is None:
            return None
        clock = ClockState(left, control.increment_ms, control.per_turn)
        return think_ms(clock, state.ply // max(1, len(self._clocks.clocks.sides)))

    def record_keys(self, moves: int) -> dict[str, JsonValue]:
        """The records.md ``clock`` and ``clocks`` keys of the round in play (``moves`` tokens):
        ``clocks`` only when this board timed every one of them."""
        if self._clocks is None:
            return {}
        keys: dict[str, JsonValue] = {"clock": str(self.control)}
        clocks = self.recorded()
        if len(clocks) == moves:
            keys["clocks"] = list[JsonValue](clocks)
        return keys

    def recorded(self) -> list[int | None]:
        """Per action of the round so far: the acting side's ms left after it (None: untimed),
        the records' ``clocks``."""
        return [
            None if mover is None else left.get(mover)
            for mover, left in zip(self._movers, self._history[1:], strict=False)
        ]

    # -- the events ---------------------------------------------------------------------------

    def hear(self, event: Event) -> None:
        now = self._now()
        match event:
            case MatchStarted():
                self._match_id = event.match_id
                self._take_control(event.resumed)
                if self._next is not None:  # said on the board: the café's clock changed
                    self._table.context.feedback.say(f"{self._next} clock: from next round", now)
                away = {seat.colour for seat in event.seats if seat.player == PlayerKind.REMOTE}
                self._remote = frozenset(
                    away - {s.colour for s in event.seats if s.player != PlayerKind.REMOTE}
                )
            case RoundStarted():
                self._new_round(event, now)
            case MoveApplied() if self._clocks is not None:
                state = self._state_or_none()
                # a remote side's move is placed here with its clock paused: its board times it
                timed = self._clocks.clocks.running == event.colour or event.colour in self._remote
                if state is not None:
                    self._clocks.acted(event.colour, state, now)
                self._history.append(dict(self._clocks.reading(now).left_ms))
                self._movers.append(event.colour if timed else None)
                self._take_told(len(self._movers), now)
                self._save()
                for listener in self._listeners:
                    listener()
            case MoveUndone() if self._clocks is not None and len(self._history) > 1:
                self._told.pop(len(self._movers), None)  # told of the action taken back
                self._history.pop()
                self._movers.pop()
                state = self._state_or_none()
                if state is not None:
                    self._clocks.restore(self._history[-1], state, now)
                self._save()
            case MatchAbandoned():
                self._stop(now)
                self._clocks = None
        self._follow_the_board(now)

    def _take_control(self, resumed: bool) -> None:
        """The match's control: the menu's choice; resumed, the one saved with it (none saved:
        it was untimed), the menu's staying at the board's default for the next match."""
        self._next = None
        if not resumed:
            self.control = self.menu_row.control
            self._began_default = self._default
            if self.control.timed or self._default.timed:
                self._store.save(self._match_keys())
            else:
                self._store.clear()
            return
        self.control, self._began_default = saved_controls(self._store.load(), self._match_id)
        if self._began_default != self._default:  # the staff changed the café's clock, restarted
            self._next = self._default

    def _match_keys(self) -> dict[str, JsonValue]:
        """What ``clock.json`` keeps of the match: its clock and the café's when it began."""
        match, control, began = self._match_id, str(self.control), str(self._began_default)
        return {"match": match, "control": control, "default": began}

    def _new_round(self, event: RoundStarted, now: float) -> None:
        match = self._table.match
        if self._next is not None and not event.resumed:  # a new round: the café's new clock
            self.control, self._began_default, self._next = self._next, self._default, None
        if match is None or not self.control.timed:
            self._clocks = None
            return
        if event.resumed and event.round != len(match.rounds):
            return  # an earlier round, told again: only the last one is played on
        self._round = event.round
        self._told, self._peer_flag = {}, None
        self._clocks = TurnClocks(self.control, match.colours)
        self._history = [dict(self._clocks.reading(now).left_ms)]
        self._movers = []
        if event.resumed:
            self._resume(len(event.moves))
        state = self._state_or_none()
        if state is not None:
            self._clocks.restore(self._history[-1], state, now)
            self._clocks.pause(now)
        self._save()

    def _resume(self, ply: int) -> None:
        """This round's clocks as saved with its actions (up to ``ply``). An action the journal
        holds but the clocks do not (the power went between the two) keeps the times before it."""
        expected = (self._match_id, self._round, str(self.control))
        saved = saved_round_clocks(self._store.load(), expected, ply)
        if saved is not None:
            self._history, self._movers = saved

    def _save(self) -> None:
        after: list[JsonValue] = [dict[str, JsonValue](left) for left in self._history]
        movers: list[JsonValue] = list(self._movers)
        self._store.save(
            {**self._match_keys(), "round": self._round, "after": after, "movers": movers}
        )

    # -- running, stopping, the flag ----------------------------------------------------------

    def _state_or_none(self) -> GameState | None:
        match = self._table.match
        return None if match is None else match.current

    def _follow_the_board(self, now: float) -> None:
        """Run the clock while the round is in play on the board; stop it otherwise."""
        clocks, state = self._clocks, self._state_or_none()
        if clocks is None or state is None:
            self._stop(now)
            return
        in_play = self._table.phase is Phase.PLAYING and not state.outcome().is_over
        if in_play and clocks.clocks.running is None:
            clocks.begin(state, now)
        elif not in_play:
            clocks.pause(now)
        if in_play and self._agree_to_flag(now):
            return
        self._timers.replace(self, clocks.flag_at(), self._flag)
        self._ticks.follow(now)

    def _running_left(self, now: float) -> int | None:
        """The running side's ms left at ``now`` (None: no clock runs)."""
        clocks = self._clocks
        side = None if clocks is None else clocks.clocks.running
        return None if clocks is None or side is None else clocks.reading(now).left_ms[side]

    def _stop(self, now: float) -> None:
        if self._clocks is not None:
            self._clocks.pause(now)
        self._timers.cancel(self)
        self._ticks.stop()

    def _flag(self, now: float) -> None:
        """The running side's time is up: it loses as rules.md says: the round (or the game)
        ends on time, or with three Cubulus players in, it is out (``time``). A side played at
        the other board of an online game shows 0 here: that board decides its flag."""
        clocks, match = self._clocks, self._table.match
        state = None if match is None else match.current
        if clocks is None or clocks.clocks.running is None or match is None or state is None:
            return
        if clocks.reading(now).left_ms[clocks.clocks.running] > 0:
            self._timers.replace(self, clocks.flag_at(), self._flag)  # started again since
            return
        if clocks.clocks.running not in self._remote:
            side_out(self._table.context, Termination.TIME, now)

    # -- online: the other board's sides ------------------------------------------------------

    def control_text(self) -> str:
        """The match's time control, spelled as ``--clock`` takes it."""
        return str(self.control)

    def take_control(self, text: object) -> None:
        """Start the next match with the control spelled ``text`` (the online host's)."""
        try:
            self.menu_row.choose(parse_time_control(text))
        except TimeControlError as exc:
            log.warning("the other board's clock is not used: %s", exc)

    def listen(self, listener: Callable[[], None]) -> None:
        """Call ``listener`` after each action's clocks are kept (``left_after`` has them)."""
        self._listeners.append(listener)

    def left_after(self, actions: int) -> int | None:
        """This board's mover's ms left after the round's first ``actions`` actions (None: the
        last of them was untimed, or made at the other board)."""
        recorded = self.recorded()
        if not 0 < actions <= len(recorded) or self._movers[actions - 1] in self._remote:
            return None
        return recorded[actions - 1]

    def told(self, actions: int, left_ms: int) -> None:
        """The other board: its side that made action ``actions`` had ``left_ms`` after it."""
        self._told[actions] = max(0, left_ms)
        self._take_told(actions, self._now())

    def peer_flagged(self, actions: int, side: str) -> None:
        """The other board: its ``side``'s flag fell after ``actions`` actions; this board
        agrees as soon as it is there too."""
        if side in self._remote:
            self._peer_flag = (actions, side)
            self._follow_the_board(self._now())

    def _take_told(self, actions: int, now: float) -> None:
        """Set the remote mover's time of the latest action to what its board told."""
        clocks, state, told = self._clocks, self._state_or_none(), self._told.get(actions)
        if clocks is None or state is None or told is None or actions != len(self._movers):
            return
        side = self._movers[actions - 1]
        if side not in self._remote or side is None:
            return
        left = dict(clocks.reading(now).left_ms)
        left[side] = self._history[-1][side] = told
        clocks.restore(left, state, now)
        self._follow_the_board(now)

    def _agree_to_flag(self, now: float) -> bool:
        """End the round on the remote side's time, as its board decided (True if done)."""
        flag, clocks = self._peer_flag, self._clocks
        if flag is None or clocks is None or flag[0] != len(self._movers):
            return False
        if clocks.clocks.running != flag[1]:
            return False
        self._peer_flag = None
        clocks.pause(now)
        return side_out(self._table.context, Termination.TIME, now)
