"""One naming rule in every sentence of a view: a seat is called by its player's name where it
has one, else by the seat's own name ("Red A"), in the turn's words and in what just happened
alike (the scoreboard's headline once said a player's name over "Red A placed d2")."""

from __future__ import annotations

from pathlib import Path

from firmware.controller.core.live import NameSeat
from tests.controller.conftest import Rig

LONG = "Maximilian-Alexan2"


def seat_of(rig: Rig, seat_name: str) -> int:
    seats = rig.score["seats"]
    assert isinstance(seats, list)
    return next(i for i, s in enumerate(seats) if isinstance(s, dict) and s["name"] == seat_name)


def sentences(rig: Rig) -> list[str]:
    """Every sentence of the scoreboard's view that names a seat."""
    return [str(rig.score[key]) for key in ("message", "last_action") if rig.score[key]]


def assert_one_rule(rig: Rig, named: dict[str, str]) -> None:
    """No sentence calls a named seat by its seat's name."""
    for said in sentences(rig):
        for seat_name, player in named.items():
            assert seat_name not in said, f"{said!r}: {seat_name} is {player}"


def test_a_named_seat_is_called_by_its_name_in_every_sentence(tmp_path: Path) -> None:
    rig = Rig(tmp_path / "state").start("culls", {"mode": "teams"}, first="blue")
    rig.controller.submit(NameSeat(seat_of(rig, "Red A"), LONG))
    rig.controller.step()
    rig.tap("h8")  # Blue A, unnamed
    assert rig.score["last_action"] == "Blue A placed h8"
    assert rig.score["message"] == f"{LONG}: place a chip and tap its cell"
    rig.tap("d2")  # Red A, named
    assert str(rig.score["last_action"]).startswith(f"{LONG} placed d2")
    assert str(rig.score["message"]).startswith("Blue B: ")
    assert_one_rule(rig, {"Red A": LONG})


def test_a_name_given_after_the_move_renames_what_just_happened(tmp_path: Path) -> None:
    rig = Rig(tmp_path / "state").start("culls", {"mode": "duel"}, first="blue")
    rig.tap("h8")
    assert rig.score["last_action"] == "Blue placed h8"
    rig.controller.submit(NameSeat(seat_of(rig, "Blue"), "Hanna"))
    rig.controller.step()
    assert rig.score["last_action"] == "Hanna placed h8"
    rig.controller.submit(NameSeat(seat_of(rig, "Red"), "Omar"))
    rig.controller.step()
    assert str(rig.score["message"]).startswith("Hanna: place a chip")  # her second chip
    assert_one_rule(rig, {"Blue": "Hanna", "Red": "Omar"})


def test_the_games_words_name_the_other_seats_by_the_same_rule(tmp_path: Path) -> None:
    rig = Rig(tmp_path / "state").start("culls", {"mode": "teams"}, first="blue")
    named = {"Red A": LONG, "Red B": "Ida"}  # Blue A and Blue B keep their seats' names
    for seat_name, player in named.items():
        rig.controller.submit(NameSeat(seat_of(rig, seat_name), player))
    rig.controller.step()
    for cell in ("g8", "h8", "a1", "i8", "j8"):  # Blue A's j8 traps h8 (Red A's), i8 (Ida's)
        rig.tap(cell)
        assert_one_rule(rig, named)
    assert rig.score["message"] == "Blue A: tap the blinking chip to flip it: h8 or i8"
    rig.tap("i8")  # flips Ida's chip: Red A moves it
    assert str(rig.score["last_action"]).endswith(f"Blue A flipped i8: {LONG} moves it next")
    assert rig.score["message"] == (
        f"{LONG}: move Ida's flipped chip from i8 to an empty cell and tap it"
    )
    assert_one_rule(rig, named)
