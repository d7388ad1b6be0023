"""A booted systemd-nspawn container over a cached Debian root, and commands run inside it.

The cached root stays untouched: each container boots an overlay of it (its own upper layer),
so every run starts from the same fresh machine. The container shares the host's network.

The container runs the unified cgroup hierarchy, as Raspberry Pi OS Bookworm does, and may use
bpf(2): its systemd then enforces a unit's ``DevicePolicy=`` and ``DeviceAllow=`` with eBPF
device programs (systemd.resource-control(5)); in a hybrid hierarchy it cannot, and would let
every device through.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import time
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path

BOOT_TIMEOUT_S = 60.0
PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"


class Container:
    """One booted container: ``run`` executes inside it, ``root`` is its file system."""

    def __init__(self, root: Path, process: subprocess.Popen[bytes], log: Path) -> None:
        self.root = root
        self.process = process
        self.log = log
        self.pid = _init_pid(process)

    def run(
        self,
        *argv: str,
        env: Mapping[str, str] | None = None,
        timeout: float = 600.0,
        check: bool = True,
    ) -> subprocess.CompletedProcess[str]:
        """Run ``argv`` inside the container (as root); its output as text."""
        environment = [f"{key}={value}" for key, value in {"PATH": PATH, **(env or {})}.items()]
        result = subprocess.run(
            ["nsenter", "-t", str(self.pid), "-a", "--", "env", "-i", *environment, *argv],
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
        if check and result.returncode != 0:
            raise AssertionError(
                f"{' '.join(argv)} exited {result.returncode}:\n{result.stdout}\n{result.stderr}"
            )
        return result

    def show(self, unit: str, *properties: str) -> dict[str, str]:
        """``systemctl show`` of ``unit``'s ``properties``."""
        result = self.run("systemctl", "show", unit, *(f"--property={p}" for p in properties))
        return dict(line.split("=", 1) for line in result.stdout.splitlines() if "=" in line)

    def running(self) -> bool:
        return self.process.poll() is None

    def wait_gone(self, timeout: float) -> bool:
        """Whether the container has powered off within ``timeout`` seconds."""
        try:
            self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            return False
        return True


@contextlib.contextmanager
def booted(lower: Path, work: Path) -> Iterator[Container]:
    """Boot an overlay of ``lower`` (kept unchanged) under systemd; power it off afterwards."""
    layers = {name: work / name for name in ("upper", "work", "merged")}
    for path in layers.values():
        path.mkdir(parents=True)
    options = f"lowerdir={lower},upperdir={layers['upper']},workdir={layers['work']}"
    merged = layers["merged"]
    subprocess.run(["mount", "-t", "overlay", "overlay", "-o", options, str(merged)], check=True)
    log = work / "console.log"
    try:
        with log.open("wb") as console:
            process = subprocess.Popen(
                [
                    *("systemd-nspawn", "-D", str(merged), "--boot", "--register=no"),
                    *("--keep-unit", "--console=pipe", f"--machine=cullsboard-{work.name[-8:]}"),
                    "--system-call-filter=bpf",  # the device programs of DeviceAllow=
                ],
                env={**os.environ, "SYSTEMD_NSPAWN_UNIFIED_HIERARCHY": "1"},
                stdin=subprocess.DEVNULL,
                stdout=console,
                stderr=subprocess.STDOUT,
            )
        try:
            container = Container(merged, process, log)
            _wait_booted(container)
            yield container
        finally:
            _power_off(process)
    finally:
        subprocess.run(["umount", "--lazy", str(merged)], check=False)


def _init_pid(process: subprocess.Popen[bytes]) -> int:
    """The container's systemd: the process under nspawn that is PID 1 of its own namespace."""
    deadline = time.monotonic() + BOOT_TIMEOUT_S
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"systemd-nspawn exited {process.returncode} while booting")
        for pid in _descendants(process.pid):
            if _is_container_init(pid):
                return pid
        time.sleep(0.1)
    raise AssertionError("systemd-nspawn started no container")


def _descendants(pid: int) -> list[int]:
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        with contextlib.suppress(OSError, ValueError):
            found += [int(p) for p in (task / "children").read_text().split()]
    return found + [grandchild for child in found for grandchild in _descendants(child)]


def _is_container_init(pid: int) -> bool:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
        command = Path(f"/proc/{pid}/comm").read_text().strip()
    except OSError:
        return False
    ids = next((line.split()[1:] for line in status.splitlines() if line.startswith("NSpid:")), [])
    return len(ids) > 1 and ids[-1] == "1" and command == "systemd"


def _wait_booted(container: Container) -> None:
    deadline = time.monotonic() + BOOT_TIMEOUT_S
    while time.monotonic() < deadline:
        state = container.run("systemctl", "is-system-running", check=False).stdout.strip()
        if state in ("running", "degraded"):
            return
        time.sleep(0.5)
    raise AssertionError(f"the container did not finish booting: {state}")


def _power_off(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is not None:
        return
    process.terminate()  # nspawn asks the container's systemd to power off
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def wait_for(check: object, timeout: float, step: float = 0.25) -> bool:
    """Poll ``check()`` until it is true or ``timeout`` seconds pass."""
    assert callable(check)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(step)
    return bool(check())


def argv(*parts: str | Sequence[str]) -> list[str]:
    """Flatten strings and lists of strings into one command line."""
    out: list[str] = []
    for part in parts:
        out += [part] if isinstance(part, str) else list(part)
    return out
