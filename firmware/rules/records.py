"""Game records (records.md, format 1): read, validate, write and replay. Pure text in and out."""

from __future__ import annotations

import json
from collections.abc import Mapping

from firmware.rules.api import (
    GameState,
    IllegalActionError,
    InvalidRecordError,
    JsonValue,
    Outcome,
    Termination,
)
from firmware.rules.bounded_json import JsonInputError, read_json, shorten
from firmware.rules.endings import RESIGN, TIME, winner_if_out
from firmware.rules.frozen import Frozen
from firmware.rules.registry import find_game
from firmware.rules.time_control import TimeControl, TimeControlError, parse_time_control

FORMAT = 1
_KEYS = ("format", "game", "rules", "first", "moves", "clock", "clocks", "reason")
# How a game ended when no token ended it (records.md): the record's ``reason`` words.
REASONS = {t.value: t for t in (Termination.TIME, Termination.RESIGNATION, Termination.AGREEMENT)}
MAX_CLOCK_MS = 10**9
_REQUIRED = ("format", "game", "first", "moves")


class Record(Frozen):
    """One game: which game, its rule switches (defaults filled in), who moved first, the tokens,
    and how it ended when no move ended it (``reason``: time, resignation, agreement).

    ``reason`` is the file's optional ``reason`` key (written only for such an ending, so every
    other record reads and replays as it always has); ``termination`` derives a missing reason
    from the position.
    """

    FIELDS = ("game", "rules", "first", "moves", "clock", "clocks", "reason")
    __slots__ = FIELDS
    game: str
    rules: Mapping[str, JsonValue]
    first: str
    moves: tuple[str, ...]
    clock: TimeControl | None  # the time control of a timed game
    clocks: tuple[int | None, ...] | None  # per action: the mover's ms left after it
    reason: Termination | None

    def __init__(
        self,
        game: str,
        rules: Mapping[str, JsonValue],
        first: str,
        moves: tuple[str, ...] = (),
        clock: TimeControl | None = None,
        clocks: tuple[int | None, ...] | None = None,
        reason: Termination | None = None,
    ) -> None:
        self._init(game, rules, first, moves, clock, clocks, reason)

    def termination(self) -> Termination | None:
        """How the game ended: ``reason``, else what the moves say (None: not over, or a token
        the rules refuse)."""
        if self.reason is not None:
            return self.reason
        state, error = replay(self)
        return None if error is not None else state.outcome().termination

    def to_json(self) -> dict[str, JsonValue]:
        """The record's JSON object; ``clock`` and ``clocks`` only when the game was timed."""
        raw: dict[str, JsonValue] = {
            "format": FORMAT,
            "game": self.game,
            "rules": dict(self.rules),
            "first": self.first,
            "moves": list(self.moves),
        }
        if self.clock is not None:
            raw["clock"] = str(self.clock)
        if self.clocks is not None:
            raw["clocks"] = list[JsonValue](self.clocks)
        if self.reason is not None:
            raw["reason"] = self.reason.value
        return raw

    def dumps(self) -> str:
        """The record as JSON text (one object, trailing newline)."""
        return json.dumps(self.to_json(), ensure_ascii=False) + "\n"

    def new_state(self) -> GameState:
        """A fresh game under this record's rules, before any token."""
        return find_game(self.game).new_state(self.rules, self.first)


class ReplayError(Frozen):
    """The first illegal token of a record: 1-based ply, the token, and the reason."""

    FIELDS = ("ply", "token", "reason")
    __slots__ = FIELDS
    ply: int
    token: str
    reason: str

    def __init__(self, ply: int, token: str, reason: str) -> None:
        self._init(ply, token, reason)

    def __str__(self) -> str:
        return shorten(f"ply {self.ply}: {shorten(self.token, 40)}: {self.reason}")


def record_of(state: GameState) -> Record:
    """The record of a game in progress or over (with the reason it ended off the board)."""
    termination = state.outcome().termination
    reason = None if termination is None or termination.positional else termination
    return Record(state.game, dict(state.rules), state.first, tuple(state.moves), reason=reason)


def parse_record(text: str | bytes) -> Record:
    """Read a record; raise InvalidRecordError with one line naming what is wrong."""
    if not text.strip():
        raise InvalidRecordError("the record is empty (expected a JSON object, see records.md)")
    try:
        raw = read_json(text)
    except JsonInputError as exc:
        raise InvalidRecordError(str(exc)) from exc
    return record_from_json(raw)


