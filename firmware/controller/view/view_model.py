"""The board's view, typed: what the terminal, the voice, the pages' server side, the broker link
and the fleet read, with the words they show made here, once.

The scoreboard's JSON (``BoardView.score``, docs/scoreboard.md) is the form the view travels in
(to the pages, the broker, the fleet); ``read_score`` reads it into a ``ScoreView`` in this one
place, and nothing else reads that object by key (``tests/test_architecture_view.py``). A reader
that needs a fact the view model does not carry yet adds it here, with its words.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from firmware.rules.api import JsonValue

FREE_PHASES = ("attract", "menu", "match_over")
FACTS = "facts"  # the scoreboard's key of the features' facts


def _text(value: JsonValue | None) -> str | None:
    return value if isinstance(value, str) and value else None


def _whole(value: JsonValue | None) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


@dataclass(frozen=True, slots=True)
class SideTime:
    """One side's clock: its colour, its time left and whether it runs."""

    colour: str
    left_ms: int
    running: bool

    @property
    def text(self) -> str:
        """The time left as ``4:05``, whole seconds rounded up (0:01 until it is out)."""
        seconds = (max(self.left_ms, 0) + 999) // 1000
        return f"{seconds // 60}:{seconds % 60:02d}"

    @property
    def words(self) -> str:
        """``blue 4:05*`` (``*``: the clock that runs)."""
        return f"{self.colour} {self.text}{'*' if self.running else ''}"


@dataclass(frozen=True, slots=True)
class ClockView:
    """The game clock of the round in play: its control (``5+3``) and each side's time."""

    control: str
    sides: tuple[SideTime, ...]

    @property
    def running(self) -> SideTime | None:
        """The side whose clock runs, if one does."""
        return next((side for side in self.sides if side.running), None)

    @property
    def words(self) -> list[str]:
        """Each side's time in words, in seat order."""
        return [side.words for side in self.sides]


def _clock(value: JsonValue | None) -> ClockView | None:
    if not isinstance(value, dict):
        return None
    left, running = value.get("left_ms"), value.get("running")
    if not isinstance(left, dict):
        return None
    sides = tuple(
        SideTime(colour, ms, colour == running)
        for colour, ms in left.items()
        if isinstance(ms, int) and not isinstance(ms, bool)
    )
    return ClockView(str(value.get("control") or ""), sides)


@dataclass(frozen=True, slots=True)
class Fact:
    """A fact a feature adds to the view, with its words: every reader shows it as it is (the
    terminal's side panel, the board page, the scoreboard, the fleet's card) and the voice says
    it when its words change. A feature adds one by returning ``facts_part(...)`` from its
    ``score_part``: nothing else changes for a new fact."""

    name: str  # stable, for a reader that follows it ("clock_next")
    label: str  # "Next round's clock"
    words: str  # "5+3"

    @property
    def said(self) -> str:
        return f"{self.label}: {self.words}."

    def to_json(self) -> dict[str, JsonValue]:
        return {"name": self.name, "label": self.label, "words": self.words}


def facts_part(*facts: Fact) -> dict[str, JsonValue]:
    """The scoreboard keys of a part that adds ``facts`` (the composer joins every part's)."""
    return {FACTS: [fact.to_json() for fact in facts]}


def _facts(value: JsonValue | None) -> tuple[Fact, ...]:
    if not isinstance(value, list):
        return ()
    return tuple(
        Fact(str(item.get("name") or ""), str(item.get("label") or ""), str(item.get("words")))
        for item in value
        if isinstance(item, dict) and item.get("words") is not None
    )


@dataclass(frozen=True, slots=True)
class OnlineView:
    """The online game this board plays with another over the broker."""

    code: str
    role: str  # "host" or "guest"
    peer: str | None  # the other board, once one has joined
    connected: bool

    def to_json(self) -> dict[str, JsonValue]:
        return {
            "code": self.code,
            "role": self.role,
            "peer": self.peer,
            "connected": self.connected,
        }


def _online(value: JsonValue | None) -> OnlineView | None:
    if not isinstance(value, dict):
        return None
    connected = value.get("connected")
    return OnlineView(
        str(value.get("code") or ""),
        str(value.get("role") or ""),
        _text(value.get("peer")),
        connected is True,
    )


