"""Staff routes for a kiosk board: check the PIN, reset, change the game, brightness, restart,
shut down; each needs the staff PIN."""

from __future__ import annotations

import math

from aiohttp import web
from aiohttp.typedefs import Handler

from firmware.config.layered import SettingsStore
from firmware.controller.core.live import (
    LiveBoard,
    RemoteCommand,
    ResetBoard,
    RestartBoard,
    SetBrightness,
    ShutDown,
    StartGame,
)
from firmware.controller.core.options import all_options, rules_from_options
from firmware.errors import InputError
from firmware.kiosk.pin import PinCheck, StaffPin
from firmware.rules.api import JsonValue
from firmware.rules.registry import game_names
from firmware.web.bodies import ApiError, json_object, only_keys, required_text
from hal.interfaces import Clock

STAFF_PIN_HEADER = "X-Cullsboard-Staff-Pin"
OFF_REASON = "staff actions are off: they need kiosk mode with a staff PIN"


class StaffGate:
    """The staff PIN in force: it can be changed on the staff page without a restart."""

    def __init__(self, pin: str | None, clock: Clock) -> None:
        self._clock = clock
        self.current = None if pin is None else StaffPin(pin, clock)

    def change(self, pin: str | None) -> None:
        """Use ``pin`` from now on (a kiosk keeps its gate: None leaves the PIN as it is)."""
        if self.current is not None and pin is not None:
            self.current = StaffPin(pin, self._clock)


def add_staff_routes(
    app: web.Application, board: LiveBoard, gate: StaffGate, settings: SettingsStore | None = None
) -> None:
    """``POST /api/staff/check``, ``/reset``, ``/game``, ``/brightness``, ``/restart`` and
    ``/shutdown``."""

    def route(action: str, allowed: tuple[str, ...]) -> Handler:
        async def handler(request: web.Request) -> web.StreamResponse:
            body = await staff_body(request, gate.current, allowed)
            command = _command(action, body)
            try:
                board.submit(command)
            except ValueError as exc:
                raise ApiError(400, str(exc)) from None
            return web.json_response({"accepted": {"staff": action}}, status=202)

        return handler

    async def check(request: web.Request) -> web.Response:
        await staff_body(request, gate.current, ("pin",))
        return web.json_response({"pin": "right"})

    async def status(request: web.Request) -> web.Response:
        enabled = gate.current is not None
        body: dict[str, JsonValue] = {"enabled": enabled, "off_reason": OFF_REASON}
        if settings is not None:  # the buttons held at the table to power off, as configured
            kiosk = settings.config.kiosk
            body["power_off"] = {
                "buttons": list(kiosk.power_off_buttons),
                "seconds": kiosk.power_off_seconds,
            }
        return web.json_response(body)

    app.router.add_get("/api/staff", status)
    app.router.add_post("/api/staff/check", check)
    app.router.add_post("/api/staff/reset", route("reset", ("pin",)))
    app.router.add_post("/api/staff/restart", route("restart", ("pin",)))
    app.router.add_post("/api/staff/game", route("game", ("pin", "game", *all_options())))
    app.router.add_post("/api/staff/brightness", route("brightness", ("pin", "level")))
    app.router.add_post("/api/staff/shutdown", route("shutdown", ("pin",)))


async def staff_body(
    request: web.Request, staff: StaffPin | None, allowed: tuple[str, ...]
) -> dict[str, object]:
    """The JSON body, once the staff PIN (header or ``pin`` field) has been accepted."""
    if staff is None:
        raise ApiError(403, OFF_REASON)
    body = await json_object(request)
    check_staff_pin(request, staff, body.get("pin"))
    only_keys(body, allowed)
    return body


def check_staff_pin(request: web.Request, staff: StaffPin | None, field: object = None) -> None:
    """ApiError unless the staff PIN (header, else ``field``) is right and not locked out."""
    if staff is None:
        raise ApiError(403, OFF_REASON)
    offered = request.headers.get(STAFF_PIN_HEADER, field)
    if not isinstance(offered, str):
        raise ApiError(
            403, f"staff actions need the staff PIN (the {STAFF_PIN_HEADER} header or a pin field)"
        )
    client = request.remote or ""
    verdict = staff.check(offered, client)
    if verdict is PinCheck.LOCKED:
        wait = max(1, math.ceil(staff.locked_for(client)))
        raise ApiError(
            429, f"too many wrong staff PINs: try again in {wait} s", {"Retry-After": str(wait)}
        )
    if verdict is PinCheck.WRONG:
        raise ApiError(403, "wrong staff PIN")


def _command(action: str, body: dict[str, object]) -> RemoteCommand:
    if action == "reset":
        return ResetBoard()
    if action == "shutdown":
        return ShutDown()
    if action == "restart":
        return RestartBoard()
    if action == "brightness":
        level = body.get("level")
        if isinstance(level, bool) or not isinstance(level, int | float):
            raise ApiError(400, 'level: send a number from 0 to 1, like {"level": 0.5}')
        if not 0.0 <= level <= 1.0:
            raise ApiError(400, f"level: must be from 0 to 1, not {level}")
        return SetBrightness(float(level))
    games = game_names()
    game = required_text(body, "game", games[0])
    if game not in games:
        raise ApiError(400, f"game: unknown game {game[:20]!r} (games: {', '.join(games)})")
    given = {name: body.get(name) for name in all_options()}
    try:
        rules = rules_from_options(game, given)
    except InputError as exc:  # an option, or switches that do not go together
        raise ApiError(400, str(exc)) from None
    return StartGame(game, rules)
