"""A config judged the way the kiosk unit will run it: with the unit's own flags (``--kiosk``).

``cullsboard check-config --for-service FILE`` and the installer use this, so a file that passes
here starts under the unit: kiosk mode turned on as the unit turns it on (a staff PIN, sane
timings), the web page's PIN when it is reachable from the network, the broker settings, and
only backends the unprivileged unit can open.
"""

from __future__ import annotations

import shlex
from pathlib import Path

from firmware.config import ConfigError
from firmware.config.load import config_from_data, read_yaml
from firmware.config.required import check_required
from firmware.config.running import Switches, judge
from firmware.config.schema import Config
from firmware.errors import InputError
from firmware.link.settings import link_settings
from firmware.service.devices import root_only

SHIPPED = Path(__file__).resolve().parent / "shipped"
UNIT_FILE = SHIPPED / "systemd" / "cullsboard.service"


class NotForServiceError(InputError):
    """The config would not start under the kiosk unit; the message is one line naming the key."""


def unit_flags(unit_text: str) -> tuple[str, ...]:
    """The options the unit's ``ExecStart=`` passes to cullsboard (after the program)."""
    for line in unit_text.splitlines():
        if line.startswith("ExecStart="):
            return tuple(shlex.split(line.removeprefix("ExecStart="))[1:])
    raise ValueError("the unit has no ExecStart= line")


def shipped_unit_flags() -> tuple[str, ...]:
    """The flags of the unit install-service installs."""
    return unit_flags(UNIT_FILE.read_text(encoding="utf-8"))


def check_for_service(config: Config, flags: tuple[str, ...]) -> Config:
    """The config as the unit runs it (kiosk forced on by ``--kiosk``); an InputError
    (ConfigError, LinkSettingsError or NotForServiceError) if its start would stop on it."""
    running = judge(config, Switches.of_flags(flags))  # as the start judges it
    link_settings(running.link)
    for need in root_only(running):
        raise NotForServiceError(
            f"leds: {need.backend} needs root ({', '.join(need.nodes)}) and the kiosk service "
            "runs without it: put the LED data on GPIO10 (leds.gpio: 10, SPI)"
        )
    return running


def check_text_for_service(text: str, flags: tuple[str, ...]) -> Config:
    """``check_for_service`` of a board file's text (ConfigError if it is no valid board file)."""
    data = read_yaml(text)
    if not isinstance(data, dict):
        raise ConfigError("file", "", "a board file is a mapping of sections (board:, touch:, ...)")
    check_required(data)
    return check_for_service(config_from_data(data), flags)
