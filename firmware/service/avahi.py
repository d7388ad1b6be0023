"""The board's page announced by mDNS: an avahi service file for ``_http._tcp``.

avahi-daemon (Raspberry Pi OS runs it) publishes every file in /etc/avahi/services/ and answers
for ``HOSTNAME.local``; a phone's browser or a service browser then finds the table by name.
The file format is avahi.service(5): a ``service-group`` with a ``name`` (``%h``: the host name
when ``replace-wildcards`` is on) and one ``service`` of a type, a port and TXT records.
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from firmware.config.schema import Config

SERVICE_TYPE = "_http._tcp"


def board_name(config: Config) -> str:
    """The name the table is published under: its board id, else the host name (``%h``)."""
    return config.link.board_id or "%h"


def avahi_service(config: Config) -> str:
    """The service file announcing the board's page at its port."""
    return f"""\
<?xml version="1.0" standalone="no"?>
<!DOCTYPE service-group SYSTEM "avahi-service.dtd">
<!-- cullsboard: the board's page (cullsboard install-service) -->
<service-group>
  <name replace-wildcards="yes">cullsboard {escape(board_name(config))}</name>
  <service>
    <type>{SERVICE_TYPE}</type>
    <port>{config.web.port}</port>
    <txt-record>path=/</txt-record>
  </service>
</service-group>
"""
