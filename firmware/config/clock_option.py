"""The ``play.clock`` option: a time control spelled as on the command line (``5+3``)."""

from __future__ import annotations

from firmware.config.errors import ConfigError
from firmware.rules.time_control import TimeControlError, parse_time_control

CLOCK_PATTERN = r"none|[0-9.]{1,8}(\+[0-9.]{1,8})?|turn:[0-9.]{1,8}"
CLOCK_HINT = "none, minutes (10, 0.5), minutes+seconds (5+3) or turn:seconds (turn:30)"


def read_clock(raw: object, path: str) -> str:
    """The time control's text as written back (``10`` for a YAML number 10); ConfigError else."""
    if raw is None:
        raw = "none"
    elif isinstance(raw, int | float) and not isinstance(raw, bool):
        raw = format(raw, "g") if isinstance(raw, float) else str(raw)
    try:
        return str(parse_time_control(raw))
    except TimeControlError as exc:
        raise ConfigError("value", path, str(exc)) from None
