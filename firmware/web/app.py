"""The web application: pages, the JSON API and the live WebSocket, over one LiveBoard."""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import json
import logging
import re
from collections.abc import Callable
from pathlib import Path

from aiohttp import WSCloseCode, WSMsgType, web
from aiohttp.typedefs import Handler

from firmware.config.layered import SettingsStore
from firmware.controller import command_registry
from firmware.controller.adapter import board_adapter
from firmware.controller.live import (
    CommandRefusedError,
    GoOnline,
    LiveBoard,
    NameSeat,
    Press,
    RemoteCommand,
    ReviewAt,
    Touch,
)
from firmware.controller.options import game_catalogue
from firmware.history.day import Today
from firmware.rules.api import JsonValue
from firmware.rules.bounded_json import shorten
from firmware.rules.grid import parse_board_cell
from firmware.web.address_routes import add_address_routes
from firmware.web.bodies import (
    MAX_BODY_BYTES,
    ApiError,
    json_object,
    only_keys,
    required_text,
    text_or_none,
)
from firmware.web.computer import computer_command
from firmware.web.guard import PinGuard, Verdict
from firmware.web.history_pages import add_history_routes, round_record
from firmware.web.hosts import HostAllowList
from firmware.web.hub import ClientFanout, ClientSlot
from firmware.web.names import player_name, seat_number
from firmware.web.pads import PadSource, add_pad_routes
from firmware.web.player_pages import add_player_routes
from firmware.web.settings_routes import add_settings_routes
from firmware.web.staff import StaffGate, add_staff_routes
from firmware.web.views import (
    board_size,
    cell_name,
    page_folders,
    view_json,
    view_text,
)

STATIC = Path(__file__).resolve().parent / "static"
MAX_VIEWERS = 64
MAX_COUNT = 2**62  # a move's, a match's or a round's number: at most this
PIN_HEADER = "X-Cullsboard-Pin"
SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self' data:; connect-src 'self'; "
        "frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
}

log = logging.getLogger(__name__)

BOARD_KEY = web.AppKey("board", LiveBoard)
GUARD_KEY = web.AppKey("guard", PinGuard)
HUB_KEY = web.AppKey("hub", ClientFanout)
HOSTS_KEY = web.AppKey("hosts", HostAllowList)
HEALTH_KEY: web.AppKey[Callable[[], dict[str, JsonValue]]] = web.AppKey("health")
SAFE_METHODS = ("GET", "HEAD", "OPTIONS")
SOCKETS_KEY: web.AppKey[set[web.WebSocketResponse]] = web.AppKey("sockets")
STAFF_LEVEL_KEY: web.AppKey[Callable[[], int | None]] = web.AppKey("staff_level")


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
    app = web.Application(client_max_size=MAX_BODY_BYTES, middlewares=[_errors_as_json])
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
    app.router.add_post("/api/touch", _touch)
    app.router.add_post("/api/press", _press)
    app.router.add_post("/api/computer", _computer)
    app.router.add_post("/api/online", _online)
    app.router.add_post("/api/name", _name)
    app.router.add_post("/api/review", _review)
    app.router.add_get("/ws", _websocket)
    app.router.add_get("/favicon.ico", _favicon)
    app.router.add_static("/static/", STATIC)
    for name, folder in page_folders().items():
        app.router.add_static(f"/games/{name}/", folder)
    app.on_response_prepare.append(_add_security_headers)
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
    game = request.app[BOARD_KEY].view().score.get("game")
    if not isinstance(game, str):
        raise ApiError(404, "no game is set up yet")
    cells: dict[str, JsonValue] = dict(board_adapter(game).touch_map())
    return web.json_response({"game": game, "cells": cells})


async def _games(request: web.Request) -> web.Response:
    """GET /api/games: every game and the options it can be started with."""
    return web.json_response({"games": game_catalogue()})


