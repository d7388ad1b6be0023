"""diag and calibrate keep off the chips while the board's service holds them."""

from __future__ import annotations

from pathlib import Path

import pytest

from firmware.cli import build_parser
from firmware.commands import calibrate, diag
from firmware.commands.errors import CommandError
from firmware.service.boot_state import SystemFiles
from firmware.service.in_use import board_holder, lock_held
from firmware.service.state_lock import lock_state_dir
from tests.config.shipped import CONFIG_DIR


def _board_file(tmp_path: Path) -> Path:
    """The reference board, its state directory in ``tmp_path``."""
    text = (CONFIG_DIR / "matrix-board.yaml").read_text(encoding="utf-8")
    path = tmp_path / "board.yaml"
    path.write_text(text.replace("/var/lib/cullsboard", str(tmp_path / "state")), "utf-8")
    return path


def _diag(path: Path, tmp_path: Path, *, active: bool) -> CommandError:
    args = build_parser().parse_args(["diag", "--config", str(path), "--quick"])
    with pytest.raises(CommandError) as failed:
        diag.run(args, SystemFiles(tmp_path / "pi"), lambda: active)
    return failed.value


def _calibrate(path: Path, tmp_path: Path, *, active: bool) -> CommandError:
    args = build_parser().parse_args(
        ["calibrate", "--config", str(path), "--out", str(tmp_path / "new.yaml")]
    )
    with pytest.raises(CommandError) as failed:
        calibrate.run(args, lambda: active)
    return failed.value


def test_the_lock_of_a_running_board_is_seen(tmp_path: Path) -> None:
    state = tmp_path / "state"
    assert not lock_held(state)
    with lock_state_dir(state):
        assert lock_held(state)
        assert "systemctl stop cullsboard" in (board_holder(state, lambda: False) or "")
    assert not lock_held(state)  # looking took no lock of its own
    assert board_holder(state, lambda: False) is None
    assert "cullsboard.service service is running" in (board_holder(state, lambda: True) or "")


@pytest.mark.parametrize("run", [_diag, _calibrate], ids=["diag", "calibrate"])
def test_they_refuse_while_the_board_is_held(tmp_path: Path, run: object) -> None:
    assert callable(run)
    path = _board_file(tmp_path)
    with lock_state_dir(tmp_path / "state"):
        held = run(path, tmp_path, active=False)
    assert held.exit_status == 2
    assert "stop it first: sudo systemctl stop cullsboard" in str(held)
    assert "systemctl stop cullsboard" in str(run(path, tmp_path, active=True))
    # Free: they go on to the chips (none on a test machine: a different error).
    assert "systemctl stop" not in str(run(path, tmp_path, active=False))
