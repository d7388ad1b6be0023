"""JSON text in, a value out, within limits: size, nesting depth, number length, finite numbers.

Every reader of outside JSON (records, the journal, web bodies, saved statistics) goes through
``read_json``, so a hostile or broken input costs bounded time and memory and ends in one
``JsonInputError`` whose message is one short line.
"""

from __future__ import annotations

import json
import math
import re

from firmware.errors import InputError
from firmware.rules.api import JsonValue
from firmware.rules.frozen import Frozen

MAX_MESSAGE_CHARS = 160
# A string (to its closing quote, or the end) or a bracket: one forward pass, no backtracking.
_TOKEN = re.compile(rb'"(?:[^"\\]|\\.)*"?|[\[\]{}]', re.DOTALL)
_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")


class JsonLimits(Frozen):
    """How much one JSON text may hold."""

    FIELDS = ("max_bytes", "max_depth", "max_number_chars")
    __slots__ = FIELDS
    max_bytes: int
    max_depth: int
    max_number_chars: int

    def __init__(
        self, max_bytes: int = 1_000_000, max_depth: int = 64, max_number_chars: int = 40
    ) -> None:
        self._init(max_bytes, max_depth, max_number_chars)


DEFAULT_LIMITS = JsonLimits()


class JsonInputError(InputError):
    """JSON text that cannot be read, or is beyond the limits; ``str()`` is one short line."""

    def __init__(self, message: str) -> None:
        super().__init__(shorten(message))


def shorten(text: str, limit: int = MAX_MESSAGE_CHARS) -> str:
    """``text`` on one line, cut to ``limit`` characters with an ellipsis."""
    line = " ".join(text.split())
    return line if len(line) <= limit else line[: limit - 1] + "…"


def read_json(data: str | bytes, limits: JsonLimits = DEFAULT_LIMITS) -> JsonValue:
    """Parse ``data`` (UTF-8 bytes or text); raise JsonInputError saying what is wrong."""
    raw = _as_bytes(data)
    if len(raw) > limits.max_bytes:
        raise JsonInputError(f"more than {limits.max_bytes} bytes")
    _check_depth(raw, limits.max_depth)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise JsonInputError(f"not UTF-8 text ({exc.reason})") from None
    decoder = json.JSONDecoder(
        parse_int=lambda digits: _integer(digits, limits),
        parse_float=lambda digits: _decimal(digits, limits),
        parse_constant=_refuse_constant,
    )
    try:
        value: JsonValue = decoder.decode(text)
    except json.JSONDecodeError as exc:
        raise JsonInputError(
            f"not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}"
        ) from None
    except RecursionError:  # pragma: no cover - the depth check comes first
        raise JsonInputError("nested too deeply") from None
    if _SURROGATE_ESCAPE.search(raw):
        _check_text(value)
    return value


def _as_bytes(data: str | bytes) -> bytes:
    if isinstance(data, bytes):
        return data
    try:
        return data.encode("utf-8")
    except UnicodeEncodeError:
        raise JsonInputError("not UTF-8 text (a lone surrogate)") from None


def _check_depth(raw: bytes, max_depth: int) -> None:
    """Count bracket nesting outside strings before the recursive parser sees the text."""
    if raw.count(b"[") + raw.count(b"{") <= max_depth:
        return
    depth = 0
    for match in _TOKEN.finditer(raw):
        token = match.group()
        if token in (b"[", b"{"):
            depth += 1
        elif token in (b"]", b"}"):
            depth -= 1
        if depth > max_depth:
            raise JsonInputError(f"nested more than {max_depth} deep")


def _integer(digits: str, limits: JsonLimits) -> int:
    if len(digits) > limits.max_number_chars:
        raise JsonInputError(f"a number longer than {limits.max_number_chars} characters")
    return int(digits)


def _decimal(digits: str, limits: JsonLimits) -> float:
    if len(digits) > limits.max_number_chars:
        raise JsonInputError(f"a number longer than {limits.max_number_chars} characters")
    value = float(digits)
    if not math.isfinite(value):
        raise JsonInputError(f"a number too large: {digits}")
    return value


def _refuse_constant(name: str) -> float:
    raise JsonInputError(f"{name} is not a JSON number")


def _check_text(value: JsonValue) -> None:
    """Refuse strings that are not Unicode text (a lone surrogate escape such as \\ud800)."""
    pending: list[JsonValue] = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            _encodable(item)
        elif isinstance(item, list):
            pending.extend(item)
        elif isinstance(item, dict):
            for key, inner in item.items():
                _encodable(key)
                pending.append(inner)


def _encodable(text: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise JsonInputError("a string holds a lone surrogate (not Unicode text)") from None
