"""``cullsboard replay`` of games played to every kind of end prints byte for byte what it
printed before outcomes said how a round ended (records.md's replay contract).

``replay_endings.json`` holds 62 records played out by chance (Culls duel and teams on 7x7, 9x9
and 15x15; Cubulus with 2 and 3 players): wins by a line and by a square, draws with no chips and
with no move left, games cut short and a token after the end; with each one the exit status, the
digest of standard output and the standard error the replay command gave before that change.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from firmware.cli import main
from firmware.rules.api import Termination
from firmware.rules.records import record_from_json, replay

CASES: dict[str, dict[str, object]] = json.loads(
    (Path(__file__).parent / "replay_endings.json").read_text()
)


def test_the_records_end_in_every_positional_way() -> None:
    endings = set()
    for case in CASES.values():
        state, _ = replay(record_from_json(case["record"]))
        endings.add(state.outcome().termination)
    assert {Termination.LINE, Termination.SQUARE, Termination.NO_CHIPS, Termination.NO_MOVE,
            None} <= endings  # fmt: skip


@pytest.mark.parametrize("name", sorted(CASES))
def test_replay_prints_what_it_printed(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    case = CASES[name]
    path = tmp_path / "record.json"
    path.write_text(json.dumps(case["record"]))
    status = main(["replay", str(path)])
    printed = capsys.readouterr()
    assert status == case["exit"]
    assert hashlib.sha256(printed.out.encode()).hexdigest() == case["stdout_sha256"]
    assert printed.err == case["stderr"]
