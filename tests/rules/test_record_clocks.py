"""A timed game's record: the time control in ``clock`` and each action's time left in
``clocks``; both optional, checked, and written back only when the game was timed."""

from __future__ import annotations

import json

import pytest

from firmware.rules.api import InvalidRecordError
from firmware.rules.records import parse_record
from firmware.rules.time_control import parse_time_control

MOVES = ["h8", "i8", "a1", "a2", "c3", "d4"]


def _text(**extra: object) -> str:
    return json.dumps({"format": 1, "game": "culls", "first": "blue", "moves": MOVES, **extra})


def test_a_timed_record_reads_and_writes_back_its_clock() -> None:
    clocks = [None, None, None, None, 58_250, 59_100]
    record = parse_record(_text(clock="1+2", clocks=clocks))
    assert record.clock == parse_time_control("1+2")
    assert record.clocks == tuple(clocks)
    assert json.loads(record.dumps())["clock"] == "1+2"
    assert parse_record(record.dumps()) == record


def test_an_untimed_record_writes_no_clock_keys() -> None:
    record = parse_record(_text())
    assert record.clock is None and record.clocks is None
    assert set(json.loads(record.dumps())) == {"format", "game", "rules", "first", "moves"}


@pytest.mark.parametrize(
    ("extra", "says"),
    [
        ({"clock": "fast"}, 'clock: "fast" is not a time control'),
        ({"clock": 5}, "clock: 5 is not a time control"),
        ({"clocks": [1] * 6}, "clocks: only a record with a timed clock has them"),
        ({"clock": "none", "clocks": [1] * 6}, "clocks: only a record with a timed clock"),
        ({"clock": "5", "clocks": [1] * 5}, "clocks: must be a list of 6 entries, one per move"),
        ({"clock": "5", "clocks": [1, 2, 3, 4, 5, -1]}, "clocks[5]: must be milliseconds left"),
        ({"clock": "5", "clocks": [1, 2, 3, 4, 5, 1.5]}, "clocks[5]: must be milliseconds left"),
        ({"clock": "5", "clocks": [1, 2, 3, 4, 5, True]}, "clocks[5]: must be milliseconds left"),
        ({"clockz": "5"}, "clockz: unknown key"),
    ],
)
def test_a_bad_clock_key_is_one_line_naming_it(extra: dict[str, object], says: str) -> None:
    with pytest.raises(InvalidRecordError) as raised:
        parse_record(_text(**extra))
    assert str(raised.value).startswith(says) and "\n" not in str(raised.value)
