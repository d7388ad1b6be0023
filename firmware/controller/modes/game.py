"""What the modes of a match share: its lights and scoreboard keys, its buttons, and which mode
follows from the match after every change (a round being played, over, or the match over)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from firmware.controller.computer.computer import ComputerPlayer
from firmware.controller.core.buttons import Button
from firmware.controller.core.events import PendingDropped
from firmware.controller.match.seated import Seated
from firmware.controller.modes.base import BoardMode, Fields
from firmware.controller.modes.context import make_mode
from firmware.controller.modes.new_match_ask import ask_before_new, take_back_question
from firmware.players import HIGHEST, LOWEST, level_words
from firmware.render import palette as p
from firmware.render import screens
from firmware.render.stack import Light, LightStack
from firmware.rules.api import JsonValue
from firmware.rules.endings import off_the_board, outcome_words, result_words

if TYPE_CHECKING:
    from firmware.controller.modes.context import ModeContext

THINKING_BREATH_S = 1.5  # the status lights while a computer seat thinks: slow, not alarming


class GameMode(BoardMode):
    """A mode of the match being played: MENU opens the menu over it, NEW starts the menu's
    choice, HINT asks for a hint, UNDO takes back."""

    def __init__(self, entered: float, seated: Seated) -> None:
        super().__init__(entered)
        self.seated = seated

    def seen(self, now: float) -> None:
        """UNDO came back to this mode: an end already seen is not shown as new."""

    def restarted(self) -> None:
        """The board came back after a restart in this mode."""

    def press(self, ctx: ModeContext, button: Button, now: float) -> None:
        if button is not Button.NEW:
            take_back_question(ctx)  # any other button goes on with the match
        if button is Button.MENU:
            ctx.match.cancel_players()
            ctx.push(make_mode("menu", now), now)
        elif button is Button.NEW:
            if ask_before_new(ctx, self.seated, now):
                return
            chosen = ctx.menu.game_and_rules()
            ctx.new_match(chosen.game, chosen.rules_dict(), now)
        elif button is Button.HINT:
            ctx.feedback.refuse("a hint is only given during a game", now)
        elif button is Button.UNDO:
            self.undo(ctx, now)

    def undo(self, ctx: ModeContext, now: float) -> None:
        """Take back to the last turn of a person at this board: one action, or the computer's
        replies too (they would only be played again)."""
        steps = ctx.match.undo_steps()
        if isinstance(steps, str):
            ctx.feedback.refuse(steps, now)
            return
        if not ctx.undo_policy.may_undo(now):
            return
        ctx.match.take_back(steps)  # said once, as the last action taken back
        ctx.feedback.clear()
        following(ctx, now).seen(now)

    def fields(self, ctx: ModeContext, now: float) -> Fields:
        return match_fields(ctx, now)

    def message(self, ctx: ModeContext) -> str:
        """What the board expects now, in one sentence."""
        return ""


def following(ctx: ModeContext, now: float) -> GameMode:
    """Put the mode that follows from the match on the board (alone) and return it."""
    seated = ctx.match.seated
    assert seated is not None
    match = seated.match
    kind = "match_over" if match.is_over else "round_over" if match.round_over else "playing"
    mode = make_mode(kind, now, seated)
    assert isinstance(mode, GameMode)
    top = ctx.top
    if isinstance(top, GameMode) and type(top) is type(mode) and top.seated is seated:
        mode.entered = top.entered  # it goes on: no new phase
    ctx.reset(mode, now)
    return mode


def match_fields(ctx: ModeContext, now: float, *, in_menu: bool = False) -> Fields:
    """The scoreboard keys of the match at the table (none without one)."""
    match = ctx.match
    play = match.play
    if play is None or match.seated is None:
        return {}
    state = play.current
    seated = match.seated
    seat = None if state is None or in_menu else seated.seat_to_act()
    outcome = None if state is None else state.outcome()
    last_result: JsonValue = None
    for number, past in enumerate(play.rounds, start=1):
        result = past.outcome()
        if result.is_over:
            ending = result_words(past, play.colours)
            last_result = {
                "round": number,
                "status": result.status.value,
                "winner": result.winner,
                "reason": off_the_board(result),
                "ending": ending,
                "words": ending or outcome_words(result.winner),
            }
    mode = play.rules.get("mode")
    names = match.player_names()
    return {
        "game": play.game,
        "mode": mode if isinstance(mode, str) else None,
        "players": len(play.colours),
        "seats": [
            {
                "colour": spec.colour,
                "name": spec.name,
                "player": player.kind.value,
                "level": player.level.number if isinstance(player, ComputerPlayer) else None,
                "player_name": name,
            }
            for spec, player, name in zip(seated.specs, seated.players, names, strict=True)
        ],
        "levels": [
            {"level": number, "words": level_words(play.game, number)}
            for number in range(LOWEST, HIGHEST + 1)
        ],
        "round": len(play.rounds),
        "rounds_to_win": play.rounds_to_win,
        "scores": dict(play.scores()),
        "to_move": None if state is None or in_menu else state.to_move(),
        "seat": seat,
        "awaiting": None if state is None or in_menu else state.awaiting(),
        "moves": [] if state is None else list(state.moves),
        "status": None if outcome is None else outcome.status.value,
        "winner": None if outcome is None else outcome.winner,
        "line": None if outcome is None or outcome.line is None else list(outcome.line),
        "last_result": last_result,
        "match_winner": play.winner,
        "last_action": match.last_said,
        "record": match.record_json(),
        "position": None if state is None else state.summary(),
    }


def with_notice(ctx: ModeContext, now: float, sentence: str) -> str:
    """``sentence`` after the notice of the moment, if there is one."""
    notice = ctx.feedback.current_notice(now)
    return sentence if notice is None else f"{notice[:1].upper()}{notice[1:]}. {sentence}"


def game_lights(ctx: ModeContext, stack: LightStack, seated: Seated) -> None:
    """The position of the round on the board."""
    state = seated.match.current
    assert state is not None
    seated.adapter.lights(stack, state, ctx.since)


def turn_lights(ctx: ModeContext, stack: LightStack, seated: Seated, *, breathe: bool) -> None:
    """The status lights in the colour of the seat to act (breathing while a computer thinks)."""
    seat = seated.seat_to_act()
    colours = [spec.colour for spec in seated.specs]
    screens.turn_lights(stack, colours, seat)
    if breathe and seat is not None and ctx.thinking():
        colour = p.piece(colours[seat])
        calm = p.Blink(colour, p.dim(colour, 0.15), THINKING_BREATH_S)
        stack.add_status(range(stack.status_count), Light(p.ANIMATION, calm, ctx.since))


def result_lights(stack: LightStack, seated: Seated) -> None:
    """The status lights in the winner's colour (a draw: the accept colour)."""
    state = seated.match.current
    assert state is not None
    winner = state.outcome().winner
    colour = p.ACCEPT if winner is None else p.piece(winner)
    stack.add_status(range(stack.status_count), Light(p.BOARD, colour))


def drop_pending(ctx: ModeContext, seat: int, token: str, now: float) -> None:
    """UNDO while a move waits for its piece: the move is dropped."""
    ctx.events.post(PendingDropped(seat, token))
    ctx.match.cancel_players()
    ctx.follow_match(now)
