"""Players who last: every name put on a seat, across the days of a board's history, with their
matches, wins and a rating (OpenSkill's Plackett-Luce model, which rates teams and games of
three as well as duels), and the leaderboard of a day, a week or all time.

Everything is computed again from the history when asked, so an UNDO that reopens a decided
match (the history rewrites it) changes the standings and the ratings at once.
"""

from __future__ import annotations

import datetime
import enum
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from openskill.models import PlackettLuce, PlackettLuceRating

from firmware.history.leaderboard import seat_colours
from firmware.history.rows import MatchRow
from firmware.history.store import History
from firmware.rules.api import JsonValue

# The rating a page shows, on the scale of the computer levels' ratings (Elo-like, about 900 for
# level 1 to 1,800-2,050 for level 6, docs/players.md): a newcomer (ordinal 0) shows 1,000, and a
# unit of OpenSkill's mu is 47 Elo points (at equal ratings the Plackett-Luce model's win chance
# changes with mu as Elo's does with 47 points, for its beta of 25/6). Never below 100.
DISPLAY_NEWCOMER = 1000
DISPLAY_PER_MU = 47.0
DISPLAY_FLOOR = 100


def display_rating(ordinal: float) -> int:
    """A rating's ordinal (mu - 3 sigma) as the pages show it, on the levels' scale."""
    return max(DISPLAY_FLOOR, round(DISPLAY_NEWCOMER + DISPLAY_PER_MU * ordinal))


class Period(enum.Enum):
    """How far back a leaderboard looks from its day."""

    DAY = "day"
    WEEK = "week"  # the ISO week (Monday to Sunday) holding the day
    MONTH = "month"  # the calendar month holding the day
    ALL = "all"

    def days(self, day: datetime.date) -> tuple[datetime.date, datetime.date] | None:
        """The first and last day covered, or None for all time."""
        if self is Period.DAY:
            return day, day
        if self is Period.WEEK:  # the calendar's last week ends on its last day
            monday = day - datetime.timedelta(days=day.weekday())
            last = datetime.date.max - monday
            return monday, monday + datetime.timedelta(days=min(6, last.days))
        if self is Period.MONTH:
            first = day.replace(day=1)
            if (day.year, day.month) == (datetime.MAXYEAR, 12):  # the calendar's last month
                return first, datetime.date.max
            following = (first + datetime.timedelta(days=32)).replace(day=1)
            return first, following - datetime.timedelta(days=1)
        return None


@dataclass(frozen=True, slots=True)
class Seat:
    """One seat of a finished match as a player saw it."""

    name: str | None  # None: nobody named the seat
    colour: str


@dataclass(frozen=True, slots=True)
class Result:
    """A finished match: its seats and the winning colour (None: a draw)."""

    match: MatchRow
    seats: tuple[Seat, ...]
    winner: str | None

    @property
    def day(self) -> datetime.date:
        return datetime.date.fromisoformat(self.match.day)

    def named(self) -> list[str]:
        return [seat.name for seat in self.seats if seat.name]

    def won(self, name: str) -> bool:
        return self.winner is not None and self.winner in self.colours_of(name)

    def colours_of(self, name: str) -> set[str]:
        """The colours ``name`` (any letter case) played in this match."""
        key = name.casefold()
        return {s.colour for s in self.seats if s.name and s.name.casefold() == key}


@dataclass
class Player:
    """A name across the history: matches played and won, rounds won, last played, rating."""

    name: str
    matches: int = 0
    match_wins: int = 0
    draws: int = 0
    last_played: float | None = None
    rating: float = 0.0  # the rating's ordinal (mu - 3 sigma): 0 for a newcomer (see display)
    mu: float = 0.0
    sigma: float = 0.0
    history: list[Result] = field(default_factory=list)

    def to_json(self) -> dict[str, JsonValue]:
        return {
            "name": self.name,
            "matches": self.matches,
            "match_wins": self.match_wins,
            "draws": self.draws,
            "last_played": self.last_played,
            "rating": round(self.rating, 2),
            "display_rating": display_rating(self.rating),
            "mu": round(self.mu, 3),
            "sigma": round(self.sigma, 3),
        }


def results(history: History) -> list[Result]:
    """Every finished match of the history, oldest first, with its named seats."""
    return results_of(history.matches())


