"""install-service and uninstall-service: the planned steps, dry runs, and the root check."""

from __future__ import annotations

import io
import shutil
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from firmware.cli import build_parser
from firmware.commands.install_service import run_install, run_uninstall
from firmware.service.first_config import PinSource
from firmware.service.install import (
    APT_PACKAGES,
    PATHS,
    REFERENCE_CONFIG,
    Sources,
    find_sources,
    install_plan,
    uninstall_plan,
)
from firmware.service.steps import InstallError
from tests.config.shipped import CONFIG_DIR

ROOT = Path(__file__).resolve().parent.parent.parent
BOOT = Path("/boot/firmware")
# The end of Raspberry Pi OS Bookworm's config.txt: SPI and I2C commented out, model sections.
PI_OS_CONFIG = """\
# Uncomment some or all of these to enable the optional hardware interfaces
#dtparam=i2c_arm=on
#dtparam=i2s=on
#dtparam=spi=on
dtparam=audio=on
arm_64bit=1

[cm5]
dtoverlay=dwc2,dr_mode=host

[all]
"""
PI_OS_CMDLINE = "console=serial0,115200 console=tty1 root=PARTUUID=1 rootfstype=ext4 rootwait\n"


def _pi_os_files() -> dict[Path, str]:
    return {
        BOOT / "config.txt": PI_OS_CONFIG,
        BOOT / "cmdline.txt": PI_OS_CMDLINE,
    }


@dataclass
class FakeMachine:
    """A machine as the installer's probe sees it; nothing on it can change."""

    users: set[str] = field(default_factory=set)
    groups: set[str] = field(default_factory=lambda: {"gpio", "i2c", "spi", "audio"})
    paths: set[Path] = field(default_factory=set)
    programs: set[str] = field(default_factory=lambda: {"systemctl", "apt-get"})
    files: dict[Path, str] = field(default_factory=_pi_os_files)

    def user_exists(self, name: str) -> bool:
        return name in self.users

    def group_exists(self, name: str) -> bool:
        return name in self.groups

    def exists(self, path: Path) -> bool:
        return path in self.paths or path in self.files

    def which(self, program: str) -> str | None:
        return f"/usr/bin/{program}" if program in self.programs else None

    def read_text(self, path: Path) -> str | None:
        if path in self.files:
            return self.files[path]
        return path.read_text(encoding="utf-8") if path.is_file() else None  # the checkout


class Recorder:
    """Stands in for running commands: remembers each one, fails the one it is told to."""

    def __init__(self, fail_on: str | None = None) -> None:
        self.ran: list[tuple[str, ...]] = []
        self.fail_on = fail_on

    def __call__(self, argv: Sequence[str], stdin: str | None = None) -> int:
        self.ran.append(tuple(argv))
        return 1 if argv[0] == self.fail_on else 0


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    (tmp_path / "pyproject.toml").write_text("[project]\n", encoding="utf-8")
    shutil.copytree(ROOT / "systemd", tmp_path / "systemd")
    (tmp_path / "config").mkdir()
    for name in ("matrix-board.yaml", "direct-board.yaml"):
        shutil.copy(CONFIG_DIR / name, tmp_path / "config" / name)
    return tmp_path


def _sources(root: Path) -> Sources:
    return find_sources(root)


def fixed_pins() -> PinSource:
    """PINs as install-service would draw them, the same in every plan: 111111, 222222, ..."""
    count = iter(range(1, 10))
    return lambda: str(next(count)) * 6


def _sed_append(script: str, text: str) -> str:
    """``text`` after a ``sed '1 s/$/ WORDS/'`` step: WORDS appended to its first line."""
    words = script.removeprefix("1 s/$/").removesuffix("/")
    first, _, rest = text.partition("\n")
    return f"{first}{words}\n{rest}"


def _commands(text: str) -> list[str]:
    """The command lines of a printed plan: its '# n/m why' lines and notes left out."""
    lines = text.splitlines()
    shown: list[str] = []
    here_doc = False
    for line in lines:
        if here_doc:
            shown[-1] += "\n" + line
            here_doc = line != "EOF"
        elif line and not line.startswith("# "):
            shown.append(line)
            here_doc = line.endswith("<<'EOF'")
    return shown


