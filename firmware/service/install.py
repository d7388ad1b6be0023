"""Install or remove the board as a systemd service: the plans, as lists of shell steps.

A plan is computed from what a ``Probe`` sees on the machine, so ``--dry-run`` prints exactly
what would run and tests check the list without touching the system.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from firmware.service.steps import InstallError, Plan, Probe, Step

REFERENCE_CONFIG = "matrix-board.yaml"  # the reference board of wiring.md


@dataclass(frozen=True, slots=True)
class ServicePaths:
    """Where the service lives; the unit file in systemd/ uses the same paths."""

    user: str = "cullsboard"
    groups: tuple[str, ...] = ("gpio", "i2c", "spi")
    prefix: Path = Path("/opt/cullsboard")  # the service's own virtualenv
    config: Path = Path("/etc/cullsboard/board.yaml")
    state_dir: Path = Path("/var/lib/cullsboard")
    unit: Path = Path("/etc/systemd/system/cullsboard.service")
    python: str = "/usr/bin/python3"

    @property
    def program(self) -> Path:
        """The command the unit runs."""
        return self.prefix / "bin" / "cullsboard"

    @property
    def unit_name(self) -> str:
        return self.unit.name


PATHS = ServicePaths()


@dataclass(frozen=True, slots=True)
class Sources:
    """What gets installed: the project (a directory or a pip requirement), the unit, a config."""

    project: str
    unit: Path
    config: Path | None


def find_sources(root: Path, config: Path | None = None) -> Sources:
    """The project checkout at ``root``, its unit file and the config to start from."""
    unit = root / "systemd" / PATHS.unit_name
    if not (root / "pyproject.toml").is_file() or not unit.is_file():
        raise InstallError(
            f"{root} is not a cullsboard source tree (no pyproject.toml and systemd/"
            f"{PATHS.unit_name}): run install-service from the project checkout"
        )
    if config is None:
        reference = root / "config" / REFERENCE_CONFIG
        config = reference if reference.is_file() else None
    elif not config.is_file():
        raise InstallError(f"--config-source {config}: no such file")
    return Sources(project=str(root), unit=unit, config=config)


def install_plan(sources: Sources, probe: Probe, paths: ServicePaths = PATHS) -> Plan:
    """Every step that sets up the service, skipping what is already in place."""
    _need_systemd(probe)
    notes: list[str] = []
    steps = [
        *_package_steps(probe),
        *_account_steps(probe, paths),
        *_venv_steps(sources, paths),
        *_interface_steps(probe, notes),
        *_config_steps(sources, probe, paths, notes),
        _step("the service unit", "install", "-m", "0644", str(sources.unit), str(paths.unit)),
        _step("make systemd read it", "systemctl", "daemon-reload"),
        _step("start at every boot", "systemctl", "enable", paths.unit_name),
    ]
    if probe.exists(paths.config):
        steps.append(
            _step("start it now, on the new code", "systemctl", "restart", paths.unit_name)
        )
    else:  # a board that starts on an unedited config would only fail and restart
        notes.append(
            f"edit {paths.config} first (the touch and LED wiring, and kiosk.staff_pin: kiosk "
            f"mode needs one), then start the board: systemctl start {paths.unit_name}"
        )
    return Plan(tuple(steps), tuple(notes))


def _step(why: str, *argv: str) -> Step:
    return Step(why, argv)


def _package_steps(probe: Probe) -> list[Step]:
    """System packages, where apt is there to install them."""
    if not probe.which("apt-get"):
        return []
    return [
        _step(
            "system packages: venv support, and lgpio for gpiozero",
            *("apt-get", "install", "--yes", "python3-venv", "python3-lgpio"),
        )
    ]


def _venv_steps(sources: Sources, paths: ServicePaths) -> list[Step]:
    """The service's own virtualenv, and the project in it."""
    pip = str(paths.prefix / "bin" / "pip")
    return [
        _step(
            f"a virtualenv in {paths.prefix} (system packages visible for lgpio)",
            *(paths.python, "-m", "venv", "--system-site-packages", str(paths.prefix)),
        ),
        _step(
            "the project with the board drivers",
            *(pip, "install", "--upgrade", f"{sources.project}[board]"),
        ),
    ]


