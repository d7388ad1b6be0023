"""``POST /api/touch``, ``/api/press``, ``/api/computer``, ``/api/online``, ``/api/name`` and
``/api/review``: what a page does to the board, each once the PIN (the ``X-Cullsboard-Pin``
header or a ``pin`` field) has been accepted; a command the board refuses answers 409."""

from __future__ import annotations

from aiohttp import web

from firmware.controller.commands import command_registry
from firmware.controller.core.live import (
    CommandRefusedError,
    GoOnline,
    LiveBoard,
    NameSeat,
    Press,
    RemoteCommand,
    ReviewAt,
    Touch,
)
from firmware.rules.api import JsonValue
from firmware.rules.grid import parse_board_cell
from firmware.web.app_keys import BOARD_KEY, GUARD_KEY, STAFF_LEVEL_KEY
from firmware.web.bodies import ApiError, json_object, only_keys, required_text, text_or_none
from firmware.web.computer import computer_command
from firmware.web.guard import Verdict
from firmware.web.history_pages import round_record
from firmware.web.names import player_name, seat_number
from firmware.web.views import board_size, cell_name

MAX_COUNT = 2**62  # a move's, a match's or a round's number: at most this
PIN_HEADER = "X-Cullsboard-Pin"


def add_play_routes(app: web.Application) -> None:
    """The routes; the app holds the board, the guard and the staff's level under its keys."""
    app.router.add_post("/api/touch", _touch)
    app.router.add_post("/api/press", _press)
    app.router.add_post("/api/computer", _computer)
    app.router.add_post("/api/online", _online)
    app.router.add_post("/api/name", _name)
    app.router.add_post("/api/review", _review)


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
