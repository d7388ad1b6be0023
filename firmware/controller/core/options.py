"""Rule switches typed by a person (command line, staff page) -> a game's rules.

Each game registers its options (``firmware.rules.options.Option``); the game's own
``parse_rules`` has the last word. Errors are one line that names the option and what the game
takes instead.
"""

from __future__ import annotations

from firmware.errors import InputError
from firmware.rules.registry import find_game, find_options, game_names

# ``cullsboard --help`` lists every option through here: nothing of typing, json or the rules.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

    from firmware.rules.api import JsonValue
    from firmware.rules.options import Option


class OptionError(InputError):
    """An option that does not fit the game, or a value it does not take (one line)."""


def all_options() -> dict[str, list[tuple[str, Option]]]:
    """Every option name any game takes, with the games (and their Option) that take it."""
    found: dict[str, list[tuple[str, Option]]] = {}
    for game in game_names():
        for option in find_options(game):
            found.setdefault(option.name, []).append((game, option))
    return dict(sorted(found.items()))


def game_catalogue() -> list[JsonValue]:
    """Every game and its options as the staff page offers them (``GET /api/games``)."""
    from firmware.controller.core.adapter import board_adapters  # the notation: the board's part

    return [
        {
            "name": adapter.name,
            "options": [
                {
                    "name": option.name,
                    "label": option.label,
                    "choices": [
                        {"value": value, "text": text}
                        for value, text in zip(option.choices, option.texts, strict=True)
                    ],
                }
                for option in find_options(adapter.name)
            ],
            "notation": [{"token": token, "means": means} for token, means in adapter.notation],
        }
        for adapter in board_adapters()
    ]


def rules_from_options(
    game: str,
    given: Mapping[str, object],
    *,
    flags: bool = False,
) -> dict[str, JsonValue]:
    """The rule switches ``given`` (option name -> value, None: not given) set for ``game``.

    ``flags``: the options were typed as command-line flags (``--mode``), else as fields.
    """

    def spell(name: str) -> str:
        return f"--{name}" if flags else name

    def head(name: str) -> str:
        return f"--{name}" if flags else f"{name}:"

    options = find_options(game)
    own = {option.name: option for option in options}
    takes = " and ".join(f"{spell(o.name)} {'|'.join(str(c) for c in o.choices)}" for o in options)
    rules: dict[str, JsonValue] = {}
    for name, value in given.items():
        if value is None:
            continue
        option = own.get(name)
        if option is None:
            owners = ", ".join(g for g, _ in all_options().get(name, [])) or "no game"
            raise OptionError(f"{head(name)} is for {owners}; {game} takes {takes or 'none'}")
        chosen = _exactly_one_of(value, option.choices)
        if chosen is None:
            import json

            shown = " or ".join(json.dumps(choice) for choice in option.choices)
            raise OptionError(f"{head(name)} must be {shown}")
        rules[option.key] = chosen
    find_game(game).parse_rules(rules)  # InvalidRecordError for switches that do not go together
    return rules


def _exactly_one_of(value: object, choices: tuple[str | int, ...]) -> str | int | None:
    """The choice ``value`` is, written exactly so: ``3.0`` and ``true`` are not ``3`` or ``1``."""
    for choice in choices:
        if type(value) is type(choice) and value == choice:
            return choice
    return None
