"""Time controls (rules.md "Timed play"): none, sudden death, Fischer increment, a per-turn limit.

A control is a value spelled as on the command line, in the config (``play.clock``) and in a
record's ``clock`` key: ``none``, ``10`` (minutes each, fractions allowed: ``0.5``), ``5+3``
(minutes plus seconds added after each of the side's turns) or ``turn:30`` (seconds for each
turn, unused time not kept). Pure text and numbers: nothing here reads a clock.
"""

from __future__ import annotations

import json
import re

from firmware.errors import InputError
from firmware.rules.bounded_json import shorten
from firmware.rules.frozen import Frozen

NONE = "none"
MAX_MINUTES = 600
MAX_SECONDS = 3600
_NUMBER = r"[0-9]{1,4}(?:\.[0-9]{1,3})?"
# Patterns, not compiled ones: ``re`` compiles each at its first use (and keeps it), so a command
# that never reads a clock does not pay for compiling them at start.
_MINUTES = rf"({_NUMBER})(?:\+({_NUMBER}))?"
_TURN = rf"turn:({_NUMBER})"
SPELLINGS = "none, minutes (10, 0.5), minutes+seconds (5+3) or turn:seconds (turn:30)"


class TimeControlError(InputError):
    """Text that is not a time control; the message is one line naming it and the spellings."""


class TimeControl(Frozen):
    """Each side's starting time, the time added after each of its turns, or a per-turn limit.

    All in milliseconds. ``per_turn_ms`` > 0 means a per-turn limit (``start_ms`` and
    ``increment_ms`` are then 0); all three 0 is no clock.
    """

    FIELDS = ("start_ms", "increment_ms", "per_turn_ms")
    __slots__ = FIELDS
    start_ms: int
    increment_ms: int
    per_turn_ms: int

    def __init__(self, start_ms: int = 0, increment_ms: int = 0, per_turn_ms: int = 0) -> None:
        self._init(start_ms, increment_ms, per_turn_ms)

    @property
    def timed(self) -> bool:
        """Whether there is a clock at all."""
        return self.start_ms > 0 or self.per_turn_ms > 0

    @property
    def per_turn(self) -> bool:
        """Whether each turn has its own limit (unused time not kept)."""
        return self.per_turn_ms > 0

    def turn_start_ms(self, left_ms: int) -> int:
        """A side's time when its turn begins, given what it had left at the end of the last."""
        return self.per_turn_ms if self.per_turn else left_ms

    def __str__(self) -> str:
        if self.per_turn:
            return f"turn:{_number(self.per_turn_ms, 1000)}"
        if not self.timed:
            return NONE
        minutes = _number(self.start_ms, 60_000)
        if self.increment_ms:
            return f"{minutes}+{_number(self.increment_ms, 1000)}"
        return minutes

    def __repr__(self) -> str:
        return f"parse_time_control({str(self)!r})"


NO_CLOCK = TimeControl()


def _number(ms: int, unit: int) -> str:
    """``ms`` in ``unit`` milliseconds, as short as it can be written (``0.5``, ``10``)."""
    from decimal import Decimal  # only when a clock is written: decimal is slow to import

    text = format(Decimal(ms) / Decimal(unit), "f")
    return text.rstrip("0").rstrip(".") if "." in text else text


def _ms(number: str, unit: int) -> int:
    from decimal import Decimal

    return int(Decimal(number) * unit)


def parse_time_control(text: object) -> TimeControl:
    """The control spelled ``text``; TimeControlError (one line) for anything else."""
    if isinstance(text, str):
        if text == NONE:
            return NO_CLOCK
        turn = re.fullmatch(_TURN, text)
        if turn is not None:
            seconds = _ms(turn.group(1), 1000)
            if 0 < seconds <= MAX_SECONDS * 1000:
                return TimeControl(per_turn_ms=seconds)
        minutes = re.fullmatch(_MINUTES, text)
        if minutes is not None:
            start = _ms(minutes.group(1), 60_000)
            increment = _ms(minutes.group(2) or "0", 1000)
            if 0 < start <= MAX_MINUTES * 60_000 and increment <= MAX_SECONDS * 1000:
                return TimeControl(start_ms=start, increment_ms=increment)
    shown = shorten(json.dumps(text, ensure_ascii=False) if isinstance(text, str) else repr(text))
    raise TimeControlError(
        f"{shorten(shown, 40)} is not a time control: use {SPELLINGS}; "
        f"minutes 0 < M <= {MAX_MINUTES}, seconds up to {MAX_SECONDS}"
    )
