"""The menu's voice cell: on a board with a voice, h1 (the middle of the edge nearest the players)
turns the voice off and on by touch, and the menu says where it is as it opens."""

from __future__ import annotations

from pathlib import Path

from firmware.controller.modes.voice import VOICE_LOOK
from firmware.render import palette as p
from firmware.rules.grid import parse_board_cell
from tests.speech.test_reading_the_board import Board

WHERE_OFF = (
    "The voice cell is h1, the middle of the edge nearest you: tap it to turn the voice off."
)


def _lit(board: Board, name: str) -> tuple[int, int, int]:
    frame = board.board.leds.last
    assert frame is not None
    x, y = parse_board_cell(name, 15, 15)
    return frame.cells[y][x]


def _menu_voice(board: Board) -> object:
    menu = board.controller.view().score["menu"]
    assert isinstance(menu, dict)
    return menu["voice"]


def test_a_player_who_cannot_see_turns_the_voice_on_from_the_menu(tmp_path: Path) -> None:
    board = Board(tmp_path, speech="enabled: false")  # the voice off in the board's config
    board.controller.start(None)  # the menu
    assert board.heard() == [], "a voice that is off says nothing, not even where its cell is"
    assert _lit(board, "h1") == p.dim(VOICE_LOOK, 0.2), "the cell is lit, dim while off"
    board.tap("h1")  # docs/playing.md: the middle cell of the edge nearest you
    assert board.heard() == ["Voice on."]
    assert _lit(board, "h1") == VOICE_LOOK
    assert _menu_voice(board) == {"cell": "h1", "on": True, "said": WHERE_OFF.rstrip(".")}
    board.tap("h3")  # the green cell starts the game: now every action is said
    board.tap("h8")
    assert "Blue placed h8." in board.heard()
    assert board.moves == ["h8"], "the voice cell's tap played nothing"


def test_the_menu_says_where_the_voice_cell_is_as_it_opens_and_it_turns_the_voice_off(
    tmp_path: Path,
) -> None:
    board = Board(tmp_path, speech="verbosity: prompts")
    board.controller.start(None)
    assert board.heard() == [WHERE_OFF]
    board.tap("h1")
    assert board.heard() == ["Voice off."]
    assert _lit(board, "h1") == p.dim(VOICE_LOOK, 0.2)
    message = str(board.controller.view().score["message"])
    assert "Voice h1: off. Cells: " in message
    board.tap("h3")
    board.tap("h8")
    assert board.heard() == [], "the voice is off"
    board.table.button("menu", board.clock.now())
    board.controller.step()
    assert board.heard() == [], "the menu opens quietly with the voice off"
    board.tap("h1")
    assert board.heard() == ["Voice on."]
