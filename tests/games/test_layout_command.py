"""``cullsboard layout``: the board cell names of a game and the token a touch there makes."""

from __future__ import annotations

import json

import pytest

from firmware.cli import main
from firmware.games.cubulus.layout import board_cells_of
from firmware.rules.grid import cell_name, parse_cell
from firmware.rules.registry import find_game


def layout(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, str]:
    assert main(["layout", *args]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1
    mapping: dict[str, str] = json.loads(out)
    return mapping


def test_cubulus_maps_54_cells_to_every_push(capsys: pytest.CaptureFixture[str]) -> None:
    mapping = layout(capsys, "--game", "cubulus")
    state = find_game("cubulus").new_state({"players": 3}, "red")
    assert sorted(mapping.values()) == sorted(state.legal_actions())
    for name, token in mapping.items():
        assert parse_cell(name, 15) in board_cells_of(token[1:])


def test_culls_maps_each_of_the_225_cells_to_itself(capsys: pytest.CaptureFixture[str]) -> None:
    mapping = layout(capsys, "--game", "culls")
    assert len(mapping) == 225
    assert all(name == token for name, token in mapping.items())
    assert set(mapping) == {cell_name((x, y)) for x in range(15) for y in range(15)}
    culls = find_game("culls")
    fresh = culls.new_state(culls.parse_rules({}), culls.colours(culls.parse_rules({}))[0])
    assert set(mapping) == set(fresh.legal_actions())


def test_an_unknown_game_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["layout", "--game", "chess"]) == 2
    assert capsys.readouterr().err == (
        "cullsboard layout: --game: unknown game 'chess' (games: culls, cubulus)\n"
    )
