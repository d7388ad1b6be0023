"""Fuzzing the readers of outside input: never a traceback, always the documented refusal.

Example counts are bounded so the suite runs in seconds in CI; ``--hypothesis-seed`` replays one.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from firmware.config import ConfigError, parse_config
from firmware.controller.core.events import EventBus
from firmware.controller.match.journal import Journal
from firmware.controller.table.table import Table
from firmware.rules.api import InvalidRecordError, JsonValue
from firmware.rules.bounded_json import JsonInputError, read_json
from firmware.rules.records import parse_record, record_from_json, replay
from tests.fuzz.strategies import WORDS, json_bytes, json_values

FAST = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(json_bytes)
def test_the_json_reader_reads_or_refuses_in_one_line(data: bytes) -> None:
    try:
        read_json(data)
    except JsonInputError as exc:
        assert "\n" not in str(exc) and len(str(exc)) <= 160


@FAST
@given(json_values)
def test_the_json_reader_reads_what_json_writes(value: JsonValue) -> None:
    text = json.dumps(value)
    try:
        assert read_json(text) == json.loads(text)
    except JsonInputError as exc:  # only the limits may refuse JSON the standard library wrote
        assert "longer than" in str(exc) or "lone surrogate" in str(exc)


RECORD_KEYS = st.sampled_from(["format", "game", "rules", "first", "moves", "colour"])


@st.composite
def near_records(draw: st.DrawFn) -> JsonValue:
    moves: list[JsonValue] = list(
        draw(st.lists(st.sampled_from([*WORDS, "i8", "g8", "j8", "B020"]), max_size=8))
    )
    record: dict[str, JsonValue] = {
        "format": 1,
        "game": draw(st.sampled_from(["culls", "cubulus"])),
        "first": draw(st.sampled_from(["blue", "red", "black", "white"])),
        "moves": moves,
    }
    for key in draw(st.lists(RECORD_KEYS, max_size=2)):
        record[key] = draw(json_values)
    return record


@FAST
@given(st.one_of(near_records(), json_values))
def test_the_record_reader_reads_or_refuses(raw: JsonValue) -> None:
    try:
        state, error = replay(record_from_json(raw))
    except InvalidRecordError as exc:
        assert "\n" not in str(exc)
        return
    assert error is None or error.ply >= 1
    json.dumps(state.summary())


@FAST
@given(json_bytes)
def test_record_text_reads_or_refuses(data: bytes) -> None:
    try:
        parse_record(data)
    except InvalidRecordError as exc:
        assert "\n" not in str(exc)


ENTRY_KINDS = st.sampled_from(["match", "round", "do", "undo", "end", "jump"])


@st.composite
def journal_lines(draw: st.DrawFn) -> bytes:
    """A real journal's opening, then entries that are right, near misses or garbage."""
    lines = [
        json.dumps({"e": "match", "game": "culls", "rules": {}}),
        json.dumps({"e": "round", "record": {"first": "blue", "moves": []}}),
    ]
    for _ in range(draw(st.integers(0, 8))):
        choice = draw(st.integers(0, 3))
        if choice == 0:
            lines.append(json.dumps({"e": "do", "token": draw(st.sampled_from(WORDS))}))
        elif choice == 1:
            lines.append(json.dumps({"e": draw(ENTRY_KINDS), "token": draw(json_values)}))
        elif choice == 2:
            lines.append(draw(json_bytes).decode("utf-8", "replace"))
        else:
            lines.append(json.dumps({"e": "undo"}))
    return ("\n".join(lines) + draw(st.sampled_from(["\n", ""]))).encode()


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=journal_lines())
def test_any_journal_resumes_or_is_set_aside_with_one_warning(
    data: bytes, tmp_path_factory: pytest.TempPathFactory
) -> None:
    state = tmp_path_factory.mktemp("state")
    (state / "journal.jsonl").write_bytes(data)
    warnings: list[str] = []
    table = Table(
        columns=15,
        rows=15,
        journal=Journal(state, warnings.append),
        events=EventBus(),
        rng=random.Random(1),
        wall=lambda: 0.0,
    )
    table.start(0.0, None)
    assert len(warnings) <= 1 and all("\n" not in w for w in warnings)
    kept = (state / "journal.jsonl").read_bytes() if (state / "journal.jsonl").exists() else b""
    quarantined = b"".join(p.read_bytes() for p in (state / "quarantine").glob("*"))
    assert len(list((state / "quarantine").glob("*"))) == len(warnings)
    assert kept + quarantined in (data, data + b"\n")  # nothing lost
    again: list[str] = []
    Table(
        columns=15,
        rows=15,
        journal=Journal(state, again.append),
        events=EventBus(),
        rng=random.Random(1),
        wall=lambda: 0.0,
    ).start(0.0, None)
    assert again == []  # what was kept plays back cleanly


CONFIG_SECTIONS = {
    "board": ["columns", "rows"],
    "leds": ["brightness", "gamma", "max_current_ma", "backend"],
    "touch": ["poll_seconds", "layout", "backend", "irq_gpio"],
    "web": ["host", "port", "pin", "allowed_hosts"],
    "kiosk": ["enabled", "attract_minutes", "staff_pin", "brightness_schedule"],
}
YAML_SCALARS = st.sampled_from(
    [".nan", ".inf", "-.inf", "~", "''", "0x5A", "1e400", "9" * 60, "&a [1, 2]", "*a", "[]", "{}"]
)


@st.composite
def configs(draw: st.DrawFn) -> str:
    lines = []
    for section, keys in CONFIG_SECTIONS.items():
        if draw(st.booleans()):
            lines.append(f"{section}:")
            for key in draw(st.lists(st.sampled_from(keys), max_size=3, unique=True)):
                value = draw(st.one_of(YAML_SCALARS, json_values.map(json.dumps)))
                lines.append(f"  {key}: {value}")
    return "\n".join(lines) + "\n"


@FAST
@given(st.one_of(configs(), st.text(max_size=80)))
def test_the_config_loader_reads_or_refuses_in_one_line(text: str) -> None:
    try:
        parse_config(text)
    except ConfigError as exc:
        assert "\n" not in str(exc) and len(str(exc)) <= 330
