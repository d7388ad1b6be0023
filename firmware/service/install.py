"""Install or remove the board as a systemd service: the plans, as lists of shell steps.

A plan is computed from what a ``Probe`` sees on the machine, so ``--dry-run`` prints exactly
what would run and tests check the list without touching the system.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from firmware import __version__
from firmware.config.checks import is_local
from firmware.config.schema import Config
from firmware.errors import InputError
from firmware.service.as_run import SHIPPED, check_text_for_service, unit_flags
from firmware.service.avahi import avahi_service
from firmware.service.boot_state import PI5_WS281X, model_section, read_model
from firmware.service.bootconfig import (
    ALL,
    config_block,
    missing_cmdline_params,
    missing_config_lines,
    wanted_cmdline_params,
    wanted_config_lines,
)
from firmware.service.first_config import PinSource, first_config, random_pin
from firmware.service.steps import InstallError, Plan, Probe, Step

REFERENCE_CONFIG = "matrix-board.yaml"  # the reference board of wiring.md
# System packages: venv support; a compiler and Python's headers, because rpi-ws281x has no
# wheel for the Pi and is built from source; lgpio for gpiozero; libgpiod's bindings, which
# Blinka (10 and later) imports for the Pi's pins on `import board`; polkit, which lets the
# service's user power the Pi off (the staff "shut down"); avahi, which publishes the page.
APT_PACKAGES = (
    *("python3-venv", "python3-dev", "gcc", "python3-lgpio", "python3-libgpiod", "polkitd"),
    "avahi-daemon",
)
VOICE_PACKAGES = ("espeak-ng", "alsa-utils")  # speech.backend: espeak
POWER_OFF_RULES = "cullsboard-poweroff.rules"


@dataclass(frozen=True, slots=True)
class ServicePaths:
    """Where the service lives; the unit file in systemd/ uses the same paths."""

    user: str = "cullsboard"
    groups: tuple[str, ...] = ("gpio", "i2c", "spi", "audio")
    prefix: Path = Path("/opt/cullsboard")  # the service's own virtualenv
    config: Path = Path("/etc/cullsboard/board.yaml")
    state_dir: Path = Path("/var/lib/cullsboard")
    unit: Path = Path("/etc/systemd/system/cullsboard.service")
    python: str = "/usr/bin/python3"
    boot_dirs: tuple[Path, ...] = (Path("/boot/firmware"), Path("/boot"))  # Bookworm, older
    modules: Path = Path("/etc/modules-load.d/cullsboard.conf")
    power_off_rule: Path = Path("/etc/polkit-1/rules.d/50-cullsboard-poweroff.rules")
    avahi_service: Path = Path("/etc/avahi/services/cullsboard.service")
    model: Path = Path("/proc/device-tree/model")

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
    """What gets installed: the project (a pip requirement), the unit, the rule, a config."""

    project: str
    unit: Path
    config: Path | None
    power_off_rule: Path


def find_sources(
    checkout: Path | None = None, config: Path | None = None, *, shipped: Path = SHIPPED
) -> Sources:
    """The files to install: from the source tree ``checkout``, or (None) the ones that came
    with the installed package, whose own version pip then installs into the service's venv."""
    if checkout is not None:
        files = checkout
        project = f"{checkout}[board]"
        if not (checkout / "pyproject.toml").is_file():
            raise InstallError(
                f"{checkout} is not a cullsboard source tree (no pyproject.toml): name the "
                "project checkout with --source, or leave --source out to install this version"
            )
    else:
        files, project = shipped, f"cullsboard[board]=={__version__}"
    unit = files / "systemd" / PATHS.unit_name
    rule = files / "systemd" / POWER_OFF_RULES
    for path in (unit, rule):
        if not path.is_file():
            raise InstallError(f"{path} is missing: reinstall cullsboard (pip install cullsboard)")
    if config is None:
        reference = files / "config" / REFERENCE_CONFIG
        config = reference if reference.is_file() else None
    elif not config.is_file():
        raise InstallError(f"--config-source {config}: no such file")
    return Sources(project=project, unit=unit, config=config, power_off_rule=rule)


