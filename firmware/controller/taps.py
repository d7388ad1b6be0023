"""What raw touches mean: a tap is DOWN then UP on the same cell; a ghost is an error."""

from __future__ import annotations

from dataclasses import dataclass

from hal.interfaces import Cell, TouchEvent, TouchKind


@dataclass(frozen=True, slots=True)
class Tap:
    """A finished tap on a cell."""

    cell: Cell
    t: float


@dataclass(frozen=True, slots=True)
class Ghost:
    """A touch the pads could not place (several rows or columns at once)."""

    t: float
    detail: str


class TapReader:
    """Turns DOWN/UP/AMBIGUOUS reports into taps; an UP without its DOWN means nothing."""

    def __init__(self) -> None:
        self._down: set[Cell] = set()

    def feed(self, event: TouchEvent) -> Tap | Ghost | None:
        if event.kind is TouchKind.AMBIGUOUS or event.cell is None:
            self._down.clear()
            return Ghost(event.t, event.detail)
        if event.kind is TouchKind.DOWN:
            self._down.add(event.cell)
            return None
        if event.cell in self._down:
            self._down.discard(event.cell)
            return Tap(event.cell, event.t)
        return None
