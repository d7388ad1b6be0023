"""A match of any registered game: rounds, starters, scores, and a journal to resume from."""

from __future__ import annotations

import random
from collections.abc import Mapping

from firmware.rules.api import GameState, InvalidRecordError, JsonValue, find_game
from firmware.rules.records import FORMAT, Record, record_of, replay

_KEYS = ("format", "game", "rules", "first", "rounds", "current")


class Match:
    """Rounds of one game until a side wins enough of them (or one game, for single-game rules).

    Round 1's starter is drawn from the random source; later rounds pass the start on in seat
    order (so two colours alternate), draws included. Draws score nothing.
    """

    def __init__(
        self, game: str, rules: Mapping[str, object] | None = None, *, rng: random.Random
    ) -> None:
        found = find_game(game)
        parsed = found.parse_rules(rules or {})
        self._setup(game, parsed, rng.choice(found.colours(parsed)))

    def _setup(self, game: str, rules: dict[str, JsonValue], first: str) -> None:
        self._game = find_game(game)
        self._rules = rules
        self._colours = self._game.colours(rules)
        target = rules.get("rounds_to_win")
        self._target = target if type(target) is int else None
        self._first = first
        self._history: list[Record] = []
        self._winners: list[str | None] = []
        self._current: GameState = self._game.new_state(rules, first)

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
        return self._current

    @property
    def round_number(self) -> int:
        """The 1-based number of the current round."""
        return len(self._history) + (0 if self.is_over else 1)

    @property
    def history(self) -> tuple[Record, ...]:
        """The records of the finished rounds, in order."""
        return tuple(self._history)

    @property
    def scores(self) -> dict[str, int]:
        """Rounds won per colour, every colour listed."""
        return {colour: self._winners.count(colour) for colour in self._colours}

    @property
    def is_over(self) -> bool:
        if self._target is None:
            return bool(self._history)
        return any(self._winners.count(colour) >= self._target for colour in self._colours)

    @property
    def winner(self) -> str | None:
        """The colour that won the match, or None (not over yet, or a one-game match drawn)."""
        if self._target is None:
            return self._winners[0] if self._winners else None
        for colour in self._colours:
            if self._winners.count(colour) >= self._target:
                return colour
        return None

    def starter(self, round_number: int) -> str:
        """The colour that starts round ``round_number`` (1-based)."""
        start = self._colours.index(self._first)
        return self._colours[(start + round_number - 1) % len(self._colours)]

    # -- changing it ------------------------------------------------------------------------

    def finish_round(self) -> None:
        """Score the finished current round and, unless the match is over, start the next."""
        if self.is_over:
            raise ValueError("the match is over")
        outcome = self._current.outcome()
        if not outcome.is_over:
            raise ValueError("the round is not over")
        self._history.append(record_of(self._current))
        self._winners.append(outcome.winner)
        if not self.is_over:
            self._current = self._game.new_state(self._rules, self.starter(self.round_number))

    def rematch(self) -> Match:
        """A new match, same rules, started by the colour after the last round's starter."""
        following = self.starter(self.round_number + 1)
        match = Match.__new__(Match)
        match._setup(self.game, dict(self._rules), following)
        return match

    # -- journal ----------------------------------------------------------------------------

    def to_json(self) -> dict[str, JsonValue]:
        """The match as a JSON object: round 1's starter, finished rounds, the round in play."""
        rounds: list[JsonValue] = [list[JsonValue](record.moves) for record in self._history]
        current: JsonValue = None if self.is_over else list[JsonValue](self._current.moves)
        return {
            "format": FORMAT,
            "game": self.game,
            "rules": dict(self._rules),
            "first": self._first,
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
        game = find_game(name)
        rules = game.parse_rules(rules_raw)
        if first not in game.colours(rules):
            raise InvalidRecordError(f"first: must be one of {', '.join(game.colours(rules))}")
        match = cls.__new__(cls)
        match._setup(name, rules, first)
        rounds = raw["rounds"]
        if not isinstance(rounds, list):
            raise InvalidRecordError("rounds: must be a list of move lists")
        for index, moves in enumerate(rounds):
            if match.is_over:
                raise InvalidRecordError(f"rounds[{index}]: the match was already over")
            match._play(f"rounds[{index}]", moves)
            if not match._current.outcome().is_over:
                raise InvalidRecordError(f"rounds[{index}]: the round is not over")
            match.finish_round()
        current = raw["current"]
        if match.is_over and current is not None:
            raise InvalidRecordError("current: must be null once the match is over")
        if not match.is_over:
            match._play("current", current)
        return match

    def _play(self, where: str, moves: object) -> None:
        """Replay ``moves`` into the current round; InvalidRecordError if any is not legal."""
        if not isinstance(moves, list) or not all(isinstance(token, str) for token in moves):
            raise InvalidRecordError(f"{where}: must be a list of tokens")
        state = self._current
        record = Record(self.game, self._rules, state.first, tuple(moves))
        played, error = replay(record)
        if error is not None:
            raise InvalidRecordError(f"{where}: {error}")
        self._current = played

    def __repr__(self) -> str:
        scores = ", ".join(f"{colour}={wins}" for colour, wins in self.scores.items())
        return f"<Match {self.game} round {self.round_number} ({scores})>"
