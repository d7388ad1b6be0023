"""Fuzzing the engine's protocol reader: every line is acted on or gets exactly one error line."""

from __future__ import annotations

import io
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from firmware.commands.engine import MAX_LINE_BYTES, Engine, read_lines

FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

RECORD = json.dumps(
    {"format": 1, "game": "culls", "rules": {}, "first": "blue", "moves": ["h8", "i8"]}
)
COMMANDS = ["go", "position", "isready", "quit", "", "go movetime", "go level", "stop"]
WORDS = ["movetime", "level", "300", "1", "7", "0", "-1", "\u00b2", "\u0663", "\uff11", "1e3"]
WORDS += ["x", "99999999999999999999", "\t", "  ", "\x00", "\ud800", RECORD, "{", "[]"]


class TickingClock:
    """A clock that moves on one millisecond every time it is read."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 0.001
        return self.now


protocol_lines = st.one_of(
    st.lists(st.sampled_from(COMMANDS + WORDS), min_size=1, max_size=5).map(" ".join),
    st.text(max_size=40),
    st.sampled_from(COMMANDS).flatmap(lambda c: st.text(max_size=20).map(lambda t: f"{c} {t}")),
)
line_bytes = st.one_of(
    protocol_lines.map(lambda text: text.encode("utf-8", "surrogatepass")),
    st.binary(max_size=40),
)


class Talk:
    """An engine on a position, and what it answered to the last line."""

    def __init__(self) -> None:
        self.out: list[str] = []
        self.engine = Engine(self.out.append, TickingClock(), seed=1)
        self.engine.handle(f"position {RECORD}")
        self.out.clear()

    def answers(self, raw: bytes) -> list[str]:
        self.out.clear()
        self.engine.handle_bytes(raw.replace(b"\n", b" "), self.engine.clock())
        return list(self.out)


@FAST
@given(st.lists(line_bytes, min_size=1, max_size=6))
def test_each_line_is_answered_as_documented(lines: list[bytes]) -> None:
    talk = Talk()
    for raw in lines:
        answers = talk.answers(raw)
        errors = [line for line in answers if line.startswith("error ")]
        if errors:
            assert answers == errors and len(errors) == 1, (raw, answers)
            assert "\n" not in errors[0] and len(errors[0]) <= 200, errors
        elif answers:
            assert answers == ["readyok"] or answers[-1].startswith("bestmove "), (raw, answers)


@given(st.sampled_from(["\u00b2", "\u0663", "\uff13\uff10\uff10", "\u2167", "3\u00b2"]))
def test_digits_that_are_not_ascii_are_one_error_line(number: str) -> None:
    talk = Talk()
    for line in (f"go movetime {number}", f"go level {number}"):
        assert talk.answers(line.encode()) == [
            f"error go: {line.split()[1]} needs a whole number (digits 0-9)"
        ]


def test_a_line_that_is_not_utf8_or_too_long_is_one_error_line() -> None:
    stream = io.BytesIO(b"\xff\xfeisready\n" + b"x" * (MAX_LINE_BYTES + 10) + b"\nisready\n")
    answers: list[str] = []
    engine = Engine(answers.append, TickingClock(), seed=1)
    for raw in read_lines(stream):
        engine.handle_bytes(raw, engine.clock())
    assert answers == [
        "error line is not UTF-8 text",
        f"error line longer than {MAX_LINE_BYTES} bytes",
        "readyok",
    ]
