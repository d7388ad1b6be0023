"""The clocks of a game between two boards: the result this board sends when its own side
flags, and the other board's times and flag fall told to the clock here."""

from __future__ import annotations

from firmware.controller.core.events import RoundEnded
from firmware.link.online_file import OnlineSpec
from firmware.link.online_request import sides
from firmware.link.online_round import PlayedRound
from firmware.link.shared_clock import SharedClock
from firmware.rules.api import JsonValue, Termination


def flag_result(
    spec: OnlineSpec | None, current: PlayedRound | None, ended: RoundEnded
) -> dict[str, JsonValue] | None:
    """The result to send when this board's side lost the round on time (None: the other
    board's side did, and that board decided it)."""
    if spec is None or spec.game is None or current is None or ended.winner is None:
        return None
    losers = [c for c in sides(spec.game, spec.rules or {}) if c != ended.winner]
    if len(losers) != 1 or losers[0] not in spec.colours:
        return None
    return {
        "round": current.number,
        "ply": len(current.moves),
        "status": ended.status,
        "winner": ended.winner,
        "side": losers[0],
        "reason": Termination.TIME.value,
    }


def tell_clock(
    clock: SharedClock, peer: dict[str, JsonValue] | None, current: PlayedRound | None
) -> None:
    """The other board's time for its last move, and its flag fall, to the clock here."""
    if peer is None or current is None or peer.get("round") != current.number:
        return
    ply, left = peer.get("ply"), peer.get("left_ms")
    if type(ply) is int and type(left) is int:
        clock.told(ply, left)
    result = peer.get("result")
    if isinstance(result, dict) and result.get("round") == current.number:
        at, side = result.get("ply"), result.get("side")
        on_time = result.get("reason") == Termination.TIME.value
        if on_time and type(at) is int and isinstance(side, str):
            clock.peer_flagged(at, side)
