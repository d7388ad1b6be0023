"""``cullsboard fleet --broker URL [--web HOST:PORT]``: a page of every board on the broker."""

from __future__ import annotations

import argparse
import logging
import os
import threading
from collections.abc import Callable
from pathlib import Path

from aiohttp import web

from firmware.commands.errors import CommandError
from firmware.fleet.pages import fleet_app
from firmware.fleet.roster import Roster
from firmware.link import topics
from firmware.link.client import BrokerClient, Endpoint, Will
from firmware.link.settings import LinkSettingsError, parse_broker

CONNECT_TIMEOUT_S = 10.0


def start_roster(endpoint: Endpoint, roster: Roster) -> BrokerClient:
    """Listen to every board's status and state."""
    client = BrokerClient(endpoint, f"cullsboard-fleet-{os.getpid()}", roster.post)
    client.subscribe(topics.ALL_STATUS, roster.status_seen)
    client.subscribe(topics.ALL_STATE, roster.state_seen)
    client.start()
    return client


def clear_board(client: BrokerClient, board: str) -> None:
    """Clear ``board``'s retained status and state: it leaves every fleet page."""
    client.publish(topics.board_status(board), "", retain=True)
    client.publish(topics.board_state(board), "", retain=True)


def remove_board(endpoint: Endpoint, board: str) -> int:
    """``--remove BOARD``: connect, clear its retained messages, disconnect."""
    if topics.BOARD_ID.fullmatch(board) is None:
        return _fail(f"--remove: {board!r} is not a board id (lower-case letters, digits, dashes)")
    up = threading.Event()
    client = BrokerClient(endpoint, f"cullsboard-fleet-remove-{os.getpid()}", _run_now,
                          on_connect=up.set)  # fmt: skip
    client.start()
    try:
        if not up.wait(CONNECT_TIMEOUT_S):
            return _fail(f"the broker {client.where} cannot be reached")
        client.publish(topics.board_status(board), "", retain=True)
    finally:
        client.stop(last=Will(topics.board_state(board), ""))  # waits until it is delivered
    print(f"cullsboard fleet: {board} removed (its retained status and state cleared)")
    return 0


def _run_now(work: Callable[[], None]) -> None:
    work()


def run(args: argparse.Namespace) -> int:
    logging.basicConfig(level=logging.INFO, format="cullsboard fleet: %(message)s")
    try:
        host, port, tls = parse_broker(args.broker)
        password = None
        if args.password_file is not None:
            password = _read(args.password_file)
    except LinkSettingsError as exc:
        return _fail(str(exc))
    endpoint = Endpoint(host, port, tls, args.ca_file, args.username, password)
    if args.remove is not None:
        return remove_board(endpoint, args.remove)
    web_host, _, web_port = args.web.rpartition(":")
    if not web_host or not web_port.isdigit():
        return _fail(f"--web: write HOST:PORT, got {args.web!r}")
    roster = Roster()
    client = start_roster(endpoint, roster)
    try:
        web.run_app(
            fleet_app(roster, lambda board: clear_board(client, board)),
            host=web_host,
            port=int(web_port),
            print=_announce,
            access_log=None,  # the page polls every second: no log line per request
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