def test_fresh_install_plan(checkout: Path) -> None:
    plan = install_plan(_sources(checkout), FakeMachine(), new_pin=fixed_pins())
    shown = [step.shell() for step in plan.steps]
    config_step = next(
        i for i, step in enumerate(plan.steps) if step.stdin and "kiosk" in step.stdin
    )
    avahi_step = next(
        i for i, step in enumerate(plan.steps) if step.stdin and "avahi" in step.stdin
    )
    assert [line.split("\n")[0] for line in shown] == [
        "apt-get update",
        "apt-get install --yes python3-venv python3-dev gcc python3-lgpio python3-libgpiod "
        "polkitd avahi-daemon",
        "useradd --system --user-group --home-dir /var/lib/cullsboard --no-create-home "
        "--shell /usr/sbin/nologin --groups gpio,i2c,spi,audio cullsboard",
        "/usr/bin/python3 -m venv --system-site-packages /opt/cullsboard",
        f"/opt/cullsboard/bin/pip install --upgrade '{checkout}[board]'",
        "tee /etc/modules-load.d/cullsboard.conf <<'EOF'",
        "tee --append /boot/firmware/config.txt <<'EOF'",
        # the reference board's LEDs are on SPI: a whole frame in one transfer
        "sed --in-place '1 s/$/ spidev.bufsiz=32768/' /boot/firmware/cmdline.txt",
        "install -d -m 0750 -o root -g cullsboard /etc/cullsboard",
        "install -m 0640 -o root -g cullsboard /dev/stdin /etc/cullsboard/board.yaml <<'EOF'",
        f"install -m 0644 {checkout}/systemd/cullsboard.service "
        "/etc/systemd/system/cullsboard.service",
        f"install -D -m 0644 {checkout}/systemd/cullsboard-poweroff.rules "
        "/etc/polkit-1/rules.d/50-cullsboard-poweroff.rules",
        "install -D -m 0644 /dev/stdin /etc/avahi/services/cullsboard.service <<'EOF'",
        "systemctl daemon-reload",
        "systemctl enable cullsboard.service",  # it starts after the reboot the notes ask for
    ]
    assert shown[6].endswith(
        "# cullsboard: the boot settings its config needs (cullsboard install-service)\n"
        "[all]\ndtparam=spi=on\ndtparam=i2c_arm=on\ndtparam=i2c_arm_baudrate=400000\n"
        "[pi4]\ncore_freq=500\ncore_freq_min=500\n[pi3]\ncore_freq=250\n[pi02]\ncore_freq=250\n"
        "[all]\nEOF"
    )
    assert (config_step, avahi_step) == (9, 12)
    assert "<type>_http._tcp</type>" in (plan.steps[avahi_step].stdin or "")
    assert len(plan.notes) == 3
    assert "kiosk.staff_pin 111111" in plan.notes[0] and "web.pin 222222" in plan.notes[0]
    assert "fix the wiring in /etc/cullsboard/board.yaml" in plan.notes[1]
    assert "reboot" in plan.notes[2] and "the board starts then" in plan.notes[2]
    assert set(APT_PACKAGES) >= {"python3-dev", "python3-libgpiod"}


def test_a_first_install_on_a_pi_set_up_already_starts_the_board(checkout: Path) -> None:
    machine = FakeMachine()
    first = install_plan(_sources(checkout), machine, new_pin=fixed_pins())
    for step in first.steps:  # the boot settings of a first install, in place
        if step.argv[:2] == ("tee", "--append"):
            machine.files[Path(step.argv[2])] += step.stdin or ""
        elif step.argv[0] == "tee":
            machine.files[Path(step.argv[1])] = step.stdin or ""
        elif step.argv[:2] == ("sed", "--in-place"):
            machine.files[Path(step.argv[-1])] = _sed_append(
                step.argv[2], machine.files[Path(step.argv[-1])]
            )
    plan = install_plan(_sources(checkout), machine, new_pin=fixed_pins())
    assert plan.steps[-1].shell() == "systemctl restart cullsboard.service"
    assert not any("reboot" in note for note in plan.notes)
    assert any(step.argv[-1] == str(PATHS.config) for step in plan.steps)  # still a first config


