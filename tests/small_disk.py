"""A small filesystem that fills and empties for real: a tmpfs with a size limit (root only).

Where mounting is not allowed the tests that need it are skipped, except under CI=true.
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 256 KiB tmpfs."""
    mount = tmp_path / "card"
    mount.mkdir()
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(mount)],
        capture_output=True,
        check=False,
    )
    if done.returncode != 0:
        if os.environ.get("CI") == "true":
            pytest.fail(f"cannot mount a tmpfs: {done.stderr.decode().strip()}")
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.decode().strip()}")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)


def fill(disk: Path) -> Path:
    """Fill ``disk`` to the last byte with one file; returns it (delete it for space back)."""
    filler = disk / "filler"
    handle = os.open(filler, os.O_WRONLY | os.O_CREAT, 0o644)
    try:
        while True:
            os.write(handle, b"\0" * 512)
    except OSError:
        pass
    finally:
        os.close(handle)
    return filler


@pytest.fixture
def read_only_disk(small_disk: Path) -> Path:
    """A small tmpfs holding an empty ``state`` folder, then made read-only (as a card that
    went read-only after errors)."""
    (small_disk / "state").mkdir()
    done = subprocess.run(
        ["mount", "-o", "remount,ro", str(small_disk)], capture_output=True, check=False
    )
    if done.returncode != 0:
        pytest.fail(f"cannot make the tmpfs read-only: {done.stderr.decode().strip()}")
    return small_disk / "state"