async def _record(request: web.Request) -> web.Response:
    """GET /api/record: the current round's record as a JSON file to save."""
    score = request.app[BOARD_KEY].view().score
    record = score.get("record")
    if not isinstance(record, dict):
        raise ApiError(404, "there is no game record yet")
    game = re.sub(r"[^a-z0-9]", "", str(score.get("game") or "game").lower()) or "game"
    round_number = score.get("round")
    suffix = f"-round{round_number}" if isinstance(round_number, int) else ""
    return web.Response(
        text=json.dumps(record, ensure_ascii=False) + "\n",
        content_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="cullsboard-{game}{suffix}.json"'},
    )


async def _touch(request: web.Request) -> web.Response:
    """POST /api/touch {"cell": "h8"}: a tap on a cell, as if on the board."""
    body = await _authorised_body(request, allowed=("cell", "pin"))
    raw = required_text(body, "cell", "h8")
    board = request.app[BOARD_KEY]
    columns, rows = board_size(board.view().frame)
    try:
        cell = parse_board_cell(raw, columns, rows)
    except ValueError as exc:
        raise ApiError(400, f"cell: {exc}") from None
    _submit(board, Touch(cell))
    return web.json_response({"accepted": {"touch": cell_name(cell)}}, status=202)


async def _press(request: web.Request) -> web.Response:
    """POST /api/press {"button": "undo"}: a button press, as if on the board."""
    body = await _authorised_body(request, allowed=("button", "pin"))
    raw = required_text(body, "button", "undo")
    button = raw.strip().lower()
    known = command_registry.pressable()
    if button not in known:
        raise ApiError(400, f"button: unknown button {raw[:20]!r} (known: {', '.join(known)})")
    _submit(request.app[BOARD_KEY], Press(button))
    return web.json_response({"accepted": {"press": button}}, status=202)


async def _computer(request: web.Request) -> web.Response:
    """POST /api/computer {"seats": ["red"], "level": 3}: the computer's seats, in a new match."""
    body = await _authorised_body(request, allowed=("seats", "level", "pin"))
    board = request.app[BOARD_KEY]
    command = computer_command(body, board.view().score, request.app[STAFF_LEVEL_KEY]())
    _submit(board, command)
    accepted: dict[str, JsonValue] = {"seats": list(command.seats), "level": command.level}
    return web.json_response({"accepted": {"computer": accepted}}, status=202)


def _staff_level(settings: SettingsStore | None) -> Callable[[], int | None]:
    """The café's computer level as the staff page holds it now (None: none set)."""
    if settings is None:
        return lambda: None
    return lambda: settings.config.play.computer_level


async def _online(request: web.Request) -> web.Response:
    """POST /api/online {"online": "host" | "join:CODE"}: offer the menu's game, or join one."""
    body = await _authorised_body(request, allowed=("online", "pin"))
    wanted = required_text(body, "online", "join:K7MXR").strip()
    _submit(request.app[BOARD_KEY], GoOnline(wanted))
    return web.json_response({"accepted": {"online": wanted}}, status=202)


async def _name(request: web.Request) -> web.Response:
    """POST /api/name {"seat": 0, "name": "Ana"}: a player's name on a seat for the match."""
    body = await _authorised_body(request, allowed=("seat", "name", "pin"))
    seat = seat_number(body.get("seat"))
    name = player_name(body.get("name"))
    command = NameSeat(seat, name)
    _submit(request.app[BOARD_KEY], command)
    return web.json_response({"accepted": {"seat": seat, "name": name}}, status=202)


async def _review(request: web.Request) -> web.Response:
    """POST /api/review {"ply": 14}: the round under review shown after move 14; with
    ``"match"`` and ``"round"`` (the history's ids) that round is opened on the board first."""
    body = await _authorised_body(request, allowed=("ply", "match", "round", "pin"))
    ply, match, number = (_count(body, key) for key in ("ply", "match", "round"))
    if ply is None:
        raise ApiError(400, 'ply: send a move\'s number, like {"ply": 14}')
    if match is None or number is None:
        _submit(request.app[BOARD_KEY], ReviewAt(ply))
    else:
        record, analysis = round_record(request, match, number)
        _submit(request.app[BOARD_KEY], ReviewAt(ply, record, analysis))
    return web.json_response({"accepted": {"ply": ply}}, status=202)


