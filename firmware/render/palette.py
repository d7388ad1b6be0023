"""Every colour and effect the board shows, as data in one place."""

from __future__ import annotations

from dataclasses import dataclass

from hal.interfaces import RGB

# Chips and balls. Black balls are a dim blue-grey so that an LED can show them at all.
PIECES: dict[str, RGB] = {
    "blue": (0, 70, 255),
    "red": (255, 20, 0),
    "black": (60, 70, 110),
    "white": (200, 200, 190),
}

OFF: RGB = (0, 0, 0)
# A refused tap flashes magenta: a colour no chip or ball has, so it never looks like a piece.
ERROR: RGB = (255, 0, 255)
ACCEPT: RGB = (255, 255, 255)
READY: RGB = (0, 200, 60)
HINT: RGB = (255, 150, 0)  # the cells of a hint, blinking amber
MISTAKE: RGB = (150, 0, 255)  # a review's mistake: violet, which no piece, hint or flash has
BETTER: RGB = (0, 255, 90)  # the better move at that mistake: green
FACE_TINT: RGB = (10, 10, 14)  # an empty Cubulus face cell, so the unfolded cube is visible
CENTRE_TINT: RGB = (30, 20, 0)  # the hidden centre cell, when empty
CANDIDATE_ALT: RGB = (255, 255, 255)  # the other colour of a blinking cull candidate
MENU_IDLE: RGB = (25, 25, 25)
MENU_CHOSEN: RGB = (255, 255, 255)
LAST_MOVE_SHARE = 0.3  # the latest action's cell: its colour with this much white
# An LED with every channel below this reads as an empty hole lit from below: the board page
# (board.js ``DIM``) and the terminal draw it as one, so no piece may ever be shown that faint.
HOLE_BELOW = 48
FLIPPED_FAINT = 0.25  # a flipped chip's dim phase: its colour at this share, still over HOLE_BELOW
SCORE_EMPTY_SHARE = 0.12  # a round not yet won, on the score screen: its colour, faint

# Priorities of the light stack, lowest first: a higher layer hides a lower one on the same cell.
BOARD = 0
HIGHLIGHT = 10
ANIMATION = 20
ERRORS = 30


@dataclass(frozen=True, slots=True)
class Blink:
    """Alternate two colours: ``on`` for the first half of each period, then ``off``."""

    on: RGB
    off: RGB
    period: float


@dataclass(frozen=True, slots=True)
class Timing:
    """How fast things blink and step, in seconds (how long the table shows them: controller)."""

    error_blink: float = 0.2
    candidate_blink: float = 0.5
    flipped_blink: float = 1.2
    line_blink: float = 0.4
    celebrate_step: float = 0.15


TIMING = Timing()


def dim(colour: RGB, factor: float) -> RGB:
    """``colour`` scaled by ``factor`` (0..1)."""
    r, g, b = colour
    return (round(r * factor), round(g * factor), round(b * factor))


def mix(a: RGB, b: RGB, share_of_b: float) -> RGB:
    """A blend of two colours."""
    keep = 1.0 - share_of_b
    return (
        round(a[0] * keep + b[0] * share_of_b),
        round(a[1] * keep + b[1] * share_of_b),
        round(a[2] * keep + b[2] * share_of_b),
    )


def flipped_looks(colour: RGB) -> tuple[RGB, RGB]:
    """The two phases of a flipped chip: pale and dim, so no frame shows it as a plain chip."""
    return mix(colour, ACCEPT, 0.45), dim(colour, FLIPPED_FAINT)


def last_move(colour: RGB) -> RGB:
    """The piece (or entry cell) of the latest action: its colour paled, steady."""
    return mix(colour, ACCEPT, LAST_MOVE_SHARE)


def score_empty(colour: str) -> RGB:
    """A pip for a round ``colour`` has not won yet: the colour faint, so each row shows whose."""
    return dim(piece(colour), SCORE_EMPTY_SHARE)


def piece(colour: str) -> RGB:
    """The colour of a chip or ball; unknown names show white."""
    return PIECES.get(colour, PIECES["white"])
