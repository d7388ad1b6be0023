"""The control PIN the staff page saved guards the simulated board after a restart, with or
without ``--config`` (the board runs the layered settings, not a default web section)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

from tests.browser_support import ADDRESS, ROOT
from tests.web.client import post, request

SAVED_PIN = "61734"


def _start(tmp_path: Path) -> tuple[subprocess.Popen[str], list[str], threading.Event]:
    state = tmp_path / "state"
    state.mkdir()
    (state / "settings.json").write_text(json.dumps({"web.pin": SAVED_PIN}), encoding="utf-8")
    command = [sys.executable, "-m", "firmware", "--mock-hal", "--game", "culls"]
    command += ["--state-dir", str(state), "--web", "127.0.0.1:0"]
    env = dict(os.environ, XDG_STATE_HOME=str(tmp_path / "xdg"), PYTHONUNBUFFERED="1")
    process = subprocess.Popen(
        command,
        cwd=ROOT,
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    found: list[str] = []
    ready = threading.Event()

    def read() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            match = ADDRESS.search(line)
            if match and not found:
                found.append(match.group(1))
                ready.set()
        ready.set()

    threading.Thread(target=read, daemon=True).start()
    return process, found, ready


def test_a_pin_saved_on_the_staff_page_guards_the_board_run_without_a_config(
    tmp_path: Path,
) -> None:
    process, found, ready = _start(tmp_path)
    try:
        assert ready.wait(30) and found, "no web address printed"
        url = found[0]
        state = request(url + "api/state").json()
        assert state["control"]["pin_required"] is True
        refused = post(url + "api/touch", {"cell": "h8"})
        assert refused.status in (401, 403), refused.body
        accepted = post(url + "api/touch", {"cell": "h8", "pin": SAVED_PIN})
        assert accepted.status == 202, accepted.body
    finally:
        assert process.stdin is not None
        process.stdin.close()
        process.wait(20)
