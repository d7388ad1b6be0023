"""NEW during a match asks first: the first NEW asks once ("Press NEW again to end the match"),
a second NEW within ``ASK_S`` seconds ends it (the history keeps it as abandoned, why "new") and
starts the menu's choice; a tap, another button or the time running out goes on with the game.
A match that is over, or one with nothing played yet, has nothing to lose: NEW starts at once."""

from __future__ import annotations

from typing import TYPE_CHECKING

from firmware.controller.match.seated import Seated
from firmware.controller.modes.base import Layer
from hal.interfaces import Cell

if TYPE_CHECKING:
    from firmware.controller.modes.context import ModeContext

ASK_S = 5.0  # how long the question stands
QUESTION = "Press NEW again to end the match; anything else goes on with it"


class NewMatchAsk(Layer):
    """The question NEW asked of the match ``seated``: a second NEW ends it."""

    def __init__(self, seated: Seated) -> None:
        self.seated = seated

    def asked(self, ctx: ModeContext) -> bool:
        """Whether the question still stands: the same match, not over."""
        return ctx.match.seated is self.seated and not self.seated.match.is_over

    def tap(self, ctx: ModeContext, cell: Cell, now: float) -> bool:
        ctx.lift(self)
        return self.asked(ctx)  # the tap only takes the question back

    def words(self, ctx: ModeContext) -> str | None:
        return QUESTION if self.asked(ctx) else None


def ask_before_new(ctx: ModeContext, seated: Seated, now: float) -> bool:
    """NEW was pressed over ``seated``'s match: True if it only asked now; False if the match may
    be ended (a second NEW confirmed it, or it has nothing to lose)."""
    asked = take_back_question(ctx)
    if asked is not None and asked.asked(ctx):
        return False
    match = seated.match
    if match.is_over or not match.can_undo():
        return False
    layer = NewMatchAsk(seated)
    ctx.lay(layer)
    ctx.timers.schedule(now + ASK_S, lambda _at: ctx.lift(layer), layer)
    return True


def take_back_question(ctx: ModeContext) -> NewMatchAsk | None:
    """Lift the question NEW asked, if it stands; it is returned (None: none stood)."""
    found = None
    for layer in [layer for layer in ctx.layers if isinstance(layer, NewMatchAsk)]:
        ctx.lift(layer)
        found = layer
    return found