def install_plan(
    sources: Sources, probe: Probe, paths: ServicePaths = PATHS, *, new_pin: PinSource = random_pin
) -> Plan:
    """Every step that sets up the service, skipping what is already in place."""
    _need_systemd(probe)
    model = read_model(probe.read_text(paths.model))
    flags = unit_flags(probe.read_text(sources.unit) or "")
    notes: list[str] = []
    config_steps, board = _config_steps(sources, probe, paths, notes, model, flags, new_pin)
    boot_steps, reboot = _boot_steps(board, probe, paths, notes, model_section(model))
    steps = [
        *_package_steps(probe),
        *_voice_steps(board, probe),
        *_account_steps(probe, paths),
        *_venv_steps(sources, paths),
        *boot_steps,
        *config_steps,
        _step("the service unit", "install", "-m", "0644", str(sources.unit), str(paths.unit)),
        _step(
            "let the service power the Pi off (staff: shut down)",
            *("install", "-D", "-m", "0644"),
            *(str(sources.power_off_rule), str(paths.power_off_rule)),
        ),
        *_avahi_steps(board, paths),
        _step("make systemd read it", "systemctl", "daemon-reload"),
        _step("start at every boot", "systemctl", "enable", paths.unit_name),
    ]
    if not reboot:  # with new boot settings the chips appear only after the reboot
        steps.append(
            _step("start it now, on the new code", "systemctl", "restart", paths.unit_name)
        )
    notes.append(
        f"if the board does not start (systemctl status {paths.unit_name}; journalctl -u "
        f"{paths.unit_name} names the part), fix the wiring in {paths.config} (touch, leds, "
        f"buttons: wiring.md), then: systemctl restart {paths.unit_name}"
    )
    if reboot:
        notes.append(
            "reboot for the new boot settings to take effect (the board starts then): sudo reboot"
        )
    return Plan(tuple(steps), tuple(notes))


def _step(why: str, *argv: str) -> Step:
    return Step(why, argv)


def _package_steps(probe: Probe) -> list[Step]:
    """System packages, where apt is there to install them."""
    if not probe.which("apt-get"):
        return []
    return [
        _step("the package lists, so the packages below are found", "apt-get", "update"),
        _step(
            "system packages: venv, a compiler for rpi-ws281x, lgpio and libgpiod for the pins",
            *("apt-get", "install", "--yes", *APT_PACKAGES),
        ),
    ]


