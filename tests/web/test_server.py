"""The server's life, its pages and static files, errors, and the live WebSocket."""

from __future__ import annotations

import asyncio
import json
import socket
import threading
from collections.abc import Callable
from typing import Any

import aiohttp
import pytest

from firmware.controller.core.live import BoardView, Listener, RemoteCommand
from firmware.web import WebServer, serve_in_thread
from firmware.web.hub import ClientFanout, ClientSlot
from hal.interfaces import Frame
from tests.web.client import post, request
from tests.web.fake_board import FakeLiveBoard

WAIT_S = 10.0  # a guard against hanging, not a speed check


def test_pages_and_scripts_are_served_with_safe_headers(server: WebServer) -> None:
    page = request(server.url)
    assert page.status == 200 and page.headers["Content-Type"].startswith("text/html")
    assert b'src="/static/board.js"' in page.body
    assert "default-src 'self'" in page.headers["Content-Security-Policy"]
    assert page.headers["X-Frame-Options"] == "DENY"
    scoreboard = request(server.url + "scoreboard")
    assert b'src="/static/scoreboard.js"' in scoreboard.body
    script = request(server.url + "static/live.js")
    assert script.status == 200 and "javascript" in script.headers["Content-Type"]


def test_nothing_outside_the_static_folder_is_served(server: WebServer) -> None:
    for path in ("static/../server.py", "static/%2e%2e/server.py", "static/nothing.js"):
        reply = request(server.url + path)
        assert reply.status in (403, 404), path
        assert b"import" not in reply.body


def test_unknown_routes_and_methods_answer_in_json(server: WebServer) -> None:
    missing = request(server.url + "api/nothing")
    assert missing.status == 404 and missing.json() == {"error": "not found"}
    wrong_method = request(server.url + "api/touch")
    assert wrong_method.status == 405 and "error" in wrong_method.json()
    assert wrong_method.headers["Allow"] == "POST"


class BrokenBoard(FakeLiveBoard):
    """A board whose view fails after the server has started."""

    broken = False

    def view(self) -> BoardView:
        if self.broken:
            raise KeyError("secret internals")
        return super().view()

    def submit(self, command: RemoteCommand) -> None:
        raise ValueError("the board is shutting down")


def test_internal_errors_never_show_a_traceback() -> None:
    board = BrokenBoard()
    with serve_in_thread(board, host="127.0.0.1", port=0, pin=None) as web:
        refused = post(web.url + "api/press", {"button": "new"})
        assert refused.status == 400
        assert refused.json() == {"error": "the board is shutting down"}
        board.broken = True
        reply = request(web.url + "api/state")
    board.close()
    assert reply.status == 500
    assert reply.json() == {"error": "internal error; the board log has the details"}


def test_close_is_safe_twice_and_lets_go_of_the_board(board: FakeLiveBoard) -> None:
    web = serve_in_thread(board, host="127.0.0.1", port=0, pin=None)
    assert web.url.startswith("http://127.0.0.1:") and not web.url.endswith(":0/")
    assert board.listener_count == 1
    assert "serving" in repr(web)
    web.close()
    web.close()
    assert board.listener_count == 0
    assert "closed" in repr(web)
    with pytest.raises(OSError):
        request(web.url)


def test_a_taken_port_is_one_clear_error(board: FakeLiveBoard) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        with pytest.raises(OSError, match=f"cannot serve the web pages on 127.0.0.1:{port}"):
            serve_in_thread(board, host="127.0.0.1", port=port, pin=None)
    assert board.listener_count == 0


@pytest.mark.parametrize(("pin", "port"), [("", 0), ("  ", 0), (None, 70000)])
def test_bad_settings_are_refused(board: FakeLiveBoard, pin: str | None, port: int) -> None:
    with pytest.raises(ValueError, match="web"):
        serve_in_thread(board, host="127.0.0.1", port=port, pin=pin)


async def _next(ws: aiohttp.ClientWebSocketResponse, until: Callable[[Any], bool]) -> Any:
    while True:
        message = json.loads(await asyncio.wait_for(ws.receive_str(), WAIT_S))
        if until(message):
            return message


