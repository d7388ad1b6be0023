"""A record's errors are one line, whatever the record holds."""

from __future__ import annotations

import pytest

from firmware.rules.api import InvalidRecordError
from firmware.rules.records import parse_record


def test_an_unknown_key_with_a_line_break_is_refused_on_one_line() -> None:
    with pytest.raises(InvalidRecordError) as caught:
        parse_record('{"format": 1, "game": "culls", "first": "blue", "moves": [], "\\n": 1}')
    assert "\n" not in str(caught.value) and '"\\n": unknown key' in str(caught.value)
