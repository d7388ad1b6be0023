"""A round over (its final position, then the scores) and the match over (the winner)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from firmware.controller.commands.command_registry import Offered
from firmware.controller.core.players import PlayerKind
from firmware.controller.core.timing import TABLE_TIMING as T
from firmware.controller.match.seated import Seated
from firmware.controller.modes.base import Fields, Phase
from firmware.controller.modes.context import mode_kind
from firmware.controller.modes.game import (
    GameMode,
    game_lights,
    match_fields,
    result_lights,
    with_notice,
)
from firmware.render import screens
from firmware.render.stack import LightStack
from firmware.rules.api import Status
from firmware.rules.endings import result_words
from firmware.rules.grid import cell_name
from hal.interfaces import Cell

if TYPE_CHECKING:
    from firmware.controller.modes.context import ModeContext


class GameOver(GameMode):
    """After a round or the match: the ready cell, once its guard has passed, goes on."""

    guard: float = T.confirm_guard
    over: str  # what ended: "round" or "match" (the scoreboard's ``over``)

    @property
    def ready_after(self) -> float:
        return self.entered + self.guard

    def shown(self, ctx: ModeContext, now: float) -> None:
        if self.ready_after > now:  # the ready cell starts taking a tap: drawn again then
            ctx.timers.schedule(self.ready_after, lambda at: None, self)

    def seen(self, now: float) -> None:
        """Back to an end already seen (UNDO): the green cell takes a tap at once."""
        self.entered = now - max(T.line_show, T.confirm_guard)

    def fields(self, ctx: ModeContext, now: float) -> Fields:
        words = ctx.words_over() or self.message(ctx)
        return {
            **match_fields(ctx, now),
            "phase": self.phase,
            "message": with_notice(ctx, now, words),
            "ready_cell": cell_name(ctx.ready_cell),  # the pages offer it as a button
            "show_mistakes": self.offers_mistakes(ctx),
            "over": self.over,
        }

    def offers_mistakes(self, ctx: ModeContext) -> bool:
        """Whether "show my mistakes" is offered: a round against the computer, with a coach."""
        kinds = [player.kind for player in self.seated.players]
        return ctx.coach is not None and PlayerKind.COMPUTER in kinds and PlayerKind.HERE in kinds

    def commands(self, ctx: ModeContext) -> tuple[str, ...]:
        return ctx.offered_commands(*((Offered.MISTAKES,) if self.offers_mistakes(ctx) else ()))

    def ready_tap(self, ctx: ModeContext, cell: Cell, now: float) -> bool:
        if cell != ctx.ready_cell or now < self.ready_after:
            return False
        self.go_on(ctx, now)
        return True

    def go_on(self, ctx: ModeContext, now: float) -> None:
        """A rematch (who starts: the adapter's choice), the same players in the same seats,
        their names kept."""
        match = self.seated.match
        first = match.next_first() if self.seated.adapter.rematch_alternates else None
        kinds = [player.kind for player in self.seated.players]
        names = ctx.match.player_names()
        ctx.new_match(match.game, dict(match.rules), now, first, kinds)
        for seat, name in enumerate(names):
            if name is not None:
                ctx.match.name_seat(seat, name)

    def side(self, ctx: ModeContext, colour: str) -> tuple[str, bool]:
        """``colour``'s side in words: its players' names when each of its seats has one
        ("Hanna", "Hanna and Ida"), else the colour; and whether that is more than one."""
        names = ctx.match.player_names()
        seats = [seat for seat, spec in enumerate(self.seated.specs) if spec.colour == colour]
        named = [names[seat] for seat in seats if seat < len(names) and names[seat]]
        if seats and len(named) == len(seats):
            return " and ".join(str(name) for name in named), len(named) > 1
        return colour.capitalize(), False

    def wins(self, ctx: ModeContext, colour: str) -> str:
        """``colour``'s side and the verb: "Hanna wins", "Hanna and Ida win", "Blue wins"."""
        side, many = self.side(ctx, colour)
        return f"{side} {'win' if many else 'wins'}"


@mode_kind("round_over")
class RoundOverMode(GameOver):
    """A round is over and the match goes on: the final position (its winning line) stays until
    a touch shows the scores; the ready cell starts the next round."""

    phase = Phase.ROUND_OVER
    over = "round"
    guard = T.line_show

    def __init__(self, entered: float, seated: Seated) -> None:
        super().__init__(entered, seated)
        self.scores_shown = False

    def restarted(self) -> None:
        self.scores_shown = True  # back after a restart: the round was seen

    def seen(self, now: float) -> None:
        super().seen(now)
        self.scores_shown = True

    def tap(self, ctx: ModeContext, cell: Cell, now: float) -> None:
        if not self.ready_tap(ctx, cell, now) and not self.scores_shown:
            self.scores_shown = True  # the kept final position gives way to the scores
            ctx.moved(now)

    def go_on(self, ctx: ModeContext, now: float) -> None:
        ctx.match.start_round(self.seated.match.next_first())
        ctx.follow_match(now)

    def lights(self, ctx: ModeContext, stack: LightStack, now: float) -> None:
        if not self.scores_shown:
            game_lights(ctx, stack, self.seated)
            result_lights(stack, self.seated)
            return
        match = self.seated.match
        assert match.current is not None
        last = match.current.outcome().winner
        colours = [spec.colour for spec in self.seated.specs]
        screens.score_lights(stack, colours, match.scores(), match.rounds_to_win, last)
        screens.ready_light(stack, self.entered)

    def message(self, ctx: ModeContext) -> str:
        match = self.seated.match
        state = match.current
        assert state is not None
        outcome = state.outcome()
        score = ", ".join(f"{c.capitalize()} {n}" for c, n in match.scores().items())
        head = (
            f"Round {len(match.rounds)} is a draw"
            if outcome.status is Status.DRAW
            else f"{self.wins(ctx, outcome.winner or '')} round {len(match.rounds)}"
        )
        ending = result_words(state, match.colours)
        if ending is not None:
            head = f"{ending}: round {len(match.rounds)}"
        if not self.scores_shown:
            then = "Touch the board for the score; clear it, then tap the green centre cell"
            return f"{head} ({score}). {then}"
        return f"{head} ({score}). Clear the board, then tap the green centre cell"


@mode_kind("match_over")
class MatchOverMode(GameOver):
    """The match is decided: the final position and the winner; the ready cell starts a
    rematch."""

    phase = Phase.MATCH_OVER
    over = "match"

    def tap(self, ctx: ModeContext, cell: Cell, now: float) -> None:
        self.ready_tap(ctx, cell, now)

    def lights(self, ctx: ModeContext, stack: LightStack, now: float) -> None:
        game_lights(ctx, stack, self.seated)
        result_lights(stack, self.seated)
        screens.celebration_lights(stack, self.seated.match.winner, self.entered)
        screens.ready_light(stack, self.entered)

    def message(self, ctx: ModeContext) -> str:
        match = self.seated.match
        winner = match.winner
        state = match.current
        ending = None if state is None else result_words(state, match.colours)
        if ending is not None:
            score = ", ".join(f"{c.capitalize()} {n}" for c, n in match.scores().items())
            return f"{ending}: the match is over ({score}). Tap the green centre cell for a rematch"
        if winner is None:
            return "The game is a draw. Tap the green centre cell for a rematch"
        return f"{self.wins(ctx, winner)} the match! Tap the green centre cell for a rematch"
