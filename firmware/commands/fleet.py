"""``cullsboard fleet --broker URL [--web HOST:PORT]``: a page of every board on the broker."""

from __future__ import annotations

import argparse
import datetime
import logging
import math
import os
import sqlite3
import threading
import time
from pathlib import Path

from aiohttp import web

from firmware.commands.errors import CommandError
from firmware.fleet.cafe_pages import add_cafe_routes
from firmware.fleet.desk import TournamentDesk
from firmware.fleet.pages import QUIET_S, fleet_app
from firmware.fleet.register import CafeRegister
from firmware.fleet.roster import Roster
from firmware.fleet.tournament_routes import add_tournament_routes
from firmware.fleet.tournament_store import TournamentStore
from firmware.history.day import Today
from firmware.link import topics
from firmware.link.client import BrokerClient, Endpoint, Will
from firmware.link.settings import LinkSettingsError, parse_broker
from firmware.web.guard import PinGuard
from hal.clock import MonotonicClock

CONNECT_TIMEOUT_S = 10.0
RETAINED_WAIT_S = 3.0  # how long --remove waits for a board's retained messages


def start_roster(endpoint: Endpoint, roster: Roster) -> BrokerClient:
    """Listen to every board's status and state, and to whether the broker answers at all."""
    client = BrokerClient(
        endpoint,
        f"cullsboard-fleet-{os.getpid()}",
        roster.post,
        on_connect=roster.broker_connected,
        on_disconnect=roster.broker_lost,
        meanwhile="the page shows every board as last heard",
    )
    client.subscribe_aged(topics.ALL_STATUS, roster.status_seen)
    client.subscribe_aged(topics.ALL_STATE, roster.state_seen)
    client.start()
    return client


def clear_board(client: BrokerClient, board: str) -> None:
    """Clear ``board``'s retained messages (status, state, ledger, tournament game): it leaves
    every fleet page."""
    for topic in topics.board_retained(board):
        client.publish(topic, "", retain=True)


def remove_board(endpoint: Endpoint, board: str, *, force: bool = False) -> int:
    """``--remove BOARD``: clear its retained messages, if it is off and has been quiet: for a
    minute by the broker's word (it says how long it has kept the board's offline status)."""
    if topics.BOARD_ID.fullmatch(board) is None:
        return _fail(f"--remove: {board!r} is not a board id (lower-case letters, digits, dashes)")
    roster = Roster()
    up, probed = threading.Event(), threading.Event()
    probe = f"cullsboard/fleet-probe/{os.getpid()}"
    client = BrokerClient(endpoint, f"cullsboard-fleet-remove-{os.getpid()}", roster.post,
                          on_connect=up.set, meanwhile="retrying")  # fmt: skip
    client.subscribe_aged(topics.board_status(board), roster.status_seen)
    client.subscribe_aged(topics.board_state(board), roster.state_seen)
    # The broker sends a subscription's retained messages before it handles the next packet, so
    # the probe's echo comes after them: then the roster knows whatever the broker keeps.
    client.subscribe(probe, lambda topic, payload: probed.set())
    client.start()
    try:
        if not up.wait(CONNECT_TIMEOUT_S):
            return _fail(f"the broker {client.where} cannot be reached")
        client.publish(probe, "?", qos=1)
        probed.wait(RETAINED_WAIT_S)
        refusal = _refusal(roster, board, force)
        if refusal is not None:
            return _fail(refusal)
        for topic in topics.board_retained(board):
            if topic != topics.board_state(board):
                client.publish(topic, "", retain=True)
    finally:
        client.stop(last=Will(topics.board_state(board), ""))  # waits until it is delivered
    print(f"cullsboard fleet: {board} removed (its retained status and state cleared)")
    return 0


def _refusal(roster: Roster, board: str, force: bool) -> str | None:
    """Why ``board`` may not be removed now, or None."""
    silent = roster.silent_for(board)
    if silent is None:
        return f"--remove: no board {board!r} on the broker (nothing to remove)"
    if roster.status_of(board) == topics.ONLINE:
        return f"--remove: {board} is online: switch it off (or uninstall it) first"
    if silent >= QUIET_S or force:
        return None
    if not roster.dated(board):  # a board or a broker without MQTT 5's message expiry
        return (
            f"--remove: {board} is offline, but the broker does not say since when: once it "
            f"has been off for a minute, add --force"
        )
    return (
        f"--remove: {board} was heard {silent:.0f} s ago (it may be restarting): try again in "
        f"{math.ceil(QUIET_S - silent)} s, once it has been silent for a minute, or add --force"
    )


def run(args: argparse.Namespace) -> int:
    logging.basicConfig(level=logging.INFO, format="cullsboard fleet: %(message)s")
    try:
        host, port, tls = parse_broker(args.broker)
        password = None
        if args.password_file is not None:
            password = _read(args.password_file, "--password-file")
    except LinkSettingsError as exc:
        return _fail(str(exc))
    endpoint = Endpoint(host, port, tls, args.ca_file, args.username, password)
    if args.remove is not None:
        return remove_board(endpoint, args.remove, force=args.force)
    web_host, _, web_port = args.web.rpartition(":")
    if not web_host or not web_port.isdigit():
        return _fail(f"--web: write HOST:PORT, got {args.web!r}")
    roster = Roster()
    try:
        pin = None if args.pin_file is None else _read(args.pin_file, "--pin-file")
        store = TournamentStore(_state_dir(args.state_dir, dict(os.environ)))
    except (OSError, sqlite3.Error) as exc:
        return _fail(f"--state-dir: the tournaments cannot be kept there ({exc})")
    except LinkSettingsError as exc:
        return _fail(str(exc))
    client = start_roster(endpoint, roster)
    desk = TournamentDesk(
        store, roster, lambda topic, text: client.publish(topic, text, retain=True), time.time
    )
    client.subscribe(topics.ALL_PAIRING_RESULTS, desk.result_seen)
    register = CafeRegister(
        lambda topic, text: client.publish(topic, text, retain=True), Today(datetime.datetime.now)
    )
    client.subscribe(topics.ALL_LEDGERS, register.ledger_seen)
    app = fleet_app(roster, lambda board: clear_board(client, board))
    add_tournament_routes(app, desk, PinGuard(pin or None, MonotonicClock()))
    add_cafe_routes(app, register)
    try:
        web.run_app(
            app,
            host=web_host,
            port=int(web_port),
            print=_announce,
            access_log=None,  # the page polls every second: no log line per request
        )
    except OSError as exc:
        return _fail(f"cannot serve the page on {args.web}: {exc.strerror}")
    finally:
        client.stop()
        store.close()
    return 0


def _state_dir(given: str | None, environ: dict[str, str]) -> Path:
    """``--state-dir``, else the user's state folder's ``cullsboard-fleet``."""
    if given is not None:
        return Path(given)
    base = environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(base) / "cullsboard-fleet"


def _read(path: str, option: str) -> str:
    try:
        return Path(path).read_text(encoding="utf-8").strip()
    except OSError as exc:
        raise LinkSettingsError(f"{option}: cannot read {path}: {exc.strerror}") from None


def _announce(text: str) -> None:
    print(f"cullsboard fleet: {text.strip().splitlines()[0]}", flush=True)


def _fail(message: str) -> int:
    raise CommandError(message)
