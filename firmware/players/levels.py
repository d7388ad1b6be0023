"""Levels 1-6, the same words for every game: each game's player says what a level sees.

The low levels are shallow and noisy (they still take a win in one, found before any noise); the
middle ones search a few plies; the top one deepens for as long as it may. Each level beats the
one below it in the bench's round robin.
"""

from __future__ import annotations

from firmware.rules.frozen import Frozen
from firmware.rules.players import HIGHEST_LEVEL, LOWEST_LEVEL
from firmware.rules.registry import find_player, game_names

LOWEST, HIGHEST = LOWEST_LEVEL, HIGHEST_LEVEL
DEFAULT = 3  # a new player's computer: a middle level, neither the weakest nor the strongest
OWN_MOVETIME_MS = {1: 300, 2: 300, 3: 300, 4: 500, 5: 800, 6: 1000}


class Level(Frozen):
    """One level and its own time per move (when the caller gives none)."""

    FIELDS = ("number", "movetime_ms")
    __slots__ = FIELDS
    number: int
    movetime_ms: int

    def __init__(self, number: int, movetime_ms: int) -> None:
        self._init(number, movetime_ms)

    def share(self, game: str) -> float:
        """The part of the given time (or node budget) this level spends on ``game``."""
        return find_player(game).share(self.number)


LEVELS = {number: Level(number, ms) for number, ms in OWN_MOVETIME_MS.items()}


def _measured_rating(game: str, number: int) -> int | None:
    """Level ``number``'s measured rating in ``game``; None when it has none (or the game has
    no computer player)."""
    try:
        return find_player(game).rating(number)
    except ValueError:  # a game without a computer player
        return None


def _nearest_50(rating: int) -> int:
    return round(rating / 50) * 50


def level_words(game: str, number: int) -> str:
    """The level as the board says it, with its rating in ``game`` when measured: "level 2,
    about 900" (to the nearest 50)."""
    rating = _measured_rating(game, number)
    if rating is None:
        return f"level {number}"
    return f"level {number}, about {_nearest_50(rating)}"


def rating_scale_words() -> str:
    """The computer's scale, from the levels' measured ratings, as the rating pages say it:
    "level 1 about 900, level 6 about 1,800 (Culls) or 2,050 (Cubulus)" (to the nearest 50)."""
    said = []
    for number in (LOWEST, HIGHEST):
        by_game = {
            game: f"{_nearest_50(rating):,}"
            for game in game_names()
            if (rating := _measured_rating(game, number)) is not None
        }
        if not by_game:
            continue
        if len(set(by_game.values())) == 1:
            said.append(f"level {number} about {next(iter(by_game.values()))}")
        else:
            each = [f"{about} ({game.capitalize()})" for game, about in by_game.items()]
            said.append(f"level {number} about {' or '.join(each)}")
    return ", ".join(said)


def level(number: int) -> Level:
    """The level called ``number``; ValueError names the range."""
    try:
        return LEVELS[number]
    except KeyError:
        raise ValueError(f"level must be {LOWEST} to {HIGHEST}, got {number}") from None