def _account_steps(probe: Probe, paths: ServicePaths) -> list[Step]:
    """The device groups and the service's own user in them."""
    group_list = ",".join(paths.groups)
    steps = [
        _step(f"group {name} for the devices", "groupadd", "--system", name)
        for name in paths.groups
        if not probe.group_exists(name)
    ]
    if probe.user_exists(paths.user):
        why = f"user {paths.user} exists: add it to {group_list}"
        return [*steps, _step(why, "usermod", "--append", "--groups", group_list, paths.user)]
    return [
        *steps,
        _step(
            f"system user {paths.user}, no login, in {group_list}",
            *("useradd", "--system", "--user-group", "--home-dir", str(paths.state_dir)),
            *("--no-create-home", "--shell", "/usr/sbin/nologin"),
            *("--groups", group_list, paths.user),
        ),
    ]


def _interface_steps(probe: Probe, notes: list[str]) -> list[Step]:
    """SPI for the LEDs and I2C for the touch controllers."""
    if probe.which("raspi-config"):
        return [
            _step("enable SPI (the LEDs)", "raspi-config", "nonint", "do_spi", "0"),
            _step("enable I2C (the touch controllers)", "raspi-config", "nonint", "do_i2c", "0"),
        ]
    notes.append(
        "raspi-config not found: enable SPI and I2C yourself (dtparam=spi=on and "
        "dtparam=i2c_arm=on in /boot/firmware/config.txt), then reboot"
    )
    return []


def _config_steps(
    sources: Sources, probe: Probe, paths: ServicePaths, notes: list[str]
) -> list[Step]:
    """The config directory, and a first config if there is none (an existing one is kept)."""
    config_dir = paths.config.parent
    steps = [
        _step(
            f"{config_dir}, readable by {paths.user}",
            *("install", "-d", "-m", "0750", "-o", "root", "-g", paths.user, str(config_dir)),
        )
    ]
    if probe.exists(paths.config):
        notes.append(f"{paths.config} exists and was kept")
        return steps
    if sources.config is None:
        raise InstallError(f"no example config to copy to {paths.config}: pass --config-source")
    return [
        *steps,
        _step(
            "a first config, to be edited",
            *("install", "-m", "0640", "-o", "root", "-g", paths.user),
            *(str(sources.config), str(paths.config)),
        ),
    ]


def uninstall_plan(probe: Probe, *, purge: bool, paths: ServicePaths = PATHS) -> Plan:
    """Every step that removes the service; the config and state stay unless ``purge``."""
    _need_systemd(probe)
    steps: list[Step] = []
    notes: list[str] = []
    if probe.exists(paths.unit):
        steps += [
            _step(
                "stop it and drop it from boot", "systemctl", "disable", "--now", paths.unit_name
            ),
            _step("the service unit", "rm", "-f", str(paths.unit)),
            _step("make systemd forget it", "systemctl", "daemon-reload"),
        ]
    if probe.exists(paths.prefix):
        steps.append(_step("the virtualenv", "rm", "-rf", str(paths.prefix)))
    if probe.user_exists(paths.user):
        steps.append(_step(f"the user {paths.user}", "userdel", paths.user))
    kept = (paths.config.parent, paths.state_dir)
    if purge:
        steps.append(_step("config, saved games and stats", "rm", "-rf", *map(str, kept)))
    else:
        notes.append(f"kept {kept[0]} and {kept[1]} (use --purge to remove them too)")
    notes.append("SPI and I2C stay enabled")
    return Plan(tuple(steps), tuple(notes))


def _need_systemd(probe: Probe) -> None:
    if probe.which("systemctl") is None:
        raise InstallError(
            "systemctl not found: the service needs systemd (Raspberry Pi OS has it)"
        )
