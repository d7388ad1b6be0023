"""The kiosk service under a real systemd: Debian bookworm (systemd 252, polkit 122, the base of
Raspberry Pi OS Bookworm) booted in systemd-nspawn, the project's installer run inside it for
real, then a simulated board's config swapped in and the unit put through what a café's table
goes through: a start, a crash, the staff's restart, a hang, a stop, an update and the staff's
shut-down.

The tests run in order on one container (each step leaves the machine as the next expects).
Python packages reach the container as wheels built here: pip's TLS to the package index does
not verify from inside it.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from hal.leds.chainfile import chain_lines
from scripts.debian_root import debian_root, missing_tools
from tests.systemd.container import Container, booted, wait_for

ROOT = Path(__file__).resolve().parent.parent.parent
UNIT = "cullsboard.service"
CONFIG = "/etc/cullsboard/board.yaml"
STATE = "/var/lib/cullsboard"
STAFF_PIN = "24680"
BOOT_FILES = ("/boot/firmware/config.txt", "/boot/firmware/cmdline.txt")
PI_OS_CONFIG_TXT = "#dtparam=i2c_arm=on\n#dtparam=spi=on\ndtparam=audio=on\n\n[all]\n"
PI_OS_CMDLINE = "console=tty1 root=PARTUUID=1 rootfstype=ext4 rootwait\n"
WATCHDOG_SEC = 20.0  # the unit's WatchdogSec=
TIMEOUT_STOP_SEC = 15.0  # the unit's TimeoutStopSec=
PIP_OFFLINE = {"PIP_NO_INDEX": "1", "PIP_FIND_LINKS": "/wheels", "PIP_ROOT_USER_ACTION": "ignore"}


def _need_tools() -> None:
    missing = missing_tools()
    if os.geteuid() != 0:
        missing.append("root")
    if missing:
        if os.environ.get("CI"):
            pytest.fail(f"CI is set but {', '.join(missing)} missing: .ci/run installs them")
        pytest.skip(f"needs {', '.join(missing)} (debootstrap, systemd-container, equivs)")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _simulated_config(port: int) -> str:
    """The simulated board as the unit will run it, its LED chain kept in a file."""
    return f"""\
# The simulated board, swapped in by the real-systemd test.
touch:
  backend: mock
leds:
  backend: mock
  sim_chain_file: {STATE}/chain.jsonl
buttons:
  backend: mock
web:
  host: 127.0.0.1
  port: {port}
kiosk:
  enabled: true
  staff_pin: "{STAFF_PIN}"
state_dir: {STATE}
"""


@dataclass
class Kiosk:
    """The booted machine, where its page is, and what the first install printed."""

    machine: Container
    port: int
    first_install: subprocess.CompletedProcess[str]

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def unit(self, *properties: str) -> dict[str, str]:
        return self.machine.show(UNIT, *properties)

    def get(self, path: str) -> tuple[int, bytes]:
        try:
            with urllib.request.urlopen(self.url + path, timeout=5) as answer:
                return int(answer.status), bytes(answer.read())
        except urllib.error.HTTPError as exc:
            return exc.code, exc.read()

    def post(self, path: str, body: dict[str, object]) -> int:
        request = urllib.request.Request(
            self.url + path,
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json"},
            method="POST",
        )
        try:
            with urllib.request.urlopen(request, timeout=5) as answer:
                return int(answer.status)
        except urllib.error.HTTPError as exc:
            return exc.code

    def moves(self) -> list[str]:
        status, body = self.get("api/state")
        assert status == 200, body
        return list(json.loads(body)["score"].get("moves") or [])

    def answers(self) -> bool:
        try:
            return self.get("")[0] == 200
        except OSError:
            return False

    def install(self) -> subprocess.CompletedProcess[str]:
        return self.machine.run(
            "/opt/installer/bin/cullsboard", "install-service", env=PIP_OFFLINE, timeout=900
        )

    def file(self, path: str) -> Path:
        return self.machine.root / path.lstrip("/")

    def chain(self) -> list[dict[str, int]]:
        return chain_lines(self.file(f"{STATE}/chain.jsonl"))

    def restarted(self, restarts: int, timeout: float) -> bool:
        """Whether systemd has restarted the unit past ``restarts`` and it is up again."""

        def up_again() -> bool:
            shown = self.unit("NRestarts", "ActiveState")
            return int(shown["NRestarts"]) > restarts and shown["ActiveState"] == "active"

        return wait_for(up_again, timeout)


@pytest.fixture(scope="module")
def wheels(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The project and its [board] extra as wheels, built here for the container's Python."""
    _need_tools()
    where = tmp_path_factory.mktemp("wheels")
    subprocess.run(
        [
            *(sys.executable, "-m", "pip", "wheel", "-q", "--wheel-dir", str(where)),
            *(f"{ROOT}[board]", "setuptools"),
        ],
        check=True,
        capture_output=True,
    )
    shutil.rmtree(ROOT / "build", ignore_errors=True)  # setuptools' leftovers in the checkout
    return where


