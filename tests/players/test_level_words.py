"""Every level says its measured strength: "level 2, about 1000" (its rating to the nearest 50)."""

from __future__ import annotations

import re

from pytest import MonkeyPatch

from firmware.games.cubulus import player as cubulus_player
from firmware.games.culls import player as culls_player
from firmware.players import HIGHEST, LOWEST, level_words
from firmware.players.levels import rating_scale_words
from firmware.rules.registry import find_player, game_names


def test_every_level_of_every_game_with_a_player_has_a_rating_in_its_words() -> None:
    for game in game_names():
        try:
            player = find_player(game)
        except ValueError:
            continue
        for number in range(LOWEST, HIGHEST + 1):
            rating = player.rating(number)
            assert isinstance(rating, int), (game, number)
            words = level_words(game, number)
            assert re.fullmatch(rf"level {number}, about \d+0", words), words
            assert abs(int(words.rsplit(" ", 1)[1]) - rating) <= 25


def test_a_game_without_a_player_says_the_level_alone() -> None:
    assert level_words("no-such-game", 3) == "level 3"


def test_the_rating_pages_scale_is_read_from_the_levels_ratings(monkeypatch: MonkeyPatch) -> None:
    monkeypatch.setattr(culls_player, "LEVEL_RATINGS", {**culls_player.LEVEL_RATINGS, 6: 1779})
    monkeypatch.setattr(cubulus_player, "LEVEL_RATINGS", {**cubulus_player.LEVEL_RATINGS, 6: 2071})
    assert rating_scale_words().endswith("level 6 about 1,800 (Culls) or 2,050 (Cubulus)")
    monkeypatch.setattr(culls_player, "LEVEL_RATINGS", {**culls_player.LEVEL_RATINGS, 6: 2049})
    assert rating_scale_words().endswith("level 6 about 2,050")  # one figure for both games
    monkeypatch.setattr(culls_player, "LEVEL_RATINGS", {**culls_player.LEVEL_RATINGS, 1: 930})
    monkeypatch.setattr(cubulus_player, "LEVEL_RATINGS", {**cubulus_player.LEVEL_RATINGS, 1: 909})
    assert rating_scale_words().startswith("level 1 about 950 (Culls) or 900 (Cubulus), ")
