"""The clock chosen by touch on the menu: a row of controls, the board's default lit; the match
started from the menu runs the one tapped, and keeps it through a restart (after which the menu
offers the board's default again)."""

from __future__ import annotations

from pathlib import Path

from firmware.rules.time_control import parse_time_control
from hal.clock import FakeClock
from tests.controller.conftest import Rig
from tests.controller.test_game_clock import CULLS_SETUP, at, left, running

ROW = ("e10 none", "f10 3+2", "g10 5+3", "h10 10", "i10 15+10", "j10 turn:30", "k10 turn:60")


def menu_rig(state: Path, default: str, clock: FakeClock | None = None) -> Rig:
    rig = Rig(state, time_control=parse_time_control(default), clock=clock)
    rig.start()
    return rig


def clock_row(rig: Rig) -> list[dict[str, object]]:
    menu = rig.score["menu"]
    assert isinstance(menu, dict)
    rows = menu["rows"]
    assert isinstance(rows, list)
    (row,) = [r for r in rows if isinstance(r, dict) and r["key"] == "clock"]
    choices = row["choices"]
    assert isinstance(choices, list)
    return [dict(c) for c in choices if isinstance(c, dict)]


def control(rig: Rig) -> object:
    clock = rig.score["clock"]
    return clock["control"] if isinstance(clock, dict) else None


def test_the_menu_shows_the_clock_row_with_the_boards_default_chosen(tmp_path: Path) -> None:
    rig = menu_rig(tmp_path / "state", "10")
    message = str(rig.score["message"])
    assert "Menu: Culls duel, first to 3, clock 10." in message
    controls = ", ".join(named.split()[1] for named in ROW)  # the row's ends, then in order
    assert f"clock e10-k10: {controls}; green cell h3" in message
    chosen = [(c["value"], c["cell"]) for c in clock_row(rig) if c["chosen"]]
    assert chosen == [("10", "h10")]
    lit = rig.colour("h10")
    assert lit != (0, 0, 0) and rig.colour("g10") != lit  # the chosen one bright, the rest dim


def test_a_tap_on_the_row_picks_the_clock_the_green_cell_starts(tmp_path: Path) -> None:
    rig = menu_rig(tmp_path / "state", "none")
    assert "clock" not in str(rig.score["message"]).split(".")[0]  # untimed: nothing said
    rig.tap("g10")  # 5+3
    assert "Menu: Culls duel, first to 3, clock 5+3." in str(rig.score["message"])
    assert [c["value"] for c in clock_row(rig) if c["chosen"]] == ["5+3"]
    rig.tap("h3")  # the green cell
    assert control(rig) == "5+3"
    for cell in CULLS_SETUP:
        rig.tap(cell)
    assert left(rig) == {"blue": 300_000, "red": 300_000}
    assert running(rig) in ("blue", "red")


def test_a_per_turn_limit_picked_on_the_menu_flags_at_its_instant(tmp_path: Path) -> None:
    rig = menu_rig(tmp_path / "state", "none")
    rig.tap("j10")  # turn:30
    rig.press("new")  # NEW starts the menu's choice as the green cell does
    for cell in CULLS_SETUP:
        rig.tap(cell)
    mover = running(rig)
    start = rig.clock.now()
    at(rig, start + 29.99)
    assert rig.score["status"] == "in_progress"
    at(rig, start + 30.01)
    assert rig.score["winner"] not in (None, mover)
    assert "on time" in str(rig.score["message"])


def test_none_on_the_menu_plays_untimed_on_a_board_whose_default_is_timed(tmp_path: Path) -> None:
    state = tmp_path / "state"
    rig = menu_rig(state, "10")
    rig.tap("e10")  # none
    rig.tap("h3")
    assert rig.score["clock"] is None
    for cell in CULLS_SETUP:
        rig.tap(cell)
    back = menu_rig(state, "10", FakeClock(rig.clock.now() + 60.0))
    assert back.moves == list(CULLS_SETUP)
    assert back.score["clock"] is None  # resumed untimed, as it was begun


def test_a_restart_keeps_the_clock_picked_on_the_menu_not_the_default(tmp_path: Path) -> None:
    state = tmp_path / "state"
    rig = menu_rig(state, "none")
    rig.tap("f10")  # 3+2
    rig.tap("h3")
    for cell in CULLS_SETUP:
        rig.tap(cell)
    mover = running(rig)
    assert isinstance(mover, str)
    at(rig, rig.clock.now() + 4.0)
    rig.tap("c3")
    back = menu_rig(state, "none", FakeClock(rig.clock.now() + 60.0))
    assert control(back) == "3+2"
    assert left(back)[mover] == 180_000 - 4_000 + 2_000
    back.press("menu")  # the menu's choice for the next match is the board's default again
    assert [c["value"] for c in clock_row(back) if c["chosen"]] == ["none"]


def test_a_default_outside_the_row_gets_its_own_cell(tmp_path: Path) -> None:
    rig = menu_rig(tmp_path / "state", "0.5")
    assert [(c["value"], c["cell"], c["chosen"]) for c in clock_row(rig)][-1] == (
        "0.5",
        "k10",
        True,
    )
    assert clock_row(rig)[-1]["text"] == "0.5 min"


def test_the_clock_row_shares_no_cell_with_the_rest_of_the_menu_on_any_board_size(
    tmp_path: Path,
) -> None:
    for size in range(7, 19):  # 19x19 needs a fourth touch chip
        rig = Rig(None, columns=size, rows=size, time_control=parse_time_control("10"))
        menu = rig.table.menu
        (row,) = menu.added
        own = {cell for tile in row.tiles() for cell in tile.cells}
        others = [tile for tile in menu.tiles() if not set(tile.cells) & own]
        taken = {cell for tile in others for cell in tile.cells}
        taken |= {menu.start_cell, *menu.learn_cells().values()}
        assert not own & taken, (size, sorted(own & taken))
        assert len(others) == len(menu.tiles()) - len(row.tiles()), size
