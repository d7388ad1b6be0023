"""Time controls as typed on the command line, in the config and in records: read, written back,
and everything else refused in one line."""

from __future__ import annotations

import pytest

from firmware.config.clock_option import read_clock
from firmware.config.errors import ConfigError
from firmware.rules.time_control import (
    NO_CLOCK,
    TimeControl,
    TimeControlError,
    parse_time_control,
)


@pytest.mark.parametrize(
    ("text", "control"),
    [
        ("none", NO_CLOCK),
        ("10", TimeControl(start_ms=600_000)),
        ("0.5", TimeControl(start_ms=30_000)),
        ("5+3", TimeControl(start_ms=300_000, increment_ms=3_000)),
        ("0.5+1", TimeControl(start_ms=30_000, increment_ms=1_000)),
        ("1.25+0.5", TimeControl(start_ms=75_000, increment_ms=500)),
        ("turn:30", TimeControl(per_turn_ms=30_000)),
        ("turn:2.5", TimeControl(per_turn_ms=2_500)),
    ],
)
def test_each_spelling_reads_and_writes_back(text: str, control: TimeControl) -> None:
    assert parse_time_control(text) == control
    assert str(control) == text
    assert parse_time_control(str(control)) == control


def test_what_a_control_times() -> None:
    assert not NO_CLOCK.timed
    assert parse_time_control("10").timed and not parse_time_control("10").per_turn
    turn = parse_time_control("turn:30")
    assert turn.timed and turn.per_turn and turn.turn_start_ms(1234) == 30_000
    assert parse_time_control("5+3").turn_start_ms(1234) == 1234


@pytest.mark.parametrize(
    "text",
    [
        "",
        "0",
        "0+3",
        "5+",
        "+3",
        "5 + 3",
        "turn:",
        "turn:0",
        "Turn:30",
        "NONE",
        "-5",
        "5+3+1",
        "10m",
        "601",
        "0.0001",
        "5+3601",
        "1e3",
        "\u0661\u0660",
        "5\n",
        None,
        10,
        True,
    ],
)
def test_anything_else_is_refused_in_one_line(text: object) -> None:
    with pytest.raises(TimeControlError) as raised:
        parse_time_control(text)
    message = str(raised.value)
    assert "\n" not in message and "is not a time control" in message
    assert "5+3" in message and "turn:30" in message


@pytest.mark.parametrize(
    ("raw", "text"),
    [(10, "10"), (0.5, "0.5"), ("5+3", "5+3"), (None, "none"), ("turn:30", "turn:30")],
)
def test_the_config_key_takes_the_same_strings(raw: object, text: str) -> None:
    assert read_clock(raw, "play.clock") == text


def test_a_bad_config_value_names_the_key() -> None:
    with pytest.raises(ConfigError) as raised:
        read_clock("fast", "play.clock")
    assert str(raised.value).startswith('play.clock: "fast" is not a time control')
