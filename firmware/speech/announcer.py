"""The voice's subscriber: says each event as it is posted and each new request of the board.

What happened comes from the event bus (a move, a refusal, a result, a resumed match); what the
board expects now comes from the published view, the sentence the screens show (whose turn and
what they must do, a lesson's step, a puzzle's verdict, a hint). A sentence is said once: the
view's sentence is said when it changes, and a notice (a hint, a lesson's praise) when it
appears, not again when it goes.
"""

from __future__ import annotations

from typing import Literal, TypeAlias

from firmware.controller.core.events import (
    Event,
    MatchEnded,
    MoveApplied,
    RoundEnded,
    VoiceSwitched,
)
from firmware.controller.core.live import BoardView
from firmware.controller.view.view_model import ClockView, read_score
from firmware.speech.sentences import Line, line_for, round_result
from hal.interfaces import Speaker

Verbosity: TypeAlias = Literal["moves", "prompts", "all"]

# The phases whose sentence is said, by the least verbosity that says it.
# asked for (a lesson, the puzzles, a review or "show my mistakes"), or a move to place
ALWAYS = frozenset({"lesson", "puzzle", "review", "waiting_for_chip"})
PROMPTS = frozenset({"playing", "round_over", "match_over"})
ALL = frozenset({"menu"})
RESULT_PHASES = frozenset({"round_over", "match_over"})
WARN_AT_MS = (60_000, 30_000, 10_000)  # the running clock's warnings, said at once


class Announcer:
    """Says the table's events and requests on ``speaker``; ``enabled`` off keeps it quiet."""

    def __init__(
        self, speaker: Speaker, *, verbosity: Verbosity = "prompts", enabled: bool = True
    ) -> None:
        self.speaker = speaker
        self.verbosity: Verbosity = verbosity
        self.enabled = enabled
        self._prompt: str | None = None
        self._notice: str | None = None
        self._hint: str | None = None
        self._told = False  # the last event was a move, whose sentence tells how a round ended
        self._round_end: Line | None = None  # said with the step's view, unless the match ended
        self._warned: set[tuple[str, int]] = set()  # (side, threshold) said since it was above
        self._phase: object = None  # the phase of the view last looked at
        self._facts: dict[str, str] = {}  # the features' facts as last said

    def hear(self, event: Event) -> None:
        """An event from the bus (subscribe this)."""
        if isinstance(event, VoiceSwitched):  # "Voice off." is said before it goes quiet
            if self.enabled and not event.on:
                self._say(Line("Voice off.", urgent=True))
            self.enabled = event.on
            if self.enabled:
                self._say(Line("Voice on.", urgent=True))
            return
        if isinstance(event, RoundEnded) and not event.resumed:
            self._round_end = Line(round_result(event, told=self._told))
        elif isinstance(event, MatchEnded):
            self._round_end = None  # the match's result has the scores
        line = line_for(event)
        if line is not None and (not line.chatty or self.verbosity == "all"):
            self._say(line)
        self._told = isinstance(event, MoveApplied)

    def look(self, view: BoardView) -> None:
        """A view as published (listen with this): its new sentence, its new notice."""
        if self._round_end is not None:
            self._say(self._round_end)
            self._round_end = None
        shown = read_score(view.score)
        self._clock_warning(shown.clock)
        for fact in shown.facts:  # a feature's fact, said when it appears or changes
            if self._facts.get(fact.name) != fact.words:
                self._say(Line(fact.said))
        self._facts = {fact.name: fact.words for fact in shown.facts}
        phase, message, notice = shown.phase, shown.message, shown.notice
        if phase == "menu" and self._phase != "menu" and shown.voice_cell_said:
            self._say(Line(_capital(shown.voice_cell_said)))  # where the voice cell is
        self._phase = phase
        if phase is None:
            return
        hint_said = shown.hint_said
        if hint_said is not None and hint_said != self._hint:
            self._say(Line(_capital(hint_said)))
        self._hint = hint_said
        prompt = _without_notice(message, notice)
        if notice is not None and notice != self._notice:
            self._say(Line(_capital(notice)))
        self._notice = notice
        if prompt != self._prompt and self._says(phase):
            if phase in RESULT_PHASES:
                prompt = _after_result(prompt)  # the result itself was said from its event
            if prompt:
                self._say(Line(prompt))
        self._prompt = _without_notice(message, notice)

    def _clock_warning(self, clock: ClockView | None) -> None:
        """The running clock crossing a minute, 30 or 10 seconds left: said at once, once."""
        if clock is None:
            return
        for side in clock.sides:
            self._warned -= {(side.colour, at) for at in WARN_AT_MS if side.left_ms > at}
        running = clock.running
        if running is None:
            return
        colour, ms = running.colour, running.left_ms
        crossed = [at for at in WARN_AT_MS if 0 < ms <= at and (colour, at) not in self._warned]
        if crossed:
            self._warned |= {(colour, at) for at in WARN_AT_MS if ms <= at}
            seconds = min(crossed) // 1000
            words = "one minute" if seconds == 60 else f"{seconds} seconds"
            self._say(Line(f"{colour.capitalize()}: {words} left.", urgent=True))

    def say_now(self, text: str) -> None:
        """Say ``text`` ahead of everything waiting (the read-the-board command, a test)."""
        self._say(Line(text, urgent=True))

    def _says(self, phase: str) -> bool:
        if phase in ALWAYS:
            return True
        if phase in PROMPTS:
            return self.verbosity in ("prompts", "all")
        return phase in ALL and self.verbosity == "all"

    def _say(self, line: Line) -> None:
        if self.enabled:
            self.speaker.say(line.text, urgent=line.urgent, fresh=line.fresh)

    def __repr__(self) -> str:
        state = "on" if self.enabled else "off"
        return f"<Announcer {state}, {self.verbosity}, on {self.speaker!r}>"


def _without_notice(message: str, notice: str | None) -> str:
    """The view's sentence without the notice the scoreboard puts before it."""
    if notice is None:
        return message
    head = f"{notice[:1].upper()}{notice[1:]}".rstrip(".") + ". "
    for prefix in (head, f"{notice.rstrip('.')}. "):
        if message.startswith(prefix):
            return message[len(prefix) :]
    return message


def _after_result(message: str) -> str:
    """What to do next, from a round's or match's sentence that begins with its result."""
    for mark in ("). ", "! ", ". "):
        _, found, rest = message.partition(mark)
        if found:
            return rest.strip()
    return message


def _capital(text: str) -> str:
    text = text.strip()
    text = f"{text[:1].upper()}{text[1:]}"
    return text if text.endswith((".", "!", "?")) else f"{text}."
