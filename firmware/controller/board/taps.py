"""What raw touches mean: a tap is DOWN then UP on the same cell; a ghost is an error."""

from __future__ import annotations

from dataclasses import dataclass

from hal.interfaces import Cell, TouchEvent, TouchKind


@dataclass(frozen=True, slots=True)
class Tap:
    """A finished tap on a cell; ``held``: how long the finger was down, in seconds."""

    cell: Cell
    t: float
    held: float = 0.0


@dataclass(frozen=True, slots=True)
class Ghost:
    """A touch the pads could not place (several rows or columns at once)."""

    t: float
    detail: str


class TapReader:
    """Turns DOWN/UP/AMBIGUOUS reports into taps; an UP without its DOWN means nothing."""

    def __init__(self) -> None:
        self._down: dict[Cell, float] = {}  # the cells touched now, and since when

    def feed(self, event: TouchEvent) -> Tap | Ghost | None:
        if event.kind is TouchKind.AMBIGUOUS or event.cell is None:
            self._down.clear()
            return Ghost(event.t, event.detail)
        if event.kind is TouchKind.DOWN:
            self._down.setdefault(event.cell, event.t)
            return None
        if event.cell in self._down:
            since = self._down.pop(event.cell)
            return Tap(event.cell, event.t, event.t - since)
        return None
