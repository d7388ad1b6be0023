"""The first config install-service writes: the example board, made ready for the kiosk unit.

The example (the reference config/direct-board.yaml, or the one ``--config-source`` names) may
carry the PINs printed in the repository, or none (config/matrix-board.yaml: kiosk mode off, the
page on this machine only, under the unit it would stop at once, as ``--kiosk`` needs a staff
PIN). So the copy gets kiosk mode on, a new staff PIN and a new control PIN, the page on the
network (a phone finds it by mDNS) and, on a Raspberry Pi 5, whose RP1 chip rpi_ws281x does not
drive, the LEDs on ``spi``. Only these lines change; the wiring stays for the builder.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass

PinSource = Callable[[], str]
PIN_DIGITS = 6
NETWORK_HOST = "0.0.0.0"


def random_pin() -> str:
    """Six random digits, from the system's secure random source."""
    return f"{secrets.randbelow(10**PIN_DIGITS):0{PIN_DIGITS}d}"


@dataclass(frozen=True, slots=True)
class FirstConfig:
    """The text to write, and what changed in it (for the installer's last lines)."""

    text: str
    staff_pin: str
    control_pin: str
    changes: tuple[str, ...]


def first_config(text: str, *, pi5: bool, new_pin: PinSource = random_pin) -> FirstConfig:
    """``text`` with kiosk mode on, two different new PINs, the page on the network, and the LEDs
    on SPI on a Pi 5."""
    staff = new_pin()
    control = new_pin()
    while control == staff:
        control = new_pin()
    settings = [
        ("kiosk", "enabled", "true"),
        ("kiosk", "staff_pin", f'"{staff}"'),
        ("web", "host", NETWORK_HOST),
        ("web", "pin", f'"{control}"'),
    ]
    changes = [
        f"kiosk.staff_pin {staff} (the staff page, shut-down)",
        f"web.pin {control} (playing from a phone)",
        f"web.host {NETWORK_HOST} (the page on the network)",
    ]
    if pi5 and _value(text, "leds", "backend") == "ws281x":
        settings.append(("leds", "backend", "spi"))
        changes.append("leds.backend spi (a Raspberry Pi 5: rpi_ws281x does not drive its RP1)")
    for section, key, value in settings:
        text = set_value(text, section, key, value)
    return FirstConfig(text, staff, control, tuple(changes))


def set_value(text: str, section: str, key: str, value: str) -> str:
    """``text`` (YAML) with ``section.key`` set to ``value``; a comment on that line is dropped."""
    lines = text.splitlines()
    start = next(
        (i for i, line in enumerate(lines) if re.match(rf"{section}:\s*(#.*)?$", line)), None
    )
    if start is None:
        lines += [f"{section}:", f"  {key}: {value}"]
        return "\n".join(lines) + "\n"
    end = start + 1
    while end < len(lines) and (not lines[end].strip() or lines[end].startswith((" ", "#"))):
        end += 1
    for index in range(start + 1, end):
        if re.match(rf"\s+{key}:", lines[index]):
            indent = lines[index][: len(lines[index]) - len(lines[index].lstrip())]
            lines[index] = f"{indent}{key}: {value}"
            return "\n".join(lines) + "\n"
    lines.insert(start + 1, f"  {key}: {value}")
    return "\n".join(lines) + "\n"


def _value(text: str, section: str, key: str) -> str | None:
    inside = False
    for line in text.splitlines():
        if not line.startswith((" ", "#")) and line.strip():
            inside = re.match(rf"{section}:", line) is not None
        elif inside and re.match(rf"\s+{key}:", line):
            return line.split(":", 1)[1].split("#", 1)[0].strip()
    return None
