"""``cullsboard`` without --mock-hal: the devices come from the config (here its mock backends)."""

from __future__ import annotations

import json
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from firmware.cli import main
from firmware.controller.board.loop import BoardController
from firmware.controller.core.live import LoopCall, Touch
from firmware.controller.core.restart import RestartRequested
from firmware.errors import HardwareError, InputError
from firmware.rules.api import IllegalActionError
from firmware.rules.game_and_rules import GameAndRules
from firmware.wiring import hardware
from firmware.wiring.errors import BoardStoppedError, SessionError
from firmware.wiring.hardware import run_real_board
from firmware.wiring.spec import RunSpec
from hal.clock import FakeClock
from hal.mock import MockLeds, MockTouch

SHIPPED = str(Path(__file__).resolve().parents[2] / "config" / "default.yaml")  # mock backends


def test_the_board_from_the_config_plays_and_stops_cleanly(tmp_path: Path) -> None:
    spec = RunSpec(config_path=SHIPPED, state_dir=str(tmp_path), seed=3, web="off",
                   game=GameAndRules("culls", {"mode": "duel"}))  # fmt: skip
    seen: list[object] = []

    def started(controller: BoardController) -> None:
        controller.submit(Touch((7, 7)))
        controller.stop()
        seen.append(controller.view().score["game"])

    code = run_real_board(spec, seen.append, started=started)
    assert code == 0 and seen == ["culls"]
    lines = (tmp_path / "journal.jsonl").read_text().splitlines()
    assert json.loads(lines[-1]) == {"e": "do", "token": "h8"}


def test_an_error_while_playing_stops_the_board_so_the_unit_starts_it_again(
    tmp_path: Path,
) -> None:
    """Not exit 2 (a config error, which the kiosk unit does not restart on): exit 1."""
    spec = RunSpec(config_path=SHIPPED, state_dir=str(tmp_path), web="off")

    def fails(now: float) -> None:
        raise IllegalActionError("h8", "a fault inside the running board")

    def started(controller: BoardController) -> None:
        controller.post(LoopCall(fails))

    with pytest.raises(BoardStoppedError, match="while playing: h8: a fault") as stopped:
        run_real_board(spec, print, started=started)
    assert stopped.value.exit_status == 1
    assert isinstance(stopped.value.__cause__, IllegalActionError)


def test_a_restart_the_staff_asked_for_is_no_stopped_board(tmp_path: Path) -> None:
    """The staff page's restart leaves the run as a restart (the command line then exits 0 for
    the service manager), not as a board stopped by an error."""
    spec = RunSpec(config_path=SHIPPED, state_dir=str(tmp_path), web="off")

    def asks(now: float) -> None:
        raise RestartRequested

    def started(controller: BoardController) -> None:
        controller.post(LoopCall(asks))

    with pytest.raises(RestartRequested):
        run_real_board(spec, print, started=started)


