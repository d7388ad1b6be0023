"""The menu's "vs computer" rows: a person alone starts a game against the computer by touch."""

from __future__ import annotations

from pathlib import Path

import pytest

from firmware.controller.computer.computer import ComputerPlayer, Seating
from firmware.controller.core.live import SeatComputer
from firmware.controller.core.players import PlayerKind
from firmware.controller.menu.menu_computer import ComputerRows
from firmware.players import level, level_words
from tests.controller.conftest import Rig

WAIT_S = 60  # only reached if a search never ends
SEARCH_TIME_S = 2.0  # more than any level's own time


class MenuRig(Rig):
    """A board with a computer player on the rig's fake clock: a search that runs against the
    clock (level 6) ends only when it is cancelled or the clock is moved on."""

    def __init__(self, state_dir: Path, *, hand_placed: frozenset[str] | None = None) -> None:
        self.seating = Seating(clock=lambda: self.clock.now(), level=level(6), seed=5)
        super().__init__(state_dir, seating=self.seating, hand_placed=hand_placed)

    def next_move(self) -> None:
        """Move the clock past the running search's time, and play its answer."""
        self.clock.advance(SEARCH_TIME_S)
        self.seating.thinker.join(WAIT_S)
        self.controller.step()

    def stop_thinking(self) -> None:
        """MENU cancels any search; wait for it to end."""
        self.press("menu")
        self.seating.thinker.join(WAIT_S)
        assert not self.seating.thinker.thinking()


def _rig(state_dir: Path) -> MenuRig:
    return MenuRig(state_dir)


def test_the_menu_seats_the_computer_at_the_level_touched(tmp_path: Path) -> None:
    rig = _rig(tmp_path)
    rig.start()
    computer = rig.table.menu.computer
    assert computer is not None
    message = str(rig.score["message"])
    assert (
        f"vs computer: f6 nobody, h6 Blue, j6 Red; {level_words('culls', 6)} (e5-j5, 1 weakest "
        "to 6" in message
    )
    assert message.endswith("; green cell h3")
    rig.tap_cell(computer.seat_cells()[2])  # Red
    rig.tap_cell(computer.level_cells()[1])  # level 2
    lit = [tile.chosen for tile in computer.tiles()]
    assert lit == [False, False, True, True, True, False, False, False, False]
    rig.tap_cell(rig.table.menu.start_cell)
    assert rig.score["seats"] == [
        {"colour": "blue", "name": "Blue", "player": "here", "level": None, "player_name": None},
        {"colour": "red", "name": "Red", "player": "computer", "level": 2, "player_name": None},
    ]
    rig.press("new")  # NEW keeps the choice made on the menu
    assert [seat.player for seat in rig.table.seats] == [PlayerKind.HERE, PlayerKind.COMPUTER]


def test_nobody_on_the_menu_seats_people_everywhere(tmp_path: Path) -> None:
    rig = _rig(tmp_path)
    rig.start()
    computer = rig.table.menu.computer
    assert computer is not None
    rig.tap_cell(computer.seat_cells()[1])
    rig.tap_cell(computer.seat_cells()[0])
    assert computer.chosen_seats() == ()
    rig.tap_cell(rig.table.menu.start_cell)
    assert {seat.player for seat in rig.table.seats} == {PlayerKind.HERE}


def test_a_board_without_a_computer_shows_no_computer_rows(tmp_path: Path) -> None:
    rig = Rig(tmp_path)
    rig.start()
    assert rig.table.menu.computer is None
    assert "vs computer" not in str(rig.score["message"])


def test_the_web_s_choice_starts_a_new_match_with_the_computer_seated(tmp_path: Path) -> None:
    rig = _rig(tmp_path)
    rig.start("culls", {"mode": "duel"}, first="blue")
    rig.tap("h8")
    rig.controller.submit(SeatComputer(("blue",), 3))
    rig.controller.step()
    assert rig.moves == [] and rig.score["seats"] == [
        {"colour": "blue", "name": "Blue", "player": "computer", "level": 3, "player_name": None},
        {"colour": "red", "name": "Red", "player": "here", "level": None, "player_name": None},
    ]
    rig.press("undo")  # cancels the search if blue is to start
    rig.controller.submit(SeatComputer((), 3))
    rig.controller.step()
    assert {seat.player for seat in rig.table.seats} == {PlayerKind.HERE}


def test_a_board_without_a_computer_refuses_the_web_s_choice(tmp_path: Path) -> None:
    rig = Rig(tmp_path)
    rig.start("culls", {"mode": "duel"}, first="blue")
    with pytest.raises(ValueError, match="runs no computer player"):
        rig.controller.submit(SeatComputer(("red",), 3))


def test_the_menu_shows_the_computer_seat_and_level_of_the_match(tmp_path: Path) -> None:
    seating = Seating(clock=lambda: 0.0, level=level(3), computer_seats=["red"], seed=5)
    rig = Rig(tmp_path, seating=seating)
    rig.start("culls", {"mode": "duel"}, first="blue")
    rig.press("menu")
    computer = rig.table.menu.computer
    assert computer is not None and computer.level == 3
    assert [spec.name for spec in computer.chosen_seats()] == ["Red"]


def _pick(rig: Rig, label: str) -> ComputerRows:
    """Tap the menu tile ``label``; the "vs computer" rows now show that game's seats."""
    menu = rig.table.menu
    index = next(i for i, choice in enumerate(menu.choices) if choice.label == label)
    rig.tap_cell(menu.tiles()[index].cells[0])
    assert menu.computer is not None
    return menu.computer


