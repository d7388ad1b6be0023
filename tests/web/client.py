"""A tiny blocking HTTP client for the server tests (the server runs in its own thread)."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from dataclasses import dataclass
from email.message import Message
from typing import Any


@dataclass
class Reply:
    status: int
    headers: Message
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body)


def request(
    url: str,
    *,
    method: str = "GET",
    payload: object = None,
    data: bytes | None = None,
    headers: dict[str, str] | None = None,
) -> Reply:
    """Send one request and return the reply, whatever its status."""
    all_headers = dict(headers or {})
    if payload is not None:
        data = json.dumps(payload).encode()
        all_headers.setdefault("Content-Type", "application/json")
    req = urllib.request.Request(url, data=data, method=method, headers=all_headers)
    try:
        with urllib.request.urlopen(req, timeout=10) as response:
            return Reply(response.status, response.headers, response.read())
    except urllib.error.HTTPError as error:
        return Reply(error.code, error.headers, error.read())


def post(url: str, payload: object, headers: dict[str, str] | None = None) -> Reply:
    return request(url, method="POST", payload=payload, headers=headers)
