"""Shutting the table down: the staff action and MENU with UNDO held for ten seconds ask the
system to power off through a command that is recorded here, never run."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

from firmware.config import parse_config
from firmware.controller.core.hold import HOLD_SECONDS, ButtonHold
from firmware.controller.core.live import ShutDown
from firmware.kiosk.power import POWER_OFF_COMMAND, PowerOff
from firmware.web.server import serve_in_thread
from hal.interfaces import ButtonEvent
from hal.mock import MockButtons
from tests.controller.conftest import Rig
from tests.controller.kiosk_rig import STAFF_PIN, KioskRig
from tests.web.client import post

SHUTDOWN = ShutDown()


class Commands:
    """Stands in for running a command: keeps it, answers with ``code``."""

    def __init__(self, code: int = 0) -> None:
        self.ran: list[Sequence[str]] = []
        self.code = code

    def __call__(self, command: Sequence[str]) -> int:
        self.ran.append(tuple(command))
        return self.code


@pytest.fixture
def kiosk(tmp_path: Path) -> Iterator[KioskRig]:
    made = KioskRig(tmp_path / "state", idle_s=600.0, abandon_s=1200.0)
    made.start("culls", {"mode": "duel"}, first="blue")
    yield made
    made.board.close()


def test_the_command_is_systemctl_poweroff_without_a_password_prompt() -> None:
    commands = Commands()
    assert PowerOff(runner=commands)("a test") is True
    assert commands.ran == [POWER_OFF_COMMAND] == [("systemctl", "--no-ask-password", "poweroff")]


def test_a_refused_power_off_is_false_and_a_simulated_one_runs_nothing() -> None:
    refusing = Commands(code=1)
    assert PowerOff(runner=refusing)("a test") is False
    assert PowerOff(command=None, runner=refusing)("a test") is True
    assert refusing.ran == [POWER_OFF_COMMAND]


def test_a_hold_is_due_once_after_ten_seconds_of_menu_and_undo_together() -> None:
    hold = ButtonHold()
    assert (hold.button, hold.seconds) == ("menu+undo", 10.0) == ("menu+undo", HOLD_SECONDS)
    hold.feed(ButtonEvent(10.0, "menu", True))
    assert hold.deadline() is None  # one button alone is no gesture
    hold.feed(ButtonEvent(11.0, "new", True))  # another button changes nothing
    hold.feed(ButtonEvent(12.0, "undo", True))
    assert hold.deadline() == 12.0 + HOLD_SECONDS  # from the moment both are down
    assert not hold.due(21.9)
    assert hold.due(22.0)
    assert not hold.due(23.0)  # once per hold
    hold.feed(ButtonEvent(24.0, "undo", False))
    hold.feed(ButtonEvent(25.0, "undo", True))
    hold.feed(ButtonEvent(30.0, "menu", False))  # let go after 5 s
    assert hold.deadline() is None and not hold.due(40.0)


def test_the_gesture_is_configurable_and_can_be_turned_off() -> None:
    hold = ButtonHold(("hint",), 3.0)
    hold.feed(ButtonEvent(0.0, "hint", True))
    assert hold.due(3.0)
    with pytest.raises(ValueError, match="at least one button"):
        ButtonHold(())
    text = "kiosk:\n  power_off_buttons: [new, menu]\n  power_off_seconds: 5\n"
    kiosk = parse_config(text).kiosk
    assert (kiosk.power_off_buttons, kiosk.power_off_seconds) == (("new", "menu"), 5.0)
    assert parse_config("kiosk:\n  power_off_buttons: []\n").kiosk.power_off_buttons == ()


def _buttons(kiosk: KioskRig) -> MockButtons:
    assert kiosk.board.buttons is not None
    return kiosk.board.buttons


def test_holding_menu_and_undo_for_ten_seconds_powers_off(kiosk: KioskRig) -> None:
    _buttons(kiosk).down("menu")
    _buttons(kiosk).down("undo")
    kiosk.controller.step()
    kiosk.advance(HOLD_SECONDS - 0.5)
    assert kiosk.power_commands == []
    kiosk.advance(0.5)  # the loop wakes for the hold's deadline by itself
    assert kiosk.power_commands == [POWER_OFF_COMMAND]
    kiosk.advance(10.0)
    assert kiosk.power_commands == [POWER_OFF_COMMAND]


@pytest.mark.parametrize("held", [("menu",), ("undo",), ("menu", "new")])
def test_a_guest_holding_menu_alone_or_another_pair_does_not_power_off(
    kiosk: KioskRig, held: tuple[str, ...]
) -> None:
    for name in held:
        _buttons(kiosk).down(name)
    kiosk.controller.step()
    kiosk.advance(60.0)
    assert kiosk.power_commands == []


def test_a_short_hold_of_both_does_not_power_off(kiosk: KioskRig) -> None:
    _buttons(kiosk).down("menu")
    _buttons(kiosk).down("undo")
    kiosk.controller.step()
    kiosk.advance(HOLD_SECONDS - 1.0)
    _buttons(kiosk).up("undo")
    kiosk.advance(30.0)
    assert kiosk.power_commands == []


def test_the_staff_action_powers_off_and_a_refusal_lets_play_go_on(kiosk: KioskRig) -> None:
    kiosk.power_exit = 1
    kiosk.controller.submit(SHUTDOWN)
    kiosk.controller.step()
    assert kiosk.power_commands == [POWER_OFF_COMMAND]
    kiosk.tap("h8")
    assert kiosk.moves == ["h8"]


def test_the_staff_route_needs_the_pin(kiosk: KioskRig) -> None:
    with serve_in_thread(kiosk.controller, port=0, staff_pin=STAFF_PIN, clock=kiosk.clock) as web:
        refused = post(f"{web.url}api/staff/shutdown", {"pin": "0000"})
        accepted = post(f"{web.url}api/staff/shutdown", {"pin": STAFF_PIN})
    assert (refused.status, accepted.status) == (403, 202)
    assert accepted.json() == {"accepted": {"staff": "shutdown"}}
    kiosk.controller.step()
    assert kiosk.power_commands == [POWER_OFF_COMMAND]


def test_a_board_not_in_kiosk_mode_cannot_power_off(tmp_path: Path) -> None:
    rig = Rig(tmp_path / "state")
    rig.start("culls", {"mode": "duel"}, first="blue")
    with pytest.raises(ValueError, match="cannot power the Pi off"):
        rig.controller.submit(SHUTDOWN)
    rig.board.close()


def test_a_gesture_on_a_button_that_is_not_wired_is_one_config_error() -> None:
    from firmware.config import ConfigError

    text = 'buttons:\n  menu: null\nkiosk:\n  enabled: true\n  staff_pin: "24680"\n'
    with pytest.raises(ConfigError, match=r"kiosk\.power_off_buttons: menu is not wired"):
        parse_config(text)
    parse_config(text + "  power_off_buttons: [undo, new]\n")