def _tap_seat(rig: Rig, rows: ComputerRows, name: str) -> None:
    names = [spec.name for spec in rows.seats()]
    rig.tap_cell(rows.seat_cells()[1 + names.index(name)])


def _lit_seats(rows: ComputerRows) -> list[bool]:
    """Whether the "nobody" cell, then each seat's cell, is bright."""
    return [tile.chosen for tile in rows.tiles()[: len(rows.seat_cells())]]


def test_the_computer_takes_two_of_the_three_cubulus_seats(tmp_path: Path) -> None:
    rig = _rig(tmp_path)
    rig.start()
    rows = _pick(rig, "Cubulus, 3 players")
    _tap_seat(rig, rows, "Red")
    _tap_seat(rig, rows, "White")
    assert _lit_seats(rows) == [False, True, False, True]
    assert [spec.name for spec in rows.chosen_seats()] == ["Red", "White"]
    message = str(rig.score["message"])
    assert "k6 White; level 6" in message  # as the rig has it
    assert message.startswith(
        "Menu: Cubulus, 3 players, the computer plays Red and White at level 6."
    )
    rig.tap_cell(rig.table.menu.start_cell)
    kinds = [seat.player for seat in rig.table.seats]
    assert kinds == [PlayerKind.COMPUTER, PlayerKind.HERE, PlayerKind.COMPUTER]
    rig.press("menu")  # the computer seats of the match are what the menu shows
    assert _lit_seats(rows) == [False, True, False, True]
    rig.press("undo")
    rig.press("new")  # NEW keeps both
    assert [seat.player for seat in rig.table.seats] == kinds
    rig.stop_thinking()


def test_a_second_tap_gives_the_seat_back_and_nobody_gives_back_every_seat(tmp_path: Path) -> None:
    rig = _rig(tmp_path)
    rig.start()
    rows = _pick(rig, "Culls teams")
    for name in ("Red A", "Blue A", "Red B", "Blue A"):  # Blue A twice: back to people
        _tap_seat(rig, rows, name)
    assert _lit_seats(rows) == [False, False, True, False, True]
    rig.tap_cell(rig.table.menu.start_cell)
    assert [(seat.name, seat.player.value) for seat in rig.table.seats] == [
        ("Blue A", "here"), ("Red A", "computer"), ("Blue B", "here"), ("Red B", "computer"),
    ]  # fmt: skip
    rig.press("menu")
    rig.tap_cell(rows.seat_cells()[0])  # nobody
    assert _lit_seats(rows) == [True, False, False, False, False]
    rig.press("new")  # NEW on the open menu starts its choice, as the green cell does
    assert {seat.player for seat in rig.table.seats} == {PlayerKind.HERE}
    assert not rig.seating.thinker.thinking()


def test_after_a_restart_the_computer_keeps_its_seats_and_level(tmp_path: Path) -> None:
    rig = _rig(tmp_path)
    rig.start()
    rows = _pick(rig, "Culls teams")
    _tap_seat(rig, rows, "Red A")
    _tap_seat(rig, rows, "Red B")
    rig.tap_cell(rows.level_cells()[1])  # level 2
    rig.tap_cell(rig.table.menu.start_cell)
    seats = rig.score["seats"]
    assert isinstance(seats, list)
    rig.stop_thinking()
    again = _rig(tmp_path)  # the power went; the board starts at its own level, 6
    again.start()
    assert again.score["seats"] == seats
    assert [seat["level"] for seat in seats if isinstance(seat, dict)] == [None, 2, None, 2]
    again.press("new")  # the next match too
    assert again.score["seats"] == seats
    again.stop_thinking()


def test_the_menu_and_the_seating_keep_one_choice(tmp_path: Path) -> None:
    """The computer's seats and level are kept once: ``--computer red --level 3`` shows on the
    menu before any match, and a tap on the menu is what the seating plays from at once."""
    seating = Seating(clock=lambda: 0.0, level=level(3), computer_seats=["red"], seed=5)
    rig = Rig(tmp_path, seating=seating)
    rig.start()
    rows = rig.table.menu.computer
    assert rows is not None
    assert ([spec.name for spec in rows.chosen_seats()], rows.level) == (["Red"], 3)
    _tap_seat(rig, rows, "Blue")
    rig.tap_cell(rows.level_cells()[4])  # level 5
    both = (PlayerKind.COMPUTER, PlayerKind.COMPUTER)
    player = seating(PlayerKind.COMPUTER, 0)
    assert isinstance(player, ComputerPlayer)
    assert (seating.kinds(rows.seats()), player.level.number) == (both, 5)
    rig.controller.submit(SeatComputer(("blue",), 2))  # the web's choice: the menu shows it
    rig.controller.step()
    rig.press("menu")
    assert ([spec.name for spec in rows.chosen_seats()], rows.level) == (["Blue"], 2)


def test_after_a_restart_the_menu_offers_the_cafes_new_level(tmp_path: Path) -> None:
    """A match without the computer left in the journal; the staff set the level to 5 and
    restarted: the menu offers 5, not the level the board had when the match began."""
    state = tmp_path / "state"
    rig = Rig(state, seating=Seating(clock=lambda: 0.0, level=level(3), seed=5))
    rig.start("culls", {"mode": "duel"}, first="blue")
    rig.tap("h8")
    rig.board.close()
    back = Rig(state, seating=Seating(clock=lambda: 0.0, level=level(5), seed=5)).start()
    assert back.moves == ["h8"]
    back.press("menu")
    computer = back.table.menu.computer
    assert computer is not None and computer.level == 5
