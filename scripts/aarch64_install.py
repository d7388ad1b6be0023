"""The install on the Pi's CPU: a Debian bookworm arm64 root run under qemu-user, in which the
README's first command and the ``[board]`` extra install, rpi-ws281x compiles from source, the
real backends import, and ``cullsboard diag --mock-hal`` and a scripted game run.

Run as root: ``python3 -m scripts.aarch64_install`` (it installs qemu-user-static, binfmt-support
and debootstrap with apt if they are missing). It prints each step's time and the total, and exits
non-zero at the first step that fails. The root is cached like the real-systemd test's
(/var/cache/cullsboard-ci); Python packages come in as files downloaded here for aarch64, with
rpi-ws281x as its source archive, because pip's TLS to the package index does not verify from
inside such a root.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from scripts.debian_root import debian_root

ROOT = Path(__file__).resolve().parent.parent
TOOLS = {"qemu-aarch64-static": "qemu-user-static", "update-binfmts": "binfmt-support"}
TOOLS |= {"debootstrap": "debootstrap", "systemd-nspawn": "systemd-container"}
TOOLS |= {"equivs-build": "equivs"}
# What a Raspberry Pi OS Lite image brings that the install needs (it has no compiler by default,
# but install-service's apt step adds python3-dev and gcc; here they come with the root).
PACKAGES = ("python3", "python3-venv", "python3-dev", "gcc", "python3-libgpiod")
SOURCE_ONLY = "rpi-ws281x"  # no aarch64 wheel on PyPI: pip builds it on the Pi, and here
AARCH64 = [
    *("--platform", "manylinux2014_aarch64", "--platform", "manylinux_2_17_aarch64"),
    *("--platform", "manylinux_2_28_aarch64", "--platform", "linux_aarch64"),
    *("--python-version", "3.11", "--implementation", "cp"),
    *("--abi", "cp311", "--abi", "abi3", "--abi", "none"),
]
OFFLINE = ["PIP_NO_INDEX=1", "PIP_FIND_LINKS=/wheels", "PIP_DISABLE_PIP_VERSION_CHECK=1"]
GAME = "touch h8\ntouch h9\ntouch i8\ntouch i9\ntouch g8\n"
IMPORTS = (
    "import rpi_ws281x, adafruit_mpr121, adafruit_tca9548a, neopixel_spi, gpiozero, platform; "
    "from hal.leds.ws281x import Ws281xDriver; from hal.leds.spi import SpiNeoPixelDriver; "
    "from hal.touch import MatrixTouchSensor; from hal.buttons import GpioButtons; "
    "print('real backends import on', platform.machine(), rpi_ws281x.__file__)"
)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0] if __doc__ else "")
    parser.parse_args(argv)
    if os.geteuid() != 0:
        print("aarch64_install: run it as root (debootstrap, binfmt, nspawn)", file=sys.stderr)
        return 2
    started = time.monotonic()
    try:
        with step("tools: qemu-user-static, binfmt-support, debootstrap"):
            _tools()
        with step("the arm64 root (debootstrap; cached after the first run)"):
            root = debian_root("arm64", packages=PACKAGES, name="-pi")
        with tempfile.TemporaryDirectory(prefix="cullsboard-arm64-") as work:
            wheels = Path(work) / "wheels"
            with step("aarch64 wheels and the rpi-ws281x source, downloaded here"):
                download(wheels)
            with _overlay(root, Path(work)) as merged:
                copy_checkout(merged / "src")
                shutil.copytree(wheels, merged / "wheels")
                inside(merged, "uname -m && python3 --version", "the emulated CPU")
                inside(
                    merged,
                    "cd /src && python3 -m venv .venv && .venv/bin/pip install -q -e .",
                    "the README's first command (pip install -e .)",
                )
                inside(
                    merged,
                    "cd /src && .venv/bin/pip install -q -e '.[board]' && "
                    ".venv/bin/pip show -f rpi-ws281x | grep -m1 '_rpi_ws281x'",
                    "the [board] extra: rpi-ws281x compiled from its source",
                )
                backends_and_diag(merged)
                (merged / "src" / "game.txt").write_text(GAME, encoding="utf-8")
                inside(
                    merged,
                    "cd /src && .venv/bin/cullsboard --mock-hal --game culls --seed 1 "
                    "--script game.txt --record /tmp/game.json --state-dir /tmp/state "
                    "> /dev/null && .venv/bin/cullsboard replay /tmp/game.json | head -c 300",
                    "a scripted game, its record replayed",
                )
    except subprocess.CalledProcessError as exc:
        print(f"aarch64_install: failed (exit {exc.returncode}): {exc.cmd}", file=sys.stderr)
        return 1
    print(f"aarch64 install: every step passed in {time.monotonic() - started:.0f} s")
    return 0


@contextmanager
def step(what: str) -> Iterator[None]:
    started = time.monotonic()
    print(f"== {what}", flush=True)
    yield
    print(f"   {time.monotonic() - started:.1f} s", flush=True)


def _tools() -> None:
    missing = [package for tool, package in TOOLS.items() if shutil.which(tool) is None]
    if missing:
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        subprocess.run(["apt-get", "update", "-qq"], check=True, env=env)
        subprocess.run(["apt-get", "install", "-y", "-qq", *missing], check=True, env=env)
    enable_binfmt()


def enable_binfmt() -> None:
    """Mount binfmt_misc if it is not, and let the kernel run aarch64 programs through qemu."""
    binfmt = Path("/proc/sys/fs/binfmt_misc")
    if not (binfmt / "status").exists():
        subprocess.run(["mount", "-t", "binfmt_misc", "binfmt_misc", str(binfmt)], check=True)
    if not (binfmt / "qemu-aarch64").exists():
        subprocess.run(["update-binfmts", "--enable", "qemu-aarch64"], check=True)


def download(wheels: Path, python: str = sys.executable) -> None:
    """The project's requirements (pyproject.toml) as aarch64 wheels, rpi-ws281x as source,
    downloaded by ``python``'s pip."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    wanted = [*project["dependencies"], *project["optional-dependencies"]["board"], "setuptools"]
    binary = [req for req in wanted if not req.startswith(SOURCE_ONLY)]
    source = [req for req in wanted if req.startswith(SOURCE_ONLY)]
    pip = [python, "-m", "pip", "download", "-q", "--dest", str(wheels)]
    subprocess.run([*pip, "--only-binary=:all:", *AARCH64, *binary], check=True)
    subprocess.run([*pip, "--no-deps", "--no-binary=:all:", *source], check=True)


