"""``POST /api/computer``: which seats of the game on the board the computer plays, and its level.

The body names seats by colour or name as the scoreboard's ``seats`` lists them; an empty list
gives every seat back to people. The board starts a new match of the same game with them, so it
is refused (409) while an online game is on.
"""

from __future__ import annotations

from firmware.controller.computer.computer import seat_key
from firmware.controller.core.live import ONLINE_GAME_ON, SeatComputer
from firmware.controller.view.view_model import read_score
from firmware.players import DEFAULT, HIGHEST, LOWEST
from firmware.rules.api import JsonValue
from firmware.web.bodies import ApiError

MAX_SEATS = 8
SEATS_EXAMPLE = 'name seats in a list, like {"seats": ["red"], "level": 3}'


def computer_command(
    body: dict[str, object], score: dict[str, JsonValue], staff_level: int | None = None
) -> SeatComputer:
    """The command for ``body``, checked against the scoreboard (``score``); ApiError says why.
    Without a ``level`` the computer plays the café's (``staff_level``: ``play.computer_level``),
    else a middle one."""
    board = read_score(score)
    if board.online is not None:  # a new local match would end the online game
        raise ApiError(409, ONLINE_GAME_ON)
    known = _seat_names(board.seats)
    if not known:
        raise ApiError(409, "no game is set up yet: start one, then choose the computer's seats")
    wanted = body.get("seats", [])
    if not isinstance(wanted, list) or len(wanted) > MAX_SEATS:
        raise ApiError(400, f"seats: {SEATS_EXAMPLE}")
    for seat in wanted:
        if not isinstance(seat, str) or seat_key(seat) not in known:
            shown = repr(seat[:20]) if isinstance(seat, str) else "a non-text seat"
            names = ", ".join(sorted(known))
            raise ApiError(400, f"seats: no seat {shown} in this game (seats: {names})")
    level = body.get("level", DEFAULT if staff_level is None else staff_level)
    if isinstance(level, bool) or not isinstance(level, int) or not LOWEST <= level <= HIGHEST:
        raise ApiError(400, f"level: a whole number from {LOWEST} to {HIGHEST}, not {level!r:.20}")
    return SeatComputer(tuple(str(seat) for seat in wanted), level)


def _seat_names(seats: JsonValue) -> set[str]:
    """Every colour and name of the scoreboard's seats, in ``seat_key`` spelling."""
    names: set[str] = set()
    for seat in seats if isinstance(seats, list) else []:
        if isinstance(seat, dict):
            names |= {seat_key(str(seat[key])) for key in ("colour", "name") if key in seat}
    return names
