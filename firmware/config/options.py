"""How an option is declared: its default (or none: required) and the rule that checks it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, dataclass, field
from typing import Any

GPIO_LOW, GPIO_HIGH = 0, 27  # the BCM numbers on the 40-pin header
MPR121_LOW, MPR121_HIGH = 0x5A, 0x5D
ELECTRODES_PER_CHIP = 12

# A custom reader for one field: (raw YAML value, key path) -> typed value; raises ConfigError.
Reader = Callable[[object, str], object]


@dataclass(frozen=True, slots=True)
class Staff:
    """An option the staff page may change (``settings.json``, layered over the config file):
    its label there, its group on the page (``STAFF_GROUPS``), whether the board must restart to
    use it, what an empty value means, and when it applies if that says more."""

    label: str
    group: str
    restart: bool = True
    empty: str = "none"
    when: str = ""


STAFF_GROUPS = ("cafe", "play", "sound", "access")  # the staff page's order


@dataclass(frozen=True, slots=True)
class Rule:
    """How a field is checked: numeric range, hex display, text pattern, custom reader."""

    low: float | None = None
    high: float | None = None
    hex: bool = False
    pattern: str | None = None
    pattern_hint: str = ""
    reader: Reader | None = None
    doc: str = ""
    staff: Staff | None = None  # the staff page may change it


def option(
    default: Any = MISSING,
    *,
    low: float | None = None,
    high: float | None = None,
    hex: bool = False,
    pattern: str | None = None,
    pattern_hint: str = "",
    reader: Reader | None = None,
    doc: str = "",
    staff: Staff | None = None,
) -> Any:
    """Declare one option: its default (none = required), how its value is checked and, for a
    staff setting, how the staff page offers it."""
    rule = Rule(low, high, hex, pattern, pattern_hint, reader, doc, staff)
    return field(default=default, metadata={"rule": rule})


def rule(*, reader: Reader | None = None, doc: str = "") -> dict[str, Rule]:
    """The field metadata for options whose default is built fresh (maps, sections)."""
    return {"rule": Rule(reader=reader, doc=doc)}


def gpio(default: int | None, doc: str) -> Any:
    """A BCM GPIO number on the header (null where the option allows none)."""
    return option(default, low=GPIO_LOW, high=GPIO_HIGH, doc=doc)
