"""The settings as the board will run them: the file, the staff layer and the switches together.

The command line can change what a config means: ``--kiosk`` runs it as if it said
``kiosk.enabled: true``. ``judge`` checks a config as it will run with those switches, so the
staff page, ``check-config --for-service`` and the start all refuse the same things.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

from firmware.config.checks import check_access
from firmware.config.pins import check_pins
from firmware.config.schema import Config


@dataclass(frozen=True, slots=True)
class Switches:
    """The command-line switches that change how a config runs."""

    kiosk: bool = False  # --kiosk: as if kiosk.enabled were true

    @classmethod
    def of_flags(cls, flags: Sequence[str]) -> Switches:
        """The switches among a command line's flags (a unit's ``ExecStart=``)."""
        return cls(kiosk="--kiosk" in flags)


def as_run(config: Config, switches: Switches) -> Config:
    """``config`` with the switches applied: what the board runs."""
    if switches.kiosk and not config.kiosk.enabled:
        config = dataclasses.replace(config, kiosk=dataclasses.replace(config.kiosk, enabled=True))
    return config


def judge(config: Config, switches: Switches) -> Config:
    """``config`` as it will run with ``switches``, checked whole; ConfigError naming the first
    key that would stop the board."""
    running = as_run(config, switches)
    check_access(running)
    check_pins(running)
    return running


AS_WRITTEN = Switches()  # no switch: the config as its file says
