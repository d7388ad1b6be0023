"""A match of any registered game: rounds, starters, scores, undo, and endings off the board."""

from __future__ import annotations

import random
from collections.abc import Mapping

from firmware.rules.api import (
    GameState,
    InvalidRecordError,
    JsonValue,
    Outcome,
    Status,
    Termination,
)
from firmware.rules.registry import find_game


class Match:
    """Rounds of one game until a side wins enough of them (or one game, for single-game rules).

    Round 1's starter is ``first``, else drawn from ``rng``; each later round is started by the
    colour after the previous round's starter, draws included. Draws score nothing. Scores are
    counted from the rounds themselves, so undo (even of a round's start) keeps them exact.
    """

    def __init__(
        self,
        game: str,
        rules: Mapping[str, object] | None = None,
        *,
        first: str | None = None,
        rng: random.Random | None = None,
    ) -> None:
        self._game = find_game(game)
        self._rules = self._game.parse_rules(rules or {})
        self._colours = self._game.colours(self._rules)
        target = self._rules.get("rounds_to_win")
        self._target = target if type(target) is int else None
        if first is None:
            if rng is None:
                raise ValueError("a match needs its first colour or a random source to draw it")
            first = rng.choice(self._colours)
        elif first not in self._colours:
            raise InvalidRecordError(f"first: must be one of {', '.join(self._colours)}")
        self._rounds: list[GameState] = [self._game.new_state(self._rules, first)]
        self._concluded: set[int] = set()  # rounds (from 0) ended by ``end_round``

    # -- the match as it stands -------------------------------------------------------------

    @property
    def game(self) -> str:
        return self._game.name

    @property
    def rules(self) -> dict[str, JsonValue]:
        return dict(self._rules)

    @property
    def colours(self) -> tuple[str, ...]:
        return self._colours

    @property
    def rounds_to_win(self) -> int:
        """Round wins needed to take the match (1 for a one-game match)."""
        return self._target if self._target is not None else 1

    @property
    def current(self) -> GameState:
        """The round in play (after the match is over: the last round)."""
        return self._rounds[-1]

    @property
    def rounds(self) -> tuple[GameState, ...]:
        """Every round started so far, the current one last."""
        return tuple(self._rounds)

    @property
    def round_number(self) -> int:
        """The 1-based number of the current round."""
        return len(self._rounds)

    @property
    def round_over(self) -> bool:
        return self.current.outcome().is_over

    @property
    def scores(self) -> dict[str, int]:
        """Rounds won per colour, every colour listed."""
        scores = dict.fromkeys(self._colours, 0)
        for state in self._rounds:
            outcome = state.outcome()
            if outcome.status is Status.WON and outcome.winner in scores:
                scores[outcome.winner] += 1
        return scores

    @property
    def is_over(self) -> bool:
        if not self.round_over:
            return False
        return self._target is None or max(self.scores.values()) >= self._target

    @property
    def winner(self) -> str | None:
        """The colour that won the match, or None (not over yet, or a one-game match drawn)."""
        if not self.is_over:
            return None
        if self._target is None:
            return self.current.outcome().winner
        return max(self.scores.items(), key=lambda item: item[1])[0]

    def starter(self, round_number: int) -> str:
        """The colour that starts round ``round_number`` (1-based)."""
        start = self._colours.index(self._rounds[0].first)
        return self._colours[(start + round_number - 1) % len(self._colours)]

    # -- changing it ------------------------------------------------------------------------

    def next_round(self) -> GameState:
        """Start the next round once the current one is over and the match is not."""
        if self.is_over:
            raise ValueError("the match is over")
        if not self.round_over:
            raise ValueError("the round is not over")
        state = self._game.new_state(self._rules, self.starter(self.round_number + 1))
        self._rounds.append(state)
        return state

    def end_round(self, termination: Termination, winner: str | None) -> Outcome:
        """End the round in play by a reason off the board (time, resignation, agreement):
        ``winner`` wins it, or nobody (None). ValueError if the round is over, the reason is
        one only the moves give, or ``winner`` does not play. UNDO takes the ending back."""
        if winner is not None and winner not in self._colours:
            raise ValueError(f"winner: must be one of {', '.join(self._colours)}, not {winner!r}")
        outcome = Outcome.ended_by(termination, winner)
        self.current.conclude(outcome)
        self._concluded.add(len(self._rounds) - 1)
        return outcome

    @property
    def concluded(self) -> bool:
        """Whether the round in play was ended by ``end_round`` (UNDO reopens it first); an
        ending a token gave (a game's own ``time`` or ``resign`` token) is not."""
        return len(self._rounds) - 1 in self._concluded

    def can_undo(self) -> bool:
        """Whether there is an action to take back (a token, an ending by ``end_round``, or the
        start of a later round)."""
        return len(self._rounds) > 1 or self.current.ply > 0 or self.concluded

    def undo(self) -> None:
        """Take back an ending by ``end_round``, else the last token, else the start of a round
        that has none yet; IndexError if there is nothing to take back (as ``GameState.undo``)."""
        if not self.can_undo():
            raise IndexError("nothing to undo")
        if self.concluded:
            self.current.reopen()
            self._concluded.discard(len(self._rounds) - 1)
        elif self.current.ply > 0:
            self.current.undo()
        else:
            self._rounds.pop()
            self._concluded.discard(len(self._rounds))

    def __repr__(self) -> str:
        scores = ", ".join(f"{colour}={wins}" for colour, wins in self.scores.items())
        return f"<Match {self.game} round {self.round_number} ({scores})>"
