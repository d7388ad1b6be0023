"""The web application: pages, the JSON API and the live WebSocket, over one LiveBoard. The
POSTs that act on the board are ``play_routes``'s; what every request passes through is
``middleware``'s."""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import json
import re
from collections.abc import Callable
from pathlib import Path

from aiohttp import WSCloseCode, WSMsgType, web
from aiohttp.typedefs import Handler

from firmware.config.layered import SettingsStore
from firmware.controller.core.adapter import board_adapter
from firmware.controller.core.live import LiveBoard
from firmware.controller.core.options import game_catalogue
from firmware.controller.view.view_model import read_score
from firmware.history.day import Today
from firmware.rules.api import JsonValue
from firmware.web.address_routes import add_address_routes
from firmware.web.app_keys import (
    BOARD_KEY,
    GUARD_KEY,
    HEALTH_KEY,
    HOSTS_KEY,
    HUB_KEY,
    SOCKETS_KEY,
    STAFF_LEVEL_KEY,
)
from firmware.web.bodies import MAX_BODY_BYTES, ApiError
from firmware.web.guard import PinGuard
from firmware.web.history_pages import add_history_routes
from firmware.web.hosts import HostAllowList
from firmware.web.hub import ClientFanout, ClientSlot
from firmware.web.middleware import add_security_headers, errors_as_json
from firmware.web.pads import PadSource, add_pad_routes
from firmware.web.play_routes import add_play_routes
from firmware.web.player_pages import add_player_routes
from firmware.web.settings_routes import add_settings_routes
from firmware.web.staff import StaffGate, add_staff_routes
from firmware.web.views import page_folders, view_json, view_text

STATIC = Path(__file__).resolve().parent / "static"
MAX_VIEWERS = 64


def build_app(
    board: LiveBoard,
    guard: PinGuard,
    hub: ClientFanout,
    staff: StaffGate | None = None,
    hosts: HostAllowList | None = None,
    pads: PadSource | None = None,
    *,
    history_dir: Path | None = None,
    settings: SettingsStore | None = None,
    address: Callable[[], str] | None = None,
    health: Callable[[], dict[str, JsonValue]] | None = None,
    today: Callable[[], datetime.date] | None = None,
) -> web.Application:
    """The app: the pages ``/``, ``/scoreboard``, ``/staff`` and ``/pads``, ``/api/*``, ``/ws``,
    ``/static/*``; ``POST /api/review`` moves a review to a move.

    ``staff`` guards the staff routes (``/api/staff/*``); without it they are refused;
    ``settings`` are the staff page's settings (``/api/staff/settings``); ``address`` says
    where a phone opens the board page (``/qr.svg``, ``/api/address``). ``hosts``
    are the names the board answers to (default: loopback only). ``pads`` feeds ``/api/pads``
    (the touch electrodes); without it that answers 404.
    """
    app = web.Application(client_max_size=MAX_BODY_BYTES, middlewares=[errors_as_json])
    app[HOSTS_KEY] = hosts or HostAllowList("127.0.0.1")
    app[BOARD_KEY] = board
    app[GUARD_KEY] = guard
    app[HUB_KEY] = hub
    gate = staff or StaffGate(None, guard.clock)
    add_staff_routes(app, board, gate, settings)
    add_settings_routes(app, gate, settings)
    app[STAFF_LEVEL_KEY] = _staff_level(settings)
    add_pad_routes(app, pads)
    app[SOCKETS_KEY] = set()
    app.router.add_get("/", _page("board.html"))
    app.router.add_get("/scoreboard", _page("scoreboard.html"))
    app.router.add_get("/staff", _page("staff.html"))
    app.router.add_get("/pads", _page("pads.html"))
    add_history_routes(app, history_dir, today or Today(datetime.datetime.now))
    add_player_routes(app)
    add_address_routes(app, address or (lambda: "http://127.0.0.1:8080/"))
    app[HEALTH_KEY] = health or (lambda: {"ok": True, "problems": []})
    app.router.add_get("/api/health", _health)
    app.router.add_get("/api/state", _state)
    app.router.add_get("/api/games", _games)
    app.router.add_get("/api/record", _record)
    app.router.add_get("/api/layout", _layout)
    add_play_routes(app)
    app.router.add_get("/ws", _websocket)
    app.router.add_get("/favicon.ico", _favicon)
    app.router.add_static("/static/", STATIC)
    for name, folder in page_folders().items():
        app.router.add_static(f"/games/{name}/", folder)
    app.on_response_prepare.append(add_security_headers)
    app.on_shutdown.append(_close_sockets)
    return app