def _voice_steps(board: Config, probe: Probe) -> list[Step]:
    """espeak-ng and aplay, where the config's voice is espeak (and apt is there)."""
    if board.speech.backend != "espeak" or not probe.which("apt-get"):
        return []
    return [
        _step(
            "the voice: espeak-ng speaks, aplay (alsa-utils) plays it",
            *("apt-get", "install", "--yes", *VOICE_PACKAGES),
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
            *(pip, "install", "--upgrade", sources.project),
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


def _boot_steps(
    board: Config, probe: Probe, paths: ServicePaths, notes: list[str], section: str | None
) -> tuple[list[Step], bool]:
    """The boot settings the config needs (SPI, I2C and its speed, the core clock, the SPI
    buffer), as steps; and whether they change a boot file, so that a reboot is due."""
    wanted = wanted_config_lines(board)
    params = wanted_cmdline_params(board)
    steps: list[Step] = []
    if board.touch.backend == "mpr121" and not _modules_listed(probe, paths):
        steps.append(
            Step(
                "load i2c-dev at boot: it makes /dev/i2c-1",
                ("tee", str(paths.modules)),
                stdin="i2c-dev\n",
            )
        )
    boot = next((d for d in paths.boot_dirs if probe.exists(d / "config.txt")), None)
    if boot is None:
        mine = [line for line in wanted if section is None or line.section in (ALL, section)]
        if mine or params:
            lines = [f"[{line.section}] {line.text}" for line in mine]
            lines += [f"{p} (cmdline.txt)" for p in params]
            known = "" if section is None else f" for this {section}"
            notes.append(
                f"no config.txt in {' or '.join(map(str, paths.boot_dirs))}: set these{known} "
                f"yourself and reboot: {'; '.join(lines)}"
            )
        return steps, False
    config_txt, cmdline_txt = boot / "config.txt", boot / "cmdline.txt"
    missing = missing_config_lines(probe.read_text(config_txt) or "", wanted)
    if missing:
        steps.append(
            Step(
                f"{config_txt}: the {len(missing)} settings the config needs (SPI, I2C and its "
                "speed, the core clock for the LEDs' SPI)",
                ("tee", "--append", str(config_txt)),
                stdin=config_block(missing),
            )
        )
    cmdline = probe.read_text(cmdline_txt)
    absent = missing_cmdline_params(cmdline or "", params)
    if absent and cmdline is None:
        notes.append(f"no {cmdline_txt}: add {' '.join(absent)} to the kernel command line")
    elif absent:
        words = " ".join(absent)
        steps.append(
            _step(
                f"{cmdline_txt}: {words} (one LED frame must fit the kernel's SPI buffer)",
                *("sed", "--in-place", f"1 s/$/ {words}/", str(cmdline_txt)),
            )
        )
    return steps, bool(missing or absent)


def _modules_listed(probe: Probe, paths: ServicePaths) -> bool:
    return "i2c-dev" in (probe.read_text(paths.modules) or "").split()


def _config_steps(
    sources: Sources,
    probe: Probe,
    paths: ServicePaths,
    notes: list[str],
    model: str | None,
    flags: tuple[str, ...],
    new_pin: PinSource,
) -> tuple[list[Step], Config]:
    """The config directory and a first config if there is none (an existing one is kept), and
    the config the service will run, judged the way the unit runs it."""
    config_dir = paths.config.parent
    steps = [
        _step(
            f"{config_dir}, readable by {paths.user}",
            *("install", "-d", "-m", "0750", "-o", "root", "-g", paths.user, str(config_dir)),
        )
    ]
    pi5 = model_section(model) == "pi5"
    if probe.exists(paths.config):
        notes.append(f"{paths.config} exists and was kept")
        return steps, _judge(paths.config, probe.read_text(paths.config), flags, pi5)
    if sources.config is None:
        raise InstallError(f"no example config to copy to {paths.config}: pass --config-source")
    first = first_config(probe.read_text(sources.config) or "", pi5=pi5, new_pin=new_pin)
    board = _judge(sources.config, first.text, flags, pi5)
    steps.append(
        Step(
            f"a first config: {sources.config.name}, ready for the kiosk service",
            (
                "install",
                "-m",
                "0640",
                "-o",
                "root",
                "-g",
                paths.user,
                "/dev/stdin",
                str(paths.config),
            ),
            stdin=first.text,
        )
    )
    on = f" ({model})" if model else ""
    notes.append(f"{paths.config}{on}: {'; '.join(first.changes)}; the PINs are shown only now")
    return steps, board


def _judge(path: Path, text: str | None, flags: tuple[str, ...], pi5: bool) -> Config:
    """The config as the unit will run it; InstallError naming the key if it would not start."""
    if text is None:
        raise InstallError(f"{path}: no such file")
    try:
        config = check_text_for_service(text, flags)
    except InputError as exc:  # ConfigError, LinkSettingsError or NotForServiceError
        raise InstallError(
            f"{path}: {exc} (cullsboard check-config --for-service {path})"
        ) from None
    if pi5 and config.leds.backend == "ws281x":
        raise InstallError(f"{path}: {PI5_WS281X}")
    return config


def _avahi_steps(board: Config, paths: ServicePaths) -> list[Step]:
    """Publish the page by mDNS when it is on the network (avahi reads its services folder)."""
    if is_local(board.web.host):
        return []
    return [
        Step(
            "publish the board's page by mDNS (avahi): phones find it as HOSTNAME.local",
            ("install", "-D", "-m", "0644", "/dev/stdin", str(paths.avahi_service)),
            stdin=avahi_service(board),
        )
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
            _step("its power-off rule", "rm", "-f", str(paths.power_off_rule)),
            _step("its mDNS announcement", "rm", "-f", str(paths.avahi_service)),
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
    notes.append("the boot settings in config.txt and cmdline.txt stay")
    return Plan(tuple(steps), tuple(notes))


def _need_systemd(probe: Probe) -> None:
    if probe.which("systemctl") is None:
        raise InstallError(
            "systemctl not found: the service needs systemd (Raspberry Pi OS has it)"
        )
