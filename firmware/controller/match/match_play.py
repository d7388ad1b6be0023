"""The board's match: the rules ``Match`` as the table drives it, and rebuilt from the journal."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass

from firmware.controller.match.entries import (
    DoEntry,
    DroppedEntry,
    EndEntry,
    MatchEntry,
    NameEntry,
    PendingEntry,
    RoundEntry,
    UndoEntry,
    decode,
)
from firmware.rules.api import Game, GameState, InvalidRecordError, JsonValue, Outcome, Termination
from firmware.rules.bounded_json import shorten
from firmware.rules.match import Match
from firmware.rules.registry import find_game

# What a journal entry the rules refuse raises (IllegalActionError is a ValueError).
_UNPLAYABLE = (InvalidRecordError, ValueError, KeyError, IndexError, TypeError)


class MatchPlay:
    """A ``Match`` whose rounds the table starts one by one; no round yet until the first starts."""

    def __init__(self, game_name: str, rules: Mapping[str, JsonValue]) -> None:
        self._game: Game = find_game(game_name)
        self.rules: dict[str, JsonValue] = self._game.parse_rules(rules)
        self.colours: tuple[str, ...] = self._game.colours(self.rules)
        # Stands in (no scores, nothing to undo) until start_round names round 1's starter.
        self._match = Match(self._game.name, self.rules, first=self.colours[0])
        self._started = False

    @property
    def game(self) -> str:
        """The game's name, as ``Match.game`` says it."""
        return self._game.name

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
            self._match = Match(self._game.name, self.rules, first=first)
            self._started = True
            return self._match.current
        if first != self.next_first():
            number = self._match.round_number + 1
            raise ValueError(f"round {number} is started by {self.next_first()}, not {first}")
        return self._match.next_round()

    @classmethod
    def from_journal(cls, entries: list[dict[str, JsonValue]]) -> JournalReplay:
        """The match the longest playable start of a journal describes, and why it stopped."""
        match: MatchPlay | None = None
        resumable = 0  # entries up to the last point with a round being played
        for number, entry in enumerate(entries, start=1):
            try:
                match = cls._open(entry) if match is None else match._play(entry, number)
            except _UNPLAYABLE as exc:
                reason = shorten(f"journal entry {number} cannot be played: {exc}")
                return JournalReplay(match if resumable else None, resumable, reason)
            if match.current is not None:
                resumable = number
        if resumable == 0:
            return JournalReplay(None, 0, "the saved match has no round")
        return JournalReplay(match, resumable, None)

    @classmethod
    def _open(cls, head: dict[str, JsonValue]) -> MatchPlay:
        entry = decode(head)
        if not isinstance(entry, MatchEntry):
            raise ValueError("the journal does not start with a match")
        return cls(entry.game, entry.rules)

    def _play(self, raw: dict[str, JsonValue], number: int) -> MatchPlay:
        entry = decode(raw)
        if isinstance(entry, RoundEntry):
            self.start_round(entry.first)
        elif isinstance(entry, DoEntry) and self.current is not None:
            self.current.apply(entry.token)
        elif isinstance(entry, UndoEntry) and self.can_undo():
            self.undo()
        elif isinstance(entry, EndEntry) and self.current is not None:
            self.end_round(entry.reason, entry.winner)
        elif not isinstance(entry, PendingEntry | DroppedEntry | NameEntry):
            raise ValueError(f"not a next step here: {json.dumps(raw)}")
        return self

    def end_round(self, termination: Termination, winner: str | None) -> Outcome:
        """End the round in play off the board (time, resignation, agreement); ``winner`` wins
        it, or nobody. ValueError if no round is in play (``Match.end_round`` says the rest)."""
        if self.current is None:
            raise ValueError("no round is in play")
        return self._match.end_round(termination, winner)

    @property
    def concluded(self) -> bool:
        """The round in play was ended by ``end_round`` (UNDO takes that back first)."""
        return self._started and self._match.concluded

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


@dataclass(frozen=True, slots=True)
class JournalReplay:
    """A journal played back: the match (None: nothing to resume), the entries it used, why not all.

    ``kept`` counts the entries that rebuild ``match`` (0 when it is None); ``problem`` says why
    the entries after them cannot be played, or is None when all of them were.
    """

    match: MatchPlay | None
    kept: int
    problem: str | None
