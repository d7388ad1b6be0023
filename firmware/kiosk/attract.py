"""The attract animation shown while nobody plays: slow, dim colour waves and a line of five.

Low power by design: the waves stay at or below ``PEAK`` (of 255, before gamma) and most cells
sit near dark; only the five cells of the line shine brighter. With gamma 2.8 the 15x15 board
draws about 0.2 A on top of the LEDs' idle current. It is a pure function of time.
"""

from __future__ import annotations

import colorsys
import math
import random

from hal.interfaces import RGB, Cell, Frame

RGBShares = tuple[float, float, float]  # a colour at full value, each channel from 0 to 1

PEAK = 110  # brightest background level (before gamma: the LED chain applies it)
LINE_PEAK = 255  # brightest level of the line of five
WAVE_PERIOD_S = 9.0  # a wave crest takes this long to pass a point
WAVE_LENGTH_CELLS = 7.0
HUE_CYCLE_S = 120.0  # the colours drift once round the colour wheel in this time
LINE_PERIOD_S = 6.0  # a new line of five fades in and out this often
LINE_LENGTH = 5
LINE_COLOURS: tuple[RGB, ...] = ((0, 70, 255), (255, 20, 0))  # the players' blue and red
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))


def attract_frame(t: float, columns: int, rows: int, status_count: int) -> Frame:
    """The attract picture at time ``t`` (seconds) for a board of this size."""
    if columns < 1 or rows < 1:
        raise ValueError(f"a board needs at least one cell, not {columns}x{rows}")
    if status_count < 0:
        raise ValueError(f"status_count cannot be negative ({status_count})")
    hue = (t / HUE_CYCLE_S) % 1.0
    line = _line_of_five(t, columns, rows)
    drift = t / WAVE_PERIOD_S
    tints = [_tint(hue, diagonal) for diagonal in range(columns + rows - 1)]
    cells = tuple(_row(drift, row, columns, tints, line) for row in range(rows))
    breath = 0.5 - 0.5 * math.cos(2 * math.pi * t / WAVE_PERIOD_S)
    status = _colour(hue, 0.7, PEAK * breath)
    return Frame(cells, (status,) * status_count)


def _row(
    drift: float, row: int, columns: int, tints: list[RGBShares], line: dict[Cell, RGB]
) -> tuple[RGB, ...]:
    """One row: the line of five where it is, else a dim diagonal wave (``drift``: the time in
    wave periods) in its diagonal's tint."""
    two_pi, sin = 2 * math.pi, math.sin
    colours: list[RGB] = []
    for column in range(columns):
        lit = line.get((column, row))
        if lit is not None:
            colours.append(lit)
            continue
        phase = two_pi * ((column + 0.6 * row) / WAVE_LENGTH_CELLS - drift)
        value = PEAK * (0.5 + 0.5 * sin(phase)) ** 3  # sharpened: most cells sit near dark
        red, green, blue = tints[column + row]
        colours.append((round(value * red), round(value * green), round(value * blue)))
    return tuple(colours)


def _tint(hue: float, diagonal: int) -> RGBShares:
    """The colour of a diagonal at full value, shifting slightly across the board: the same
    products as ``colorsys.hsv_to_rgb`` with the cell's value, which only scales it."""
    return colorsys.hsv_to_rgb((hue + diagonal / 60.0) % 1.0, 0.75, 1.0)


def _line_of_five(t: float, columns: int, rows: int) -> dict[Cell, RGB]:
    """A line of five cells that fades in and out, a new one every period (a hint of the game)."""
    cycle = math.floor(t / LINE_PERIOD_S)
    fade = math.sin(math.pi * (t / LINE_PERIOD_S - cycle)) ** 2
    if fade < 0.02:
        return {}
    pick = random.Random(cycle)  # a private, seeded generator: the same line for the same t
    step_x, step_y = pick.choice(DIRECTIONS)
    span_x = (LINE_LENGTH - 1) * abs(step_x)
    span_y = (LINE_LENGTH - 1) * abs(step_y)
    if span_x >= columns or span_y >= rows:
        return {}
    x = pick.randrange(columns - span_x)
    y = pick.randrange(rows - span_y) + (span_y if step_y < 0 else 0)
    red, green, blue = LINE_COLOURS[cycle % len(LINE_COLOURS)]
    scale = fade * LINE_PEAK / 255
    colour = (round(red * scale), round(green * scale), round(blue * scale))
    return {(x + i * step_x, y + i * step_y): colour for i in range(LINE_LENGTH)}


def _colour(hue: float, saturation: float, value: float) -> RGB:
    red, green, blue = colorsys.hsv_to_rgb(hue, saturation, value)
    return (round(red), round(green), round(blue))