def record_from_json(raw: object) -> Record:
    """Validate an already decoded JSON value as a record."""
    if not isinstance(raw, dict):
        raise InvalidRecordError("a record must be a JSON object")
    fmt = raw.get("format")
    if type(fmt) is int and fmt > FORMAT:
        raise InvalidRecordError(
            f"format: this record is format {fmt}, newer than this cullsboard reads "
            f"(format {FORMAT}); update cullsboard to replay it"
        )
    unknown = sorted(set(raw) - set(_KEYS))
    if unknown:
        key = unknown[0]
        if not key.isidentifier():  # quoted: a key may hold any character, a line break too
            key = shorten(json.dumps(key), 40)
        raise InvalidRecordError(f"{key}: unknown key (allowed: {', '.join(_KEYS)})")
    for key in _REQUIRED:
        if key not in raw:
            raise InvalidRecordError(f"{key}: missing")
    fmt = raw["format"]
    if type(fmt) is not int or fmt != FORMAT:
        raise InvalidRecordError(f"format: must be {FORMAT}, got {shorten(json.dumps(fmt), 40)}")
    name = raw["game"]
    if not isinstance(name, str):
        raise InvalidRecordError("game: must be a string")
    game = find_game(name)
    rules_raw = raw.get("rules", {})
    if not isinstance(rules_raw, dict):
        raise InvalidRecordError("rules: must be an object")
    rules = game.parse_rules(rules_raw)
    first = raw["first"]
    colours = game.colours(rules)
    if not isinstance(first, str) or first not in colours:
        raise InvalidRecordError(
            f"first: must be one of {', '.join(colours)}, got {shorten(json.dumps(first), 40)}"
        )
    moves = raw["moves"]
    if not isinstance(moves, list):
        raise InvalidRecordError("moves: must be a list of strings")
    for index, token in enumerate(moves):
        if not isinstance(token, str):
            raise InvalidRecordError(
                f"moves[{index}]: must be a string, got {shorten(json.dumps(token), 40)}"
            )
    clock = _clock_of(raw)
    clocks = _clocks_of(raw, len(moves), clock)
    return Record(name, rules, first, tuple(moves), clock, clocks, _reason_of(raw))


def _reason_of(raw: dict[str, object]) -> Termination | None:
    if "reason" not in raw:
        return None
    reason = raw["reason"]
    if not isinstance(reason, str) or reason not in REASONS:
        raise InvalidRecordError(
            f"reason: must be one of {', '.join(REASONS)}, got {shorten(json.dumps(reason), 40)}"
        )
    return REASONS[reason]


def _clock_of(raw: dict[str, object]) -> TimeControl | None:
    if "clock" not in raw:
        return None
    try:
        return parse_time_control(raw["clock"])
    except TimeControlError as exc:
        raise InvalidRecordError(f"clock: {exc}") from None


def _clocks_of(
    raw: dict[str, object], moves: int, clock: TimeControl | None
) -> tuple[int | None, ...] | None:
    """The ``clocks`` list: one entry per move, each a whole number of ms or null."""
    if "clocks" not in raw:
        return None
    if clock is None or not clock.timed:
        raise InvalidRecordError("clocks: only a record with a timed clock has them")
    values = raw["clocks"]
    if not isinstance(values, list) or len(values) != moves:
        raise InvalidRecordError(f"clocks: must be a list of {moves} entries, one per move")
    for index, value in enumerate(values):
        if value is not None and (type(value) is not int or not 0 <= value <= MAX_CLOCK_MS):
            raise InvalidRecordError(
                f"clocks[{index}]: must be milliseconds left (0 to {MAX_CLOCK_MS}) or null, "
                f"got {shorten(json.dumps(value), 40)}"
            )
    return tuple(values)


def replay(record: Record) -> tuple[GameState, ReplayError | None]:
    """Play a record's tokens; stop before the first illegal one and say why."""
    state = record.new_state()
    for index, token in enumerate(record.moves):
        try:
            state.apply(token)
        except IllegalActionError as exc:
            return state, ReplayError(index + 1, token, exc.reason)
    if record.reason is not None:
        problem = _end(state, record.reason)
        if problem is not None:
            return state, ReplayError(
                len(record.moves) + 1, f"reason {record.reason.value}", problem
            )
    return state, None


def _end(state: GameState, reason: Termination) -> str | None:
    """End ``state`` as ``reason`` says (records.md); why it cannot be, or None."""
    if state.outcome().is_over:
        return "the game is over already"
    winner = None
    if reason is not Termination.AGREEMENT:
        colours = find_game(state.game).colours(state.rules)
        winner = winner_if_out(state, colours)
        if winner is None:
            token = TIME if reason is Termination.TIME else RESIGN
            return f"with three players in, the side to act is out by the token {token}"
    state.conclude(Outcome.ended_by(reason, winner))
    return None
