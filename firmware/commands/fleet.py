"""``cullsboard fleet --broker URL [--web HOST:PORT]``: a page of every board on the broker."""

from __future__ import annotations

import argparse
import logging
import os
from pathlib import Path

from aiohttp import web

from firmware.commands.errors import CommandError
from firmware.fleet.pages import fleet_app
from firmware.fleet.roster import Roster
from firmware.link import topics
from firmware.link.client import BrokerClient, Endpoint
from firmware.link.settings import LinkSettingsError, parse_broker


def start_roster(endpoint: Endpoint, roster: Roster) -> BrokerClient:
    """Listen to every board's status and state."""
    client = BrokerClient(endpoint, f"cullsboard-fleet-{os.getpid()}", roster.post)
    client.subscribe(topics.ALL_STATUS, roster.status_seen)
    client.subscribe(topics.ALL_STATE, roster.state_seen)
    client.start()
    return client


def run(args: argparse.Namespace) -> int:
    logging.basicConfig(level=logging.INFO, format="cullsboard fleet: %(message)s")
    try:
        host, port, tls = parse_broker(args.broker)
        password = None
        if args.password_file is not None:
            password = _read(args.password_file)
    except LinkSettingsError as exc:
        return _fail(str(exc))
    web_host, _, web_port = args.web.rpartition(":")
    if not web_host or not web_port.isdigit():
        return _fail(f"--web: write HOST:PORT, got {args.web!r}")
    roster = Roster()
    client = start_roster(Endpoint(host, port, tls, args.ca_file, args.username, password), roster)
    try:
        web.run_app(
            fleet_app(roster),
            host=web_host,
            port=int(web_port),
            print=_announce,
            access_log=None,  # the page polls every second: no line per request on the card
        )
    except OSError as exc:
        return _fail(f"cannot serve the page on {args.web}: {exc.strerror}")
    finally:
        client.stop()
    return 0


def _read(path: str) -> str:
    try:
        return Path(path).read_text(encoding="utf-8").strip()
    except OSError as exc:
        raise LinkSettingsError(f"--password-file: cannot read {path}: {exc.strerror}") from None


def _announce(text: str) -> None:
    print(f"cullsboard fleet: {text.strip().splitlines()[0]}", flush=True)


def _fail(message: str) -> int:
    raise CommandError(message)
