"""The fixed geometry of a Culls board of one size: cell names and the rays from every cell."""

from __future__ import annotations

import functools
from collections.abc import Mapping

from firmware.rules.frozen import Frozen
from firmware.rules.grid import cell_name

# Rays in pairs along the 4 axes, in the order lines are reported: horizontal, vertical,
# diagonal (up-right), anti-diagonal (down-right). The second ray of each pair walks towards the
# lower column (the lower row for the vertical axis): the end a winning line is read from.
DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1))


class Geometry(Frozen):
    """Cells are indexed ``y * size + x``; every table here is indexed the same way."""

    FIELDS = ("size", "names", "index", "rays", "traps")
    __slots__ = FIELDS
    size: int
    names: tuple[str, ...]
    index: Mapping[str, int]
    rays: tuple[tuple[tuple[int, ...], ...], ...]  # [cell][direction] -> cells outward to the edge
    traps: tuple[tuple[tuple[int, int, int], ...], ...]  # [cell] -> the 3 cells of each long ray

    def __init__(
        self,
        size: int,
        names: tuple[str, ...],
        index: Mapping[str, int],
        rays: tuple[tuple[tuple[int, ...], ...], ...],
        traps: tuple[tuple[tuple[int, int, int], ...], ...],
    ) -> None:
        self._init(size, names, index, rays, traps)

    def coord(self, index: int) -> tuple[int, int]:
        """The ``(x, y)`` of a cell index."""
        y, x = divmod(index, self.size)
        return x, y


@functools.cache
def geometry(size: int) -> Geometry:
    """The geometry of a ``size`` x ``size`` board (computed once per size; it never changes)."""
    names = tuple(cell_name((i % size, i // size)) for i in range(size * size))
    # room[step][at]: how many steps of ``step`` (-1, 0, 1) fit from ``at`` before the edge
    room = {1: [size - 1 - at for at in range(size)], -1: list(range(size)), 0: [size] * size}
    rays = []
    for i in range(size * size):
        y0, x0 = divmod(i, size)
        cell_rays = []
        for dx, dy in DIRECTIONS:
            # the cells outward are an arithmetic run: ``steps`` of ``stride`` to the nearer edge
            steps = min(room[dx][x0], room[dy][y0])
            stride = dy * size + dx
            cell_rays.append(tuple(range(i + stride, i + stride * (steps + 1), stride)))
        rays.append(tuple(cell_rays))
    traps = tuple(tuple((r[0], r[1], r[2]) for r in cell_rays if len(r) >= 3) for cell_rays in rays)
    return Geometry(
        size=size,
        names=names,
        index={name: i for i, name in enumerate(names)},
        rays=tuple(rays),
        traps=traps,
    )
