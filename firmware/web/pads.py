"""``/pads``: a live view of every touch electrode for staff and builders (``/api/pads``)."""

from __future__ import annotations

from typing import Protocol

from aiohttp import web

from firmware.rules.api import JsonValue
from firmware.web.bodies import ApiError


class PadSource(Protocol):
    """Where the pad readings come from (the board's touch chips)."""

    def snapshot(self) -> dict[str, JsonValue]:
        """``{"pads": [{"pad", "delta", "noise", "touch", "release", "touched", ...}]}``."""


def add_pad_routes(app: web.Application, pads: PadSource | None) -> None:
    """``GET /api/pads``; without a source (simulated touch) it answers 404."""

    async def handler(request: web.Request) -> web.Response:
        if pads is None:
            raise ApiError(404, "this board has no MPR121 pads to show (simulated touch)")
        return web.json_response(pads.snapshot(), headers={"Cache-Control": "no-store"})

    app.router.add_get("/api/pads", handler)