@pytest.fixture(scope="module")
def kiosk(tmp_path_factory: pytest.TempPathFactory, wheels: Path) -> Iterator[Kiosk]:
    """A fresh Debian with systemd, cullsboard installed from its wheel, install-service run."""
    work = tmp_path_factory.mktemp("machine")
    lower = debian_root(log=work / "debootstrap.log")
    with booted(lower, work / f"run{os.getpid():08d}") as machine:
        shutil.copytree(wheels, machine.root / "wheels")
        for path, text in zip(BOOT_FILES, (PI_OS_CONFIG_TXT, PI_OS_CMDLINE), strict=True):
            (machine.root / path.lstrip("/")).parent.mkdir(parents=True, exist_ok=True)
            (machine.root / path.lstrip("/")).write_text(text, encoding="utf-8")
        # A builder's plain `pip install cullsboard`, not a checkout: install-service must
        # bring its unit, rule and configs from the package.
        machine.run("python3", "-m", "venv", "/opt/installer")
        machine.run("/opt/installer/bin/pip", "install", "-q", "cullsboard", env=PIP_OFFLINE)
        made = Kiosk(machine, _free_port(), subprocess.CompletedProcess([], 0))
        made.first_install = made.install()
        yield made


def test_the_first_install_writes_a_config_the_unit_accepts(kiosk: Kiosk) -> None:
    out = kiosk.first_install.stdout
    assert "# note: /etc/cullsboard/board.yaml: kiosk.staff_pin " in out
    judged = kiosk.machine.run(
        "/opt/cullsboard/bin/cullsboard", "check-config", "--for-service", CONFIG, check=False
    )
    assert judged.returncode == 0, judged.stderr
    assert "valid for the kiosk service (--config /etc/cullsboard/board.yaml --kiosk)" in (
        judged.stdout
    )
    avahi = kiosk.file("/etc/avahi/services/cullsboard.service").read_text(encoding="utf-8")
    assert "<type>_http._tcp</type>" in avahi and "<port>8080</port>" in avahi
    config_txt = kiosk.file(BOOT_FILES[0]).read_text(encoding="utf-8")
    assert (
        config_txt.startswith(PI_OS_CONFIG_TXT) and "dtparam=i2c_arm_baudrate=400000" in config_txt
    )


def test_without_the_hardware_the_board_retries_slowly_but_a_config_error_waits_for_a_fix(
    kiosk: Kiosk,
) -> None:
    # The install changed config.txt, so it left the start to the reboot. No I2C bus in the
    # container: the reference board cannot reach its chips. That may mend (a loose harness, a
    # slow boot), so the board says so, waits a minute and exits 3, and the unit starts it
    # again; a config error (exit status 2) is left for the staff to fix.
    assert "reboot" in kiosk.first_install.stdout
    assert kiosk.unit("ActiveState", "UnitFileState") == {
        "ActiveState": "inactive",
        "UnitFileState": "enabled",
    }
    assert kiosk.machine.run("systemctl", "start", UNIT, check=False).returncode != 0
    assert wait_for(lambda: int(kiosk.unit("NRestarts")["NRestarts"]) >= 1, 120)
    # ExecMainStatus is the running start's by now: the exit status is read from the journal.
    journal = kiosk.machine.run("journalctl", "-u", UNIT, "-o", "cat", "--no-pager").stdout
    assert "code=exited, status=3/" in journal, journal
    assert "cullsboard: touch:" in journal and "trying again in 65 s" in journal, journal
    installed = kiosk.file(CONFIG).read_text(encoding="utf-8")
    kiosk.file(CONFIG).write_text(installed + "leds:\n  gamma: 9\n", encoding="utf-8")
    kiosk.machine.run("systemctl", "restart", UNIT, check=False)
    assert wait_for(lambda: kiosk.unit("ActiveState")["ActiveState"] == "failed", 60)
    restarts = kiosk.unit("NRestarts")["NRestarts"]
    time.sleep(5)  # longer than RestartSec=3
    shown = kiosk.unit("ActiveState", "NRestarts", "ExecMainStatus")
    assert shown == {"ActiveState": "failed", "NRestarts": restarts, "ExecMainStatus": "2"}
    kiosk.file(CONFIG).write_text(installed, encoding="utf-8")


def test_the_unit_reports_ready_and_the_page_answers_at_once(kiosk: Kiosk) -> None:
    kiosk.file(CONFIG).write_text(_simulated_config(kiosk.port), encoding="utf-8")
    started = time.monotonic()
    kiosk.machine.run("systemctl", "restart", UNIT)  # returns once the board sent READY=1
    took = time.monotonic() - started
    assert kiosk.answers()  # no retry: READY comes after the page serves
    shown = kiosk.unit("ActiveState", "SubState", "StatusText", "NRestarts")
    assert shown["ActiveState"] == "active" and shown["SubState"] == "running"
    assert shown["StatusText"] == "playing (kiosk)"
    assert took < 60.0  # TimeoutStartSec=
    print(f"the unit was ready {took:.1f} s after systemctl restart")


