"""``cullsboard leds-off``: send one dark frame down the configured LED chain.

The kiosk unit runs it after the board has stopped however it stopped (``ExecStopPost=``): a
WS2812 chain keeps its last frame after the program that sent it died, so without it a crash or
a watchdog kill would leave the table lit. It opens only the LEDs, never the touch chips.
"""

from __future__ import annotations

import argparse

from firmware.commands.errors import CommandError
from firmware.config import ConfigError, load_config
from firmware.wiring.devices import build_leds
from hal.clock import MonotonicClock


def run(args: argparse.Namespace) -> int:
    try:
        config = load_config(args.config)
    except ConfigError as exc:
        raise CommandError(f"{args.config}: {exc}") from None
    leds = build_leds(config, MonotonicClock())  # BoardSetupError: one line, exit 2
    try:
        leds.close()  # closing a chain sends the dark frame first
    except OSError as exc:
        raise CommandError(f"leds: cannot send the dark frame: {exc}") from None
    return 0
