"""The up-front check of ``--game`` and ``--computer``: one line that lists what is allowed."""

from __future__ import annotations

from collections.abc import Mapping

from firmware.controller.computer.computer import parse_computer_seats, seat_key
from firmware.controller.core.adapter import board_adapter
from firmware.errors import InputError
from firmware.rules.api import JsonValue
from firmware.rules.game_and_rules import GameAndRules
from firmware.rules.registry import find_game, game_names


class OptionCheckError(InputError):
    """An option that names something that is not there; the message lists what is."""


def check_game(name: str) -> None:
    """``--game``: one of the registered games."""
    games = game_names()
    if name not in games:
        raise OptionCheckError(f"--game: unknown game {name[:20]!r} (games: {', '.join(games)})")


def seat_words(game: str, rules: Mapping[str, JsonValue]) -> list[str]:
    """The words ``--computer`` takes for ``game`` under ``rules``: colours, then seat names
    (``redA``), each once."""
    rules_game = find_game(game)
    parsed = rules_game.parse_rules(rules)
    seats = board_adapter(game).seats(parsed, rules_game.colours(parsed))
    words = [seat.colour for seat in seats]
    for seat in seats:
        if seat_key(seat.name) != seat_key(seat.colour):
            first, *rest = seat.name.split()
            words.append(first.lower() + "".join(rest))
    return list(dict.fromkeys(words))


def _variants(game: str) -> list[dict[str, JsonValue]]:
    """The rule switches of each of the game's menu tiles (its ways to be played)."""
    return [dict(choice.rules) for choice in board_adapter(game).menu]


def check_computer(seats: str, chosen: GameAndRules | None) -> None:
    """``--computer`` names only seats of the ``chosen`` game (none chosen: of any game)."""
    parse_computer_seats(seats)  # InputError for an empty seat
    wanted = [part.strip() for part in seats.split(",")]
    if chosen is None:
        words = {name: _all_words(name) for name in game_names()}
        known = {seat_key(word) for listed in words.values() for word in listed}
        bad = [seat for seat in wanted if seat_key(seat) not in known]
        if bad:
            listed = "; ".join(f"{name}: {', '.join(found)}" for name, found in words.items())
            raise OptionCheckError(f"--computer: no seat {bad[0][:20]!r} in any game ({listed})")
        return
    game = chosen.game
    in_effect = find_game(game).parse_rules(chosen.rules)
    allowed = seat_words(game, in_effect)
    bad = [seat for seat in wanted if seat_key(seat) not in {seat_key(w) for w in allowed}]
    if not bad:
        return
    message = f"--computer: no seat {bad[0][:20]!r} in {game} (seats: {', '.join(allowed)}"
    for variant in _variants(game):
        extra = [word for word in seat_words(game, variant) if word not in allowed]
        flags = " ".join(
            f"--{key} {value}" for key, value in variant.items() if in_effect.get(key) != value
        )
        if extra and flags:
            message += f"; with {flags} also {', '.join(extra)}"
    raise OptionCheckError(message + ")")


def _all_words(game: str) -> list[str]:
    words: list[str] = []
    for variant in _variants(game):
        words.extend(seat_words(game, variant))
    return list(dict.fromkeys(words))
