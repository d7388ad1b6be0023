"""The topic tree under ``cullsboard/v1/`` (docs/mqtt.md) and the names in it."""

from __future__ import annotations

import re

ROOT = "cullsboard/v1"
ONLINE = "online"
OFFLINE = "offline"
BOARD_ID = re.compile(r"[a-z0-9][a-z0-9-]{0,31}")
CODE_ALPHABET = "ACDEFHJKLMNPRTUVWXY3479"  # no look-alikes (0/O, 1/I, 5/S, 8/B, 2/Z, 6/G)
CODE = re.compile(rf"[{CODE_ALPHABET}]{{5}}")


def board_status(board: str) -> str:
    """Retained ``online``/``offline`` (the offline one is the last will)."""
    return f"{ROOT}/boards/{board}/status"


def board_state(board: str) -> str:
    """Retained: the scoreboard object and the lights, throttled."""
    return f"{ROOT}/boards/{board}/state"


def board_events(board: str) -> str:
    """Each move and result, QoS 1, not retained."""
    return f"{ROOT}/boards/{board}/events"


def board_pairing(board: str) -> str:
    """Retained by the fleet: the tournament game this table is to play (empty: none)."""
    return f"{ROOT}/boards/{board}/pairing"


def board_pairing_result(board: str) -> str:
    """Retained by a table: how its tournament game ended, until the fleet has counted it."""
    return f"{ROOT}/boards/{board}/pairing_result"


def board_ledger(board: str) -> str:
    """Retained by the board: its finished named matches (the café's players are made of them)."""
    return f"{ROOT}/boards/{board}/ledger"


def board_retained(board: str) -> tuple[str, ...]:
    """Every retained topic of ``board``'s (a retired board's are all cleared)."""
    return (
        board_status(board),
        board_state(board),
        board_ledger(board),
        board_pairing(board),
        board_pairing_result(board),
    )


CAFE_PLAYERS = f"{ROOT}/cafe/players"  # retained by the fleet: the café's players and ratings


def game_offer(code: str) -> str:
    """Retained by the host: the game offered under a join code."""
    return f"{ROOT}/games/{code}/offer"


def game_board(code: str, board: str) -> str:
    """Retained by each board of a game: its record of the game so far, and its requests."""
    return f"{ROOT}/games/{code}/boards/{board}"


def game_boards(code: str) -> str:
    """Every board's record of a game (a subscription)."""
    return f"{ROOT}/games/{code}/boards/+"


ALL_STATUS = f"{ROOT}/boards/+/status"
ALL_STATE = f"{ROOT}/boards/+/state"
ALL_PAIRING_RESULTS = f"{ROOT}/boards/+/pairing_result"
ALL_LEDGERS = f"{ROOT}/boards/+/ledger"


def board_of(topic: str) -> str | None:
    """The board id in a ``boards/<id>/...`` topic."""
    parts = topic.split("/")
    if len(parts) == 5 and parts[2] == "boards" and f"{parts[0]}/{parts[1]}" == ROOT:
        return parts[3]
    return None
