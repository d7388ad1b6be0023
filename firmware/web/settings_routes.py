"""``GET``/``POST /api/staff/settings`` and ``POST /api/staff/settings/reset`` (staff PIN)."""

from __future__ import annotations

import json

from aiohttp import web

from firmware.config.errors import ConfigError
from firmware.config.layered import SettingsStore
from firmware.rules.api import JsonValue
from firmware.web.bodies import ApiError
from firmware.web.staff import StaffGate, check_staff_pin, staff_body

EXAMPLE = '{"pin": "...", "settings": {"kiosk.attract_minutes": 5}}'


def add_settings_routes(app: web.Application, gate: StaffGate, store: SettingsStore | None) -> None:
    """The settings a café changes on the staff page, layered over the config file."""

    def answer(note: str = "") -> web.Response:
        assert store is not None
        body: dict[str, JsonValue] = {
            "settings": store.describe(),
            "file": str(store.path),
            "version": store.versions.version,
        }
        if note:
            body["note"] = note
        return web.json_response(body)

    def need_store() -> SettingsStore:
        if store is None:
            raise ApiError(404, "this board keeps no settings (it has no state directory)")
        return store

    async def show(request: web.Request) -> web.Response:
        check_staff_pin(request, gate.current)
        need_store()
        return answer()

    async def change(request: web.Request) -> web.Response:
        body = await staff_body(request, gate.current, ("pin", "settings", "version"))
        settings = body.get("settings")
        if not isinstance(settings, dict) or not settings:
            raise ApiError(400, f"settings: send a mapping of keys to values, like {EXAMPLE}")
        read = body.get("version")
        if read is not None and (isinstance(read, bool) or not isinstance(read, int)):
            raise ApiError(400, "version: the settings' version the page read (a whole number)")
        if read is not None:
            stale = need_store().versions.changed_since(read, settings)
            if stale:
                return stale_answer(need_store(), stale)
        if "kiosk.staff_pin" in settings and settings["kiosk.staff_pin"] is None:
            raise ApiError(400, "kiosk.staff_pin: the staff page needs a staff PIN (4 to 8 digits)")
        try:
            need_store().change(settings)
        except ConfigError as exc:
            raise ApiError(400, str(exc)) from None
        except OSError as exc:
            raise ApiError(500, f"cannot save the settings: {exc.strerror}") from None
        return answer(restart_note(store, settings))

    async def reset(request: web.Request) -> web.Response:
        await staff_body(request, gate.current, ("pin",))
        try:
            need_store().reset()
        except ConfigError as exc:
            raise ApiError(400, f"the config file's values alone cannot run: {exc}") from None
        except OSError as exc:
            raise ApiError(500, f"cannot remove the settings file: {exc.strerror}") from None
        return answer("back to the config file's values; a restart applies them all")

    app.router.add_get("/api/staff/settings", show)
    app.router.add_post("/api/staff/settings", change)
    app.router.add_post("/api/staff/settings/reset", reset)


def stale_answer(store: SettingsStore, stale: list[str]) -> web.Response:
    """409: another staff member changed ``stale`` after this page read them; nothing saved."""
    current = store.current(stale)
    shown = ", ".join(f"{key} is now {json.dumps(value)}" for key, value in current.items())
    body: dict[str, JsonValue] = {
        "error": f"changed by someone else since you read it: {shown}; nothing was saved",
        "current": dict(current),
        "version": store.versions.version,
    }
    return web.json_response(body, status=409)


def restart_note(store: SettingsStore | None, changed: dict[str, object]) -> str:
    """Which of the changed keys wait for a restart of the board."""
    waiting = [key for key in changed if store is not None and store.needs_restart(key)]
    if not waiting:
        return "applied now"
    return f"saved; {', '.join(waiting)} apply when the board restarts"
