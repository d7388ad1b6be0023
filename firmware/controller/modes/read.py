"""The board read aloud: the whole position (the "read" command) or one cell (a long press).

Both are told as a ``ReadAloud`` event; the voice says it (a board with no voice speaking shows
the position's sentence as its notice). Exploring a cell changes nothing: it
says what the cell holds and what a tap there would do, without playing it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from firmware.clock.sides import Reading
from firmware.controller.core.adapter import BoardAdapter, Refusal
from firmware.controller.core.events import ReadAloud, VoiceSwitched
from firmware.controller.match.match_play import MatchPlay
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
    """Say the position: each side's pieces in the board's cell names, whose turn it is, both
    clocks (when a clock is on) and the match score. With no voice speaking, it is shown."""
    found = _position(ctx)
    seated = ctx.match.seated
    if found is None or seated is None:
        ctx.feedback.refuse(NO_GAME, now)
        return
    adapter, state = found
    lines = list(adapter.read_aloud(state))
    seat = ctx.match.seat_to_act()
    if seat is not None:
        name = ctx.match.seat_called(seat)
        lines.append(f"{name} to play: {adapter.prompt(state, called=ctx.match.called())}.")
    reading = None if ctx.clocks is None else ctx.clocks(now)
    if reading is not None:
        lines.append(clock_words(reading))
    if seated.match.rounds_to_win > 1:  # a Cubulus game is its match: no score to say
        lines.append(score_words(seated.match))
    ctx.events.post(ReadAloud(tuple(lines)))
    if ctx.voice_on is not True:  # no voice, or switched off: the sentence is shown instead
        ctx.feedback.say(" ".join(lines), now)


def clock_words(reading: Reading) -> str:
    """Each side's time left and whose clock runs ("Clocks: Blue 4 minutes 32 seconds, Red 5
    minutes; Blue's clock runs.")."""
    sides = ", ".join(
        f"{side.capitalize()} {time_words(ms)}" for side, ms in reading.left_ms.items()
    )
    running = f"; {reading.running.capitalize()}'s clock runs" if reading.running else ""
    return f"Clocks: {sides}{running}."


def time_words(ms: int) -> str:
    """Time left in words, whole seconds rounded up ("1 minute 5 seconds", "no time")."""
    minutes, seconds = divmod(max(0, -(-ms // 1000)), 60)
    parts = [
        f"{n} {unit}{'s' * (n != 1)}" for n, unit in ((minutes, "minute"), (seconds, "second"))
    ]
    said = " ".join(part for part, n in zip(parts, (minutes, seconds), strict=True) if n)
    return said or "no time"


def score_words(match: MatchPlay) -> str:
    """The match score and what wins it ("Match: Blue 1, Red 0; 3 rounds win.")."""
    scores = ", ".join(f"{colour.capitalize()} {won}" for colour, won in match.scores().items())
    return f"Match: {scores}; {match.rounds_to_win} rounds win."


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
