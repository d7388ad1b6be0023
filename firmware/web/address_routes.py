"""``GET /qr.svg`` (the board page's address as a QR code) and ``GET /api/address`` (that
address, and whether a phone can reach it at all: not when the board serves loopback only)."""

from __future__ import annotations

import functools
import urllib.parse
from collections.abc import Callable

from aiohttp import web

from firmware.web.address import is_loopback, qr_svg

LOOPBACK_ONLY = (
    "Phones cannot open this board: it serves this computer only ({host}). To play from "
    "phones, start it with --web 0.0.0.0:8080 (and a PIN: web.pin)."
)


def add_address_routes(app: web.Application, address: Callable[[], str]) -> None:
    """Where a phone on the same network opens the board page, and its QR code."""
    encode = functools.lru_cache(maxsize=4)(qr_svg)

    async def qr(request: web.Request) -> web.Response:
        return web.Response(
            body=encode(address()),
            content_type="image/svg+xml",
            headers={"Cache-Control": "no-cache"},
        )

    async def show(request: web.Request) -> web.Response:
        url = address()
        host = urllib.parse.urlsplit(url).hostname or ""
        if is_loopback(host):
            advice = LOOPBACK_ONLY.format(host=host)
            return web.json_response({"url": url, "phones": False, "advice": advice})
        return web.json_response({"url": url, "phones": True})

    app.router.add_get("/qr.svg", qr)
    app.router.add_get("/api/address", show)
