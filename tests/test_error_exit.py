"""The command line catches the project's error root once: one line on stderr, then the error's
exit status, whatever family the error is of and wherever it was raised."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from firmware.cli import main
from firmware.service.state_lock import lock_state_dir
from tests.config.shipped import CONFIG_DIR

ONE_BOARD = "stop it first (one board per state directory)"


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = main(argv)
    return code, capsys.readouterr().err


def test_a_busy_state_directory_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The lock's own error (an UnavailableError) reaches the command line unwrapped."""
    with lock_state_dir(tmp_path):
        code, err = _run(["--mock-hal", "--script", "-", "--state-dir", str(tmp_path)], capsys)
    assert code == 2
    assert err == (
        f"cullsboard: another cullsboard (PID {os.getpid()}) is running on the state directory "
        f"{tmp_path}: {ONE_BOARD}\n"
    )


def test_an_empty_computer_seat_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An InputError raised deep in the controller's parsing, never wrapped on the way up."""
    argv = ["--mock-hal", "--computer", ",", "--script", "-", "--state-dir", str(tmp_path)]
    code, err = _run(argv, capsys)
    assert (code, err) == (
        2,
        "cullsboard: --computer: name seats by colour or team seat (red, redA), not ','\n",
    )


def test_leds_that_cannot_be_set_up_are_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A HardwareError (the LED chain's driver finds no Pi here) from ``leds-off``."""
    code, err = _run(["leds-off", "--config", str(CONFIG_DIR / "matrix-board.yaml")], capsys)
    assert code == 2
    assert err.startswith("cullsboard leds-off: leds: ") and err.count("\n") == 1, err
