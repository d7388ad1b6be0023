"""Every level says its measured strength: "level 2, about 1000" (its rating to the nearest 50)."""

from __future__ import annotations

import re

from firmware.players import HIGHEST, LOWEST, level_words
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
