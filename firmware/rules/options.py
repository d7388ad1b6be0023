"""A game's rule switches as a person sets them: on the command line, the staff page, the menu.

Each game declares its switches once, in its own ``options`` module, and registers them with its
rules (``firmware.rules.registry.find_options``); reading them loads neither the board adapter
nor anything of the board, so ``cullsboard --help`` lists them at once.
"""

from __future__ import annotations

from firmware.rules.frozen import Frozen


class Option(Frozen):
    """A rule switch someone may set when starting a game (command line, staff page, menu).

    ``name`` is the option as typed (``--rounds``, ``"rounds"``), ``key`` the key of the game's
    ``rules`` object it sets, ``choices`` the values offered; the game's ``parse_rules`` has the
    last word on what is valid. ``label`` names the option and ``texts`` its choices on the staff
    page (the first choice is the default).
    """

    # Frozen, not a dataclass: ``cullsboard --help`` reads every game's options and would pay for
    # the dataclasses module (and inspect) for them alone.
    FIELDS = ("name", "key", "choices", "help", "label", "texts")
    __slots__ = FIELDS
    name: str
    key: str
    choices: tuple[str | int, ...]
    help: str
    label: str
    texts: tuple[str, ...]

    def __init__(
        self,
        name: str,
        key: str,
        choices: tuple[str | int, ...],
        help: str,
        label: str,
        texts: tuple[str, ...],
    ) -> None:
        self._init(name, key, choices, help, label, texts)
