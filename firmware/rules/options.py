"""A game's rule switches as a person sets them: on the command line, the staff page, the menu.

Each game declares its switches once, in its own ``options`` module, and registers them with its
rules (``firmware.rules.registry.find_options``); reading them loads neither the board adapter
nor anything of the board, so ``cullsboard --help`` lists them at once.
"""

from __future__ import annotations


class Option:
    """A rule switch someone may set when starting a game (command line, staff page, menu).

    ``name`` is the option as typed (``--rounds``, ``"rounds"``), ``key`` the key of the game's
    ``rules`` object it sets, ``choices`` the values offered; the game's ``parse_rules`` has the
    last word on what is valid. ``label`` names the option and ``texts`` its choices on the staff
    page (the first choice is the default).
    """

    # A plain class, not a dataclass: ``cullsboard --help`` reads every game's options and would
    # pay for the dataclasses module (and inspect) on its own.
    __slots__ = ("choices", "help", "key", "label", "name", "texts")

    def __init__(
        self,
        name: str,
        key: str,
        choices: tuple[str | int, ...],
        help: str,
        label: str,
        texts: tuple[str, ...],
    ) -> None:
        set_once = object.__setattr__
        set_once(self, "name", name)
        set_once(self, "key", key)
        set_once(self, "choices", choices)
        set_once(self, "help", help)
        set_once(self, "label", label)
        set_once(self, "texts", texts)

    name: str
    key: str
    choices: tuple[str | int, ...]
    help: str
    label: str
    texts: tuple[str, ...]

    def _fields(self) -> tuple[object, ...]:
        return (self.name, self.key, self.choices, self.help, self.label, self.texts)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"cannot assign to field {name!r}: an Option is frozen")

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Option)
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        shown = ", ".join(
            f"{name}={value!r}"
            for name, value in zip(
                ("name", "key", "choices", "help", "label", "texts"), self._fields(), strict=True
            )
        )
        return f"Option({shown})"
