"""The generic reader: a YAML value and a schema class in, a typed value or one ConfigError out."""

from __future__ import annotations

import dataclasses
import math
import re
import reprlib
import types
import typing
from collections.abc import Mapping
from typing import Any, TypeVar

from firmware.config.errors import ConfigError
from firmware.config.options import Rule

T = TypeVar("T")
NO_RULE = Rule()


class YamlMapping(dict[object, object]):
    """A mapping read from YAML that remembers the keys given more than once."""

    def __init__(self) -> None:
        super().__init__()
        self.repeated: list[object] = []


def join(path: str, key: object) -> str:
    """The key path of ``key`` inside ``path``: ``leds`` + ``gamma`` -> ``leds.gamma``."""
    return f"{path}.{key}" if path else str(key)


def describe(value: object) -> str:
    """A value as the user wrote it, for messages."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return repr(value) if isinstance(value, str) else str(value)


_BRIEF = reprlib.Repr()
_BRIEF.maxlevel, _BRIEF.maxlist, _BRIEF.maxdict, _BRIEF.maxstring, _BRIEF.maxother = 2, 4, 4, 30, 30


def brief(value: object) -> str:
    """A value for a message, cut short however large it is (built without walking all of it)."""
    return _BRIEF.repr(value)


def number_text(value: float, rule: Rule) -> str:
    """A number the way the option is usually written (hex addresses as 0x5A)."""
    if rule.hex and isinstance(value, int):
        return f"0x{value:02X}"
    return f"{value:g}" if isinstance(value, float) else str(value)


def suggestion(word: str, choices: typing.Iterable[str]) -> str:
    """`` (did you mean gamma?)`` when one choice is close to ``word``, else nothing."""
    import difflib  # only for a wrong key: slow to import (heapq), so not at every load

    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f" (did you mean {close[0]}?)" if close else ""


def repeated_keys(raw: Mapping[object, object]) -> list[object]:
    """The keys a YAML mapping gave more than once."""
    return list(raw.repeated) if isinstance(raw, YamlMapping) else []


_HINTS: dict[type[Any], dict[str, Any]] = {}  # a memo of the schema classes' field types


def _hints(cls: type[Any]) -> dict[str, Any]:
    """A schema class's field types, resolved once (a pad map reads its class hundreds of times)."""
    hints = _HINTS.get(cls)
    if hints is None:
        hints = _HINTS[cls] = typing.get_type_hints(cls)
    return hints


def _rule(spec: dataclasses.Field[Any]) -> Rule:
    rule = spec.metadata.get("rule", NO_RULE)
    return rule if isinstance(rule, Rule) else NO_RULE


def build(cls: type[T], raw: object, path: str) -> T:
    """Read a section (a mapping, or a short list for positional classes) into ``cls``."""
    specs = [spec for spec in dataclasses.fields(cls) if spec.init]  # type: ignore[arg-type]
    names = [spec.name for spec in specs]
    positional: tuple[str, ...] | None = getattr(cls, "POSITIONAL", None)
    if raw is None and positional is None:
        raw = {}
    if positional is not None and isinstance(raw, list):
        if len(raw) != len(positional):
            shape = ", ".join(positional)
            raise ConfigError("type", path, f"must be [{shape}], got {describe(raw)} {brief(raw)}")
        raw = dict(zip(positional, raw, strict=True))
    if not isinstance(raw, Mapping):
        shape = f"[{', '.join(positional)}]" if positional else "a mapping of keys"
        raise ConfigError("type", path, f"must be {shape}, got {describe(raw)}")
    for key in repeated_keys(raw):
        raise ConfigError("repeated", join(path, key), "given twice")
    for key in raw:
        if not isinstance(key, str) or key not in names:
            hint = suggestion(str(key), names)
            raise ConfigError("unknown", join(path, key), f"unknown key{hint}")
    values: dict[str, object] = {}
    kind: type[Any] = cls
    hints = _hints(kind)
    for spec in specs:
        where = join(path, spec.name)
        if spec.name in raw:
            values[spec.name] = convert(hints[spec.name], raw[spec.name], where, _rule(spec))
        elif spec.default is dataclasses.MISSING and spec.default_factory is dataclasses.MISSING:
            raise ConfigError("missing", where, "required, but missing")
    return cls(**values)


