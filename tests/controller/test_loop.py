"""The one event loop: every input through one queue, listeners, remote commands, failing LEDs."""

from __future__ import annotations

import threading

import pytest

from firmware.controller.core.live import BoardView, LiveBoard, Press, Touch
from tests.controller.conftest import LAST_BLUE, OFF, Rig


def test_inputs_from_other_threads_only_enqueue(rig: Rig) -> None:
    rig.start("culls", {"mode": "duel"}, first="blue")
    worker = threading.Thread(target=rig.board.touch.tap, args=(rig.cell("h8"),))
    worker.start()
    worker.join()
    rig.assert_cell_colour("h8", OFF)  # queued, not yet handled
    assert rig.moves == []
    rig.controller.step()
    rig.assert_cell_colour("h8", LAST_BLUE)


def test_the_blocking_loop_handles_inputs_and_stops(rig: Rig) -> None:
    beats: list[float] = []
    rig.controller._heartbeat = lambda: beats.append(rig.clock.now())
    rig.start("culls", {"mode": "duel"}, first="blue")
    rig.board.touch.tap(rig.cell("h8"))
    rig.board.touch.tap(rig.cell("i8"))
    rig.controller.stop()
    runner = threading.Thread(target=rig.controller.run)
    runner.start()
    runner.join(timeout=10)
    assert not runner.is_alive()
    assert rig.moves == ["h8", "i8"]
    assert beats, "the watchdog is fed as the loop starts"


def test_remote_commands_are_checked_and_queued(rig: Rig) -> None:
    rig.start("culls", {"mode": "duel"}, first="blue")
    with pytest.raises(ValueError, match="no such cell"):
        rig.controller.submit(Touch((15, 0)))
    with pytest.raises(ValueError, match="unknown button"):
        rig.controller.submit(Press("eject"))
    rig.controller.submit(Touch(rig.cell("h8")))
    rig.controller.submit(Touch(rig.cell("i8")))
    rig.controller.submit(Press("undo"))
    rig.controller.step()
    assert rig.moves == ["h8"]


def test_listeners_get_every_new_view_and_can_leave(rig: Rig) -> None:
    views: list[BoardView] = []
    rig.start("culls", {"mode": "duel"}, first="blue")
    leave = rig.controller.subscribe(views.append)
    rig.tap("h8")
    assert views and views[-1].score["moves"] == ["h8"]
    assert views[-1].frame == rig.board.leds.last
    leave()
    rig.tap("i8")
    assert views[-1].score["moves"] == ["h8"]


def test_a_failing_listener_does_not_stop_the_board(rig: Rig) -> None:
    def broken(view: BoardView) -> None:
        raise RuntimeError("a viewer bug")

    rig.start("culls", {"mode": "duel"}, first="blue")
    rig.controller.subscribe(broken)
    rig.tap("h8")
    rig.assert_cell_colour("h8", LAST_BLUE)


def test_failing_leds_are_retried_and_play_goes_on(rig: Rig) -> None:
    rig.start("culls", {"mode": "duel"}, first="blue")
    rig.board.leds.fail_next(1)
    rig.tap("h8")
    assert rig.moves == ["h8"]
    rig.assert_cell_colour("h8", OFF)  # that frame never reached the LEDs
    rig.advance(0.2)
    rig.assert_cell_colour("h8", LAST_BLUE)


def test_a_frame_is_sent_only_when_it_changes(rig: Rig) -> None:
    rig.start("culls", {"mode": "duel"}, first="blue")
    sent = len(rig.board.leds.sent)
    rig.advance(30.0)
    assert len(rig.board.leds.sent) == sent
    assert rig.controller.next_deadline() is None, "nothing animates: the loop can sleep"


def test_the_controller_is_the_live_board_the_web_server_uses(rig: Rig) -> None:
    live: LiveBoard = rig.controller  # mypy checks the protocol; the test checks the view
    rig.start("cubulus", {"players": 3}, first="black")
    view = live.view()
    assert view.frame == rig.board.leds.last
    assert view.score["game"] == "cubulus" and view.score["to_move"] == "black"