def test_without_a_config_and_without_the_default_file_it_says_how_to_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "etc" / "board.yaml"
    monkeypatch.setattr(hardware, "DEFAULT_CONFIG", missing)
    assert main(["--state-dir", str(tmp_path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (
        f"cullsboard: no board configured at {missing}: use --mock-hal for the simulated board "
        "or --config FILE\n"
    )


def test_without_a_config_the_default_file_is_the_board(tmp_path: Path) -> None:
    default = tmp_path / "board.yaml"
    default.write_text(Path(SHIPPED).read_text(encoding="utf-8"), encoding="utf-8")
    cubulus = GameAndRules("cubulus", {"players": 2})
    spec = RunSpec(state_dir=str(tmp_path), seed=3, web="off", game=cubulus)
    seen: list[object] = []

    def started(controller: BoardController) -> None:
        controller.stop()
        seen.append(controller.view().score["game"])

    code = run_real_board(spec, print, started=started, default_path=default)
    assert code == 0 and seen == ["cubulus"]


def test_a_bad_config_file_is_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "board.yaml"
    bad.write_text("leds:\n  gamma: 9\n", encoding="utf-8")
    spec = RunSpec(config_path=str(bad), state_dir=str(tmp_path), web="off")
    with pytest.raises(SessionError, match=r"leds\.gamma"):
        run_real_board(spec, print)


def test_sigterm_says_stopping_and_shuts_down_cleanly(tmp_path: Path) -> None:
    systemd = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    systemd.bind(str(tmp_path / "notify"))
    systemd.setblocking(False)
    environ = {"NOTIFY_SOCKET": str(tmp_path / "notify"), "WATCHDOG_USEC": "20000000"}
    spec = RunSpec(config_path=SHIPPED, state_dir=str(tmp_path), seed=3, web="off",
                   game=GameAndRules("culls", {"mode": "duel"}))  # fmt: skip
    outer = signal.getsignal(signal.SIGTERM)
    boards: list[BoardController] = []

    def started(controller: BoardController) -> None:
        boards.append(controller)
        controller.submit(Touch((7, 7)))
        handler = signal.getsignal(signal.SIGTERM)
        assert callable(handler) and handler is not outer
        handler(signal.SIGTERM, None)  # what the kernel would call on `systemctl stop`

    try:
        code = run_real_board(spec, print, started=started, environ=environ)
        messages = []
        while True:
            try:
                messages.append(systemd.recv(4096).decode())
            except BlockingIOError:
                break
    finally:
        systemd.close()
    assert code == 0
    assert messages[0].startswith("READY=1") and "WATCHDOG=1" in messages
    assert "STOPPING=1\nSTATUS=stopping (SIGTERM)" in messages and messages[-1] == "STOPPING=1"
    lines = (tmp_path / "journal.jsonl").read_text().splitlines()
    assert json.loads(lines[-1]) == {"e": "do", "token": "h8"}, "the queued touch was kept"
    leds = boards[0].board.leds
    assert (
        isinstance(leds, MockLeds) and leds.closed and leds.pixels == [(0, 0, 0)] * len(leds.pixels)
    )
    assert signal.getsignal(signal.SIGTERM) is outer, "the handler is put back"


def test_kiosk_without_a_staff_pin_is_one_line(tmp_path: Path) -> None:
    spec = RunSpec(config_path=SHIPPED, state_dir=str(tmp_path), web="off", kiosk=True)
    with pytest.raises(InputError, match=r"^kiosk\.staff_pin: kiosk mode needs a staff PIN"):
        run_real_board(spec, print)


def test_the_touch_poll_follows_the_interval_the_sensor_asks_for_now() -> None:
    from firmware.wiring.hardware import poll_interval

    class Sensor(MockTouch):
        """Simulated pads that ask for polling as a sensor with IRQ wires does."""

        asked: float | None = 1.0

        @property
        def poll_interval(self) -> float | None:
            return self.asked

    sensor = Sensor(FakeClock())
    assert poll_interval(sensor) == 1.0
    sensor.asked = 0.02  # an IRQ wire stuck low: the sensor asks for fast polling
    assert poll_interval(sensor) == 0.02
    sensor.asked = 0
    assert poll_interval(sensor) is None
    assert poll_interval(MockTouch(FakeClock())) is None, "simulated pads report as touched"


def test_the_real_board_prints_its_web_address_once(tmp_path: Path) -> None:
    command = [sys.executable, "-m", "firmware", "--config", SHIPPED, "--web", "127.0.0.1:0"]
    process = subprocess.Popen(
        [*command, "--state-dir", str(tmp_path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    assert process.stdout is not None
    lines = []
    for line in process.stdout:
        lines.append(line)
        if "stopped cleanly" in line:
            break
        if "web pages at" in line:
            time.sleep(0.5)  # time for a second announcement, if there were one
            process.send_signal(signal.SIGTERM)
    assert process.wait(20) == 0
    assert sum("web pages at" in line for line in lines) == 1, lines


def test_touch_hardware_that_does_not_answer_exits_3_after_a_pause(tmp_path: Path) -> None:
    """No I2C bus here: the board says so, waits, and exits with the status the kiosk unit
    restarts on (a loose harness or a slow boot can mend), not the config error's 2."""
    board = tmp_path / "board.yaml"
    shipped = Path(SHIPPED).read_text(encoding="utf-8")
    text = shipped.replace("backend: mock        # mock | mpr121", "backend: mpr121", 1)
    board.write_text(text, encoding="utf-8")
    spec = RunSpec(config_path=str(board), state_dir=str(tmp_path), web="off")
    waited: list[float] = []
    with pytest.raises(HardwareError, match=r"^touch: ") as raised:
        run_real_board(spec, print, sleep=waited.append)
    assert raised.value.exit_status == 3
    assert waited == [hardware.HARDWARE_RETRY_S] and waited[0] >= 60


def test_a_config_error_still_exits_2_at_once(tmp_path: Path) -> None:
    bad = tmp_path / "board.yaml"
    bad.write_text("leds:\n  gamma: 9\n", encoding="utf-8")
    spec = RunSpec(config_path=str(bad), state_dir=str(tmp_path), web="off")
    waited: list[float] = []
    with pytest.raises(InputError) as raised:
        run_real_board(spec, print, sleep=waited.append)
    assert raised.value.exit_status == 2 and waited == []
