"""``clock.json`` in the state directory: the current match's clock and its round's clocks."""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path

from firmware.controller.core.saving import Saving
from firmware.rules.api import JsonValue
from firmware.rules.bounded_json import JsonInputError, read_json
from firmware.rules.time_control import NO_CLOCK, TimeControl, TimeControlError, parse_time_control

log = logging.getLogger("cullsboard.clock")
CLOCK_FILE = "clock.json"
CLOCKS_WHAT = "the clocks"  # what the board's health calls them


class ClockFile:
    """``clock.json``: the current round's clocks after each of its actions, replaced whole."""

    def __init__(self, state_dir: Path | None, saving: Saving | None = None) -> None:
        """``saving``: told when a save fails and when one works again (the board's health)."""
        self.path = None if state_dir is None else state_dir / CLOCK_FILE
        self._saving = Saving() if saving is None else saving
        self._failing = False  # one log line when saving starts failing, one when it works

    def save(self, data: dict[str, JsonValue]) -> None:
        if self.path is None:
            return
        temporary = self.path.with_name(CLOCK_FILE + ".tmp")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with temporary.open("w", encoding="utf-8") as handle:
                handle.write(json.dumps(data, separators=(",", ":")))
                handle.flush()
                os.fsync(handle.fileno())
            temporary.replace(self.path)
        except OSError as exc:
            if not self._failing:
                log.warning("the clocks could not be saved (%s): play goes on", exc.strerror)
            self._failing = True
            self._saving.failed(CLOCKS_WHAT, exc)
            return
        if self._failing:
            log.warning("the clocks are saved again")
            self._failing = False
            self._saving.works(CLOCKS_WHAT)

    def clear(self) -> None:
        """No clocks saved: the match in play is untimed."""
        if self.path is not None:
            try:
                self.path.unlink(missing_ok=True)
            except OSError as exc:
                log.warning("the old clocks could not be removed (%s)", exc.strerror)

    def load(self) -> dict[str, JsonValue]:
        if self.path is None:
            return {}
        try:
            raw = read_json(self.path.read_bytes())
        except (OSError, JsonInputError):
            return {}
        return raw if isinstance(raw, dict) else {}


def saved_controls(
    saved: dict[str, JsonValue], match_id: str | None
) -> tuple[TimeControl, TimeControl]:
    """A resumed match's clock and the café's clock when it began, as ``clock.json`` has them
    (none saved for the match: untimed, as the café's was; none of the café's: the match's)."""
    found = saved.get("match") == match_id
    try:
        control = parse_time_control(saved.get("control")) if found else NO_CLOCK
    except TimeControlError:
        log.warning("clock.json names no time control: the match goes on untimed")
        control = NO_CLOCK
    try:
        began = parse_time_control(saved.get("default", str(control)) if found else "none")
    except TimeControlError:
        began = control
    return control, began


def saved_round_clocks(
    saved: dict[str, JsonValue], expected: tuple[str | None, int, str], ply: int
) -> tuple[list[dict[str, int]], list[str | None]] | None:
    """The round's clocks as ``clock.json`` has them (``expected``: its match, round and
    control; None: it has another round's, or none), up to ``ply``: each side's ms after each
    action (0: the start) and the side whose clock each action stopped. An action the journal
    holds but the clocks do not (the power went between the two) keeps the times before it."""
    if (saved.get("match"), saved.get("round"), saved.get("control")) != expected:
        return None
    after, movers = saved.get("after"), saved.get("movers")
    if not isinstance(after, list) or not isinstance(movers, list) or not after:
        return None
    history = [
        {side: int(ms) for side, ms in entry.items() if type(ms) is int}
        for entry in after[: ply + 1]
        if isinstance(entry, dict)
    ]
    kept = [mover if isinstance(mover, str) else None for mover in movers[:ply]]
    while len(history) < ply + 1:
        history.append(dict(history[-1]))
        kept.append(None)
    return history, kept
