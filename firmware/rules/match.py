"""A match of any registered game: rounds, starters, scores, undo, and a journal to resume from."""

from __future__ import annotations

import random
from collections.abc import Mapping

from firmware.rules.api import GameState, InvalidRecordError, JsonValue, Status
from firmware.rules.records import FORMAT, Record, record_of, replay
from firmware.rules.registry import find_game

_KEYS = ("format", "game", "rules", "first", "rounds", "current")


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
    def history(self) -> tuple[Record, ...]:
        """The records of the finished rounds, in order (the last one once the match is over)."""
        finished = self._rounds if self.is_over else self._rounds[:-1]
        return tuple(record_of(state) for state in finished)

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

    def can_undo(self) -> bool:
        """Whether there is an action to take back (a token, or the start of a later round)."""
        return len(self._rounds) > 1 or self.current.ply > 0

    def undo(self) -> None:
        """Take back the last token, or the start of a round that has none yet."""
        if not self.can_undo():
            raise ValueError("nothing to undo")
        if self.current.ply > 0:
            self.current.undo()
        else:
            self._rounds.pop()

    def rematch(self) -> Match:
        """A new match, same rules, started by the colour after the last round's starter."""
        return Match(self.game, self._rules, first=self.starter(self.round_number + 1))

    # -- journal ----------------------------------------------------------------------------

    def to_json(self) -> dict[str, JsonValue]:
        """The match as a JSON object: round 1's starter, finished rounds, the round in play."""
        rounds: list[JsonValue] = [list[JsonValue](record.moves) for record in self.history]
        current: JsonValue = None if self.is_over else list[JsonValue](self.current.moves)
        return {
            "format": FORMAT,
            "game": self.game,
            "rules": dict(self._rules),
            "first": self._rounds[0].first,
            "rounds": rounds,
            "current": current,
        }

    @classmethod
    def from_json(cls, raw: object) -> Match:
        """Resume a match from ``to_json()`` output; InvalidRecordError names what is wrong."""
        if not isinstance(raw, dict):
            raise InvalidRecordError("a match must be a JSON object")
        for key in raw:
            if key not in _KEYS:
                raise InvalidRecordError(f"{key}: unknown key (allowed: {', '.join(_KEYS)})")
        missing = [key for key in _KEYS if key not in raw]
        if missing:
            raise InvalidRecordError(f"{missing[0]}: missing")
        if type(raw["format"]) is not int or raw["format"] != FORMAT:
            raise InvalidRecordError(f"format: must be {FORMAT}")
        name, rules_raw, first = raw["game"], raw["rules"], raw["first"]
        if not isinstance(name, str):
            raise InvalidRecordError("game: must be a string")
        if not isinstance(rules_raw, dict):
            raise InvalidRecordError("rules: must be an object")
        match = cls(name, rules_raw, first=first if isinstance(first, str) else "")
        rounds = raw["rounds"]
        if not isinstance(rounds, list):
            raise InvalidRecordError("rounds: must be a list of move lists")
        for index, moves in enumerate(rounds):
            if match.is_over:
                raise InvalidRecordError(f"rounds[{index}]: the match was already over")
            match._play(f"rounds[{index}]", moves, fresh=index == 0)
            if not match.round_over:
                raise InvalidRecordError(f"rounds[{index}]: the round is not over")
        current = raw["current"]
        if match.is_over and current is not None:
            raise InvalidRecordError("current: must be null once the match is over")
        if not match.is_over:
            match._play("current", current, fresh=not rounds)
        return match

    def _play(self, where: str, moves: object, *, fresh: bool) -> None:
        """Replay ``moves`` as a new round (or into a fresh round 1); InvalidRecordError if bad."""
        if not isinstance(moves, list) or not all(isinstance(token, str) for token in moves):
            raise InvalidRecordError(f"{where}: must be a list of tokens")
        if not fresh:
            self.next_round()
        record = Record(self.game, self._rules, self.current.first, tuple(moves))
        played, error = replay(record)
        if error is not None:
            raise InvalidRecordError(f"{where}: {error}")
        self._rounds[-1] = played

    def __repr__(self) -> str:
        scores = ", ".join(f"{colour}={wins}" for colour, wins in self.scores.items())
        return f"<Match {self.game} round {self.round_number} ({scores})>"
