"""Staff settings: a small file in the state directory, layered over the board's config file.

The service cannot write /etc, so what a café changes day to day lives in
``STATE_DIR/settings.json`` as ``{"kiosk.attract_minutes": 5, ...}``. Each key is checked with
the schema's own type, range and one-line error; a file that cannot be used is renamed aside
(``settings.json.broken``) and the config file's values are used, with one warning.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import types
import typing
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from firmware.config.convert import NO_RULE, convert, describe
from firmware.config.errors import ConfigError
from firmware.config.options import STAFF_GROUPS, Rule
from firmware.config.running import AS_WRITTEN, Switches, judge
from firmware.config.schema import BrightnessStep, Config
from firmware.config.versions import SettingsVersions
from firmware.errors import InputError
from firmware.rules.api import JsonValue
from firmware.rules.bounded_json import JsonInputError, JsonLimits, read_json

SETTINGS_NAME = "settings.json"
BROKEN_SUFFIX = ".broken"
SETTINGS_LIMITS = JsonLimits(max_bytes=64_000, max_depth=6)


@dataclass(frozen=True, slots=True)
class Setting:
    """One key the staff page may change, as its option declares it (``Staff``): its label,
    whether the board must restart to use it, what an empty value means, and when it applies if
    more than at once or after a restart."""

    key: str
    label: str
    restart: bool
    empty: str = "none"
    when: str = ""


def _rule(spec: dataclasses.Field[Any]) -> Rule:
    found = spec.metadata.get("rule", NO_RULE)
    return found if isinstance(found, Rule) else NO_RULE


def _declared(kind: Any, prefix: str = "") -> Iterator[tuple[str, Setting]]:
    """Each option of ``kind`` (and its sections) declared with ``staff=Staff(...)``, with its
    group, as the schema lists them."""
    hints = typing.get_type_hints(kind)
    for spec in dataclasses.fields(kind):
        section = hints[spec.name]
        if isinstance(section, type) and dataclasses.is_dataclass(section):
            yield from _declared(section, f"{prefix}{spec.name}.")
            continue
        staff = _rule(spec).staff
        if staff is not None:
            key = f"{prefix}{spec.name}"
            yield staff.group, Setting(key, staff.label, staff.restart, staff.empty, staff.when)


def staff_settings(kind: Any = Config) -> tuple[Setting, ...]:
    """Every staff setting of ``kind`` (the board's config), in the staff page's order (by
    ``STAFF_GROUPS``, then as the schema lists them): derived from the one declaration of each,
    its option in the schema."""
    found = sorted(_declared(kind), key=lambda pair: STAFF_GROUPS.index(pair[0]))
    return tuple(setting for _, setting in found)


SETTINGS: tuple[Setting, ...] = staff_settings()
BY_KEY = {setting.key: setting for setting in SETTINGS}


class SettingsFileError(InputError):
    """The settings file cannot be used; ``str()`` is one line."""


def _field(key: str) -> tuple[str | None, dataclasses.Field[Any], Any]:
    """The section (None: a top-level key), the field and its type of ``key``."""
    section, _, name = key.rpartition(".")
    kind: Any = typing.get_type_hints(Config)[section] if section else Config
    (spec,) = [spec for spec in dataclasses.fields(kind) if spec.name == name]
    return section or None, spec, typing.get_type_hints(kind)[name]


def value_of(config: Config, key: str) -> object:
    """The value ``key`` has in ``config``."""
    section, _, name = key.rpartition(".")
    return getattr(getattr(config, section) if section else config, name)


def as_json(value: object) -> JsonValue:
    """A setting's value as the API and the file write it."""
    if isinstance(value, tuple):
        return [as_json(item) for item in value]
    if isinstance(value, BrightnessStep):
        return {"at": value.at, "brightness": value.brightness}
    if value is None or isinstance(value, bool | int | float | str):
        return value
    raise TypeError(f"a setting's value the API does not know: {value!r}")


def apply_settings(
    base: Config, values: Mapping[str, object], switches: Switches = AS_WRITTEN
) -> Config:
    """``base`` with ``values`` (key -> JSON value) put over it, checked as the board will run
    it (``switches``: the command line's, such as ``--kiosk``).

    Raises ConfigError naming the first key that is unknown or wrong; nothing is half-applied.
    """
    config = base
    for key, raw in values.items():
        if key not in BY_KEY:
            known = ", ".join(BY_KEY)
            raise ConfigError("unknown", key, f"not a setting the staff page changes ({known})")
        section, spec, hint = _field(key)
        typed = convert(hint, raw, key, _rule(spec))
        changes: dict[str, Any] = {spec.name: typed}
        if section is not None:
            changes = {section: dataclasses.replace(getattr(config, section), **changes)}
        config = dataclasses.replace(config, **changes)
    judge(config, switches)
    return config


def describe_settings(config: Config, base: Config) -> list[JsonValue]:
    """Each setting: its value, type, allowed values, config file value and restart need."""
    described: list[JsonValue] = []
    for setting in SETTINGS:
        _, spec, hint = _field(setting.key)
        entry: dict[str, JsonValue] = {
            "key": setting.key,
            "label": setting.label,
            "value": as_json(value_of(config, setting.key)),
            "config_file_value": as_json(value_of(base, setting.key)),
            "restart": setting.restart,
            "applies": setting.when or ("after a restart" if setting.restart else "at once"),
            "empty": setting.empty,
        }
        entry.update(_type_of(hint, _rule(spec)))
        described.append(entry)
    return described


def _type_of(hint: Any, rule: Rule) -> dict[str, JsonValue]:
    """The type and allowed values of a field, for a form."""
    shape: dict[str, JsonValue] = {"nullable": False}
    args = typing.get_args(hint)
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        shape["nullable"] = True
        (hint,) = [arg for arg in args if arg is not type(None)]
        args = typing.get_args(hint)
    origin = typing.get_origin(hint)
    if origin is typing.Literal:
        shape.update(type="choice", choices=list(args))
    elif origin is tuple:
        steps: dict[str, JsonValue] = {"at": "HH:MM", "brightness": "0 to 1"}
        shape.update(type="schedule", items=steps)
    elif hint is bool:
        shape["type"] = "boolean"
    elif hint in (int, float):
        shape.update(type="integer" if hint is int else "number", low=rule.low, high=rule.high)
    else:
        shape.update(type="text", pattern=rule.pattern, hint=rule.pattern_hint)
    return shape


class SettingsFile:
    """``settings.json`` in a state directory: read, written atomically, put aside if broken."""

    def __init__(self, state_dir: Path) -> None:
        self.path = state_dir / SETTINGS_NAME

    def read(self) -> dict[str, object]:
        """The saved values (none: an empty mapping); SettingsFileError if it cannot be read."""
        try:
            data = self.path.read_bytes()
        except FileNotFoundError:
            return {}
        except OSError as exc:
            raise SettingsFileError(f"cannot read {self.path}: {exc.strerror}") from None
        try:
            values = read_json(data, SETTINGS_LIMITS)
        except JsonInputError as exc:
            raise SettingsFileError(f"{self.path}: {exc}") from None  # it says "not valid JSON"
        if not isinstance(values, dict):
            raise SettingsFileError(f"{self.path}: must be a JSON object, got {describe(values)}")
        return dict(values)

    def write(self, values: Mapping[str, object]) -> None:
        """Replace the file at once (a crash leaves the old file or the new, never half)."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        temporary = self.path.with_name(f".{SETTINGS_NAME}.tmp")
        text = json.dumps(dict(values), indent=2, sort_keys=True) + "\n"
        with temporary.open("w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        temporary.replace(self.path)
        _sync_folder(self.path.parent)

    def clear(self) -> None:
        """Back to the config file: the settings file is removed."""
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()
        _sync_folder(self.path.parent)

    def quarantine(self) -> Path | None:
        """Rename a file that cannot be used to ``settings.json.broken``; where it went."""
        aside = self.path.with_name(SETTINGS_NAME + BROKEN_SUFFIX)
        try:
            self.path.replace(aside)
        except OSError:
            return None
        return aside


def _sync_folder(folder: Path) -> None:
    with contextlib.suppress(OSError):
        handle = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(handle)
        finally:
            os.close(handle)


@dataclass(frozen=True, slots=True)
class Layered:
    """The config in force (the file's with the settings over it), and what was layered."""

    config: Config
    base: Config
    values: dict[str, object]
    problem: str | None = None  # why the settings file was not used
    switches: Switches = AS_WRITTEN  # the command line's, which every change is judged with


def read_layered(
    base: Config, state_dir: Path, switches: Switches = AS_WRITTEN
) -> tuple[Layered, str | None]:
    """``base`` with the state directory's settings over it, and why they were not used (or
    None), judged as the board runs with ``switches``; nothing is changed on disk
    (``check-config``, ``diag``)."""
    settings = SettingsFile(state_dir)
    try:
        values = settings.read()
        layered = apply_settings(base, values, switches)
        return Layered(layered, base, values, switches=switches), None
    except (SettingsFileError, ConfigError) as exc:
        return Layered(base, base, {}, switches=switches), str(exc)


def start_layered(
    base: Config, state_dir: Path, warn: Callable[[str], None], switches: Switches
) -> Layered:
    """What a start runs: the staff settings over ``base`` unless they would stop it (then they
    are put aside, with one warning, and the file's values run); ConfigError if the file's own
    values cannot run with ``switches`` (the settings are left where they are)."""
    layered, problem = read_layered(base, state_dir, switches)
    if problem is None:
        return layered
    judge(base, switches)
    return load_layered(base, state_dir, warn, switches)


def load_layered(
    base: Config, state_dir: Path, warn: Callable[[str], None], switches: Switches = AS_WRITTEN
) -> Layered:
    """``base`` with the state directory's settings over it; a broken file is put aside."""
    layered, problem = read_layered(base, state_dir, switches)
    if problem is not None:
        settings = SettingsFile(state_dir)
        aside = settings.quarantine()
        moved = f"; moved to {aside}" if aside is not None else ""
        warn(
            f"settings {settings.path} not used ({problem}){moved}; the config file's values apply"
        )
        kept = f" (kept as {aside.name})" if aside is not None else ""
        why = (
            f"the staff settings could not be used{kept}: {problem}. The config file's values "
            "run: set the settings again under Settings on the staff page"
        )
        return Layered(base, base, {}, why, switches)
    return layered


def layered_lines(layered: Layered, state_dir: Path, problem: str | None) -> list[str]:
    """What ``check-config`` and ``diag`` print about the staff settings."""
    path = state_dir / SETTINGS_NAME
    if problem is not None:
        return [f"staff settings {path}: not used ({problem}); the board sets it aside"]
    if not layered.values:
        return [f"staff settings: none ({path}): the config file's values apply"]
    lines = [f"staff settings from {path}, over the config file:"]
    for key in layered.values:
        now = _shown(key, value_of(layered.config, key))
        before = _shown(key, value_of(layered.base, key))
        lines.append(f"  {key} = {now} (config file: {before})")
    return lines


def _shown(key: str, value: object) -> str:
    """A setting's value as printed: a PIN only as set or not (a terminal is no place for it)."""
    if key.endswith("pin"):
        return "none" if value is None else "(a PIN, not shown)"
    return json.dumps(as_json(value))


class SettingsStore:
    """The staff page's view of the settings: read them, change some at once, or reset all."""

    def __init__(self, layered: Layered, state_dir: Path) -> None:
        self._base = layered.base
        self._values = dict(layered.values)
        self._config = layered.config
        self._file = SettingsFile(state_dir)
        self._switches = layered.switches
        self._listeners: list[Callable[[Config], None]] = []
        self.versions = SettingsVersions()  # a stale page's write is refused

    @property
    def config(self) -> Config:
        return self._config

    def current(self, keys: Iterable[str]) -> dict[str, JsonValue]:
        """The values of ``keys`` in use now, as the page shows them."""
        return {key: as_json(value_of(self._config, key)) for key in keys}

    @property
    def path(self) -> Path:
        return self._file.path

    def subscribe(self, listener: Callable[[Config], None]) -> None:
        """Call ``listener`` with the new config after each change or reset."""
        self._listeners.append(listener)

    @staticmethod
    def needs_restart(key: str) -> bool:
        return BY_KEY[key].restart

    def describe(self) -> list[JsonValue]:
        return describe_settings(self._config, self._base)

    def change(self, values: Mapping[str, object]) -> Config:
        """Check and save ``values`` over the current ones; ConfigError (nothing saved) if wrong.

        A value equal to the config file's drops out of the file."""
        merged = {**self._values, **values}
        config = apply_settings(self._base, merged, self._switches)
        kept = {
            key: value
            for key, value in merged.items()
            if as_json(value_of(config, key)) != as_json(value_of(self._base, key))
        }
        self._file.write(kept)
        self._values, self._config = kept, config
        self.versions.changed(values)
        self._tell(config)
        return config

    def reset(self) -> Config:
        """Back to the config file's values: the settings file is removed; ConfigError (nothing
        changed) if the file's values alone cannot run (its staff PIN came from the settings)."""
        judge(self._base, self._switches)
        self._file.clear()
        self._values, self._config = {}, self._base
        self.versions.changed(BY_KEY)
        self._tell(self._base)
        return self._base

    def _tell(self, config: Config) -> None:
        for listener in self._listeners:
            listener(config)
