"""The board read aloud: the "read" command (strip, page) says the position; with
``speech.explore`` a long press on a cell says what is there and what a tap would do, and plays
nothing."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from firmware.clock.sides import Reading
from firmware.config import default_config
from firmware.config.load import parse_config
from firmware.controller.commands.strip import HOLD_SECONDS
from firmware.controller.core.live import Press
from firmware.controller.modes.read import EXPLORE_HOLD_S, clock_words
from firmware.rules.game_and_rules import GameAndRules
from firmware.rules.time_control import NO_CLOCK, parse_time_control
from firmware.wiring.assemble import assemble, bare_simulation, simulated_board
from firmware.wiring.assembly_parts import Keeping, Seats, Sound
from hal.clock import FakeClock
from hal.mock import MockBoard
from tests.speech.test_what_is_said import SPEECH_S


class Board:
    """A simulated board with its voice, put together as ``--mock-hal`` does."""

    def __init__(
        self, state_dir: Path, speech: str = "explore: true", clock: str | None = None
    ) -> None:
        self.clock = FakeClock(100.0)
        config = bare_simulation(parse_config(f"speech:\n  {speech}\n"))
        self.board: MockBoard = simulated_board(config, self.clock)
        parts = assemble(
            self.board,
            keeping=Keeping(state_dir=state_dir, warn=print),
            seats=Seats(time_control=NO_CLOCK if clock is None else parse_time_control(clock)),
            sound=Sound(speech=config.speech),
            rng=random.Random(3),
        )
        self.controller = parts.controller
        self.table = parts.table

    def press(self, name: str, seconds: float) -> None:
        """A finger on the cell ``name`` for ``seconds``."""
        from firmware.rules.grid import parse_board_cell

        cell = parse_board_cell(name, 15, 15)
        self.board.touch.down(cell)
        self.controller.step()
        self.clock.advance(seconds)
        self.controller.step()
        self.board.touch.up(cell)
        self.controller.step()

    def tap(self, name: str) -> None:
        self.press(name, 0.05)

    def heard(self) -> list[str]:
        self.clock.advance(SPEECH_S)
        self.controller.step()
        voice = self.board.speaker
        assert voice is not None
        texts = voice.texts
        voice.clear()
        return texts

    @property
    def moves(self) -> list[str]:
        state = self.table.context.match.state
        return [] if state is None else list(state.moves)


@pytest.fixture
def board(tmp_path: Path) -> Board:
    return Board(tmp_path)


def test_read_on_the_strip_says_each_sides_chips_by_row_and_the_flipped_chip(
    board: Board,
) -> None:
    board.controller.start(GameAndRules("culls", {"mode": "duel"}), "blue")
    for name in ("h8", "i8", "g8", "j8", "h8"):  # a cull, then h8 flipped
        board.tap(name)
    board.heard()
    board.press("a1", HOLD_SECONDS + 0.1)  # the strip opens over the corner
    words = str(board.controller.view().score["message"])
    assert "read " in words, words
    cell = words.split("read ")[1].split(",")[0].split(".")[0]
    assert board.heard() == [words], "the strip's commands are said, with their cells"
    board.tap(cell)
    assert board.heard()[0] == (
        "Blue: row 8: i8. 28 to place. Red: row 8: g8 and j8. 28 to place. The flipped blue chip "
        "on h8 waits to be moved. Blue to play: move your flipped chip from h8 to an empty cell "
        "and tap it. Match: Blue 0, Red 0; 3 rounds win."
    )
    assert board.moves == ["h8", "i8", "g8", "j8", "xh8"], "reading plays nothing"


def test_read_says_each_face_of_the_cube(board: Board) -> None:
    board.controller.start(GameAndRules("cubulus", {"players": 3}), "red")
    board.table.button("read", board.clock.now())  # the page's READ THE BOARD
    board.controller.step()
    said = board.heard()[-1]
    assert said.startswith("Front: empty. Right: empty. Back: empty. Left: empty. Top: empty.")
    assert "Balls left: red 9, black 9, white 9." in said
    assert said.endswith("Red to play: push a ball in: tap the face cell you push into.")


def test_the_pages_read_is_said_with_a_voice_and_shown_without_one(tmp_path: Path) -> None:
    board = Board(tmp_path / "explore")
    board.controller.start(GameAndRules("culls", {"mode": "duel"}), "blue")
    board.heard()
    board.controller.submit(Press("read"))  # READ THE BOARD on the page, ``read`` at the prompt
    board.controller.step()
    said = board.heard()
    assert said and said[-1].startswith("Blue: no chips on the board. 30 to place."), said
    assert "Blue: no chips" not in str(board.controller.view().score["message"]), "said, once"
    plain = Board(tmp_path / "plain", "enabled: false")  # ``--mock-hal``: no voice at all
    plain.controller.start(GameAndRules("culls", {"mode": "duel"}), "blue")
    plain.controller.submit(Press("read"))
    plain.controller.step()
    shown = str(plain.controller.view().score["message"])
    assert shown.startswith("Blue: no chips on the board. 30 to place."), shown
    assert "Match: Blue 0, Red 0; 3 rounds win." in shown, shown


def test_read_says_both_clocks_and_the_match_score(board: Board) -> None:
    board.table.context.menu.select("culls", {"mode": "duel"})
    board.controller.start(GameAndRules("culls", {"mode": "duel"}), "blue")
    clocks = board.table.context.clocks
    assert clocks is not None and clocks(board.clock.now()) is None, "untimed: no clock said"
    board.table.button("read", board.clock.now())
    board.controller.step()
    said = board.heard()[-1]
    assert "Clocks" not in said and said.endswith("Match: Blue 0, Red 0; 3 rounds win."), said


def test_read_says_both_clocks_when_a_clock_is_on(tmp_path: Path) -> None:
    board = Board(tmp_path, clock="1.5")  # 90 seconds each
    board.controller.start(GameAndRules("culls", {"mode": "duel"}), "blue")
    for name in ("h8", "a1", "o15", "o1", "c3"):  # the setup chips, then Blue's first turn
        board.tap(name)
    board.clock.advance(10.0)
    board.controller.step()
    board.table.button("read", board.clock.now())
    board.controller.step()
    said = next(line for line in board.heard() if "Clocks" in line)
    assert said.endswith(
        "Clocks: Blue 1 minute 30 seconds, Red 1 minute 20 seconds; Red's clock runs. "
        "Match: Blue 0, Red 0; 3 rounds win."
    ), said


def test_the_clock_and_score_words() -> None:
    reading = Reading({"blue": 272_400, "red": 60_000}, "blue")
    assert clock_words(reading) == (
        "Clocks: Blue 4 minutes 33 seconds, Red 1 minute; Blue's clock runs."
    )
    assert clock_words(Reading({"blue": 0, "red": 1_000}, None)) == (
        "Clocks: Blue no time, Red 1 second."
    )


def test_a_long_press_says_the_cell_and_what_a_tap_would_do_without_playing(
    board: Board,
) -> None:
    board.controller.start(GameAndRules("culls", {"mode": "duel"}), "blue")
    for name in ("h8", "i8", "g8"):
        board.tap(name)
    board.heard()
    board.press("j8", EXPLORE_HOLD_S + 0.1)
    board.press("h8", EXPLORE_HOLD_S + 0.1)
    assert board.heard() == [
        "j8: empty. A tap: j8 traps h8 and i8.",
        "h8: a blue chip. A tap there is refused: h8 is taken.",
    ]
    assert board.moves == ["h8", "i8", "g8"], "exploring plays nothing"
    board.press("j8", EXPLORE_HOLD_S - 0.3)  # a shorter press is a tap
    assert board.moves == ["h8", "i8", "g8", "j8"]


def test_without_explore_a_long_press_is_a_tap_and_the_strip_has_no_read(
    tmp_path: Path,
) -> None:
    board = Board(tmp_path, "explore: false")
    board.controller.start(GameAndRules("culls", {"mode": "duel"}), "blue")
    board.press("h8", EXPLORE_HOLD_S + 0.5)
    assert board.moves == ["h8"]
    board.press("a1", HOLD_SECONDS + 0.1)
    assert "read" not in str(board.controller.view().score["message"])


def test_a_corner_held_opens_the_strip_even_with_explore(board: Board) -> None:
    board.controller.start(GameAndRules("culls", {"mode": "duel"}), "blue")
    board.heard()
    board.press("o15", EXPLORE_HOLD_S + 0.1)  # shorter than the strip's hold: an ordinary tap
    assert board.moves == ["o15"]
    assert not any(s.startswith("o15: ") for s in board.heard()), "a corner is never explored"
    assert default_config().speech.explore is False


def test_the_strips_voice_cell_turns_the_voice_off_and_on_by_touch(board: Board) -> None:
    board.controller.start(None)  # the menu
    board.heard()

    def strip_cell(command: str) -> str:
        board.press("a1", HOLD_SECONDS + 0.1)
        words = str(board.controller.view().score["message"])
        assert f"{command} " in words, words
        return words.split(f"{command} ")[1].split(",")[0].split(".")[0]

    board.tap(strip_cell("voice"))
    assert board.heard()[-1] == "Voice off."
    board.press("a1", HOLD_SECONDS + 0.1)
    assert board.heard() == [], "the voice is quiet"
    board.tap("h1")  # closes the strip
    board.tap(strip_cell("voice"))
    assert board.heard()[-1] == "Voice on."
