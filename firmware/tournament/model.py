"""The values a tournament is made of: its format, its entrants, a round's pairings and their
results."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from firmware.errors import InputError


class TournamentError(InputError):
    """A tournament cannot do what was asked; the message is one line for the staff."""


class Format(enum.Enum):
    """How a tournament pairs its players."""

    ROUND_ROBIN = "round_robin"  # everyone meets everyone once
    SWISS = "swiss"  # players with the same score meet; nobody twice


@dataclass(frozen=True, slots=True)
class Entrant:
    """A player in the tournament, with the rating the Swiss pairing breaks ties by."""

    name: str
    rating: float = 0.0

    @property
    def key(self) -> str:
        """The player's name as the café matches names: letter case and spaces folded."""
        return fold_name(self.name)


def fold_name(name: str) -> str:
    """One player per name: "  ana  Lopez" and "Ana lopez" are the same player."""
    return " ".join(name.split()).casefold()


@dataclass(frozen=True, slots=True)
class Pairing:
    """One game of a round: its players in seat order (the first plays the first colour), or
    one player alone with a bye."""

    round: int
    number: int  # 1, 2, ... within the round
    players: tuple[str, ...]

    @property
    def bye(self) -> bool:
        return len(self.players) == 1

    @property
    def key(self) -> str:
        """The pairing's id, stable across restarts: ``R2-3`` is round 2's third game."""
        return f"R{self.round}-{self.number}"


@dataclass(frozen=True, slots=True)
class Result:
    """How a pairing's game ended: the winning player (None: a draw) and why (the match's
    ending reason: "line", "time", "resignation", ...)."""

    winner: str | None
    reason: str = ""

    def points(self, pairing: Pairing) -> dict[str, float]:
        """Each player's points: 1 for the winner, 0 for the others; a draw shares one point
        (½ each in a duel); a bye is a win."""
        if pairing.bye:
            return {pairing.players[0]: 1.0}
        if self.winner is None:
            share = 1.0 / len(pairing.players)
            return dict.fromkeys(pairing.players, share)
        return {player: float(player == self.winner) for player in pairing.players}