def test_reinstall_keeps_the_user_and_the_config(checkout: Path) -> None:
    machine = FakeMachine(users={"cullsboard"}, programs={"systemctl"}, files={})
    machine.files[PATHS.config] = (CONFIG_DIR / "direct-board.yaml").read_text(encoding="utf-8")
    plan = install_plan(_sources(checkout), machine)
    commands = [step.argv[0] for step in plan.steps]
    assert "useradd" not in commands
    assert plan.steps[0].shell() == "usermod --append --groups gpio,i2c,spi,audio cullsboard"
    assert not any(str(PATHS.config) in step.argv for step in plan.steps)
    assert plan.steps[-1].shell() == "systemctl restart cullsboard.service"
    # No config.txt on this machine: the boot settings of the installed config become a note.
    assert any(
        "dtparam=spi=on" in note and "spidev.bufsiz=32768 (cmdline.txt)" in note
        for note in plan.notes
    )
    assert any("was kept" in note for note in plan.notes)


def test_missing_groups_are_created_first(checkout: Path) -> None:
    machine = FakeMachine(groups={"gpio"}, programs={"systemctl"})
    plan = install_plan(_sources(checkout), machine)
    assert [step.shell() for step in plan.steps[:2]] == [
        "groupadd --system i2c",
        "groupadd --system spi",
    ]


def test_no_systemd_is_one_clear_error(checkout: Path) -> None:
    with pytest.raises(InstallError, match="systemctl not found"):
        install_plan(_sources(checkout), FakeMachine(programs=set()))


def test_not_a_checkout_is_one_clear_error(tmp_path: Path) -> None:
    with pytest.raises(InstallError, match="not a cullsboard source tree"):
        find_sources(tmp_path)


def test_a_chosen_config_source(checkout: Path) -> None:
    mine = checkout / "mine.yaml"
    shutil.copy(CONFIG_DIR / "default.yaml", mine)
    plan = install_plan(find_sources(checkout, mine), FakeMachine())
    written = next(step for step in plan.steps if step.argv[-1] == str(PATHS.config))
    assert written.stdin is not None
    assert "# The simulated board" in written.stdin.split("kiosk:")[0]  # its own text, kept
    with pytest.raises(InstallError, match="no such file"):
        find_sources(checkout, checkout / "missing.yaml")


def test_the_reference_board_is_the_installed_example(checkout: Path) -> None:
    plan = install_plan(_sources(checkout), FakeMachine(), new_pin=fixed_pins())
    written = next(step for step in plan.steps if step.argv[-1] == str(PATHS.config))
    assert REFERENCE_CONFIG == "direct-board.yaml"
    assert "layout: direct" in (written.stdin or "")


def test_no_example_config_when_one_is_needed(checkout: Path) -> None:
    (checkout / "config" / REFERENCE_CONFIG).unlink()
    with pytest.raises(InstallError, match="--config-source"):
        install_plan(_sources(checkout), FakeMachine())


def test_uninstall_keeps_config_and_state(checkout: Path) -> None:
    machine = FakeMachine(users={"cullsboard"}, paths={PATHS.unit, PATHS.prefix})
    plan = uninstall_plan(machine, purge=False)
    assert [step.shell() for step in plan.steps] == [
        "systemctl disable --now cullsboard.service",
        "rm -f /etc/systemd/system/cullsboard.service",
        "rm -f /etc/polkit-1/rules.d/50-cullsboard-poweroff.rules",
        "rm -f /etc/avahi/services/cullsboard.service",
        "systemctl daemon-reload",
        "rm -rf /opt/cullsboard",
        "userdel cullsboard",
    ]
    assert any("/var/lib/cullsboard" in note and "--purge" in note for note in plan.notes)


def test_uninstall_purge_removes_config_and_state() -> None:
    plan = uninstall_plan(FakeMachine(), purge=True)
    assert [step.shell() for step in plan.steps] == ["rm -rf /etc/cullsboard /var/lib/cullsboard"]


def test_dry_run_prints_every_step_and_runs_nothing(checkout: Path) -> None:
    args = build_parser().parse_args(["install-service", "--dry-run", "--source", str(checkout)])
    runner, out, err = Recorder(), io.StringIO(), io.StringIO()
    machine = FakeMachine()
    code = run_install(
        args, probe=machine, runner=runner, euid=1000, out=out, err=err, new_pin=fixed_pins()
    )
    assert code == 0
    assert runner.ran == []
    plan = install_plan(_sources(checkout), FakeMachine(), new_pin=fixed_pins())
    assert _commands(out.getvalue()) == [step.shell() for step in plan.steps]
    assert "nothing was changed" in out.getvalue()
    assert err.getvalue() == ""


