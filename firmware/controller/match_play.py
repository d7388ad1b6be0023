"""The board's match: the rules ``Match`` as the table drives it, and rebuilt from the journal."""

from __future__ import annotations

from collections.abc import Mapping

from firmware.rules.api import Game, GameState, JsonValue
from firmware.rules.match import Match
from firmware.rules.registry import find_game

# Journal entries about a move waiting for its chip; the table reads them, the match does not.
SEAT_NOTES = ("pending", "dropped")


class MatchPlay:
    """A ``Match`` whose rounds the table starts one by one; no round yet until the first starts."""

    def __init__(self, game_name: str, rules: Mapping[str, JsonValue]) -> None:
        self.game: Game = find_game(game_name)
        self.rules: dict[str, JsonValue] = self.game.parse_rules(rules)
        self.colours: tuple[str, ...] = self.game.colours(self.rules)
        # Stands in (no scores, nothing to undo) until start_round names round 1's starter.
        self._match = Match(self.game.name, self.rules, first=self.colours[0])
        self._started = False

    @property
    def name(self) -> str:
        return self.game.name

    @property
    def rounds_to_win(self) -> int:
        """Round wins needed (Cubulus: one game is the match)."""
        return self._match.rounds_to_win

    @property
    def rounds(self) -> tuple[GameState, ...]:
        """Every round started so far, the current one last."""
        return self._match.rounds if self._started else ()

    @property
    def current(self) -> GameState | None:
        return self._match.current if self._started else None

    def start_round(self, first: str) -> GameState:
        """Start round 1 with ``first``, or the next round (``first`` must be its starter)."""
        if not self._started:
            self._match = Match(self.game.name, self.rules, first=first)
            self._started = True
            return self._match.current
        if first != self.next_first():
            number = self._match.round_number + 1
            raise ValueError(f"round {number} is started by {self.next_first()}, not {first}")
        return self._match.next_round()

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
                try:
                    match.start_round(first)
                except ValueError as exc:
                    raise ValueError(f"journal entry {number}: {exc}") from None
            elif kind == "do" and isinstance(token, str) and match.current is not None:
                match.current.apply(token)
            elif kind == "undo" and match.can_undo():
                match.undo()
            elif kind in SEAT_NOTES:
                continue
            else:
                raise ValueError(f"journal entry {number} cannot be played: {entry}")
        if match.current is None:
            raise ValueError("the journal has no round")
        return match

    def can_undo(self) -> bool:
        """Whether there is an action to take back (a token, or the start of a later round)."""
        return self._match.can_undo()

    def undo(self) -> None:
        """Take back the last token, or the start of a round that has none yet."""
        self._match.undo()

    def next_first(self) -> str:
        """The colour after the current round's first, in colour order (the starter alternates)."""
        if not self._started:
            return self.colours[0]
        return self._match.starter(self._match.round_number + 1)

    def scores(self) -> dict[str, int]:
        """Rounds won per colour."""
        return self._match.scores

    @property
    def round_over(self) -> bool:
        return self._started and self._match.round_over

    @property
    def is_over(self) -> bool:
        """The match is decided (Cubulus: its one game has ended)."""
        return self._started and self._match.is_over

    @property
    def winner(self) -> str | None:
        """The match winner, or None (undecided, or a drawn Cubulus game)."""
        return self._match.winner
