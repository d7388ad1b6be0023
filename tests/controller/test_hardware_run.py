"""``cullsboard`` without --mock-hal: the devices come from the config (here its mock backends)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from firmware.controller.hardware import run_real_board
from firmware.controller.loop import BoardController
from firmware.controller.session import SessionError
from firmware.live import RemoteCommand, RemoteKind


def test_the_board_from_the_config_plays_and_stops_cleanly(tmp_path: Path) -> None:
    args = argparse.Namespace(config=None, state_dir=str(tmp_path), seed=3, web="off")
    seen: list[object] = []

    def started(controller: BoardController) -> None:
        controller.submit(RemoteCommand(RemoteKind.TOUCH, cell=(7, 7)))
        controller.stop()
        seen.append(controller.view().score["game"])

    code = run_real_board(args, ("culls", {"mode": "duel"}), seen.append, started=started)
    assert code == 0 and seen == ["culls"]
    lines = (tmp_path / "journal.jsonl").read_text().splitlines()
    assert json.loads(lines[-1]) == {"e": "do", "token": "h8"}


def test_a_bad_config_file_is_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "board.yaml"
    bad.write_text("leds:\n  gamma: 9\n", encoding="utf-8")
    args = argparse.Namespace(config=str(bad), state_dir=str(tmp_path), seed=None, web="off")
    with pytest.raises(SessionError, match=r"leds\.gamma"):
        run_real_board(args, None, print)
