"""The fleet's web page and its JSON: ``/`` (every board), ``/api/boards``, and
``POST /api/boards/ID/remove`` (a retired board that is off: its retained messages cleared)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from aiohttp import web

from firmware.fleet.roster import Roster
from firmware.link import topics

STATIC = Path(__file__).resolve().parent / "static"
ROSTER_KEY = web.AppKey("roster", Roster)
REMOVE_KEY: web.AppKey[Callable[[str], None] | None] = web.AppKey("remove")
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; frame-ancestors 'none'; base-uri 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


def fleet_app(roster: Roster, remove: Callable[[str], None] | None = None) -> web.Application:
    """The page over ``roster``; ``remove(board)`` clears a board's retained messages."""
    app = web.Application()
    app[ROSTER_KEY] = roster
    app[REMOVE_KEY] = remove
    app.router.add_get("/", _page)
    app.router.add_get("/api/boards", _boards)
    app.router.add_post("/api/boards/{board}/remove", _remove)
    app.router.add_static("/static/", STATIC)
    app.on_response_prepare.append(_headers)
    return app


async def _page(request: web.Request) -> web.StreamResponse:
    return web.FileResponse(STATIC / "fleet.html", headers={"Cache-Control": "no-cache"})


async def _boards(request: web.Request) -> web.Response:
    return web.json_response({"boards": request.app[ROSTER_KEY].snapshot()})


async def _remove(request: web.Request) -> web.Response:
    """Remove a board that is off: its status and state are cleared on the broker."""
    board = request.match_info["board"]
    origin = request.headers.get("Origin")
    if origin is not None and origin.split("://", 1)[-1] != request.host:
        return _error(403, "requests from another site's page are refused (Origin)")
    remove = request.app[REMOVE_KEY]
    roster = request.app[ROSTER_KEY]
    if remove is None:
        return _error(404, "this fleet page cannot remove boards")
    if topics.BOARD_ID.fullmatch(board) is None:
        return _error(400, "board: lower-case letters, digits and dashes")
    status = roster.status_of(board)
    if status == topics.ONLINE:
        return _error(409, f"{board} is online: switch it off (or uninstall it) first")
    remove(board)
    roster.forget(board)
    return web.json_response({"removed": board})


def _error(status: int, message: str) -> web.Response:
    return web.json_response({"error": message}, status=status)


async def _headers(request: web.Request, response: web.StreamResponse) -> None:
    response.headers.update(SECURITY_HEADERS)
