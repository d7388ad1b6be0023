"""The board page's address as a phone on the same network reaches it, and its QR code.

Where avahi runs (Raspberry Pi OS starts it), the board is ``HOSTNAME.local``; without it, the
board's own address on the network; a board that listens on loopback only is reachable from this
machine alone, and says so by its loopback address.
"""

from __future__ import annotations

import contextlib
import io
import ipaddress
import socket
from dataclasses import dataclass
from pathlib import Path

import segno

AVAHI_PID = Path("/run/avahi-daemon/pid")  # written by avahi-daemon while it runs
PROBE = ("192.0.2.1", 9)  # TEST-NET-1 (RFC 5737): connecting a UDP socket sends nothing
WILDCARD_BINDS = ("", "0.0.0.0", "::")


@dataclass(frozen=True, slots=True)
class NetworkFacts:
    """What the address is made of: the host name, whether mDNS answers for it, the address
    of the interface that leads to the network (None: no route)."""

    hostname: str
    mdns: bool
    lan_address: str | None


def network_facts() -> NetworkFacts:
    """This machine's facts, read now."""
    return NetworkFacts(socket.gethostname().split(".")[0], AVAHI_PID.exists(), _lan_address())


def _lan_address() -> str | None:
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(PROBE)
        address: str = probe.getsockname()[0]
        if not ipaddress.ip_address(address).is_loopback:
            return address
    return None


def is_loopback(host: str) -> bool:
    """Whether ``host`` (a name or an address) is this machine's loopback."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def page_address(bind_host: str, port: int, facts: NetworkFacts) -> str:
    """``http://NAME:PORT/`` for the board page, as a phone on the same network opens it."""
    if is_loopback(bind_host):
        host = bind_host
    elif facts.mdns and facts.hostname:
        host = f"{facts.hostname.lower()}.local"
    elif bind_host not in WILDCARD_BINDS:
        host = bind_host
    else:
        host = facts.lan_address or facts.hostname
    if ":" in host:
        host = f"[{host}]"
    return f"http://{host}:{port}/"


def qr_svg(text: str) -> bytes:
    """A QR code of ``text`` as SVG: dark modules on white, with the quiet zone around it."""
    code = segno.make(text, error="m")
    out = io.BytesIO()
    code.save(out, kind="svg", scale=8, border=4, dark="#000", light="#fff", title=text)
    return out.getvalue()
