"""A Debian bookworm root with systemd, built by debootstrap and cached where the machine keeps
such things, so a second run on the same machine starts from it; a fresh machine builds it.

Raspberry Pi OS Bookworm is Debian bookworm plus the Pi's own packages; of those the installer
asks only for ``python3-lgpio``, which Debian does not have, so an ``equivs`` package stands in.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

SUITE = "bookworm"
CACHE = Path(os.environ.get("CULLSBOARD_CI_CACHE", "/var/cache/cullsboard-ci"))
DEFAULT_MIRROR = "http://deb.debian.org/debian"
SOURCES = Path("/etc/apt/sources.list.d")
# What Raspberry Pi OS Bookworm brings that the test needs: systemd as PID 1, logind and polkit
# (the staff shut-down), avahi, Python for the installer. The compiler and headers the installer
# asks for come with the cached root too, so each run's apt-get step is quick.
PACKAGES = (
    *("systemd", "systemd-sysv", "dbus", "libpam-systemd", "polkitd", "avahi-daemon"),
    *("python3", "python3-venv", "python3-dev", "gcc", "python3-libgpiod"),
)
TOOLS = ("debootstrap", "systemd-nspawn", "nsenter", "equivs-build")
READY_MARK = ".cullsboard-root-ready"
LGPIO_STAND_IN = """\
Section: python
Priority: optional
Standards-Version: 4.6.2
Package: python3-lgpio
Version: 0.2.2-1~cullsboard1
Description: stand-in for Raspberry Pi OS's python3-lgpio
 Debian bookworm has no python3-lgpio; this empty package lets the installer's
 apt-get step run as it does on Raspberry Pi OS.
"""


def missing_tools() -> list[str]:
    """The host programs these tests need that are not installed."""
    return [tool for tool in TOOLS if shutil.which(tool) is None]


def debian_mirror(sources: Path = SOURCES) -> str:
    """The Debian mirror apt on this machine uses (deb.debian.org if none is named)."""
    for path in sorted(sources.glob("*")):
        text = path.read_text(encoding="utf-8", errors="replace")
        for uri in re.findall(r"(?:URIs:|deb)\s+(https?://\S+)", text):
            if str(uri).rstrip("/").endswith("/debian"):
                return str(uri)
    return DEFAULT_MIRROR


def debian_root(
    arch: str = "amd64",
    *,
    packages: tuple[str, ...] = PACKAGES,
    name: str = "",
    log: Path | None = None,
) -> Path:
    """The cached root for ``arch`` with ``packages``, built first if there is none (about two
    minutes natively); ``name`` tells roots of the same arch apart."""
    root = CACHE / f"{SUITE}-{arch}{name}"
    if (root / READY_MARK).is_file():
        return root
    partial = root.with_name(root.name + ".partial")
    shutil.rmtree(partial, ignore_errors=True)
    partial.parent.mkdir(parents=True, exist_ok=True)
    out = log.open("a", encoding="utf-8") if log is not None else None
    try:
        subprocess.run(
            [
                *("debootstrap", "--variant=minbase", f"--arch={arch}"),
                f"--include={','.join(packages)}",
                *(SUITE, str(partial), debian_mirror()),
            ],
            check=True,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
        _install_lgpio_stand_in(partial, out)
    finally:
        if out is not None:
            out.close()
    (partial / READY_MARK).write_text("built by debootstrap\n", encoding="utf-8")
    shutil.rmtree(root, ignore_errors=True)
    partial.rename(root)
    return root


def _install_lgpio_stand_in(root: Path, out: object) -> None:
    with tempfile.TemporaryDirectory() as work:
        control = Path(work) / "python3-lgpio.control"
        control.write_text(LGPIO_STAND_IN, encoding="utf-8")
        subprocess.run(
            ["equivs-build", control.name],
            cwd=work,
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deb = next(Path(work).glob("python3-lgpio_*.deb"))
        shutil.copy(deb, root / "tmp" / deb.name)
    subprocess.run(["chroot", str(root), "dpkg", "-i", f"/tmp/{deb.name}"], check=True)
    (root / "tmp" / deb.name).unlink()