def convert(hint: Any, raw: object, path: str, rule: Rule = NO_RULE) -> object:
    """Check ``raw`` against the type ``hint`` and the option's ``rule``; return the value."""
    if rule.reader is not None:
        return rule.reader(raw, path)
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (types.UnionType, typing.Union):
        if raw is None and type(None) in args:
            return None
        (inner,) = [arg for arg in args if arg is not type(None)]
        return convert(inner, raw, path, rule)
    if origin is typing.Literal:
        if raw in args and isinstance(raw, str):
            return raw
        words = [str(arg) for arg in args]
        hint_text = suggestion(str(raw), words) if isinstance(raw, str) else ""
        got = describe(raw)
        raise ConfigError(
            "choice", path, f"must be one of {', '.join(words)}, got {got}{hint_text}"
        )
    if origin is tuple:
        if not isinstance(raw, list):
            raise ConfigError("type", path, f"must be a list, got {describe(raw)}")
        item_type = args[0]
        return tuple(convert(item_type, item, f"{path}[{i}]", rule) for i, item in enumerate(raw))
    if dataclasses.is_dataclass(hint) and isinstance(hint, type):
        return build(hint, raw, path)
    if hint is bool:
        if isinstance(raw, bool):
            return raw
        raise ConfigError("type", path, f"must be true or false, got {describe(raw)}")
    if hint is int:
        number = _integer(raw, path, rule)
        _check_range(number, path, rule)
        return number
    if hint is float:
        if isinstance(raw, float) and not math.isfinite(raw):
            raise ConfigError("type", path, f"must be a finite number, got {describe(raw)}")
        if isinstance(raw, int | float) and not isinstance(raw, bool):
            _check_range(raw, path, rule)
            return float(raw)
        raise ConfigError("type", path, f"must be a number, got {describe(raw)}")
    if hint is str:
        return _text(raw, path, rule)
    raise TypeError(f"{path}: the schema uses a type the reader does not know: {hint!r}")


def _integer(raw: object, path: str, rule: Rule) -> int:
    if isinstance(raw, int) and not isinstance(raw, bool):
        return raw
    if rule.hex and isinstance(raw, str) and re.fullmatch(r"0[xX][0-9a-fA-F]+", raw.strip()):
        return int(raw.strip(), 16)
    kind = "an address like 0x5A" if rule.hex else "an integer"
    raise ConfigError("type", path, f"must be {kind}, got {describe(raw)}")


def _check_range(value: float, path: str, rule: Rule) -> None:
    low, high = rule.low, rule.high
    if (low is not None and value < low) or (high is not None and value > high):
        bounds = f"from {number_text(low or 0, rule)} to {number_text(high or 0, rule)}"
        if high is None:
            bounds = f"at least {number_text(low or 0, rule)}"
        elif low is None:
            bounds = f"at most {number_text(high, rule)}"
        got = number_text(value, rule)
        raise ConfigError("range", path, f"must be {bounds}, got {got}")


def _quoted(raw: int, rule: Rule) -> str:
    """How the user meant ``raw``, quoted: YAML reads an unquoted ``10:00`` as 600 (minutes, its
    base-60 integers), so a time is shown as ``'10:00'`` again."""
    if "HH:MM" in rule.pattern_hint and 0 <= raw < 24 * 60:
        return f"'{raw // 60:02d}:{raw % 60:02d}'"
    return f"'{raw}'"


def _text(raw: object, path: str, rule: Rule) -> str:
    if isinstance(raw, int) and not isinstance(raw, bool) and rule.pattern is not None:
        # Unquoted digits are a number to YAML, and a leading 0 would turn them octal.
        raise ConfigError(
            "type", path, f"must be {rule.pattern_hint} in quotes, like {_quoted(raw, rule)}"
        )
    if not isinstance(raw, str):
        raise ConfigError("type", path, f"must be text, got {describe(raw)}")
    if rule.pattern is not None and not re.fullmatch(rule.pattern, raw):
        raise ConfigError("pattern", path, f"must be {rule.pattern_hint}, got {describe(raw)}")
    return raw