def _page(name: str) -> Handler:
    async def handler(request: web.Request) -> web.StreamResponse:
        return web.FileResponse(STATIC / name, headers={"Cache-Control": "no-cache"})

    return handler


async def _favicon(request: web.Request) -> web.StreamResponse:
    return web.FileResponse(STATIC / "favicon.ico", headers={"Cache-Control": "max-age=86400"})


async def _state(request: web.Request) -> web.Response:
    """GET /api/state: the latest view as JSON."""
    view = request.app[BOARD_KEY].view()
    return web.json_response(view_json(view, pin_required=request.app[GUARD_KEY].required))


async def _health(request: web.Request) -> web.Response:
    """GET /api/health: what is wrong with the board now (``{"ok": true, "problems": []}``)."""
    return web.json_response(request.app[HEALTH_KEY]())


async def _layout(request: web.Request) -> web.Response:
    """GET /api/layout: the current game and what a touch on each board cell means."""
    game = read_score(request.app[BOARD_KEY].view().score).game
    if game is None:
        raise ApiError(404, "no game is set up yet")
    cells: dict[str, JsonValue] = dict(board_adapter(game).touch_map())
    return web.json_response({"game": game, "cells": cells})


async def _games(request: web.Request) -> web.Response:
    """GET /api/games: every game and the options it can be started with."""
    return web.json_response({"games": game_catalogue()})


async def _record(request: web.Request) -> web.Response:
    """GET /api/record: the current round's record as a JSON file to save."""
    shown = read_score(request.app[BOARD_KEY].view().score)
    record = shown.record
    if record is None:
        raise ApiError(404, "there is no game record yet")
    game = re.sub(r"[^a-z0-9]", "", (shown.game or "game").lower()) or "game"
    suffix = f"-round{shown.round}" if shown.round is not None else ""
    return web.Response(
        text=json.dumps(record, ensure_ascii=False) + "\n",
        content_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="cullsboard-{game}{suffix}.json"'},
    )


def _staff_level(settings: SettingsStore | None) -> Callable[[], int | None]:
    """The café's computer level as the staff page holds it now (None: none set)."""
    if settings is None:
        return lambda: None
    return lambda: settings.config.play.computer_level


async def _websocket(request: web.Request) -> web.WebSocketResponse:
    """GET /ws: the current view at once, then every new one (newest only if a viewer lags)."""
    hub = request.app[HUB_KEY]
    if hub.client_count >= MAX_VIEWERS:
        raise ApiError(503, f"too many viewers (at most {MAX_VIEWERS}); try again later")
    ws = web.WebSocketResponse(heartbeat=30.0, max_msg_size=1024)
    await ws.prepare(request)
    slot = ClientSlot()
    hub.add(slot)
    request.app[SOCKETS_KEY].add(ws)
    board, guard = request.app[BOARD_KEY], request.app[GUARD_KEY]
    slot.put(view_text(board.view(), pin_required=guard.required))
    sender = asyncio.create_task(_send_views(ws, slot))
    try:
        async for message in ws:  # viewers send nothing we act on; this waits for the close
            if message.type is WSMsgType.ERROR:
                break
    finally:
        hub.discard(slot)
        request.app[SOCKETS_KEY].discard(ws)
        sender.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await sender
    return ws


async def _send_views(ws: web.WebSocketResponse, slot: ClientSlot) -> None:
    while not ws.closed:
        text = await slot.take()
        try:
            await ws.send_str(text)
        except ConnectionError:
            return


async def _close_sockets(app: web.Application) -> None:
    sockets = app[SOCKETS_KEY]
    for ws in list(sockets):
        await ws.close(code=WSCloseCode.GOING_AWAY, message=b"server shutting down")
