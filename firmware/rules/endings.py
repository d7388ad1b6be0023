"""A side that runs out of time or resigns (rules.md "Timed play" 3-5), as the rules see it.

Where that ends the round or game, it is ended off the board with the reason (``time``,
``resignation``) and the winner ``winner_if_out`` names. Where the game goes on without that
side (a 3-player Cubulus game, rule 4), the side to act plays one of the record tokens ``time``
or ``resign``: it is out, and the game goes on. The rules only hear that the side's time is up:
they never read a clock.
"""

from __future__ import annotations

from firmware.rules.api import GameState, Outcome

TIME = "time"
RESIGN = "resign"
OUT_TOKENS = (TIME, RESIGN)


class SidesLeft:
    """The base of a game state in which a side can be out while the others play on."""

    __slots__ = ()

    def sides_in(self) -> tuple[str, ...]:
        """The colours still in the game, in seat order."""
        raise NotImplementedError


def sides_in(state: GameState, colours: tuple[str, ...]) -> tuple[str, ...]:
    """The colours still playing ``state`` (all of ``colours`` for a game where none is out)."""
    return state.sides_in() if isinstance(state, SidesLeft) else colours


def winner_if_out(state: GameState, colours: tuple[str, ...]) -> str | None:
    """Who wins if the side to act loses now: the one other side still in, else None (the game
    goes on without it: it plays ``time`` or ``resign``)."""
    mover = state.to_move()
    others = [colour for colour in sides_in(state, colours) if colour != mover]
    return others[0] if len(others) == 1 else None


def ending_words(winner: str | None, reason: str | None, sides: tuple[str, ...]) -> str | None:
    """The result of a game ended off the board in words: ``Red won on time``, ``Blue resigned``
    (``sides``: the colours that were still in), ``Drawn by agreement``; None for any other."""
    if reason == "time" and winner is not None:
        return f"{winner.title()} won on time"
    if reason == "resignation" and winner is not None:
        losers = [side for side in sides if side != winner]
        if len(losers) == 1:
            return f"{losers[0].title()} resigned"
        return f"{winner.title()} won by resignation"
    if reason == "agreement":
        return "Drawn by agreement"
    return None


def outcome_words(winner: str | None) -> str:
    """A result that the board shows, in words: ``Red won``, or ``draw``."""
    return "draw" if winner is None else f"{winner.title()} won"


def off_the_board(outcome: Outcome) -> str | None:
    """The word for how a game ended off the board (``time``, ...), or None."""
    why = outcome.termination
    return None if why is None or why.positional else why.value


def result_words(state: GameState, colours: tuple[str, ...]) -> str | None:
    """``ending_words`` for ``state``'s outcome (None: it did not end off the board)."""
    outcome = state.outcome()
    return ending_words(outcome.winner, off_the_board(outcome), sides_in(state, colours))
