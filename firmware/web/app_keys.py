"""The keys under which the web application keeps what its handlers share: the board, the PIN
guard, the viewers' fan-out, the host names it answers to, the health, the open sockets and the
café's computer level."""

from __future__ import annotations

from collections.abc import Callable

from aiohttp import web

from firmware.controller.core.live import LiveBoard
from firmware.rules.api import JsonValue
from firmware.web.guard import PinGuard
from firmware.web.hosts import HostAllowList
from firmware.web.hub import ClientFanout

BOARD_KEY = web.AppKey("board", LiveBoard)
GUARD_KEY = web.AppKey("guard", PinGuard)
HUB_KEY = web.AppKey("hub", ClientFanout)
HOSTS_KEY = web.AppKey("hosts", HostAllowList)
HEALTH_KEY: web.AppKey[Callable[[], dict[str, JsonValue]]] = web.AppKey("health")
SOCKETS_KEY: web.AppKey[set[web.WebSocketResponse]] = web.AppKey("sockets")
STAFF_LEVEL_KEY: web.AppKey[Callable[[], int | None]] = web.AppKey("staff_level")
