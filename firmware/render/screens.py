"""Everything on the board that is not a game position: turn, errors, scores, menu, celebration."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from firmware.render import palette as p
from firmware.render.cells import edge_ring
from firmware.render.stack import Light, LightStack
from hal.interfaces import RGB, Cell


@dataclass(frozen=True, slots=True)
class Tile:
    """A menu choice: its cells, the colour of each, and whether it is the one chosen."""

    cells: tuple[Cell, ...]
    colours: tuple[RGB, ...]
    chosen: bool


def centre(stack: LightStack) -> Cell:
    """The middle cell of the board (h8 on 15x15)."""
    return (stack.columns // 2, stack.rows // 2)


def turn_lights(stack: LightStack, seats: Sequence[str], seat: int | None) -> None:
    """Show whose turn it is: on the status LEDs, or on the board's edge when there are none."""
    if seat is None or not seats:
        return
    colour = p.piece(seats[seat])
    if stack.status_count == 0:
        stack.add(edge_ring(stack.columns, stack.rows), Light(p.BOARD - 1, p.dim(colour, 0.25)))
    elif stack.status_count >= len(seats) > 2:
        for index, name in enumerate(seats):
            look = p.piece(name) if index == seat else p.dim(p.piece(name), 0.08)
            stack.add_status([index], Light(p.BOARD, look))
    else:
        stack.add_status(range(stack.status_count), Light(p.BOARD, colour))


def error_lights(stack: LightStack, cell: Cell | None, start: float, duration: float) -> None:
    """Flash a cell in the error colour (for a touch that named no cell: the status LEDs, edge)."""
    light = Light(
        p.ERRORS,
        p.Blink(p.ERROR, p.OFF, p.TIMING.error_blink),
        start,
        start + duration,
    )
    if cell is None:
        stack.add(edge_ring(stack.columns, stack.rows), light)
        stack.add_status(range(stack.status_count), light)
    else:
        stack.add([cell], light)


def target_lights(stack: LightStack, cells: Sequence[Cell], since: float, period: float) -> None:
    """Cells to touch, blinking between the hint colour and what they show, so that a ball or
    chip on a target is still seen."""
    for cell in cells:
        under = stack.colour_at(cell, since)
        stack.add([cell], Light(p.ANIMATION, p.Blink(p.HINT, under, period), since))


def ready_light(stack: LightStack, since: float, cell: Cell | None = None) -> None:
    """The pulsing cell that players tap to go on: ``cell``, or the centre."""
    blink = p.Blink(p.READY, p.dim(p.READY, 0.2), 1.0)
    stack.add([centre(stack) if cell is None else cell], Light(p.ANIMATION + 1, blink, since))


def score_lights(
    stack: LightStack,
    seats: Sequence[str],
    scores: Mapping[str, int],
    rounds_to_win: int,
    last_winner: str | None,
) -> None:
    """A row of pips per colour, won rounds lit; the status LEDs show the last result."""
    colours = list(dict.fromkeys(seats))
    cx, cy = centre(stack)
    rows = [cy + 3, cy - 3, cy - 5][: len(colours)]  # clear of the ready cell in the centre
    for colour, y in zip(colours, rows, strict=True):
        for i in range(rounds_to_win):
            x = cx - (rounds_to_win - 1) + 2 * i
            look = p.piece(colour) if i < scores.get(colour, 0) else p.score_empty(colour)
            stack.add([(x, y)], Light(p.BOARD, look))
    result = p.ACCEPT if last_winner is None else p.piece(last_winner)
    stack.add_status(range(stack.status_count), Light(p.BOARD, p.dim(result, 0.6)))


def celebration_lights(stack: LightStack, winner: str | None, since: float) -> None:
    """Ripples of the winner's colour from the centre (white-grey ripples for a draw)."""
    colour = p.dim(p.ACCEPT, 0.4) if winner is None else p.piece(winner)
    cx, cy = centre(stack)
    for x in range(stack.columns):
        for y in range(stack.rows):
            ring = max(abs(x - cx), abs(y - cy))
            start = since + ring * p.TIMING.celebrate_step
            blink = p.Blink(colour, p.dim(colour, 0.08), 8 * p.TIMING.celebrate_step)
            stack.add([(x, y)], Light(p.ANIMATION - 1, blink, start))
    stack.add_status(range(stack.status_count), Light(p.BOARD, colour))


def menu_lights(stack: LightStack, tiles: Sequence[Tile], since: float) -> None:
    """The menu: each choice as a tile, chosen ones bright, and the start cell."""
    for tile in tiles:
        for cell, colour in zip(tile.cells, tile.colours, strict=True):
            look = colour if tile.chosen else p.dim(colour, 0.2)
            stack.add([cell], Light(p.BOARD, look))
    stack.add_status(range(stack.status_count), Light(p.BOARD, p.MENU_IDLE))
