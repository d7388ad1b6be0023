"""Playing against the computer on the simulated board: virtual and physical chips, Cubulus,
cancelling a search with UNDO, and a pending move that survives a restart."""

from __future__ import annotations

import random
from pathlib import Path

from firmware.controller.computer.computer import Seating
from firmware.controller.core.adapter import cells_for_token
from firmware.controller.core.live import Press, Touch
from firmware.controller.table.table import Phase
from firmware.players import level, level_words
from firmware.render import palette
from firmware.rules.api import JsonValue
from tests.controller.conftest import Rig

WAIT_S = 60  # only reached if a search never ends


class ComputerRig(Rig):
    """A rig whose table seats the computer at ``seats`` (a clock that stands still: only a
    level's depth limit, or a cancel, ends a search)."""

    def __init__(self, state_dir: Path, seats: str, number: int, *, physical: bool) -> None:
        self.seating = Seating(
            clock=lambda: 0.0, level=level(number), computer_seats=[seats], seed=5
        )
        hand_placed = frozenset({"culls"} if physical else ())
        super().__init__(state_dir, seating=self.seating, hand_placed=hand_placed)


def _rig(state_dir: Path, seats: str, number: int, *, physical: bool = False) -> ComputerRig:
    return ComputerRig(state_dir, seats, number, physical=physical)


def _let_it_think(rig: ComputerRig) -> None:
    rig.seating.thinker.join(WAIT_S)
    rig.controller.step()


def _web_touch(rig: Rig, token: str) -> None:
    """A person's move sent as the web page sends a touch: the cell that means ``token``."""
    state = rig.table.match.current  # type: ignore[union-attr]
    assert state is not None and rig.table.adapter is not None
    cell = cells_for_token(rig.table.adapter, state, token, 15, 15)[0]
    rig.controller.submit(Touch(cell))
    rig.controller.step()


def _play_a_round(rig: ComputerRig, computer: str, rng: random.Random) -> JsonValue:
    for _ in range(400):
        score = rig.score
        if score["status"] != "in_progress":
            return score["status"]
        if score["to_move"] == computer:
            _let_it_think(rig)
        else:
            state = rig.table.match.current  # type: ignore[union-attr]
            assert state is not None
            _web_touch(rig, rng.choice(state.legal_actions()))
    raise AssertionError("the round did not end")


def test_a_culls_round_against_the_computer_with_virtual_chips(tmp_path: Path) -> None:
    rig = _rig(tmp_path, "red", 2)
    rig.start("culls", {"size": 9}, first="blue")
    seats = rig.score["seats"]
    assert seats == [
        {"colour": "blue", "name": "Blue", "player": "here", "level": None, "player_name": None},
        {"colour": "red", "name": "Red", "player": "computer", "level": 2, "player_name": None},
    ]
    assert _play_a_round(rig, "red", random.Random(1)) in ("won", "draw")
    assert rig.table.match is not None and rig.table.match.current is not None
    assert rig.table.match.current.outcome().winner in ("red", None)  # random play loses


def test_a_cubulus_game_against_the_computer(tmp_path: Path) -> None:
    rig = _rig(tmp_path, "black", 3)
    rig.start("cubulus", {"players": 2}, first="red")
    assert _play_a_round(rig, "black", random.Random(2)) in ("won", "draw")


def test_with_physical_chips_the_computer_waits_for_its_chip(tmp_path: Path) -> None:
    rig = _rig(tmp_path, "red", 1, physical=True)
    rig.start("culls", {}, first="blue")
    rig.tap("h8")
    rig.tap("a1")
    _let_it_think(rig)
    pending = rig.score["pending"]
    assert isinstance(pending, dict) and pending["seat"] == 1
    assert rig.table.phase is Phase.WAITING_FOR_PIECE
    token = str(pending["token"])
    wrong = "o15" if token != "o15" else "o14"
    rig.tap(wrong)
    assert rig.moves == ["h8", "a1"]
    assert "blinking cell" in str(rig.score["error"])
    again = _rig(tmp_path, "red", 1, physical=True)  # the power went: resume
    again.start()
    assert again.score["pending"] == pending
    again.tap(token)
    assert again.moves == ["h8", "a1", token]
    _let_it_think(again)  # red places its second setup chip: a new move waits for its chip
    following = again.score["pending"]
    assert isinstance(following, dict) and following["token"] != token


def test_undo_while_the_computer_thinks_cancels_it(tmp_path: Path) -> None:
    rig = _rig(tmp_path, "red", 6)  # level 6 searches until the clock says stop: never here
    rig.start("culls", {}, first="blue")
    rig.tap("h8")
    rig.tap("a1")
    seating = rig.seating
    assert seating.thinker.thinking() and rig.score["thinking"] is True
    words = level_words("culls", 6)
    assert rig.score["message"] == f"Red (the computer, {words}) is thinking"
    rig.press("undo")
    seating.thinker.join(WAIT_S)
    assert not seating.thinker.thinking()
    rig.controller.step()
    assert rig.moves == ["h8"] and rig.score["thinking"] is False


def test_hint_lights_the_strongest_move_for_the_player_at_the_board(tmp_path: Path) -> None:
    rig = _rig(tmp_path, "nobody", 1)
    rig.start("culls", {}, first="blue")
    for name in ["h8", "i8", "a1", "a3", "j8", "c1", "k8", "e1"]:  # blue: h8 i8 j8 k8, open
        rig.tap(name)
    rig.controller.submit(Press("hint"))  # as the web page
    rig.controller.step()
    _let_it_think(rig)
    hint = rig.score["hint"]
    assert isinstance(hint, dict) and hint["token"] in ("g8", "l8")
    assert hint["cells"] == [hint["token"]]
    rig.assert_cell_colour(str(hint["token"]), palette.HINT)
    rig.advance(5.0)
    assert rig.score["hint"] is None


def test_no_hint_for_the_computer_s_turn(tmp_path: Path) -> None:
    rig = _rig(tmp_path, "red", 6)
    rig.start("culls", {}, first="blue")
    rig.tap("h8")
    rig.tap("a1")  # red's turn: level 6 thinks until cancelled
    rig.controller.submit(Press("hint"))
    rig.controller.step()
    assert "for the player at the board" in str(rig.score["error"])
    rig.press("undo")
    rig.seating.thinker.join(WAIT_S)
    assert not rig.seating.thinker.thinking()


def test_a_name_given_while_a_move_waits_for_its_chip_keeps_the_wait_after_a_restart(
    tmp_path: Path,
) -> None:
    from firmware.controller.core.live import NameSeat

    rig = _rig(tmp_path, "red", 1, physical=True)
    rig.start("culls", {}, first="blue")
    rig.tap("h8")
    rig.tap("a1")
    _let_it_think(rig)
    pending = rig.score["pending"]
    assert isinstance(pending, dict)
    rig.controller.submit(NameSeat(0, "Ana"))  # the journal's last entry is now the name
    rig.controller.step()
    again = _rig(tmp_path, "red", 1, physical=True)  # the power went: resume
    again.start()
    assert again.score["pending"] == pending
    seats = again.score["seats"]
    assert isinstance(seats, list) and isinstance(seats[0], dict)
    assert seats[0]["player_name"] == "Ana"
