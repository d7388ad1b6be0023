"""The install on the Pi's CPU, lean enough for CI: a bare Debian bookworm arm64 root built under
qemu-user, in which the README's first command with the ``[board]`` extra installs (rpi-ws281x
compiles from its source), the real backends import and ``cullsboard diag --mock-hal`` runs.

Run as root: ``python3 -m scripts.aarch64_ci`` (``.ci/run`` does, beside the tests). It needs
qemu-user-static, binfmt-support, debootstrap and systemd-container. The root is built afresh each
time (debootstrap minbase, no systemd, retried like CI's apt step when a mirror fails), so it
measures what a fresh machine pays. Python packages are downloaded here for aarch64 and installed
offline inside, because pip's TLS to the package index does not verify from inside such a root.
It prints each step's time and exits non-zero at the first step that fails.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from scripts.aarch64_install import (
    backends_and_diag,
    copy_checkout,
    download,
    enable_binfmt,
    inside,
    step,
)
from scripts.debian_root import SUITE, debian_mirror

# What the README's first command and the [board] extra need on Raspberry Pi OS Lite, where
# install-service's apt step adds the compiler and headers rpi-ws281x builds with.
PACKAGES = ("python3", "python3-venv", "python3-dev", "gcc", "libc6-dev", "ca-certificates")
TOOLS = ("qemu-aarch64-static", "update-binfmts", "debootstrap", "systemd-nspawn")
ATTEMPTS = 3  # a package mirror can fail once: as CI's apt step, try again after a pause
PAUSE_S = 10.0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0] if __doc__ else "")
    parser.parse_args(argv)
    if os.geteuid() != 0:
        print("aarch64_ci: run it as root (debootstrap, binfmt, nspawn)", file=sys.stderr)
        return 2
    missing = [tool for tool in TOOLS if shutil.which(tool) is None]
    if missing:
        print(f"aarch64_ci: missing {', '.join(missing)} (see .ci/run)", file=sys.stderr)
        return 2
    started = time.monotonic()
    try:
        with step("qemu-aarch64 registered with binfmt_misc"):
            enable_binfmt()
        with tempfile.TemporaryDirectory(prefix="cullsboard-arm64-ci-") as work:
            root = Path(work) / "root"
            with step(f"the arm64 root: debootstrap minbase {SUITE} with {', '.join(PACKAGES)}"):
                retried(lambda: bootstrap(root), "debootstrap")
            with step("aarch64 wheels and the rpi-ws281x source, downloaded here"):
                python = own_pip(Path(work) / "pip")
                retried(lambda: download(root / "wheels", python), "pip download")
            copy_checkout(root / "src")
            inside(root, "uname -m && python3 --version", "the emulated CPU")
            inside(
                root,
                "cd /src && python3 -m venv .venv && .venv/bin/pip install -q -e '.[board]' && "
                ".venv/bin/pip show -f rpi-ws281x > /tmp/listed && "
                "grep -m1 _rpi_ws281x /tmp/listed",
                "the README's first command with the [board] extra (rpi-ws281x compiled)",
            )
            backends_and_diag(root)
    except subprocess.CalledProcessError as exc:
        print(f"aarch64_ci: failed (exit {exc.returncode}): {exc.cmd}", file=sys.stderr)
        return 1
    print(f"aarch64 install: every step passed in {time.monotonic() - started:.0f} s", flush=True)
    return 0


def bootstrap(root: Path) -> None:
    """A bare bookworm arm64 root at ``root`` (whatever a failed attempt left there removed)."""
    shutil.rmtree(root, ignore_errors=True)
    command = ["debootstrap", "--variant=minbase", "--arch=arm64"]
    command += [f"--include={','.join(PACKAGES)}", SUITE, str(root), debian_mirror()]
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)


def own_pip(where: Path) -> str:
    """A throw-away venv's Python, for its pip: the machine's python3 may have none."""
    subprocess.run([sys.executable, "-m", "venv", str(where)], check=True)
    return str(where / "bin" / "python")


def retried(attempt: Callable[[], None], what: str) -> None:
    """Run ``attempt``; when it fails, pause and try again, up to ``ATTEMPTS`` times in all."""
    for number in range(1, ATTEMPTS + 1):
        try:
            attempt()
            return
        except subprocess.CalledProcessError:
            if number == ATTEMPTS:
                raise
            print(f"   {what} failed (attempt {number}): trying again", flush=True)
            time.sleep(PAUSE_S)


if __name__ == "__main__":
    sys.exit(main())
