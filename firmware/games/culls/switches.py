"""The Culls rule switches of rules.md: defaults, validation and the colours that play."""

from __future__ import annotations

import json
from collections.abc import Mapping

from firmware.games.culls.options import MODES, ROUNDS_TO_WIN  # declared with their options
from firmware.rules.api import InvalidRecordError, JsonValue

COLOURS = ("blue", "red")
MIN_SIZE, MAX_SIZE = 7, 19
DEFAULTS: dict[str, JsonValue] = {
    "size": 15,
    "mode": "duel",
    "exact_five": False,
    "rounds_to_win": 3,
}


def _shown(value: object) -> str:
    """A value as the record spells it (JSON), for error messages."""
    try:
        return json.dumps(value)
    except (TypeError, ValueError):
        return repr(value)


def parse_culls_rules(raw: Mapping[str, object]) -> dict[str, JsonValue]:
    """Validate Culls rule switches and fill in the defaults; InvalidRecordError names the key."""
    for key in raw:
        if key not in DEFAULTS:
            allowed = ", ".join(DEFAULTS)
            raise InvalidRecordError(f"rules.{key}: unknown key (allowed: {allowed})")
    rules = dict(DEFAULTS)
    size = raw.get("size", DEFAULTS["size"])
    if type(size) is not int or not MIN_SIZE <= size <= MAX_SIZE:
        raise InvalidRecordError(
            f"rules.size: must be an integer from {MIN_SIZE} to {MAX_SIZE}, got {_shown(size)}"
        )
    rules["size"] = size
    mode = raw.get("mode", DEFAULTS["mode"])
    if not isinstance(mode, str) or mode not in MODES:
        raise InvalidRecordError(f'rules.mode: must be "duel" or "teams", got {_shown(mode)}')
    rules["mode"] = mode
    exact_five = raw.get("exact_five", DEFAULTS["exact_five"])
    if not isinstance(exact_five, bool):
        raise InvalidRecordError(
            f"rules.exact_five: must be true or false, got {_shown(exact_five)}"
        )
    rules["exact_five"] = exact_five
    rounds = raw.get("rounds_to_win", DEFAULTS["rounds_to_win"])
    if type(rounds) is not int or rounds not in ROUNDS_TO_WIN:
        raise InvalidRecordError(f"rules.rounds_to_win: must be 3 or 4, got {_shown(rounds)}")
    rules["rounds_to_win"] = rounds
    return rules
