"""How the board starts: a match at once, the journal's match back in the mode it was left in,
or the menu."""

from __future__ import annotations

from typing import TYPE_CHECKING

from firmware.controller.core.adapter import board_adapter
from firmware.controller.core.players import PlayerKind
from firmware.controller.modes.game import following
from firmware.controller.modes.menu import MenuMode
from firmware.controller.modes.playing import Pending
from firmware.controller.modes.waiting import WaitingForPiece
from firmware.rules.game_and_rules import GameAndRules

if TYPE_CHECKING:
    from firmware.controller.modes.context import ModeContext


def start(ctx: ModeContext, now: float, game: GameAndRules | None, first: str | None) -> None:
    """Start ``game`` at once, else resume the journal's match, else open the menu."""
    if game is None:
        if not resume(ctx, now):
            ctx.reset(MenuMode(now), now)
        return
    journal = ctx.match.journal
    left = journal.load()
    journal.take_archived()
    ctx.new_match(game.game, game.rules_dict(), now, first)
    archived = journal.take_archived()
    if left and left[0].get("e") == "match" and archived is not None:
        journal.tell(
            f"the {left[0].get('game')} match left on the board was archived to "
            f"{archived}; start without --game to resume a match instead"
        )


def resume(ctx: ModeContext, now: float) -> bool:
    """Rebuild the match from the journal, as far as it can be played; False if none."""
    last = ctx.match.resumable()
    if last is None:
        return False
    if last.problem is not None:
        ctx.feedback.refuse(f"the saved match could not be resumed in full ({last.problem})", now)
    if last.match is None or last.kinds is None:
        return False
    if ctx.computer is not None and last.level is not None:
        # The computer's seats and level as they were, for this match and the next ones; a
        # match without one leaves the board's level (the café's, play.computer_level) alone.
        specs = board_adapter(last.match.game).seats(last.match.rules, last.match.colours)
        pairs = zip(specs, last.kinds, strict=True)
        names = [spec.name for spec, kind in pairs if kind == PlayerKind.COMPUTER]
        ctx.computer.choose(names, last.level if names else None)
    ctx.match.resume(last)
    ctx.show_match_on_menu()
    following(ctx, now).restarted()
    if last.pending is not None:
        _waiting_again(ctx, *last.pending, now)
    return True


def _waiting_again(ctx: ModeContext, seat: int, token: str, now: float) -> None:
    """A move that waited for its piece when the power went waits again, if it still can."""
    seated = ctx.match.seated
    cells = ctx.match.pending_cells(seat, token)
    if seated is None or not cells:
        return
    ctx.match.cancel_players()  # its move is made: it only waits for the piece
    ctx.match.told(seat)
    ctx.replace(WaitingForPiece(now, seated, Pending(seat, token, cells)), now)


def fresh_match(ctx: ModeContext, now: float, why: str, *, same_players: bool = True) -> None:
    """Archive the match and set up a fresh one of the same kind (the same players, unless
    not ``same_players``); with no match yet, the game chosen on the menu."""
    match = ctx.match.play
    if match is None:
        chosen = ctx.menu.game_and_rules()
        ctx.new_match(chosen.game, chosen.rules_dict(), now, why=why)
        return
    kinds = [player.kind for player in ctx.match.players] if same_players else None
    ctx.new_match(match.game, dict(match.rules), now, players=kinds, why=why)


def seat_computer(ctx: ModeContext, seats: frozenset[str], level: int, now: float) -> None:
    """The computer takes ``seats`` (colours or names; none: people everywhere) at ``level``
    from a new match of the game being played (or picked on the menu) on."""
    if ctx.computer is None:
        ctx.feedback.refuse("this board runs no computer player", now)
        return
    ctx.computer.choose(seats, level)
    fresh_match(ctx, now, "new", same_players=False)
