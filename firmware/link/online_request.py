"""What an online game is asked to be (``--online host`` or ``--online join:CODE``) and the
two sides a game between two boards has."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from firmware.controller.core.adapter import board_adapter
from firmware.controller.core.players import PlayerKind
from firmware.controller.match.match_play import MatchPlay
from firmware.errors import InputError
from firmware.link import topics
from firmware.rules.api import JsonValue

HOST, GUEST = "host", "guest"


class OnlineError(InputError):
    """An online game cannot be set up as asked; one line for the user."""


@dataclass(frozen=True, slots=True)
class OnlineRequest:
    """``--online host`` (with the game to offer) or ``--online join:CODE``."""

    role: str
    code: str | None = None
    game: str | None = None
    rules: dict[str, JsonValue] | None = None
    first: str | None = None


def parse_online(text: str) -> OnlineRequest:
    if text == HOST:
        return OnlineRequest(HOST)
    word, _, code = text.partition(":")
    code = code.strip().upper()
    if word != "join" or not topics.CODE.fullmatch(code):
        raise OnlineError(f"--online: write host or join:CODE (a five-letter code), got {text!r}")
    return OnlineRequest(GUEST, code)


def seat_kinds(game: str, rules: dict[str, JsonValue], mine: Sequence[str]) -> list[PlayerKind]:
    """Each seat: here if it plays one of ``mine``, else remote."""
    match = MatchPlay(game, rules)
    seats = board_adapter(game).seats(match.rules, match.colours)
    return [PlayerKind.HERE if s.colour in mine else PlayerKind.REMOTE for s in seats]


def sides(game: str, rules: dict[str, JsonValue]) -> tuple[str, str]:
    """The host's colour and the guest's: online games have exactly two sides."""
    colours = MatchPlay(game, rules).colours
    if len(colours) != 2:
        raise OnlineError(
            f"online play needs two sides; {game} with these rules has {len(colours)}"
        )
    return colours[0], colours[1]