def test_a_move_is_played_and_the_watchdog_is_fed(kiosk: Kiosk) -> None:
    assert kiosk.post("api/staff/game", {"pin": STAFF_PIN, "game": "culls", "mode": "duel"}) == 202
    assert wait_for(lambda: kiosk.post("api/touch", {"cell": "h8"}) == 202, 5)
    assert wait_for(lambda: kiosk.moves() == ["h8"], 10)
    before = kiosk.unit("MainPID", "NRestarts")
    time.sleep(WATCHDOG_SEC + 5)  # a starved watchdog would have killed it by now
    assert kiosk.unit("MainPID", "NRestarts") == before
    assert kiosk.chain()[-1]["lit"] > 0  # the chain shows the game


def test_a_killed_board_is_restarted_dark_in_between_with_its_move(kiosk: Kiosk) -> None:
    shown = kiosk.unit("MainPID", "NRestarts")
    killed = int(shown["MainPID"])
    kiosk.machine.run("systemctl", "kill", "--signal=SIGKILL", "--kill-whom=main", UNIT)
    assert kiosk.restarted(int(shown["NRestarts"]), 30)
    assert wait_for(kiosk.answers, 10)
    assert kiosk.moves() == ["h8"]
    _assert_dark_after(kiosk.chain(), killed)


def test_the_staff_page_restarts_the_board_through_systemd_with_its_match(kiosk: Kiosk) -> None:
    shown = kiosk.unit("MainPID", "NRestarts")
    assert kiosk.post("api/staff/restart", {"pin": STAFF_PIN}) == 202
    assert kiosk.restarted(int(shown["NRestarts"]), 30)
    assert kiosk.unit("MainPID")["MainPID"] != shown["MainPID"]  # the service manager did it
    assert wait_for(kiosk.answers, 10)
    assert kiosk.moves() == ["h8"]
    journal = kiosk.machine.run("journalctl", "-u", UNIT, "-o", "cat", "--no-pager").stdout
    assert "the service starts the board again" in journal


def test_a_hung_loop_is_killed_by_the_watchdog_and_restarted(kiosk: Kiosk) -> None:
    shown = kiosk.unit("MainPID", "NRestarts")
    hung = int(shown["MainPID"])
    # The board stops where it is: its loop no longer feeds the watchdog.
    kiosk.machine.run("systemctl", "kill", "--signal=SIGSTOP", "--kill-whom=main", UNIT)
    started = time.monotonic()
    assert kiosk.restarted(int(shown["NRestarts"]), WATCHDOG_SEC + TIMEOUT_STOP_SEC + 20)
    took = time.monotonic() - started
    assert took > WATCHDOG_SEC - 2  # the watchdog did it, after its timeout
    assert wait_for(kiosk.answers, 10)
    assert kiosk.moves() == ["h8"]
    _assert_dark_after(kiosk.chain(), hung)
    journal = kiosk.machine.run("journalctl", "-u", UNIT, "-o", "cat", "--no-pager").stdout
    assert "Watchdog timeout" in journal
    print(f"the hung board was back {took:.1f} s after it stopped")


def test_systemctl_stop_ends_cleanly_within_the_stop_timeout(kiosk: Kiosk) -> None:
    started = time.monotonic()
    kiosk.machine.run("systemctl", "stop", UNIT)
    took = time.monotonic() - started
    shown = kiosk.unit("ActiveState", "Result", "ExecMainStatus", "ExecMainCode")
    assert shown["ActiveState"] == "inactive" and shown["Result"] == "success"
    assert shown["ExecMainStatus"] == "0" and shown["ExecMainCode"] == "1"  # exited, status 0
    assert took < TIMEOUT_STOP_SEC
    assert kiosk.chain()[-1]["lit"] == 0
    print(f"systemctl stop took {took:.1f} s")


def test_a_second_install_changes_no_boot_file_and_keeps_the_config(kiosk: Kiosk) -> None:
    watched = (*BOOT_FILES, CONFIG, "/etc/modules-load.d/cullsboard.conf")
    before = {path: _digest(kiosk.file(path)) for path in watched}
    again = kiosk.install()
    assert {path: _digest(kiosk.file(path)) for path in watched} == before
    assert "reboot" not in again.stdout
    assert f"{CONFIG} exists and was kept" in again.stdout
    assert kiosk.unit("ActiveState")["ActiveState"] == "active"  # the update restarted it
    assert wait_for(kiosk.answers, 10) and kiosk.moves() == ["h8"]


def test_the_staff_shut_down_powers_the_machine_off(kiosk: Kiosk) -> None:
    assert kiosk.post("api/staff/shutdown", {"pin": STAFF_PIN}) == 202
    assert kiosk.machine.wait_gone(60), "the container is still running: the power-off failed"


def _assert_dark_after(chain: list[dict[str, int]], pid: int) -> None:
    """The chain went dark between the stopped board's last frame and the next board's first."""
    last = max(i for i, line in enumerate(chain) if line["pid"] == pid)
    after = chain[last + 1 :]
    assert after, "nothing was sent after the board stopped"
    assert after[0]["lit"] == 0 and after[0]["pid"] != pid, after[:3]


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest() if path.exists() else "absent"
