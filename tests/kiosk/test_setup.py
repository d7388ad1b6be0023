"""Kiosk mode through the real controller: attract, abandon, day stats, brightness, staff."""

from __future__ import annotations

import datetime
import json
from pathlib import Path

import pytest

from firmware.config.schema import KioskConfig
from firmware.controller.core.live import ResetBoard, SetBrightness, StartGame
from firmware.history.store import History
from firmware.kiosk.attract import attract_frame
from firmware.kiosk.setup import KioskSetupError, kiosk_section
from firmware.rules.api import InvalidRecordError
from tests.controller.conftest import BLUE, LAST_BLUE
from tests.controller.kiosk_rig import KioskRig

IDLE_S, ABANDON_S = 5.0, 8.0


def test_idle_attract_play_abandon_attract(tmp_path: Path) -> None:
    rig = KioskRig(tmp_path / "state", idle_s=IDLE_S, abandon_s=ABANDON_S)
    rig.start("culls", {"mode": "duel"}, first="blue")
    rig.advance(IDLE_S)
    assert rig.score["phase"] == "attract"
    assert rig.board.leds.last == attract_frame(rig.clock.now(), 15, 15, 4)

    rig.tap("h8")  # only wakes the board
    assert rig.score["phase"] == "playing" and rig.moves == []
    rig.tap("h8")
    rig.tap("i8")
    assert rig.moves == ["h8", "i8"]
    rig.assert_cell_colour("h8", BLUE)

    rig.advance(IDLE_S)
    assert rig.score["phase"] == "attract" and rig.moves == ["h8", "i8"], "idle keeps the game"
    rig.advance(ABANDON_S - IDLE_S - 0.5)
    assert not (tmp_path / "state" / "archive").exists()
    rig.advance(0.5)
    assert rig.score["phase"] == "attract" and rig.moves == [], "abandoned: put away"
    archived = list((tmp_path / "state" / "archive").glob("match-*.jsonl"))
    assert len(archived) == 1
    tokens = [json.loads(line).get("token") for line in archived[0].read_text().splitlines()]
    assert [t for t in tokens if t] == ["h8", "i8"]
    assert day_games(tmp_path) == 0, "a put-away game is not a finished one"

    rig.advance(10.0)
    assert rig.score["phase"] == "attract"
    assert len(list((tmp_path / "state" / "archive").glob("match-*.jsonl"))) == 1


def day_games(tmp_path: Path) -> int:
    history = History(tmp_path / "state")
    try:
        return history.day_totals(datetime.date(2026, 11, 30)).games
    finally:
        history.close()


def test_a_finished_match_is_written_to_the_day_stats(tmp_path: Path) -> None:
    rig = KioskRig(tmp_path / "state", idle_s=600.0, abandon_s=1200.0)
    rig.start("culls", {"mode": "duel"}, first="blue")
    rig.advance(30.0)
    rig.play_match("red")
    assert rig.score["match_winner"] == "red"
    history = History(tmp_path / "state")
    day = history.day_totals(datetime.date(2026, 11, 30))
    history.close()
    assert (day.games, day.rounds, dict(day.wins), day.draws) == (1, 3, {"red": 1}, 0)
    assert day.seconds == pytest.approx(rig.clock.now() - 100.0)  # the rig's clock starts at 100

    rig.press("undo")  # taking the winning chip back and placing it again counts once
    rig.tap("h12")
    assert rig.score["phase"] == "match_over"
    assert day_games(tmp_path) == 1


def test_a_resumed_finished_match_is_not_counted_again(tmp_path: Path) -> None:
    first = KioskRig(tmp_path / "state", idle_s=600.0, abandon_s=1200.0)
    first.start("culls", {"mode": "duel"}, first="blue")
    first.play_match("blue")
    first.board.close()
    again = KioskRig(tmp_path / "state", idle_s=600.0, abandon_s=1200.0)
    again.start()
    assert again.score["phase"] == "match_over"
    again.advance(5.0)
    assert day_games(tmp_path) == 1


def test_the_brightness_follows_the_schedule_on_the_wall_clock(tmp_path: Path) -> None:
    evening = datetime.datetime(2026, 11, 30, 22, 58, 30)
    schedule = (("10:00", 1.0), ("23:00", 0.25))
    rig = KioskRig(
        tmp_path / "state", idle_s=7200.0, abandon_s=7200.0, schedule=schedule, start=evening
    )
    rig.board.leds.chain.brightness = 0.5  # whatever the config said: the schedule decides
    rig.start("culls", {"mode": "duel"}, first="blue")
    rig.tap("h8")
    assert rig.board.leds.chain.brightness == 1.0
    rig.assert_cell_colour("h8", LAST_BLUE)
    rig.advance(89.0)  # 22:59:59
    assert rig.board.leds.chain.brightness == 1.0
    rig.advance(1.0)  # 23:00:00, without any input
    assert rig.board.leds.chain.brightness == 0.25
    dimmed = rig.colour("h8")
    assert dimmed != BLUE and max(dimmed) <= max(BLUE) // 4 + 1, "the frame went out again, dim"


