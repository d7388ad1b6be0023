"""The fleet's web page and its JSON: ``/`` (every board), ``/api/boards`` (the boards and the
page's own broker link), and ``POST /api/boards/ID/remove`` (a retired board that is off and has
been silent for a minute, or ``?force=1``: its retained messages cleared)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from aiohttp import web

from firmware.fleet.roster import Roster
from firmware.link import topics

STATIC = Path(__file__).resolve().parent / "static"
FAVICON = STATIC.parent.parent / "web" / "static" / "favicon.ico"
QUIET_S = 60.0  # how long a board must have been silent before it may be removed unforced
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
    app.router.add_get("/favicon.ico", _favicon)
    app.router.add_get("/api/boards", _boards)
    app.router.add_post("/api/boards/{board}/remove", _remove)
    app.router.add_static("/static/", STATIC)
    app.on_response_prepare.append(_headers)
    return app


async def _page(request: web.Request) -> web.StreamResponse:
    return web.FileResponse(STATIC / "fleet.html", headers={"Cache-Control": "no-cache"})


async def _favicon(request: web.Request) -> web.StreamResponse:
    return web.FileResponse(FAVICON, headers={"Cache-Control": "max-age=86400"})


async def _boards(request: web.Request) -> web.Response:
    roster = request.app[ROSTER_KEY]
    return web.json_response({"boards": roster.snapshot(), "broker": roster.broker()})


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
    if not roster.broker()["connected"]:
        return _error(503, "the fleet page has lost its broker: nothing is removed till it is back")
    silent = roster.silent_for(board)
    if silent is None:
        return _error(404, f"{board} is not on the broker")
    if roster.status_of(board) == topics.ONLINE:
        return _error(409, f"{board} is online: switch it off (or uninstall it) first")
    if silent < QUIET_S and request.query.get("force") != "1":
        return _error(
            409,
            f"{board} was heard {silent:.0f} s ago: remove it once it has been silent for a "
            f"minute, or remove it anyway",
        )
    remove(board)
    roster.forget(board)
    return web.json_response({"removed": board})


def _error(status: int, message: str) -> web.Response:
    return web.json_response({"error": message}, status=status)


async def _headers(request: web.Request, response: web.StreamResponse) -> None:
    response.headers.update(SECURITY_HEADERS)
