"""Keys a config may still use under their old names: read as the new key, with one line."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field

from firmware.config.convert import YamlMapping, build
from firmware.config.errors import ConfigError
from firmware.config.schema import Pieces

# Says one line about a config that loads (a key under its old name); the line names the key.
Notice = Callable[[str], None]


@dataclass(frozen=True, slots=True)
class OldCullsSection:
    """The section that held ``chips``, now the top-level ``pieces``."""

    chips: Pieces | None = None


@dataclass(frozen=True, slots=True)
class OldSections:
    """The sections a config may still hold, though nothing reads them as they are."""

    culls: OldCullsSection = field(default_factory=OldCullsSection)


OLD_SECTIONS = frozenset(spec.name for spec in dataclasses.fields(OldSections))


def renamed_keys(data: dict[object, object], notice: Notice) -> dict[object, object]:
    """``data`` with ``culls.chips`` moved to ``pieces`` (saying so once), else unchanged."""
    if not OLD_SECTIONS & data.keys():
        return data
    old = build(OldSections, {key: data[key] for key in OLD_SECTIONS & data.keys()}, "")
    moved = YamlMapping()
    moved.update((key, value) for key, value in data.items() if key not in OLD_SECTIONS)
    if isinstance(data, YamlMapping):
        moved.repeated = list(data.repeated)
    chips = old.culls.chips
    if chips is None:
        notice("culls: is no longer read (its chips is now the top-level pieces): remove it")
        return moved
    if "pieces" in data:
        message = "give only pieces (culls.chips is its old name)"
        raise ConfigError("conflict", "culls.chips", message)
    notice(f"culls.chips is deprecated: write pieces: {chips} at the top level instead")
    moved["pieces"] = chips
    return moved
