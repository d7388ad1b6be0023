"""A match as the board plays it: rounds of one game, the scores, and who starts next."""

from __future__ import annotations

from collections.abc import Mapping

from firmware.rules.api import Game, GameState, JsonValue, Status, find_game


class MatchPlay:
    """The rounds of a match so far; scores are counted from the rounds, so undo stays exact."""

    def __init__(self, game_name: str, rules: Mapping[str, JsonValue]) -> None:
        self.game: Game = find_game(game_name)
        self.rules: dict[str, JsonValue] = self.game.parse_rules(rules)
        self.colours: tuple[str, ...] = self.game.colours(self.rules)
        self.rounds: list[GameState] = []

    @property
    def name(self) -> str:
        return self.game.name

    @property
    def rounds_to_win(self) -> int:
        """Round wins needed (Cubulus: one game is the match)."""
        value = self.rules.get("rounds_to_win", 1)
        return value if isinstance(value, int) else 1

    @property
    def current(self) -> GameState | None:
        return self.rounds[-1] if self.rounds else None

    def start_round(self, first: str) -> GameState:
        state = self.game.new_state(self.rules, first)
        self.rounds.append(state)
        return state

    @classmethod
    def from_journal(cls, entries: list[dict[str, JsonValue]]) -> MatchPlay:
        """The match a journal describes; ValueError (or IllegalActionError) if it cannot be."""
        head = entries[0]
        game, rules = head.get("game"), head.get("rules")
        if head.get("e") != "match" or not isinstance(game, str) or not isinstance(rules, dict):
            raise ValueError("the journal does not start with a match")
        match = cls(game, rules)
        for number, entry in enumerate(entries[1:], start=2):
            kind = entry.get("e")
            record, token = entry.get("record"), entry.get("token")
            if kind == "round" and isinstance(record, dict):
                first = record.get("first")
                if not isinstance(first, str):
                    raise ValueError(f"journal entry {number}: a round without its first colour")
                match.start_round(first)
            elif kind == "do" and isinstance(token, str) and match.current is not None:
                match.current.apply(token)
            elif kind == "undo" and match.can_undo():
                match.undo()
            else:
                raise ValueError(f"journal entry {number} cannot be played: {entry}")
        if match.current is None:
            raise ValueError("the journal has no round")
        return match

    def can_undo(self) -> bool:
        """Whether there is an action to take back (a token, or the start of a later round)."""
        return len(self.rounds) > 1 or (self.current is not None and self.current.ply > 0)

    def undo(self) -> None:
        """Take back the last token, or the start of a round that has none yet."""
        if not self.can_undo() or self.current is None:
            raise ValueError("nothing to undo")
        if self.current.ply > 0:
            self.current.undo()
        else:
            self.rounds.pop()

    def next_first(self) -> str:
        """The colour after the current round's first, in colour order (the starter alternates)."""
        if not self.rounds:
            return self.colours[0]
        index = self.colours.index(self.rounds[-1].first)
        return self.colours[(index + 1) % len(self.colours)]

    def scores(self) -> dict[str, int]:
        """Rounds won per colour."""
        scores = dict.fromkeys(self.colours, 0)
        for state in self.rounds:
            outcome = state.outcome()
            if outcome.status is Status.WON and outcome.winner in scores:
                scores[outcome.winner] += 1
        return scores

    @property
    def round_over(self) -> bool:
        return self.current is not None and self.current.outcome().is_over

    @property
    def is_over(self) -> bool:
        """The match is decided (Cubulus: its one game has ended)."""
        if not self.round_over:
            return False
        if self.rounds_to_win <= 1:
            return True
        return max(self.scores().values()) >= self.rounds_to_win

    @property
    def winner(self) -> str | None:
        """The match winner, or None (undecided, or a drawn Cubulus game)."""
        if not self.is_over:
            return None
        if self.rounds_to_win <= 1:
            assert self.current is not None
            return self.current.outcome().winner
        return max(self.scores().items(), key=lambda item: item[1])[0]