def results_of(matches: Iterable[MatchRow]) -> list[Result]:
    """Every finished match of ``matches`` (one board's or the café's), oldest first."""
    found: list[Result] = []
    for match in matches:
        if match.finished is None:
            continue
        colours = seat_colours(match.game, match.rules)
        if not colours:
            continue
        names = list(match.names) + [None] * (len(colours) - len(match.names))
        seats = tuple(Seat(name, colour) for name, colour in zip(names, colours, strict=False))
        found.append(Result(match, seats, match.winner))
    found.sort(key=lambda r: (r.match.finished or r.match.started, r.match.id))
    return found


def rate(found: Iterable[Result]) -> dict[str, PlackettLuceRating]:
    """Each name's rating after ``found`` in order (names in any letter case are one player).

    A colour's seats are a team (Culls 2 vs 2 shares a colour); the winner's team ranks first
    and the rest share second, a draw ranks all alike. An unnamed seat plays at a newcomer's
    rating that nobody keeps, so beating a stranger still counts for something.
    """
    model = PlackettLuce()
    ratings: dict[str, PlackettLuceRating] = {}
    for result in found:
        if not result.named():
            continue
        colours = list(dict.fromkeys(seat.colour for seat in result.seats))
        teams = [
            [_rating(model, ratings, seat.name) for seat in result.seats if seat.colour == colour]
            for colour in colours
        ]
        ranks = [1.0 if result.winner in (None, colour) else 2.0 for colour in colours]
        rated = model.rate(teams, ranks=ranks)
        for colour, team in zip(colours, rated, strict=True):
            members = [seat for seat in result.seats if seat.colour == colour]
            for seat, rating in zip(members, team, strict=True):
                if seat.name:
                    ratings[seat.name.casefold()] = rating
    return ratings


def _rating(
    model: PlackettLuce, ratings: dict[str, PlackettLuceRating], name: str | None
) -> PlackettLuceRating:
    if name and name.casefold() in ratings:
        return ratings[name.casefold()]
    return model.rating(name=name)


def players(history: History) -> list[Player]:
    """Every named player, best rated first (then most matches won, then the name)."""
    return players_of(results(history))


def players_of(found: list[Result]) -> list[Player]:
    """Every name of ``found`` (oldest first), best rated first."""
    ratings = rate(found)
    by_key: dict[str, Player] = {}
    for result in found:
        counted: set[str] = set()  # a name on two seats of one match counts once
        for seat in result.seats:
            if not seat.name or seat.name.casefold() in counted:
                continue
            counted.add(seat.name.casefold())
            player = by_key.setdefault(seat.name.casefold(), Player(seat.name))
            player.history.append(result)
            player.matches += 1
            player.match_wins += result.winner == seat.colour
            player.draws += result.winner is None
            player.last_played = result.match.finished
    for key, player in by_key.items():
        rating = ratings[key]
        player.rating, player.mu, player.sigma = rating.ordinal(), rating.mu, rating.sigma
    return sorted(by_key.values(), key=_best_first)


def _best_first(player: Player) -> tuple[float, int, str]:
    return (-player.rating, -player.match_wins, player.name.casefold())


def player(history: History, name: str) -> Player | None:
    """The player under ``name`` (any letter case), or None if no seat ever had it."""
    key = name.casefold()
    return next((p for p in players(history) if p.name.casefold() == key), None)


def leaderboard(history: History, period: Period, day: datetime.date) -> list[Player]:
    """The players of ``period`` around ``day``: matches and wins counted in it, each with the
    rating they hold now; most matches won first, then the rating, then the name."""
    return leaderboard_of(results(history), period, day)


def leaderboard_of(found: list[Result], period: Period, day: datetime.date) -> list[Player]:
    """``leaderboard`` over ``found`` (one board's finished matches, or the café's)."""
    span = period.days(day)
    everyone = {p.name.casefold(): p for p in players_of(found)}
    board: dict[str, Player] = {}
    for result in found:
        if span is not None and not span[0] <= result.day <= span[1]:
            continue
        for name in {n.casefold(): n for n in reversed(result.named())}.values():
            known = everyone[name.casefold()]
            entry = board.setdefault(
                name.casefold(),
                Player(known.name, rating=known.rating, mu=known.mu, sigma=known.sigma),
            )
            entry.matches += 1
            entry.match_wins += result.won(name)
            entry.draws += result.winner is None
            entry.last_played = result.match.finished
    return sorted(board.values(), key=lambda p: (-p.match_wins, -p.rating, p.name.casefold()))


def names_of(seats: Sequence[Seat], colour: str | None) -> list[str]:
    """The names on ``colour``'s seats."""
    return [seat.name for seat in seats if seat.colour == colour and seat.name]
