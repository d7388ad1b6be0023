"""What a chip arriving on a Culls board does: the winning line it makes, the chips it traps."""

from __future__ import annotations

from collections.abc import Sequence

from firmware.games.culls.geometry import Geometry

PLACE, FLIP, MOVE = "place", "flip", "move"  # what the player to act must do
EMPTY = 0  # cell codes: 0 empty, 1 blue, 2 red, and the colour code + FLIPPED for a flipped chip
FLIPPED = 2
LETTERS = ".BRbr"  # the replay letter of each cell code


def winning_line(
    board: Sequence[int], geo: Geometry, cell: int, me: int, *, exact_five: bool
) -> list[int] | None:
    """The winning run of colour ``me`` through ``cell``, read from its lower-column end.

    Axes are tried horizontal, vertical, diagonal, anti-diagonal; a flipped chip (its own code)
    never counts. With ``exact_five`` a run longer than five does not win.
    """
    rays = geo.rays[cell]
    for axis in range(4):
        ahead, behind = rays[2 * axis], rays[2 * axis + 1]
        forward = 0
        for i in ahead:
            if board[i] != me:
                break
            forward += 1
        backward = 0
        for i in behind:
            if board[i] != me:
                break
            backward += 1
        run = forward + backward + 1
        if run == 5 or (run > 5 and not exact_five):
            return [*reversed(behind[:backward]), cell, *ahead[:forward]]
    return None


def trapped_chips(board: Sequence[int], geo: Geometry, cell: int, me: int) -> list[int]:
    """The opponent chips trapped by colour ``me`` arriving on ``cell`` (own-opp-opp-own)."""
    opponent = 3 - me
    trapped: list[int] = []
    for a, b, c in geo.traps[cell]:
        if board[a] == opponent and board[b] == opponent and board[c] == me:
            trapped += (a, b)
    return sorted(trapped)
