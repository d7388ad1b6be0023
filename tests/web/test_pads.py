"""``/pads`` and ``/api/pads``: the live pad view over the real touch driver on the simulator."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from firmware.config import default_config
from firmware.web import WebServer, serve_in_thread
from firmware.wiring.padview import CalibrationView, PadMonitor
from firmware.wiring.simrig import SimulatedRig
from hal.clock import FakeClock
from hal.interfaces import Frame, HalEvent
from hal.touch import PadTouchSensor
from tests.web.client import request
from tests.web.fake_board import FakeLiveBoard


@pytest.fixture
def rig() -> Iterator[tuple[SimulatedRig, PadTouchSensor, FakeClock]]:
    config = default_config()
    rig = SimulatedRig.for_config(config)
    clock = FakeClock()
    board = rig.board(clock)
    assert isinstance(board.touch, PadTouchSensor)
    events: list[HalEvent] = []
    board.touch.start(events.append)
    rig.panel.step(20)
    yield rig, board.touch, clock
    board.close()


def test_the_pads_page_is_served(server: WebServer) -> None:
    reply = request(f"{server.url}pads")
    assert reply.status == 200
    assert b"/static/pads.js" in reply.body
    assert request(f"{server.url}static/pads.js").status == 200


def test_without_touch_chips_the_api_says_so(server: WebServer) -> None:
    reply = request(f"{server.url}api/pads")
    assert reply.status == 404
    assert "no MPR121 pads" in reply.json()["error"]


def test_every_pad_shows_its_change_noise_and_thresholds(
    board: FakeLiveBoard, rig: tuple[SimulatedRig, PadTouchSensor, FakeClock]
) -> None:
    sim, sensor, clock = rig
    monitor = PadMonitor(sensor, sim.config, clock)
    with serve_in_thread(board, host="127.0.0.1", port=0, pads=monitor) as web:
        at_rest = {pad["pad"]: pad for pad in request(f"{web.url}api/pads").json()["pads"]}
        assert len(at_rest) == 30
        thresholds = (sim.config.touch.touch_threshold, sim.config.touch.release_threshold)
        assert (at_rest["row 1"]["touch"], at_rest["row 1"]["release"]) == thresholds
        assert not any(pad["touched"] for pad in at_rest.values())
        sim.panel.touch((2, 4))  # c5
        sim.panel.step(5)
        clock.advance(1.0)
        touched = {pad["pad"]: pad for pad in request(f"{web.url}api/pads").json()["pads"]}
    assert {name for name, pad in touched.items() if pad["touched"]} == {"row 5", "column c"}
    assert touched["row 5"]["delta"] > touched["row 5"]["touch"]
    assert touched["row 5"]["noise"] > 0  # two readings, one at rest and one touched
    assert touched["row 6"]["delta"] < touched["row 6"]["touch"]


def test_readings_are_shared_between_viewers_within_a_fifth_of_a_second(
    rig: tuple[SimulatedRig, PadTouchSensor, FakeClock],
) -> None:
    sim, sensor, clock = rig
    monitor = PadMonitor(sensor, sim.config, clock)
    first = monitor.snapshot()
    before = sim.panel.bus.transactions
    assert monitor.snapshot() is first
    assert sim.panel.bus.transactions == before
    clock.advance(0.2)
    assert monitor.snapshot() is not first


def test_while_calibrating_the_pages_show_the_lit_cell_and_refuse_remote_taps() -> None:
    view = CalibrationView(15, 15, 4)
    with serve_in_thread(view, host="127.0.0.1", port=0) as web:
        lit = Frame.blank(15, 15, 4)
        cells = [list(row) for row in lit.cells]
        cells[7][7] = (255, 255, 255)
        view.show(Frame(tuple(tuple(row) for row in cells), lit.status))
        state = request(f"{web.url}api/state").json()
        refused = request(f"{web.url}api/touch", method="POST", payload={"cell": "h8"})
    assert "calibrating the touch pads" in json.dumps(state)
    assert "ffffff" in json.dumps(state).lower() or [255, 255, 255] in state["frame"]["cells"][7]
    assert refused.status == 400
    assert "calibrating" in refused.json()["error"]
