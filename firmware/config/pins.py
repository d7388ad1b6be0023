"""The two PINs: not the sample the docs print, and not one for both control and staff."""

from __future__ import annotations

from firmware.config.errors import ConfigError
from firmware.config.schema import Config

SAMPLE_PINS = ("97531",)  # printed in docs/kiosk.md's examples: anyone can read it


def check_pins(config: Config) -> None:
    """Refuse a documented sample PIN, and a staff PIN equal to the control PIN."""
    for path, pin in (("web.pin", config.web.pin), ("kiosk.staff_pin", config.kiosk.staff_pin)):
        if pin in SAMPLE_PINS:
            raise ConfigError("pin", path, f"{pin} is the documentation's sample: choose your own")
    if config.kiosk.staff_pin is not None and config.kiosk.staff_pin == config.web.pin:
        message = "must differ from web.pin: players know the control PIN"
        raise ConfigError("pin", "kiosk.staff_pin", message)
