"""Which ``Host`` and ``Origin`` headers the server answers, so no rebound name can reach it.

DNS rebinding: a page on ``attacker.example`` points its name at 127.0.0.1 and then talks to the
board as if it were its own site. Its requests still say ``Host: attacker.example``, so answering
only the board's own names stops it. An address written as digits cannot be rebound, so those
are always answered (a phone on the café network opens ``http://192.168.1.20:8080/``), and so is
the board's own mDNS name, ``HOSTNAME.local``, which avahi answers for on the local network.
"""

from __future__ import annotations

import ipaddress
import re
import urllib.parse
from collections.abc import Iterable

LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")
WILDCARD_BINDS = ("", "0.0.0.0", "::")
DEFAULT_PORTS = {"http": 80, "https": 443}
_NAME = re.compile(r"[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*")


class HostAllowList:
    """The names the board answers to: loopback, its listen address, its own host name (and
    ``NAME.local``) and the configured extras."""

    def __init__(self, bind_host: str, extra: Iterable[str] = (), hostname: str = "") -> None:
        names = [*LOOPBACK_NAMES, *extra]
        own = _plain(hostname).split(".")[0]
        if own and _NAME.fullmatch(own):
            names += [own, f"{own}.local"]
        if bind_host not in WILDCARD_BINDS:
            names.append(bind_host)
        self._names = frozenset(_plain(name) for name in names)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(sorted(self._names))

    def allows_host(self, header: str | None) -> bool:
        """Whether a request with this ``Host`` header is for the board (no header: HTTP/1.0)."""
        if header is None:
            return True
        parts = split_host(header)
        if parts is None:
            return False
        name = parts[0]
        return name in self._names or _is_address(name)

    def allows_origin(self, origin: str | None, host: str | None) -> bool:
        """Whether ``Origin`` is the board's own page: the same scheme-less host and port."""
        if origin is None:
            return True  # not sent by a browser page (curl, scripts): the Host check applies
        try:
            parsed = urllib.parse.urlsplit(origin)
            port = parsed.port or DEFAULT_PORTS.get(parsed.scheme)
        except ValueError:
            return False
        if parsed.scheme not in DEFAULT_PORTS or parsed.hostname is None or host is None:
            return False
        own = split_host(host)
        return own is not None and (own[0], own[1] or port) == (_plain(parsed.hostname), port)

    def __repr__(self) -> str:
        return f"HostAllowList({', '.join(self.names)} and any address)"


def split_host(header: str) -> tuple[str, int | None] | None:
    """``Host`` header -> (name, port or None); None if it is not a host name or address."""
    text = header.strip().lower()
    port: int | None = None
    if text.startswith("["):
        name, bracket, rest = text[1:].partition("]")
        if not bracket or (rest and not rest.startswith(":")):
            return None
        port_text = rest[1:]
    else:
        name, colon, port_text = text.partition(":")
        if colon and not port_text:
            return None
    if port_text:
        if not port_text.isdigit() or len(port_text) > 5 or int(port_text) > 65535:
            return None
        port = int(port_text)
    name = _plain(name)
    if not (_is_address(name) or _NAME.fullmatch(name)):
        return None
    return name, port


def _plain(name: str) -> str:
    return name.strip().lower().removeprefix("[").removesuffix("]").removesuffix(".")


def _is_address(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True
