"""A side loses off the board: its time ran out, or it resigned (rules.md "Timed play" 3-5).

With two sides in, the round (or the game) ends at once with the reason, the other side the
winner; with three Cubulus players in, the side plays ``time`` or ``resign`` and is out, and the
game goes on. The clock and the resignation both end a side's game this one way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from firmware.rules.api import Termination
from firmware.rules.endings import RESIGN, TIME, winner_if_out

if TYPE_CHECKING:
    from firmware.controller.modes.context import ModeContext

TOKENS = {Termination.TIME: TIME, Termination.RESIGNATION: RESIGN}


def side_out(ctx: ModeContext, why: Termination, now: float) -> bool:
    """The side to act loses by ``why`` (time or resignation); False if no round is played."""
    play, state, seat = ctx.match.play, ctx.match.state, ctx.match.seat_to_act()
    if play is None or state is None or seat is None or state.outcome().is_over:
        ctx.feedback.refuse("no round is being played", now)
        return False
    winner = winner_if_out(state, play.colours)
    if winner is None:
        return ctx.top.play(ctx, TOKENS[why], seat, now, None)
    try:
        ctx.match.end_round(why, winner)
    except ValueError as exc:
        ctx.feedback.refuse(str(exc), now)
        return False
    ctx.follow_match(now)
    return True
