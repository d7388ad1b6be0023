"""``cullsboard --mock-hal --kiosk`` and the web PIN from the config, run as a user would."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from firmware.cli import main
from firmware.kiosk.attract import attract_frame
from firmware.render.frame_json import frame_object
from tests.web.client import post


def test_kiosk_without_a_staff_pin_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["--mock-hal", "--kiosk", "--script", "-", "--state-dir", str(tmp_path)])
    assert code == 2
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("cullsboard: kiosk.staff_pin: kiosk mode needs a staff PIN")


def test_a_scripted_kiosk_run_turns_to_attract_when_idle(tmp_path: Path) -> None:
    config = tmp_path / "board.yaml"
    config.write_text('kiosk:\n  attract_minutes: 0.5\n  staff_pin: "2468"\n', encoding="utf-8")
    script = tmp_path / "idle.txt"
    script.write_text("touch h8\nwait 29000\ntouch i8\nwait 30000\n", encoding="utf-8")
    frames_path = tmp_path / "frames.jsonl"
    argv = ["--mock-hal", "--config", str(config), "--kiosk", "--game", "culls", "--seed", "1"]
    extra = ["--script", str(script), "--frames", str(frames_path)]
    assert main([*argv, *extra, "--state-dir", str(tmp_path / "state")]) == 0
    frames = [json.loads(line) for line in frames_path.read_text().splitlines()]
    last = frames[-1]
    assert last["t_ms"] == 59000
    assert last == frame_object(attract_frame(59.0, 15, 15, 4), 59000)
    before_idle = [f for f in frames if f["t_ms"] < 59000 - 30000]
    assert before_idle and all(f["grid"][7][7] != "#000000" for f in before_idle[1:])


def test_the_web_pin_from_the_config_guards_a_mock_run(tmp_path: Path) -> None:
    config = tmp_path / "board.yaml"
    config.write_text('web:\n  pin: "1234"\n', encoding="utf-8")
    command = [sys.executable, "-m", "firmware", "--mock-hal", "--config", str(config)]
    command += ["--web", "127.0.0.1:0", "--script", "-", "--state-dir", str(tmp_path / "state")]
    with subprocess.Popen(
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    ) as run:
        assert run.stdout is not None and run.stdin is not None
        first = run.stdout.readline()
        assert first.startswith("cullsboard: web pages at http://127.0.0.1:")
        url = first.split(" at ", 1)[1].strip()
        assert not url.endswith(":0/"), "the free port that was picked is printed"
        refused = post(f"{url}api/press", {"button": "menu"})
        allowed = post(f"{url}api/press", {"button": "menu", "pin": "1234"})
        run.stdin.close()
        assert run.wait(timeout=30) == 0
    assert refused.status == 403 and "needs a PIN" in refused.json()["error"]
    assert allowed.status == 202
