"""``cullsboard engine-check``: the built-in engine passes; broken engines fail with the reason."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

BROKEN = Path(__file__).resolve().parent / "broken_engine.py"


def _check(command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "firmware", "engine-check", command],
        capture_output=True,
        text=True,
        timeout=240,
        check=False,
    )


def test_the_built_in_engine_passes_every_check() -> None:
    done = _check(f"{sys.executable} -m firmware engine")
    lines = done.stdout.splitlines()
    assert done.returncode == 0, done.stdout
    assert all(line.startswith("ok    ") for line in lines[:-1]), done.stdout
    assert re.fullmatch(r"passed: (\d+) of \1 checks passed in .*", lines[-1]), lines[-1]
    assert "ok    culls, culls-sample.json at ply 4 (flip due): go movetime 300: bestmove x" in (
        done.stdout
    )
    assert "ok    stop during a long search: bestmove" in done.stdout
    assert "ok    a line that is not UTF-8: one error line: error line is not UTF-8" in done.stdout


def test_an_engine_that_answers_an_illegal_move_fails_with_the_reason() -> None:
    done = _check(f"{sys.executable} {BROKEN} illegal")
    assert done.returncode == 1
    assert (
        "FAIL  culls, culls-sample.json at ply 1 (place due): go movetime 300: bestmove 'h8' is "
        "not legal: h8 is taken" in done.stdout
    )
    assert "FAIL  an unknown command: one error line: no error line within 1.0 s" in done.stdout
    assert re.fullmatch(r"FAILED: \d+ of \d+ checks passed in .*", done.stdout.splitlines()[-1])


def test_an_engine_that_never_answers_fails_with_the_reason() -> None:
    done = _check(f"{sys.executable} {BROKEN} silent")
    assert done.returncode == 1
    assert "FAIL  culls, the first move: go movetime 300: no bestmove within 0.8 s" in done.stdout
    assert "FAIL  stop during a long search: no bestmove within 1.0 s" in done.stdout


def test_a_command_that_cannot_start_is_one_line_and_exit_2(tmp_path: Path) -> None:
    done = _check(str(tmp_path / "no-such-engine"))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("engine-check: cannot start ") and done.stderr.count("\n") == 1
    unbalanced = _check('engine "--fast')
    assert unbalanced.returncode == 2
    assert unbalanced.stderr == "engine-check: not a command line: No closing quotation\n"
