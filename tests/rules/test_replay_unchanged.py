"""Every record the product ships and the tests hold replays to the same output as before the
records gained their clock keys and their endings on time and by resignation.

``replay_unchanged.json`` holds a digest of each record's replay output (the state JSON, and the
error line if any) as the replay command printed it before those changes.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from firmware.rules.records import record_from_json, replay

ROOT = Path(__file__).resolve().parents[2]
EXPECTED: dict[str, str] = json.loads((Path(__file__).parent / "replay_unchanged.json").read_text())


def _records() -> dict[str, object]:
    found: dict[str, object] = {}
    paths = sorted(ROOT.glob("firmware/games/*/*/*.json")) + sorted(ROOT.glob("tests/**/*.json"))
    for path in paths:
        try:
            raw = json.loads(path.read_text())
        except (ValueError, UnicodeDecodeError):
            continue
        if isinstance(raw, dict) and isinstance(raw.get("record"), dict):
            raw = raw["record"]  # a puzzle holds its position as a record
        if isinstance(raw, dict) and raw.get("format") == 1 and "moves" in raw:
            found[str(path.relative_to(ROOT))] = raw
    return found


RECORDS = _records()


def test_every_record_is_checked() -> None:
    assert set(EXPECTED) <= set(RECORDS), "a record went missing"
    assert len(EXPECTED) >= 60


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_the_record_replays_as_it_did(name: str) -> None:
    state, error = replay(record_from_json(RECORDS[name]))
    text = json.dumps(state.summary()) + ("" if error is None else "\n" + str(error))
    assert hashlib.sha256(text.encode()).hexdigest()[:16] == EXPECTED[name]