def test_before_the_first_step_the_evening_level_still_holds(tmp_path: Path) -> None:
    night = datetime.datetime(2026, 12, 1, 3, 0, 0)
    schedule = (("10:00", 0.9), ("23:00", 0.2))
    rig = KioskRig(
        tmp_path / "s", idle_s=86400.0, abandon_s=86400.0, schedule=schedule, start=night
    )
    rig.start("culls", {"mode": "duel"}, first="blue")
    assert rig.board.leds.chain.brightness == 0.2
    rig.advance(7 * 3600.0 - 1)
    assert rig.board.leds.chain.brightness == 0.2
    rig.advance(1.0)  # 10:00
    assert rig.board.leds.chain.brightness == 0.9


def test_a_staff_brightness_holds_until_the_next_step(tmp_path: Path) -> None:
    start = datetime.datetime(2026, 11, 30, 22, 0, 0)
    schedule = (("10:00", 1.0), ("23:00", 0.25))
    rig = KioskRig(tmp_path / "s", idle_s=7200.0, abandon_s=7200.0, schedule=schedule, start=start)
    rig.start("culls", {"mode": "duel"}, first="blue")
    rig.controller.submit(SetBrightness(0.6))
    rig.controller.step()
    assert rig.board.leds.chain.brightness == 0.6
    rig.advance(3599.0)
    assert rig.board.leds.chain.brightness == 0.6
    rig.advance(1.0)
    assert rig.board.leds.chain.brightness == 0.25


def test_staff_reset_puts_the_game_away_and_starts_the_same_kind(tmp_path: Path) -> None:
    rig = KioskRig(tmp_path / "state", idle_s=60.0, abandon_s=120.0)
    rig.start("culls", {"mode": "teams"}, first="blue")
    rig.tap("h8")
    rig.controller.submit(ResetBoard())
    rig.controller.step()
    assert rig.moves == [] and rig.score["mode"] == "teams" and rig.score["phase"] == "playing"
    assert list((tmp_path / "state" / "archive").glob("match-*.jsonl"))


def test_staff_change_game_starts_it_even_from_attract(tmp_path: Path) -> None:
    rig = KioskRig(tmp_path / "state", idle_s=IDLE_S, abandon_s=ABANDON_S)
    rig.start("culls", {"mode": "duel"}, first="blue")
    rig.advance(IDLE_S)
    assert rig.score["phase"] == "attract"
    rig.controller.submit(StartGame("cubulus", {"players": 3}))
    rig.controller.step()
    assert (rig.score["game"], rig.score["players"]) == ("cubulus", 3)
    assert rig.score["phase"] == "playing"


def test_malformed_staff_commands_are_refused_before_the_queue(tmp_path: Path) -> None:
    rig = KioskRig(tmp_path / "state").start("culls", {"mode": "duel"}, first="blue")
    with pytest.raises(InvalidRecordError):
        rig.controller.submit(StartGame("chess", {}))
    with pytest.raises(ValueError, match="level"):
        rig.controller.submit(SetBrightness(1.5))
    rig.controller.step()
    assert rig.score["game"] == "culls"


def test_kiosk_mode_needs_a_staff_pin() -> None:
    assert kiosk_section(KioskConfig(), forced=False) is None
    with pytest.raises(KioskSetupError, match=r"kiosk\.staff_pin"):
        kiosk_section(KioskConfig(), forced=True)
    section = kiosk_section(KioskConfig(staff_pin="1234"), forced=True)
    assert section is not None and section.enabled


def test_without_a_schedule_the_configured_brightness_stays(tmp_path: Path) -> None:
    rig = KioskRig(tmp_path / "state", idle_s=600.0, abandon_s=1200.0)
    rig.board.leds.chain.brightness = 0.7
    rig.start("culls", {"mode": "duel"}, first="blue")
    rig.advance(120.0)
    assert rig.board.leds.chain.brightness == 0.7
    rig.controller.submit(SetBrightness(0.4))
    rig.controller.step()
    assert rig.board.leds.chain.brightness == 0.4


def test_staff_reset_with_the_menu_open_sets_up_the_fresh_match(tmp_path: Path) -> None:
    rig = KioskRig(tmp_path / "state", idle_s=60.0, abandon_s=120.0)
    rig.start("culls", {"mode": "duel"}, first="blue")
    rig.tap("h8")
    rig.press("menu")
    assert rig.score["phase"] == "menu"
    rig.controller.submit(ResetBoard())
    rig.controller.step()
    assert rig.score["phase"] == "playing"
    assert rig.moves == [] and rig.score["mode"] == "duel"
    assert "place a chip" in str(rig.score["message"])


def test_staff_reset_before_any_match_starts_the_game_chosen_on_the_menu(tmp_path: Path) -> None:
    rig = KioskRig(tmp_path / "state", idle_s=60.0, abandon_s=120.0)
    rig.start()
    rig.press("menu")  # the next game on the menu
    assert rig.score["phase"] == "menu" and rig.score["game"] is None
    chosen = rig.controller.table.menu.game_and_rules()
    game, rules = chosen.game, chosen.rules
    rig.controller.submit(ResetBoard())
    rig.controller.step()
    after = rig.score
    assert after["phase"] == "playing"
    assert after["game"] == game and after["mode"] == rules["mode"] == "teams"
