"""A round being played: a tap is a move of the seat to act; HINT lights the strongest move."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from firmware.controller.commands.command_registry import Offered
from firmware.controller.computer.computer import ComputerPlayer
from firmware.controller.core.adapter import Refusal, cells_for_token
from firmware.controller.core.buttons import Button
from firmware.controller.core.events import MovePending
from firmware.controller.core.players import PlayerKind
from firmware.controller.core.timing import TABLE_TIMING as T
from firmware.controller.match.seated import Seated
from firmware.controller.modes.base import Fields, Phase
from firmware.controller.modes.context import make_mode, mode_kind
from firmware.controller.modes.game import (
    GameMode,
    game_lights,
    match_fields,
    turn_lights,
    with_notice,
)
from firmware.players import level_words
from firmware.render import palette as p
from firmware.render.stack import Light, LightStack
from firmware.rules.api import JsonValue
from firmware.rules.grid import cell_name
from hal.interfaces import Cell

if TYPE_CHECKING:
    from firmware.controller.modes.context import ModeContext

HINT_BLINK_S = 0.8


@dataclass(frozen=True, slots=True)
class Hint:
    """The strongest move, lit on ``cells`` until ``until``; ``said`` names what it does."""

    token: str
    cells: tuple[Cell, ...]
    until: float
    said: str


@dataclass(frozen=True, slots=True)
class Pending:
    """A move made away from this board, waiting for its piece to be placed on ``cells``."""

    seat: int
    token: str
    cells: tuple[Cell, ...]


@mode_kind("playing")
class PlayingMode(GameMode):
    """A round is being played; a tap is a move of the seat to act."""

    phase = Phase.PLAYING

    def __init__(self, entered: float, seated: Seated) -> None:
        super().__init__(entered, seated)
        self.hint: Hint | None = None

    def shown(self, ctx: ModeContext, now: float) -> None:
        ctx.match.tell_player()

    def tap(self, ctx: ModeContext, cell: Cell, now: float) -> None:
        seated = self.seated
        state = seated.match.current
        assert state is not None
        meaning = seated.adapter.token_for(state, cell, ctx.columns, ctx.rows)
        if isinstance(meaning, Refusal):
            ctx.feedback.refuse_at(cell, str(meaning), now)
            return
        seat = seated.seat_to_act()
        if seat is not None and seated.players[seat].kind != PlayerKind.HERE:
            name = ctx.match.seat_called(seat)
            ctx.feedback.refuse_at(cell, f"it is {name}'s turn, who plays elsewhere", now)
            return
        self.play(ctx, meaning, seat, now, cell)

    def play(
        self, ctx: ModeContext, token: str, seat: int | None, now: float, cell: Cell | None
    ) -> bool:
        """``seat`` plays ``token``; a move from a seat not at this board waits for its piece."""
        seated = self.seated
        state = seated.match.current
        if state is None:
            ctx.feedback.refuse_at(cell, "no move is expected now", now)
            return False
        if seat is None or seat != seated.seat_to_act():
            ctx.feedback.refuse_at(cell, "it is not that seat's turn", now)
            return False
        reason = state.why_illegal(token)
        if reason is not None:
            ctx.feedback.refuse_at(cell, reason, now)
            return False
        if seated.players[seat].kind != PlayerKind.HERE and ctx.hand_placed(seated.adapter.name):
            cells = cells_for_token(seated.adapter, state, token, ctx.columns, ctx.rows)
            if cells:
                pending = Pending(seat, token, tuple(cells))
                ctx.events.post(MovePending(seat, token, tuple(cell_name(c) for c in cells)))
                ctx.replace(make_mode("waiting", now, seated, pending), now)
                return True
        apply(ctx, seat, token, now)
        return True

    def press(self, ctx: ModeContext, button: Button, now: float) -> None:
        if button is not Button.HINT:
            super().press(ctx, button, now)
            return
        seat = self.seated.seat_to_act()
        state = self.seated.match.current
        if ctx.ask_hint is None:
            ctx.feedback.refuse("hints are off on this board", now)
        elif state is None:
            ctx.feedback.refuse("a hint is only given during a game", now)
        elif seat is None or self.seated.players[seat].kind != PlayerKind.HERE:
            ctx.feedback.refuse("a hint is for the player at the board", now)
        else:
            ctx.ask_hint(state.copy())

    def show_hint(self, ctx: ModeContext, token: str, ply: int, now: float) -> None:
        """Light the hint's cells for a while, if the position is still the one it was for."""
        state = self.seated.match.current
        if state is None or state.ply != ply or state.why_illegal(token):
            return
        cells = cells_for_token(self.seated.adapter, state, token, ctx.columns, ctx.rows)
        said = self.seated.adapter.describe_hint(state.copy(), token)
        self.hint = Hint(token, tuple(cells), now + T.hint_show, said)
        ctx.timers.cancel(self)
        ctx.timers.schedule(self.hint.until, self._hint_over, self)

    def _hint_over(self, now: float) -> None:
        self.hint = None

    def current_hint(self, now: float) -> Hint | None:
        hint = self.hint
        return hint if hint is not None and now < hint.until else None

    def lights(self, ctx: ModeContext, stack: LightStack, now: float) -> None:
        game_lights(ctx, stack, self.seated)
        turn_lights(ctx, stack, self.seated, breathe=True)
        hint = self.current_hint(now)
        if hint is not None:
            blink = p.Blink(p.HINT, p.OFF, HINT_BLINK_S)
            stack.add(hint.cells, Light(p.ANIMATION, blink, hint.until - T.hint_show))

    def commands(self, ctx: ModeContext) -> tuple[str, ...]:
        return ctx.offered_commands(Offered.HINT, Offered.PLAYING)

    def fields(self, ctx: ModeContext, now: float) -> Fields:
        hint = self.current_hint(now)
        shown: Fields | None = None
        if hint is not None:
            cells: list[JsonValue] = [cell_name(cell) for cell in hint.cells]
            shown = {"token": hint.token, "cells": cells, "said": hint.said}
        return {
            **match_fields(ctx, now),
            "phase": self.phase,
            "message": with_notice(ctx, now, ctx.words_over() or self.message(ctx)),
            "thinking": ctx.thinking(),
            "hint": shown,
        }

    def message(self, ctx: ModeContext) -> str:
        seated = self.seated
        state = seated.match.current
        assert state is not None
        seat = seated.seat_to_act()
        who = ctx.match.seat_called(seat, state.to_move())
        player = None if seat is None else seated.players[seat]
        if isinstance(player, ComputerPlayer):
            words = level_words(state.game, player.level.number)
            return f"{who} (the computer, {words}) is thinking"
        return f"{who}: {seated.adapter.prompt(state, called=ctx.match.called())}"


def apply(ctx: ModeContext, seat: int | None, token: str, now: float) -> None:
    """``seat``'s legal ``token`` is played; the mode that follows goes on; a win chirps."""
    over = ctx.match.apply(seat, token)
    ctx.feedback.clear()
    ctx.follow_match(now)
    if over:
        ctx.feedback.beep(T.win_beep_hz, T.win_beep_s)
