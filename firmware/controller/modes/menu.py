"""The menu: a tap picks a game (or a lesson or puzzles), the green cell or NEW starts it; UNDO
goes back to the game it was opened over."""

from __future__ import annotations

from typing import TYPE_CHECKING

from firmware.controller.core.buttons import Button
from firmware.controller.menu.menu_summary import menu_summary
from firmware.controller.modes.base import BoardMode, Fields, Phase
from firmware.controller.modes.context import mode_kind
from firmware.controller.modes.game import match_fields, with_notice
from firmware.controller.modes.read import switch_voice
from firmware.controller.modes.voice import voice_cell, voice_fields, voice_tiles, voice_words
from firmware.render import palette as p
from firmware.render import screens
from firmware.render.stack import Light, LightStack
from hal.interfaces import Cell

if TYPE_CHECKING:
    from firmware.controller.modes.context import ModeContext


@mode_kind("menu")
class MenuMode(BoardMode):
    """The menu is open (over the game it was opened over, if any)."""

    phase = Phase.MENU

    picked: str | None = None  # what MENU on the open menu picked, said until the next tap

    def tap(self, ctx: ModeContext, cell: Cell, now: float) -> None:
        self.picked = None
        learn = ctx.menu.learn_at(cell)
        if cell == voice_cell(ctx):
            switch_voice(ctx, now)
        elif learn is not None:
            self.command(ctx, learn, now)
        elif ctx.menu.tap(cell):
            start_chosen(ctx, now)

    def press(self, ctx: ModeContext, button: Button, now: float) -> None:
        if button is Button.MENU:  # the next game, said so: NEW starts it from now on
            ctx.menu.next_choice()
            self.picked = f"MENU picked {ctx.menu.chosen_words()}: NEW starts it"
        elif button is Button.NEW:  # NEW starts the menu's choice, as the green cell does
            start_chosen(ctx, now)
        elif button is Button.UNDO and ctx.below(self) is not None:
            ctx.pop(now)
        elif button is Button.HINT:
            ctx.feedback.refuse("a hint is only given during a game", now)

    def agreed_undo(self, ctx: ModeContext, now: float) -> None:
        """Nothing is taken back while the menu is open."""

    def learning_game(self, ctx: ModeContext) -> str:
        return ctx.menu.game_and_rules().game

    def lights(self, ctx: ModeContext, stack: LightStack, now: float) -> None:
        screens.menu_lights(stack, [*ctx.menu.tiles(), *voice_tiles(ctx)], self.entered)
        start = p.Blink(p.READY, p.dim(p.READY, 0.2), 1.0)
        stack.add([ctx.menu.start_cell], Light(p.HIGHLIGHT, start, self.entered))

    def fields(self, ctx: ModeContext, now: float) -> Fields:
        menu = ctx.menu
        # What MENU picked names the choice itself: the sentence does not say it twice.
        chosen = self.picked or f"Menu: {menu.chosen_words()}"
        sentence = (
            f"{chosen}. Tap a game, then the green cell (MENU: next game, NEW: start). "
            f"{voice_words(ctx)}Cells: {menu.where()}"
        )
        return {
            **match_fields(ctx, now, in_menu=True),
            "phase": self.phase,
            "message": with_notice(ctx, now, ctx.words_over() or sentence),
            "menu": {**menu_summary(menu), "picked": self.picked, **voice_fields(ctx)},
        }


def menu_instead(ctx: ModeContext, mode: BoardMode, now: float) -> None:
    """The menu in place of ``mode`` on top (or the menu it was opened over, afresh)."""
    if isinstance(ctx.below(mode), MenuMode):
        ctx.pop(now)
    ctx.replace(MenuMode(now), now)


def start_chosen(ctx: ModeContext, now: float) -> None:
    """Start the menu's choice (the computer plays the seats its rows show)."""
    chosen = ctx.menu.game_and_rules()
    ctx.new_match(chosen.game, chosen.rules_dict(), now)
