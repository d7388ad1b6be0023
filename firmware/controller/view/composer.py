"""The board's picture and scoreboard at a moment: the table's lights and keys, the keys other
parts add, and the layers over them (the idle show, a chip's fault, a lost broker)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from firmware.controller.core.extras import IdleScreen, LinkStatus
from firmware.controller.table.table import Table
from firmware.controller.view.faults import DeviceHealth
from firmware.controller.view.overlays import FaultPattern, FrameLayer, IdleShow, LinkDown
from firmware.controller.view.scene import table_lights
from firmware.controller.view.scoreboard import scoreboard
from firmware.controller.view.view_model import FACTS
from firmware.rules.api import JsonValue
from hal.interfaces import Frame, LedOutput

ScorePart = Callable[[float], dict[str, JsonValue]]  # scoreboard keys a part adds, at a time


@dataclass(frozen=True, slots=True)
class Composed:
    """A frame, its scoreboard, and when the picture next changes by itself (None: never)."""

    frame: Frame
    score: dict[str, JsonValue]
    animates: float | None


class Composer:
    """Composes what the board shows; changes nothing."""

    def __init__(
        self,
        table: Table,
        leds: LedOutput,
        health: DeviceHealth,
        *,
        attract: IdleScreen | None = None,
        link: LinkStatus | None = None,
        score_parts: Sequence[ScorePart] = (),
    ) -> None:
        self._table = table
        self._leds = leds
        self._link = link
        self._score_parts = tuple(score_parts)
        self._idle_show = None if attract is None else IdleShow(attract)
        self._layers: list[FrameLayer] = [
            *([] if self._idle_show is None else [self._idle_show]),
            FaultPattern(health),
            *([] if link is None else [LinkDown(link)]),
        ]

    def compose(self, now: float) -> Composed:
        leds = self._leds
        score = scoreboard(self._table, now)
        facts: list[JsonValue] = []
        for part in self._score_parts:
            keys = part(now)
            found = keys.pop(FACTS, None)
            facts += found if isinstance(found, list) else []
            score.update(keys)
        score[FACTS] = facts
        if self._link is not None:
            score["online"] = self._link.online()
        animates: float | None = None
        if self._idle_show is not None and self._idle_show.covers:
            frame = Frame.blank(leds.columns, leds.rows, leds.status_count)
        else:
            stack = table_lights(self._table, leds.status_count, now)
            frame = stack.compose(now)
            animates = stack.next_change(now)
        for layer in self._layers:  # the idle show, a fault, a lost broker, lowest first
            frame = layer.over(frame, score, now)
            changes = layer.next_change(now)
            if changes is not None:
                animates = changes if animates is None else min(animates, changes)
        return Composed(frame, score, animates)
