"""The simulated board needs only the base install: the board libraries are an extra."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from firmware.cli import BOARD_LIBRARIES

ROOT = Path(__file__).resolve().parent.parent

# Runs the command as if none of the board libraries were installed.
WITHOUT_BOARD_LIBRARIES = f"""
import sys
for name in {sorted(BOARD_LIBRARIES)!r}:
    sys.modules[name] = None
from firmware.cli import main
sys.exit(main(sys.argv[1:]))
"""


def _cullsboard(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", WITHOUT_BOARD_LIBRARIES, *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_the_simulated_board_plays_without_the_board_libraries(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    result = _cullsboard(
        "--mock-hal",
        "--game",
        "culls",
        "--seed",
        "1",
        "--script",
        "-",
        "--record",
        str(record),
        "--state-dir",
        str(tmp_path / "state"),
        stdin="touch h8\ntouch i8\n",
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(record.read_text())["moves"] == ["h8", "i8"]


def test_replay_works_without_the_board_libraries() -> None:
    sample = ROOT / "firmware" / "games" / "culls" / "samples" / "culls-sample.json"
    result = _cullsboard("replay", str(sample))
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["game"] == "culls"


def test_a_command_that_needs_them_says_how_to_install_them() -> None:
    result = _cullsboard("diag", "--mock-hal", "--quick")
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert "pip install 'cullsboard[board]'" in result.stderr.strip().splitlines()[-1]
