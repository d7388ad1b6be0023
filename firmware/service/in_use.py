"""Whether the board's service holds the hardware, so that diag and calibrate keep off it.

Opening the MPR121 chips soft-resets them (adafruit_mpr121's ``MPR121.__init__`` writes the
soft-reset register before it configures the chip), so a second program on the bus would reset
the chips under the running board; and the GPIO lines it holds are busy. The running board holds
an exclusive lock on ``STATE_DIR/lock`` (firmware/service/state_lock.py); the unit may also be
starting or restarting, which ``systemctl is-active`` tells.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

from firmware.service.state_lock import LOCK_NAME

UNIT = "cullsboard.service"
STOP_HINT = "stop it first: sudo systemctl stop cullsboard (and start it again afterwards)"

UnitActive = Callable[[], bool]


def unit_active() -> bool:
    """Whether systemd runs (or is starting) the board's unit; False without systemd."""
    systemctl = shutil.which("systemctl")
    if systemctl is None:
        return False
    try:
        result = subprocess.run(
            [systemctl, "is-active", "--quiet", UNIT], check=False, timeout=10, capture_output=True
        )
    except (OSError, subprocess.TimeoutExpired):
        return False
    return result.returncode == 0


def lock_held(state_dir: Path) -> bool:
    """Whether a running board holds the state directory's lock."""
    try:
        handle = os.open(state_dir / LOCK_NAME, os.O_RDONLY | os.O_CLOEXEC)
    except OSError:
        return False  # no lock file: no board ever ran here (or it is not ours to read)
    try:
        fcntl.flock(handle, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    except OSError:
        return False
    finally:
        with contextlib.suppress(OSError):
            os.close(handle)  # closing drops the shared lock taken to look
    return False


def board_holder(state_dir: Path, active: UnitActive = unit_active) -> str | None:
    """Why the hardware is taken (one line that names ``systemctl stop cullsboard``), or None."""
    if lock_held(state_dir):
        return f"a running board holds {state_dir} and its chips: {STOP_HINT}"
    if active():
        return f"the {UNIT} service is running and holds the chips: {STOP_HINT}"
    return None
