"""The one error a configuration can raise: a code, the key path, and a message for people."""

from __future__ import annotations

from firmware.errors import InputError
from firmware.rules.bounded_json import shorten

MAX_MESSAGE_CHARS = 240


class ConfigError(InputError):
    """A configuration that cannot be used; ``str()`` is one line naming the key path."""

    def __init__(self, code: str, path: str, message: str) -> None:
        path, message = shorten(path, 80), shorten(message, MAX_MESSAGE_CHARS)
        super().__init__(f"{path}: {message}" if path else message)
        self.code = code
        self.path = path
        self.message = message

    def __repr__(self) -> str:
        return f"ConfigError({self.code!r}, {self.path!r}, {self.message!r})"