def _count(body: dict[str, object], key: str) -> int | None:
    """``body[key]`` as a whole number from 0 to MAX_COUNT (None: not given); ApiError if not."""
    value = body.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_COUNT:
        raise ApiError(400, f"{key}: send a whole number from 0 to {MAX_COUNT}")
    return value


async def _authorised_body(request: web.Request, *, allowed: tuple[str, ...]) -> dict[str, object]:
    """The JSON object body, once the PIN (header or ``pin`` field) has been accepted."""
    body = await json_object(request)
    offered = request.headers.get(PIN_HEADER, body.get("pin"))
    decision = request.app[GUARD_KEY].check(request.remote or "unknown", text_or_none(offered))
    if decision.verdict is Verdict.LOCKED:
        wait = max(1, round(decision.retry_after_s))
        raise ApiError(
            429, f"too many wrong PINs: try again in {wait} s", {"Retry-After": str(wait)}
        )
    if decision.verdict is Verdict.WRONG:
        what = "wrong PIN" if offered is not None else "this board needs a PIN to control it"
        raise ApiError(403, f"{what} (send it in the {PIN_HEADER} header or a pin field)")
    only_keys(body, allowed)
    return body


def _submit(board: LiveBoard, command: RemoteCommand) -> None:
    try:
        board.submit(command)
    except CommandRefusedError as exc:
        raise ApiError(409, str(exc)) from None
    except ValueError as exc:
        raise ApiError(400, str(exc)) from None


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


@web.middleware
async def _errors_as_json(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Every error leaves as one JSON line, ``{"error": "..."}``; never a traceback."""
    refusal = _foreign(request)
    if refusal is not None:
        return refusal
    try:
        response: web.StreamResponse = await handler(request)
    except ApiError as exc:
        return _error(exc.status, exc.message, exc.headers)
    except web.HTTPRequestEntityTooLarge:
        return _error(413, f"the body is too large (at most {MAX_BODY_BYTES} bytes)")
    except web.HTTPException as exc:
        if exc.status < 400:
            raise
        return _error(exc.status, exc.reason.lower(), {"Allow": exc.headers.get("Allow", "")})
    except asyncio.CancelledError:
        raise
    except ConnectionError:  # the client went away mid-request: nothing to answer, nothing wrong
        log.debug("web client left during %s %s", request.method, request.path)
        return _error(400, "the connection closed during the request")
    except Exception:
        log.exception("web request %s %s failed", request.method, shorten(request.path, 120))
        return _error(500, "internal error; the board log has the details")
    return response


def _foreign(request: web.Request) -> web.Response | None:
    """The refusal for a request addressed to another name, or sent by another site's page."""
    hosts = request.app[HOSTS_KEY]
    host = request.headers.get("Host")
    if not hosts.allows_host(host):
        return _error(421, "this board does not answer to that host name (see web.allowed_hosts)")
    changes = request.method not in SAFE_METHODS or request.path == "/ws"
    if changes and not hosts.allows_origin(request.headers.get("Origin"), host):
        return _error(403, "requests from another site's page are refused (Origin)")
    return None


def _error(status: int, message: str, headers: dict[str, str] | None = None) -> web.Response:
    extra = {key: value for key, value in (headers or {}).items() if value}
    body: dict[str, JsonValue] = {"error": message}
    return web.json_response(body, status=status, headers=extra)


async def _add_security_headers(request: web.Request, response: web.StreamResponse) -> None:
    for key, value in SECURITY_HEADERS.items():
        response.headers.setdefault(key, value)
