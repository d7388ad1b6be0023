"""The settings as the board will run them: the file, the staff layer and the switches together.

The command line can change what a config means: ``--kiosk`` runs it as if it said
``kiosk.enabled: true``, ``--web HOST:PORT`` serves the pages on HOST whatever ``web.host``
says. ``judge`` checks a config as it will run with those switches, so the staff page,
``check-config --for-service`` and the start all refuse the same things.
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
    web: str | None = None  # --web HOST:PORT: the pages served there instead of web.host's

    @classmethod
    def of_flags(cls, flags: Sequence[str]) -> Switches:
        """The switches among a command line's flags (a unit's ``ExecStart=``)."""
        given = list(flags)
        web = given[given.index("--web") + 1] if "--web" in given[:-1] else None
        return cls(kiosk="--kiosk" in given, web=web)

    @property
    def web_host(self) -> str | None:
        """The host ``--web`` serves the pages on (None: not given, or ``off``)."""
        if self.web is None or self.web.lower() == "off":
            return None
        host = self.web.rpartition(":")[0].removeprefix("[").removesuffix("]")
        return host or None


def as_run(config: Config, switches: Switches) -> Config:
    """``config`` with the switches applied: what the board runs."""
    if switches.kiosk and not config.kiosk.enabled:
        config = dataclasses.replace(config, kiosk=dataclasses.replace(config.kiosk, enabled=True))
    host = switches.web_host
    if host is not None and host != config.web.host:
        config = dataclasses.replace(config, web=dataclasses.replace(config.web, host=host))
    return config


def judge(config: Config, switches: Switches) -> Config:
    """``config`` as it will run with ``switches``, checked whole; ConfigError naming the first
    key that would stop the board."""
    running = as_run(config, switches)
    check_access(running)
    check_pins(running)
    return running


AS_WRITTEN = Switches()  # no switch: the config as its file says
