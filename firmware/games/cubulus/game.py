"""Cubulus (rules.md): push balls into a 3x3x3 cube until a colour owns a square on a face."""

from __future__ import annotations

from collections.abc import Mapping

from firmware.games.cubulus.geometry import COLOURS
from firmware.games.cubulus.state import CubulusState
from firmware.rules.api import InvalidRecordError, JsonValue


def parse_players(raw: Mapping[str, object]) -> int:
    """The ``players`` switch of a ``rules`` object (2 or 3, default 2)."""
    for key in raw:
        if key != "players":
            raise InvalidRecordError(f"rules.{key}: unknown key (allowed: players)")
    players = raw.get("players", 2)
    if type(players) is not int or players not in (2, 3):
        raise InvalidRecordError("rules.players: must be 2 or 3")
    return players


class Cubulus:
    """The Cubulus game: 2 players (white neutral) or 3 players."""

    @property
    def name(self) -> str:
        return "cubulus"

    def parse_rules(self, raw: Mapping[str, object]) -> dict[str, JsonValue]:
        return {"players": parse_players(raw)}

    def colours(self, rules: Mapping[str, JsonValue]) -> tuple[str, ...]:
        return COLOURS[: parse_players(rules)]

    def new_state(self, rules: Mapping[str, JsonValue], first: str) -> CubulusState:
        return CubulusState(parse_players(rules), first)


CUBULUS = Cubulus()


__all__ = ["CUBULUS", "Cubulus", "CubulusState", "parse_players"]
