"""The fleet's web page and its JSON: ``/`` (every board), ``/api/boards``."""

from __future__ import annotations

from pathlib import Path

from aiohttp import web

from firmware.fleet.roster import Roster

STATIC = Path(__file__).resolve().parent / "static"
ROSTER_KEY = web.AppKey("roster", Roster)
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; frame-ancestors 'none'; base-uri 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


def fleet_app(roster: Roster) -> web.Application:
    app = web.Application()
    app[ROSTER_KEY] = roster
    app.router.add_get("/", _page)
    app.router.add_get("/api/boards", _boards)
    app.router.add_static("/static/", STATIC)
    app.on_response_prepare.append(_headers)
    return app


async def _page(request: web.Request) -> web.StreamResponse:
    return web.FileResponse(STATIC / "fleet.html", headers={"Cache-Control": "no-cache"})


async def _boards(request: web.Request) -> web.Response:
    return web.json_response({"boards": request.app[ROSTER_KEY].snapshot()})


async def _headers(request: web.Request, response: web.StreamResponse) -> None:
    response.headers.update(SECURITY_HEADERS)
