"""The view hub: the latest view, listeners in order, a failing viewer never stops the board."""

from __future__ import annotations

import pytest

from firmware.controller.core.live import BoardView, ViewHub
from hal.interfaces import Frame


def _view(move: str) -> BoardView:
    return BoardView(Frame.blank(3, 3), {"moves": [move]})


def test_listeners_get_every_view_until_they_unsubscribe() -> None:
    hub = ViewHub(_view("start"))
    seen: list[BoardView] = []
    unsubscribe = hub.subscribe(seen.append)
    hub.publish(_view("h8"))
    unsubscribe()
    unsubscribe()  # twice is fine
    hub.publish(_view("i8"))
    assert [v.score["moves"] for v in seen] == [["h8"]]
    assert hub.view().score["moves"] == ["i8"]
    assert hub.listener_count == 0


def test_a_failing_listener_does_not_stop_the_others(caplog: pytest.LogCaptureFixture) -> None:
    hub = ViewHub(_view("start"))
    seen: list[BoardView] = []

    def broken(_view: BoardView) -> None:
        raise RuntimeError("a viewer's bug")

    hub.subscribe(broken)
    hub.subscribe(seen.append)
    hub.publish(_view("h8"))
    assert len(seen) == 1
    assert "a board listener failed" in caplog.text
