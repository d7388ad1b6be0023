"""What every request and answer of the web application passes through: a request addressed to
another host name, or sent by another site's page, is refused; every error leaves as one JSON
line; every answer carries the security headers."""

from __future__ import annotations

import asyncio
import logging

from aiohttp import web
from aiohttp.typedefs import Handler

from firmware.rules.api import JsonValue
from firmware.rules.bounded_json import shorten
from firmware.web.app_keys import HOSTS_KEY
from firmware.web.bodies import MAX_BODY_BYTES, ApiError

SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self' data:; connect-src 'self'; "
        "frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
}

log = logging.getLogger(__name__)

SAFE_METHODS = ("GET", "HEAD", "OPTIONS")


@web.middleware
async def errors_as_json(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Every error leaves as one JSON line, ``{"error": "..."}``; never a traceback."""
    refusal = _foreign(request)
    if refusal is not None:
        return refusal
    try:
        response: web.StreamResponse = await handler(request)
    except ApiError as exc:
        return _error(exc.status, exc.message, exc.headers)
    except web.HTTPRequestEntityTooLarge:
        return _error(413, f"the body is too large (at most {MAX_BODY_BYTES} bytes)")
    except web.HTTPException as exc:
        if exc.status < 400:
            raise
        return _error(exc.status, exc.reason.lower(), {"Allow": exc.headers.get("Allow", "")})
    except asyncio.CancelledError:
        raise
    except ConnectionError:  # the client went away mid-request: nothing to answer, nothing wrong
        log.debug("web client left during %s %s", request.method, request.path)
        return _error(400, "the connection closed during the request")
    except Exception:
        log.exception("web request %s %s failed", request.method, shorten(request.path, 120))
        return _error(500, "internal error; the board log has the details")
    return response


def _foreign(request: web.Request) -> web.Response | None:
    """The refusal for a request addressed to another name, or sent by another site's page."""
    hosts = request.app[HOSTS_KEY]
    host = request.headers.get("Host")
    if not hosts.allows_host(host):
        return _error(421, "this board does not answer to that host name (see web.allowed_hosts)")
    changes = request.method not in SAFE_METHODS or request.path == "/ws"
    if changes and not hosts.allows_origin(request.headers.get("Origin"), host):
        return _error(403, "requests from another site's page are refused (Origin)")
    return None


def _error(status: int, message: str, headers: dict[str, str] | None = None) -> web.Response:
    extra = {key: value for key, value in (headers or {}).items() if value}
    body: dict[str, JsonValue] = {"error": message}
    return web.json_response(body, status=status, headers=extra)


async def add_security_headers(request: web.Request, response: web.StreamResponse) -> None:
    for key, value in SECURITY_HEADERS.items():
        response.headers.setdefault(key, value)
