"""``GET /qr.svg`` (the board page's address as a QR code) and ``GET /api/address``."""

from __future__ import annotations

import functools
from collections.abc import Callable

from aiohttp import web

from firmware.web.address import qr_svg


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
        return web.json_response({"url": address()})

    app.router.add_get("/qr.svg", qr)
    app.router.add_get("/api/address", show)