@dataclass(frozen=True, slots=True)
class ScoreView:
    """Everything a reader of the board's view uses, typed (docs/scoreboard.md has each key)."""

    phase: str | None = None
    message: str = ""
    notice: str | None = None
    error: str | None = None
    last_action: str | None = None  # what just happened ("Red placed h8")
    scores: Mapping[str, int] | None = None
    clock: ClockView | None = None
    hint_said: str | None = None  # the hint as the voice says it
    hint_text: str | None = None  # the hint as the page shows it
    voice_said: str | None = None  # the simulated voice's latest sentence
    voice_cell_said: str | None = None  # on the menu: where the voice cell is, in words
    online: OnlineView | None = None  # the online game, while one is on
    game: str | None = None
    mode: str | None = None
    round: int | None = None
    status: str | None = None
    to_move: str | None = None
    moves: tuple[str, ...] | None = None
    seats: JsonValue = None  # the seats as the scoreboard lists them
    record: Mapping[str, JsonValue] | None = None  # the round in play as a records.md record
    facts: tuple[Fact, ...] = ()  # what the features add, with their words

    @property
    def hint_words(self) -> str | None:
        """What the hint shown now does, in the game's words (as the board page says it)."""
        return self.hint_said or self.hint_text

    @property
    def happened(self) -> str | None:
        """What just happened, shown above what comes next (not on the menu)."""
        return self.last_action if self.phase != "menu" else None

    @property
    def sentence(self) -> str:
        """The view in one line: what happened, what comes next, the hint, the error."""
        line = self.message if self.happened is None else f"{self.happened}. {self.message}"
        words = self.hint_words
        if words:  # the hint's own words may already start "Hint: " (the voice's line)
            line = f"{line} ({words if words.lower().startswith('hint') else f'hint: {words}'})"
        return f"{line} [{self.error}]" if self.error else line

    @property
    def free(self) -> bool:
        """An idle table: the attract show, the menu, a match over, or a match not yet begun."""
        if self.phase is None or self.phase in FREE_PHASES:
            return True
        return self.round in (None, 1) and self.moves is not None and not self.moves

    @property
    def score_words(self) -> str | None:
        """The match score as ``score blue 1, red 0``, if there is one."""
        if not self.scores:
            return None
        return "score " + ", ".join(f"{side} {points}" for side, points in self.scores.items())


def read_score(score: Mapping[str, JsonValue]) -> ScoreView:
    """The scoreboard's JSON read into the typed view (what is missing or malformed: None)."""
    hint, voice, menu = score.get("hint"), score.get("voice"), score.get("menu")
    said = voice.get("said") if isinstance(voice, dict) else None
    last = said[-1] if isinstance(said, list) and said else None
    cell = menu.get("voice") if isinstance(menu, dict) else None
    scores, moves, record = score.get("scores"), score.get("moves"), score.get("record")
    return ScoreView(
        phase=_text(score.get("phase")),
        message=str(score.get("message") or ""),
        notice=_text(score.get("notice")),
        error=_text(score.get("error")),
        last_action=_text(score.get("last_action")),
        scores={k: v for k, v in scores.items() if isinstance(v, int)}
        if isinstance(scores, dict)
        else None,
        clock=_clock(score.get("clock")),
        hint_said=_text(hint.get("said")) if isinstance(hint, dict) else None,
        hint_text=_text(hint.get("text")) if isinstance(hint, dict) else None,
        voice_said=_text(last.get("text")) if isinstance(last, dict) else None,
        voice_cell_said=_text(cell.get("said")) if isinstance(cell, dict) else None,
        online=_online(score.get("online")),
        game=_text(score.get("game")),
        mode=_text(score.get("mode")),
        round=_whole(score.get("round")),
        status=_text(score.get("status")),
        to_move=_text(score.get("to_move")),
        moves=tuple(str(m) for m in moves) if isinstance(moves, list) else None,
        seats=score.get("seats"),
        record=record if isinstance(record, dict) else None,
        facts=_facts(score.get(FACTS)),
    )
