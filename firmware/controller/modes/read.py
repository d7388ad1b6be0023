"""The board read aloud: the whole position (the "read" command) or one cell (a long press).

Both are told as a ``ReadAloud`` event; the voice says it. Exploring a cell changes nothing: it
says what the cell holds and what a tap there would do, without playing it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from firmware.controller.adapter import BoardAdapter, Refusal
from firmware.controller.events import ReadAloud, VoiceSwitched
from firmware.rules.api import GameState
from firmware.rules.grid import cell_name
from hal.interfaces import Cell

if TYPE_CHECKING:
    from firmware.controller.modes.context import ModeContext

EXPLORE_HOLD_S = 0.8  # a press this long on a cell explores it; the strip's corner hold is 1.5 s
NO_GAME = "no game on the board to read"


def _position(ctx: ModeContext) -> tuple[BoardAdapter, GameState] | None:
    seated, state = ctx.match.seated, ctx.match.state
    return None if seated is None or state is None else (seated.adapter, state)


def open_read(ctx: ModeContext, now: float) -> None:
    """Say the position: each side's pieces in the board's cell names, then whose turn it is."""
    found = _position(ctx)
    if found is None:
        ctx.feedback.refuse(NO_GAME, now)
        return
    adapter, state = found
    lines = list(adapter.read_aloud(state))
    seat = ctx.match.seat_to_act()
    if seat is not None:
        name = ctx.match.seat_called(seat)
        lines.append(f"{name} to play: {adapter.prompt(state, called=ctx.match.called())}.")
    ctx.events.post(ReadAloud(tuple(lines)))


def switch_voice(ctx: ModeContext, now: float) -> None:
    """The menu's voice cell or the strip's "voice": the voice goes off (it says so first) or
    on again (and says so)."""
    if ctx.voice_on is None:
        ctx.feedback.refuse("this board has no voice", now)
        return
    ctx.events.post(VoiceSwitched(ctx.switch_voice()))


def explore_cell(ctx: ModeContext, cell: Cell, now: float) -> None:
    """Say what ``cell`` holds and what a tap there would do, without playing (on the open
    command strip: the command a tap there would do)."""
    if ctx.strip.is_open:
        ctx.events.post(ReadAloud((explore_strip(ctx, cell),)))
        return
    found = _position(ctx)
    if found is None:
        ctx.events.post(ReadAloud((f"{cell_name(cell)}: {NO_GAME}.",)))
        return
    adapter, state = found
    there = adapter.read_cell(state, cell, ctx.columns, ctx.rows)
    token = adapter.token_for(state, cell, ctx.columns, ctx.rows)
    reason = str(token) if isinstance(token, Refusal) else state.why_illegal(token)
    if reason is not None:
        would = f"A tap there is refused: {reason}."
    else:
        hinted = adapter.describe_hint(state.copy(), token).removeprefix("Hint: ")
        would = f"A tap there would {hinted}." if hinted.startswith(VERBS) else f"A tap: {hinted}."
    ctx.events.post(ReadAloud((f"{there}.", would)))


def explore_strip(ctx: ModeContext, cell: Cell) -> str:
    """What a tap on ``cell`` of the open command strip would do, in words."""
    command = ctx.strip.command_at(cell)
    if command is None:
        return f"{cell_name(cell)}: not a command. A tap there closes the command strip."
    return f"{cell_name(cell)}: the command {command}. A tap there does it."


VERBS = ("place", "flip", "move", "push", "mark")  # a hint that is already what to do
