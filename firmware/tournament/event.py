"""One tournament from its creation to its last round: its entrants, each round's pairings,
the results as they come in (each counted once), the standings, and its JSON to keep it."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from firmware.rules.api import JsonValue
from firmware.tournament.model import Entrant, Format, Pairing, Result, TournamentError
from firmware.tournament.pairing import (
    Past,
    grouped,
    round_robin_duels,
    round_robin_rounds,
    seat_order,
)
from firmware.tournament.standings import Standing, standings

MAX_ENTRANTS = 64


@dataclass(frozen=True, slots=True)
class Settings:
    """What the staff chose: the game and its rules, the format, how many rounds (Swiss; a
    round robin has as many as it needs), the match length and the time control."""

    name: str
    game: str
    format: Format
    group_size: int = 2  # 2: duels; 3: groups of three (3-player Cubulus)
    rounds: int | None = None  # None: a round robin's own count, or ⌈log2 players⌉ for Swiss
    rules: dict[str, JsonValue] = field(default_factory=dict)  # the match length is here
    clock: str = "none"  # as typed with --clock


class Tournament:
    """A tournament's whole state; every change is a method, and ``to_json`` keeps it."""

    def __init__(self, settings: Settings, entrants: Sequence[Entrant]) -> None:
        if settings.group_size not in (2, 3):
            raise TournamentError("games are duels (2) or groups of three (3)")
        names = [entrant.key for entrant in entrants]
        if len(set(names)) != len(names):
            raise TournamentError("a player is entered twice (names are matched without case)")
        if not 2 <= len(entrants) <= MAX_ENTRANTS:
            raise TournamentError(f"a tournament has 2 to {MAX_ENTRANTS} players")
        self.settings = settings
        self.entrants = tuple(entrants)
        self.rounds: list[list[Pairing]] = []
        self.results: dict[str, Result] = {}
        self.tables: dict[str, str] = {}  # each game's table (the board it was sent to)

    # -- what it is now --------------------------------------------------------------------

    @property
    def names(self) -> list[str]:
        return [entrant.name for entrant in self.entrants]

    @property
    def round_count(self) -> int:
        """How many rounds the tournament has."""
        if self.settings.rounds is not None:
            return self.settings.rounds
        if self.settings.format is Format.ROUND_ROBIN:
            return round_robin_rounds(len(self.entrants), self.settings.group_size)
        return max(1, math.ceil(math.log2(len(self.entrants))))

    @property
    def pairings(self) -> list[Pairing]:
        return [pairing for games in self.rounds for pairing in games]

    def waiting(self) -> list[Pairing]:
        """The current round's games with no result yet (byes need none)."""
        current = self.rounds[-1] if self.rounds else []
        return [p for p in current if not p.bye and p.key not in self.results]

    @property
    def finished(self) -> bool:
        return len(self.rounds) == self.round_count and not self.waiting()

    def standings(self) -> list[Standing]:
        return standings(self.settings.format, self.names, self.pairings, self.results)

    def pairing(self, key: str) -> Pairing | None:
        return next((p for p in self.pairings if p.key == key), None)

    # -- what changes it -------------------------------------------------------------------

    def pair_next_round(self) -> list[Pairing]:
        """Pair the next round; TournamentError while the current one is still being played
        or when every round has been paired."""
        if self.waiting():
            raise TournamentError(f"round {len(self.rounds)} still has games being played")
        if len(self.rounds) >= self.round_count:
            raise TournamentError("every round has been played")
        number = len(self.rounds) + 1
        past = self._past()
        size = self.settings.group_size
        if self.settings.format is Format.ROUND_ROBIN and size == 2:  # seats as its table says
            groups = round_robin_duels(self.names, number)
            return self._add_round(number, groups, lambda group: group)
        if self.settings.format is Format.ROUND_ROBIN:
            groups = grouped(self.names, size, past, allow_repeats=True)
        else:
            groups = grouped(self._ranked(past), size, past, allow_repeats=size == 3)
        return self._add_round(number, groups, lambda group: seat_order(group, past))

    def _add_round(
        self,
        number: int,
        groups: Sequence[tuple[str, ...]],
        seated: Callable[[tuple[str, ...]], tuple[str, ...]],
    ) -> list[Pairing]:
        """Round ``number``'s pairings: its games (seated) first, numbered, then the bye."""
        games = [seated(g) for g in groups if len(g) > 1] + [g for g in groups if len(g) == 1]
        pairings = [Pairing(number, index, group) for index, group in enumerate(games, start=1)]
        self.rounds.append(pairings)
        return pairings

    def record(self, key: str, result: Result) -> bool:
        """Count a pairing's result once: True when it is new, False when the same result was
        already counted (a late or repeated report); TournamentError for an unknown pairing, a
        winner who did not play it, or a different result for a decided game."""
        pairing = self.pairing(key)
        if pairing is None or pairing.bye:
            raise TournamentError(f"no game {key} in this tournament")
        if result.winner is not None and result.winner not in pairing.players:
            raise TournamentError(f"{result.winner} did not play {key}")
        known = self.results.get(key)
        if known is not None:
            if known.winner != result.winner:
                raise TournamentError(f"{key} already has its result ({known.winner} won)")
            return False
        self.results[key] = result
        return True

    def send(self, key: str, table: str) -> None:
        """Game ``key`` is played at ``table`` (sent there, or moved there from a table that
        went offline); TournamentError for a game that is not waiting for its result."""
        if key not in {p.key for p in self.waiting()}:
            raise TournamentError(f"{key} is not a game being played")
        self.tables[key] = table

    def _past(self) -> Past:
        past = Past()
        for pairing in self.pairings:
            result = Result(pairing.players[0]) if pairing.bye else self.results.get(pairing.key)
            past.add(pairing, {} if result is None else result.points(pairing))
        return past

    def _ranked(self, past: Past) -> list[str]:
        """The players best first for a Swiss round: by points, then rating."""
        rating = {entrant.name: entrant.rating for entrant in self.entrants}
        return sorted(self.names, key=lambda name: (-past.points[name], -rating[name], name))

    # -- kept as JSON ----------------------------------------------------------------------

    def to_json(self) -> dict[str, JsonValue]:
        settings = self.settings
        return {
            "name": settings.name,
            "game": settings.game,
            "format": settings.format.value,
            "group_size": settings.group_size,
            "rounds": settings.rounds,
            "rules": settings.rules,
            "clock": settings.clock,
            "entrants": [{"name": e.name, "rating": e.rating} for e in self.entrants],
            "pairings": [[list(p.players) for p in games] for games in self.rounds],
            "results": {
                key: {"winner": r.winner, "reason": r.reason} for key, r in self.results.items()
            },
            "tables": dict(self.tables),
        }

    @classmethod
    def from_json(cls, kept: JsonValue) -> Tournament:
        """A tournament as ``to_json`` kept it; TournamentError if it is not one."""
        body = _object(kept)
        rounds = body.get("rounds")
        settings = Settings(
            _text(body, "name"),
            _text(body, "game"),
            _format(body.get("format")),
            _whole(body.get("group_size")),
            None if rounds is None else _whole(rounds),
            _object(body.get("rules")),
            _text(body, "clock"),
        )
        entrants = [
            Entrant(_text(e, "name"), _number(_object(e).get("rating")))
            for e in _array(body.get("entrants"))
        ]
        tournament = cls(settings, entrants)
        for number, games in enumerate(_array(body.get("pairings")), start=1):
            tournament.rounds.append(
                [
                    Pairing(number, index, tuple(_name(p) for p in _array(players)))
                    for index, players in enumerate(_array(games), start=1)
                ]
            )
        for key, table in _object(body.get("tables", {})).items():
            tournament.tables[key] = _name(table)
        for key, result in _object(body.get("results")).items():
            winner = _object(result).get("winner")
            reason = _object(result).get("reason", "")
            tournament.results[key] = Result(
                None if winner is None else _name(winner), reason if isinstance(reason, str) else ""
            )
        return tournament


def _object(value: JsonValue) -> dict[str, JsonValue]:
    if not isinstance(value, dict):
        raise TournamentError("not a kept tournament: an object was expected")
    return value


def _array(value: JsonValue) -> list[JsonValue]:
    if not isinstance(value, list):
        raise TournamentError("not a kept tournament: a list was expected")
    return value


def _name(value: JsonValue) -> str:
    if not isinstance(value, str):
        raise TournamentError("not a kept tournament: a player's name was expected")
    return value


def _text(value: JsonValue, key: str) -> str:
    found = _object(value).get(key)
    if not isinstance(found, str):
        raise TournamentError(f"not a kept tournament: {key} is not text")
    return found


def _whole(value: JsonValue) -> int:
    if type(value) is not int:
        raise TournamentError("not a kept tournament: a whole number was expected")
    return value


def _number(value: JsonValue) -> float:
    if type(value) not in (int, float):
        raise TournamentError("not a kept tournament: a number was expected")
    return float(value)  # type: ignore[arg-type]


def _format(value: JsonValue) -> Format:
    try:
        return Format(value)
    except ValueError:
        raise TournamentError(f"not a kept tournament: no format {value!r}") from None
