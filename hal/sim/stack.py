"""What a finger and a game piece do to a cell's pad, worked out from the board's stack.

Every figure has its source (wiring.md, "The estimate", repeats them for builders):

- A finger is a conductor pressed on the surface; it couples to the copper under it as a
  parallel plate, C = e0 x A / d (Infineon KBA82812), where layers in series add their
  thickness over their permittivity: d = cover / er_cover + piece / er_piece.
- The fingertip's contact is about 8 mm across (Microchip's touch-surface guide, which asks for
  a pad of at least that plus twice the cover thickness: the field spreads at about 45 degrees).
  So the contact area is that of an 8 mm disk, and the copper that counts is the share of a
  disk 8 mm + 2 x (the stack's thickness) across that lies over copper (not over the light
  hole, nor past the pad's edge).
- Permittivities at low frequency: acrylic (Plexiglas) 2.6 to 3.5, dry wood 1.4 to 2.9
  (the ARRL handbook's table of dielectric constants); the low end of each is taken (the
  weaker finger).
- A piece resting alone replaces air above part of the pad. The pad's capacitance through
  its top face is about half that of an isolated disk of its area, C = 8 e0 r (the disk's
  textbook capacitance); the piece shortens that field's path of about r by its thickness
  times (1 - 1 / er_piece), over the share of the pad it covers. This is an estimate of the
  right size (a few hundredths of a picofarad), not a field solution.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

E0_PF_PER_MM = 8.854e-3  # the vacuum permittivity, 8.854 pF/m
FINGER_MM = 8.0  # a fingertip's contact (Microchip's touch-surface guide)
GRID = 48  # points across the footprint when its copper share is counted


@dataclass(frozen=True, slots=True)
class Stack:
    """The layers over one pad, the pad itself, and the piece a player puts on it (mm)."""

    cover_mm: float = 3.0
    cover_permittivity: float = 2.6  # acrylic, low end
    pad_mm: float = 27.0  # a square pad: the 33.3 mm pitch less a 6.3 mm gap
    pitch_mm: float = 33.3
    hole_mm: float = 6.0  # the light hole in the pad's centre
    piece_mm: float = 3.0
    piece_permittivity: float = 2.0  # dry wood
    piece_diameter_mm: float = 20.0

    def finger_pf(self, *, on_piece: bool, offset_mm: float = 0.0, pad_at_mm: float = 0.0) -> float:
        """What a fingertip adds to the pad centred ``pad_at_mm`` along the row from the cell's
        centre, pressed ``offset_mm`` from it: on the piece, or on the bare cover."""
        piece = self.piece_mm if on_piece else 0.0
        distance = self.cover_mm / self.cover_permittivity
        if on_piece:
            distance += piece / self.piece_permittivity
        area = math.pi * FINGER_MM**2 / 4
        footprint = FINGER_MM + 2 * (self.cover_mm + piece)
        share = self._copper_share(footprint, offset_mm - pad_at_mm)
        return E0_PF_PER_MM * area / distance * share

    def beside_offset_mm(self) -> float:
        """Where a finger lands that taps the cell beside its piece: touching the piece's edge."""
        return self.piece_diameter_mm / 2 + FINGER_MM / 2

    def piece_pf(self) -> float:
        """What a piece resting alone adds to the pad under it."""
        copper = self.pad_mm**2 - math.pi * self.hole_mm**2 / 4
        radius = math.sqrt(copper / math.pi)
        top = 4 * E0_PF_PER_MM * radius  # half of an isolated disk's 8 e0 r
        covered = min(1.0, math.pi * self.piece_diameter_mm**2 / 4 / self.pad_mm**2)
        shortened = self.piece_mm * (1 - 1 / self.piece_permittivity)
        return top * covered * (radius / max(radius - shortened, 1e-3) - 1)

    def _copper_share(self, footprint_mm: float, centre_mm: float) -> float:
        """The share of a disk ``footprint_mm`` across, centred ``centre_mm`` from the pad's
        centre along a row, that lies over the pad's copper."""
        radius, half, hole = footprint_mm / 2, self.pad_mm / 2, self.hole_mm / 2
        step = footprint_mm / GRID
        inside = total = 0
        for i in range(GRID):
            x = -radius + (i + 0.5) * step
            for j in range(GRID):
                y = -radius + (j + 0.5) * step
                if x * x + y * y > radius * radius:
                    continue
                total += 1
                px = x + centre_mm
                if abs(px) <= half and abs(y) <= half and px * px + y * y > hole * hole:
                    inside += 1
        return inside / total if total else 0.0