def test_the_websocket_pushes_the_view_and_every_change(
    server: WebServer, board: FakeLiveBoard
) -> None:
    async def scenario() -> tuple[Any, Any]:
        async with (
            aiohttp.ClientSession() as session,
            session.ws_connect(server.url + "ws") as ws,
        ):
            first = await _next(ws, lambda m: True)
            await asyncio.to_thread(post, server.url + "api/touch", {"cell": "h8"})
            pushed = await _next(ws, lambda m: m["score"]["moves"] == ["h8"])
            return first, pushed

    first, pushed = asyncio.run(scenario())
    assert first["score"]["moves"] == []
    assert len(first["frame"]["grid"]) == 15
    assert pushed["frame"]["grid"][7][7] == "#0046ff"
    assert pushed["score"]["to_move"] == "blue"  # blue places two chips in setup
    assert pushed["control"]["pin_required"] is False


def test_a_burst_of_views_reaches_a_viewer_as_the_newest(
    server: WebServer, board: FakeLiveBoard
) -> None:
    base = board.view()

    async def scenario() -> Any:
        async with (
            aiohttp.ClientSession() as session,
            session.ws_connect(server.url + "ws") as ws,
        ):
            await _next(ws, lambda m: True)
            for n in range(500):
                board.publish(BoardView(base.frame, dict(base.score, message=f"view {n}")))
            return await _next(ws, lambda m: m["score"]["message"] == "view 499")

    assert asyncio.run(scenario())["score"]["message"] == "view 499"


def test_the_hub_collapses_a_burst_into_one_publish() -> None:
    async def scenario() -> tuple[int, str, int]:
        hub = ClientFanout(asyncio.get_running_loop(), lambda view: str(view.score["n"]))
        slot = ClientSlot()
        hub.add(slot)
        listener: Listener = hub.offer
        frame = Frame.blank(15, 15)

        def burst() -> None:
            for n in range(1000):
                listener(BoardView(frame, {"n": n}))

        controller = threading.Thread(target=burst)
        controller.start()
        controller.join()  # blocks this loop on purpose: the burst lands before any publish
        text = await asyncio.wait_for(slot.take(), WAIT_S)
        return hub.published, text, hub.client_count

    published, text, clients = asyncio.run(scenario())
    assert text == "999"
    assert published == 1
    assert clients == 1


def test_the_hub_wakes_the_server_only_for_a_viewer() -> None:
    """A board rendering with nobody watching (an attract show at night) never wakes the
    server's loop to encode its views; a viewer who comes gets the board's view on connecting
    (as the WebSocket route does), then every new one."""

    async def scenario() -> tuple[int, int, str]:
        hub = ClientFanout(asyncio.get_running_loop(), lambda view: str(view.score["n"]))
        frame = Frame.blank(15, 15)
        for n in range(100):
            hub.offer(BoardView(frame, {"n": n}))
            await asyncio.sleep(0)  # the server's loop runs between frames, as it would
        unwatched = hub.published
        slot = ClientSlot()
        hub.add(slot)
        hub.offer(BoardView(frame, {"n": 100}))
        text = await asyncio.wait_for(slot.take(), WAIT_S)
        return unwatched, hub.published, text

    unwatched, published, text = asyncio.run(scenario())
    assert unwatched == 0
    assert (published, text) == (1, "100")


def test_viewers_beyond_the_limit_are_turned_away(
    server: WebServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("firmware.web.app.MAX_VIEWERS", 1)

    async def scenario() -> int:
        async with (
            aiohttp.ClientSession() as session,
            session.ws_connect(server.url + "ws") as first,
        ):
            await _next(first, lambda m: True)
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await session.ws_connect(server.url + "ws")
            return refused.value.status

    assert asyncio.run(scenario()) == 503


def test_closing_the_server_closes_its_viewers(board: FakeLiveBoard) -> None:
    web = serve_in_thread(board, host="127.0.0.1", port=0, pin=None)

    async def scenario() -> aiohttp.WSMsgType:
        async with (
            aiohttp.ClientSession() as session,
            session.ws_connect(web.url + "ws") as ws,
        ):
            await _next(ws, lambda m: True)
            await asyncio.to_thread(web.close)
            message = await asyncio.wait_for(ws.receive(), WAIT_S)
            return message.type

    assert asyncio.run(scenario()) in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
    assert board.listener_count == 0