@contextmanager
def _overlay(lower: Path, work: Path) -> Iterator[Path]:
    """A throw-away writable layer over the cached root."""
    layers = {name: work / name for name in ("upper", "work", "merged")}
    for path in layers.values():
        path.mkdir()
    options = f"lowerdir={lower},upperdir={layers['upper']},workdir={layers['work']}"
    subprocess.run(
        ["mount", "-t", "overlay", "overlay", "-o", options, str(layers["merged"])], check=True
    )
    try:
        yield layers["merged"]
    finally:
        subprocess.run(["umount", "--lazy", str(layers["merged"])], check=False)


def copy_checkout(target: Path) -> None:
    """The project's tracked files, as a fresh clone would have them."""
    listed = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, check=True, capture_output=True
    ).stdout.decode()
    for name in filter(None, listed.split("\0")):
        source = ROOT / name
        if source.is_file() or source.is_symlink():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name, follow_symlinks=False)


def backends_and_diag(root: Path) -> None:
    """In the root's checkout, installed: the real backends import and ``diag`` runs."""
    inside(root, f'cd /src && .venv/bin/python -c "{IMPORTS}"', "the backends")
    inside(root, "cd /src && .venv/bin/cullsboard diag --mock-hal --quick", "diag")


def inside(root: Path, script: str, what: str) -> None:
    """Run ``script`` in the arm64 root (its programs run under qemu-aarch64)."""
    with step(what):
        subprocess.run(
            [
                *("systemd-nspawn", "--quiet", "--register=no", "--keep-unit", "-D", str(root)),
                *(f"--setenv={setting}" for setting in OFFLINE),
                *("/bin/sh", "-ec", script),
            ],
            check=True,
            stdin=subprocess.DEVNULL,
        )


if __name__ == "__main__":
    sys.exit(main())
