"""The board in a browser: a small web server with the live board page and the scoreboard."""

from __future__ import annotations

from firmware.web.server import WebServer, serve_in_thread

__all__ = ["WebServer", "serve_in_thread"]
