"""A third game played through the real controller, renderer and web view.

It lives in this folder alone; listing it in the registry's ``GAME_PACKAGES`` is the only change
anywhere else, and the test makes that change for its own duration.
"""

from __future__ import annotations

import json

import pytest

from firmware.render import palette
from firmware.rules import registry
from firmware.rules.records import parse_record, replay
from firmware.web import serve_in_thread
from tests.controller.conftest import Rig
from tests.rules import test_all_games as every_game
from tests.web.client import post, request


def test_the_menu_offers_it_and_the_green_cell_starts_it(rig: Rig) -> None:
    rig.start()
    menu = rig.table.menu
    index = next(i for i, choice in enumerate(menu.choices) if choice.label == "Tic-tac-toe")
    rig.tap_cell(menu.tiles()[index].cells[0])
    rig.tap_cell(menu.start_cell)
    score = rig.score
    assert score["game"] == "tictactoe" and score["phase"] == "playing"
    assert score["seats"] == [
        {"colour": "blue", "name": "Blue", "player": "here", "level": None, "player_name": None},
        {"colour": "red", "name": "Red", "player": "here", "level": None, "player_name": None},
    ]


def test_a_game_by_touch_over_the_web_lights_the_board_and_ends_the_match(rig: Rig) -> None:
    rig.start("tictactoe", {}, first="blue")
    with serve_in_thread(rig.controller, host="127.0.0.1", port=0, pin=None) as web:

        def touch(name: str) -> None:
            assert post(f"{web.url}api/touch", {"cell": name}).status == 202
            rig.controller.step()

        touch("a1")  # outside the nine middle cells (g7..i9): refused, nothing placed
        assert rig.score["error"] == "tap one of the nine cells in the middle"
        for name in ("g7", "g8", "h8", "h9"):
            touch(name)
        rig.assert_cell_colour("g7", palette.PIECES["blue"])
        rig.assert_cell_colour("g8", palette.PIECES["red"])
        touch("h8")  # taken: the rules refuse it, the turn stays with blue
        assert rig.score["error"] == "b2 is taken" and rig.score["to_move"] == "blue"
        touch("i9")
        state = request(f"{web.url}api/state").json()
        games = request(f"{web.url}api/games").json()["games"]
    tictactoe = {
        "name": "tictactoe",
        "options": [],
        "notation": [{"token": "b2", "means": "a mark on b2"}],
    }
    assert tictactoe in games, "the staff page offers it too"
    score = state["score"]
    assert score["phase"] == "match_over" and score["match_winner"] == "blue"
    assert score["line"] == ["a1", "b2", "c3"] and score["moves"] == ["a1", "a2", "b2", "b3", "c3"]
    top_row_of_grid = state["frame"]["grid"][15 - 9]  # row 9, where the grid's c3 lies
    assert top_row_of_grid[6:9] != ["#000000"] * 3
    replayed, problem = replay(parse_record(json.dumps(score["record"])))
    assert problem is None and replayed.outcome().winner == "blue"


def test_undo_and_a_rematch_alternate_the_first_player(rig: Rig) -> None:
    rig.start("tictactoe", {}, first="red")
    for name in ("g7", "h7", "g8", "h8"):
        rig.tap(name)
    rig.press("undo")
    assert rig.moves == ["a1", "b1", "a2"] and rig.score["to_move"] == "blue"
    rig.tap("i9")
    rig.tap("g9")
    assert rig.score["match_winner"] == "red"
    rig.advance(1.0)
    rig.tap("h8")  # the green centre cell: a rematch
    assert rig.score["phase"] == "playing" and rig.score["to_move"] == "blue"


def test_without_its_package_listed_the_game_is_unknown(
    rig: Rig, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert "tictactoe" in registry.game_names()
    monkeypatch.setattr(registry, "GAME_PACKAGES", registry.GAME_PACKAGES[:-1])
    assert "tictactoe" not in registry.game_names()


@pytest.mark.parametrize("seed", range(3))
def test_its_rules_pass_the_checks_every_game_passes(rig: Rig, seed: int) -> None:
    every_game.test_random_games_hold_together("tictactoe", {}, seed)
