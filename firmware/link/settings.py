"""Where the broker is and who this board is: the config's ``link:`` section and the flags."""

from __future__ import annotations

import socket
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from firmware.config.schema import LinkConfig
from firmware.errors import InputError
from firmware.link.topics import BOARD_ID

DEFAULT_PORTS = {"mqtt": 1883, "mqtts": 8883}


class LinkSettingsError(InputError):
    """The link cannot be set up as asked; the message is one line for the user."""


@dataclass(frozen=True, slots=True)
class LinkSettings:
    """Everything the broker client needs (the password read from its file)."""

    host: str
    port: int
    tls: bool
    board_id: str
    ca_file: str | None = None
    username: str | None = None
    password: str | None = None
    cafe: str | None = None

    @property
    def url(self) -> str:
        return f"{'mqtts' if self.tls else 'mqtt'}://{self.host}:{self.port}"


def parse_broker(url: str) -> tuple[str, int, bool]:
    """``mqtt://host:port`` or ``mqtts://host:port`` -> (host, port, tls)."""
    parts = urlsplit(url)
    if parts.scheme not in DEFAULT_PORTS or not parts.hostname or parts.path not in ("", "/"):
        raise LinkSettingsError(f"broker: write mqtt://HOST:PORT or mqtts://HOST:PORT, got {url!r}")
    try:
        port = parts.port or DEFAULT_PORTS[parts.scheme]
    except ValueError:
        raise LinkSettingsError(f"broker: the port in {url!r} is not a number to 65535") from None
    return parts.hostname, port, parts.scheme == "mqtts"


def link_settings(
    section: LinkConfig, *, broker: str | None = None, board_id: str | None = None
) -> LinkSettings | None:
    """The link asked for by the config and the flags (the flags win), or None: no broker."""
    url = broker or section.broker
    if url is None:
        return None
    host, port, tls = parse_broker(url)
    name = board_id or section.board_id or _host_name()
    if not BOARD_ID.fullmatch(name):
        raise LinkSettingsError(
            f"board id: use lower-case letters, digits and dashes (up to 32), got {name!r}"
        )
    if section.ca_file is not None and not Path(section.ca_file).expanduser().is_file():
        raise LinkSettingsError(f"link.ca_file: no such file {section.ca_file}")
    return LinkSettings(
        host=host,
        port=port,
        tls=tls,
        board_id=name,
        ca_file=None if section.ca_file is None else str(Path(section.ca_file).expanduser()),
        username=section.username,
        password=_read_password(section.password_file),
        cafe=section.cafe,
    )


def _read_password(path: str | None) -> str | None:
    if path is None:
        return None
    try:
        text = Path(path).expanduser().read_text(encoding="utf-8")
    except OSError as exc:
        raise LinkSettingsError(f"link.password_file: cannot read {path}: {exc.strerror}") from None
    return text.strip()


def _host_name() -> str:
    cleaned = "".join(c if c.isalnum() else "-" for c in socket.gethostname().lower())
    return cleaned.strip("-")[:32] or "board"
