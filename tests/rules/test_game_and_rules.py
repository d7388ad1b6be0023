"""GameAndRules: a game and its rules as one value, kept apart from the dict it was made from,
and written as the ``game`` and ``rules`` keys the scoreboard and the records already use."""

from __future__ import annotations

from firmware.rules.api import JsonValue
from firmware.rules.game_and_rules import GameAndRules


def test_it_is_the_game_and_rules_keys() -> None:
    chosen = GameAndRules("culls", {"mode": "teams", "rounds_to_win": 3})
    assert chosen.as_json() == {"game": "culls", "rules": {"mode": "teams", "rounds_to_win": 3}}
    data = chosen.as_json()
    game, rules = data["game"], data["rules"]
    assert isinstance(game, str) and isinstance(rules, dict)
    assert GameAndRules(game, rules) == chosen


def test_the_caller_s_dict_and_the_value_stay_apart() -> None:
    rules: dict[str, JsonValue] = {"players": 2}
    chosen = GameAndRules("cubulus", rules)
    rules["players"] = 3
    assert chosen.rules == {"players": 2}
    taken = chosen.rules_dict()
    taken["players"] = 3
    assert chosen.rules == {"players": 2} and chosen == GameAndRules("cubulus", {"players": 2})


def test_its_repr_is_the_code_that_makes_it() -> None:
    chosen = GameAndRules("culls", {"mode": "duel"})
    assert repr(chosen) == "GameAndRules(game='culls', rules={'mode': 'duel'})"
    assert eval(repr(chosen)) == chosen
