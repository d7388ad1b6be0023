"""A game by its registered name and the rule switches it is played with, as one typed value."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from firmware.rules.api import JsonValue


@dataclass(frozen=True)
class GameAndRules:
    """``GameAndRules("culls", {"mode": "teams"})``: what the menu, ``--game`` or an online offer
    would start; ``as_json()`` is the ``game`` and ``rules`` keys records and the pages keep."""

    game: str
    rules: Mapping[str, JsonValue] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "rules", dict(self.rules))  # a copy: the caller's stays its own

    def rules_dict(self) -> dict[str, JsonValue]:
        """A fresh ``dict`` of the rules, for code that keeps or changes them."""
        return dict(self.rules)

    def as_json(self) -> dict[str, JsonValue]:
        return {"game": self.game, "rules": self.rules_dict()}
