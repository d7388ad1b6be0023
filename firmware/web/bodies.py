"""Reading a request's JSON body, and the error a client can fix: a status and one line."""

from __future__ import annotations

from aiohttp import web
from aiohttp.web_protocol import RequestPayloadError

from firmware.errors import ReportedError
from firmware.rules.bounded_json import JsonInputError, JsonLimits, read_json

MAX_BODY_BYTES = 4096
BODY_LIMITS = JsonLimits(max_bytes=MAX_BODY_BYTES, max_depth=8, max_number_chars=20)


class ApiError(ReportedError):
    """A request the client got wrong: the status and one line saying what to fix."""

    def __init__(self, status: int, message: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.headers = headers or {}


async def json_object(request: web.Request) -> dict[str, object]:
    """The body as a JSON object, or ApiError saying what is wrong with it."""
    if request.content_type != "application/json":
        raise ApiError(415, "send the body as JSON (Content-Type: application/json)")
    try:
        data = await request.read()
    except RequestPayloadError:
        raise ApiError(400, "the body ended before its Content-Length") from None
    try:
        body = read_json(data, BODY_LIMITS)
    except JsonInputError as exc:
        raise ApiError(400, f"the body is not usable JSON: {exc}") from None
    if not isinstance(body, dict):
        raise ApiError(400, "the body must be a JSON object")
    return dict(body)


def only_keys(body: dict[str, object], allowed: tuple[str, ...]) -> None:
    """ApiError naming the first key of ``body`` that is not ``allowed``."""
    unknown = sorted(set(body) - set(allowed))
    if unknown:
        raise ApiError(400, f"{unknown[0][:20]}: unknown key (allowed: {', '.join(allowed)})")


def required_text(body: dict[str, object], key: str, example: str) -> str:
    """``body[key]`` as a string, or ApiError showing an example."""
    value = body.get(key)
    if key not in body:
        raise ApiError(400, f'{key}: missing; send {{"{key}": "{example}"}}')
    if not isinstance(value, str):
        raise ApiError(400, f'{key}: must be a string, like "{example}"')
    return value


def text_or_none(value: object) -> str | None:
    return value if isinstance(value, str) else None
