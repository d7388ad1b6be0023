"""Touch sequences that win a Culls round for a chosen colour, without culls on the way."""

from __future__ import annotations

WINNING_LINE = ["h8", "h9", "h10", "h11", "h12"]
SPARE_CELLS = ["a1", "c1", "e1", "a3", "c3", "e3", "a5", "c5"]


def culls_round_taps(first: str, winner: str, *, teams: bool = False) -> list[str]:
    """The taps of a round in which ``winner`` completes h8..h12; the other side plays far away."""
    other = "red" if first == "blue" else "blue"
    setup = [first, other] if teams else [first, first, other, other]
    owners = setup + [first, other] * 10
    line, spare = list(WINNING_LINE), list(SPARE_CELLS)
    taps = []
    for owner in owners:
        taps.append(line.pop(0) if owner == winner else spare.pop(0))
        if not line:
            return taps
    raise AssertionError("unreachable: the line is always completed")