def test_uninstall_dry_run_through_the_cli_parser() -> None:
    args = build_parser().parse_args(["uninstall-service", "--dry-run", "--purge"])
    runner, out = Recorder(), io.StringIO()
    machine = FakeMachine(users={"cullsboard"})
    code = run_uninstall(args, probe=machine, runner=runner, euid=0, out=out, err=io.StringIO())
    assert code == 0
    assert runner.ran == []
    assert _commands(out.getvalue()) == [
        "userdel cullsboard",
        "rm -rf /etc/cullsboard /var/lib/cullsboard",
    ]


@pytest.mark.parametrize("command", ["install-service", "uninstall-service"])
def test_without_root_is_one_error_and_exit_2(checkout: Path, command: str) -> None:
    argv = [command] + (["--source", str(checkout)] if command == "install-service" else [])
    args = build_parser().parse_args(argv)
    runner, out, err = Recorder(), io.StringIO(), io.StringIO()
    code = args.run(args, probe=FakeMachine(), runner=runner, euid=1000, out=out, err=err)
    assert code == 2
    assert runner.ran == []
    assert out.getvalue() == ""
    assert err.getvalue().count("\n") == 1
    assert "root" in err.getvalue()


def test_as_root_every_step_runs_in_order(checkout: Path) -> None:
    args = build_parser().parse_args(["install-service", "--source", str(checkout)])
    runner = Recorder()
    code = run_install(
        args,
        probe=FakeMachine(),
        runner=runner,
        euid=0,
        out=io.StringIO(),
        err=io.StringIO(),
        new_pin=fixed_pins(),
    )
    assert code == 0
    plan = install_plan(_sources(checkout), FakeMachine(), new_pin=fixed_pins())
    assert runner.ran == [step.argv for step in plan.steps]


def test_a_failing_step_stops_the_install(checkout: Path) -> None:
    args = build_parser().parse_args(["install-service", "--source", str(checkout)])
    runner, err = Recorder(fail_on="tee"), io.StringIO()
    code = run_install(args, probe=FakeMachine(), runner=runner, euid=0, out=io.StringIO(), err=err)
    assert code == 1
    assert runner.ran[-1] == ("tee", "/etc/modules-load.d/cullsboard.conf")
    assert not any(argv[0] == "systemctl" for argv in runner.ran)
    assert err.getvalue().startswith("cullsboard install-service: step 6 failed (exit 1)")


def test_a_bad_source_is_exit_2_without_a_traceback(tmp_path: Path) -> None:
    args = build_parser().parse_args(["install-service", "--dry-run", "--source", str(tmp_path)])
    err = io.StringIO()
    code = run_install(args, probe=FakeMachine(), runner=Recorder(), out=io.StringIO(), err=err)
    assert code == 2
    assert err.getvalue().count("\n") == 1


def test_without_config_txt_the_note_names_each_setting_with_its_model_section(
    checkout: Path,
) -> None:
    unknown = FakeMachine(users={"cullsboard"}, files={})
    unknown.files[PATHS.config] = (CONFIG_DIR / "matrix-board.yaml").read_text(encoding="utf-8")
    unknown.files[PATHS.config] = unknown.files[PATHS.config].replace(
        "kiosk:\n  enabled: false", 'kiosk:\n  enabled: true\n  staff_pin: "24680"'
    )
    (note,) = (n for n in install_plan(_sources(checkout), unknown).notes if "config.txt" in n)
    assert "[pi4] core_freq=500; [pi4] core_freq_min=500; [pi3] core_freq=250" in note
    assert "core_freq=500; core_freq_min=500; core_freq=250" not in note  # not flattened
    pi3 = FakeMachine(users={"cullsboard"}, files=dict(unknown.files))
    pi3.files[PATHS.model] = "Raspberry Pi 3 Model B Plus Rev 1.3\0"
    (note,) = (n for n in install_plan(_sources(checkout), pi3).notes if "config.txt" in n)
    assert "for this pi3" in note and "[pi3] core_freq=250" in note and "[pi4]" not in note
