"""The menu: MENU opens it and cycles games, touches pick, the green cell or NEW starts."""

from __future__ import annotations

from tests.controller.conftest import Rig

SCOREBOARD_KEYS = {
    "game", "mode", "players", "seats", "phase", "round", "rounds_to_win", "scores", "to_move",
    "seat", "awaiting", "moves", "status", "winner", "line", "last_result", "match_winner",
    "message", "error", "record", "position", "review", "pending", "thinking", "hint",
    "online", "notice", "last_action", "menu", "lesson", "puzzle", "clock", "paused",
    "ready_cell", "over", "attract", "voice", "hints", "show_mistakes", "levels", "tournament",
    "facts",
}  # fmt: skip


def test_with_no_game_and_no_journal_the_menu_opens(rig: Rig) -> None:
    rig.start()
    assert rig.score["phase"] == "menu" and rig.score["game"] is None
    assert set(rig.score) == SCOREBOARD_KEYS
    message = str(rig.score["message"])
    tiles = "b12 Culls duel, e12 Culls teams, h12 Cubulus 2 players, k12 Cubulus 3 players"
    assert tiles in message
    assert message.endswith("; green cell h3")


def test_touches_pick_the_game_and_the_length_then_the_green_cell_starts(rig: Rig) -> None:
    rig.start()
    menu = rig.table.menu
    teams = menu.tiles()[1]
    rig.tap_cell(teams.cells[0])
    four = next(t for t in menu.tiles()[len(menu.choices) :] if len(t.cells) == 4)
    rig.tap_cell(four.cells[0])
    rig.tap_cell(menu.start_cell)
    score = rig.score
    assert score["phase"] == "playing" and score["mode"] == "teams"
    assert score["rounds_to_win"] == 4 and set(score) == SCOREBOARD_KEYS


def test_the_menu_button_cycles_games_and_new_starts_the_choice(rig: Rig) -> None:
    rig.start("culls", {"mode": "duel"}, first="blue")
    rig.tap("h8")
    rig.press("menu")
    assert rig.score["phase"] == "menu"
    rig.press("menu")
    rig.press("menu")
    assert rig.table.menu.chosen.label == "Cubulus, 2 players"
    rig.press("new")
    assert rig.score["game"] == "cubulus" and rig.score["players"] == 2
    assert rig.score["awaiting"] == "neutral"


def test_undo_in_the_menu_returns_to_the_game_unchanged(rig: Rig) -> None:
    rig.start("culls", {"mode": "duel"}, first="blue")
    rig.tap("h8")
    rig.press("menu")
    rig.tap("h8")  # a menu touch, not a move
    rig.press("undo")
    assert rig.score["phase"] == "playing" and rig.moves == ["h8"]
