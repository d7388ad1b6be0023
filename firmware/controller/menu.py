"""The menu on the board: tiles to pick the game and the match length, and a cell to start."""

from __future__ import annotations

from dataclasses import dataclass

from firmware.render import palette as p
from firmware.render.screens import Tile
from firmware.rules.api import JsonValue
from hal.interfaces import RGB, Cell


@dataclass(frozen=True, slots=True)
class Choice:
    """A game to play: its name, rule switches and how the menu shows it."""

    label: str
    game: str
    rules: dict[str, JsonValue]
    colours: tuple[tuple[str, ...], ...]  # rows of piece colours, top row first


CHOICES = (
    Choice("Culls duel", "culls", {"mode": "duel"}, (("blue", "red"),)),
    Choice("Culls teams", "culls", {"mode": "teams"}, (("blue", "red"), ("red", "blue"))),
    Choice("Cubulus, 2 players", "cubulus", {"players": 2}, (("red", "black"),)),
    Choice("Cubulus, 3 players", "cubulus", {"players": 3}, (("red", "black"), ("white", "white"))),
)
ROUNDS = (3, 4)


class Menu:
    """Which choice is picked; taps on tiles pick, a tap on the start cell starts."""

    def __init__(self, columns: int, rows: int) -> None:
        self.columns = columns
        self.rows = rows
        self.choice = 0
        self.rounds = ROUNDS[0]

    def select(self, game: str, rules: dict[str, JsonValue]) -> None:
        """Preselect the choice matching a match being played."""
        for index, choice in enumerate(CHOICES):
            if choice.game == game and all(rules.get(k) == v for k, v in choice.rules.items()):
                self.choice = index
        rounds = rules.get("rounds_to_win")
        if isinstance(rounds, int) and rounds in ROUNDS:
            self.rounds = rounds

    @property
    def chosen(self) -> Choice:
        return CHOICES[self.choice]

    def settings(self) -> tuple[str, dict[str, JsonValue]]:
        """The game name and rules the menu would start."""
        rules = dict(self.chosen.rules)
        if self.chosen.game == "culls":
            rules["rounds_to_win"] = self.rounds
        return self.chosen.game, rules

    def next_choice(self) -> None:
        self.choice = (self.choice + 1) % len(CHOICES)

    @property
    def start_cell(self) -> Cell:
        return (self.columns // 2, self.rows // 2 - 5)

    def tiles(self) -> list[Tile]:
        tiles: list[Tile] = []
        top = self.rows // 2 + 4
        for index, choice in enumerate(CHOICES):
            left = 1 + index * (self.columns // len(CHOICES))
            cells: list[Cell] = []
            colours: list[RGB] = []
            for dy, row in enumerate(choice.colours):
                for dx, colour in enumerate(row):
                    cells.append((left + dx, top - dy))
                    colours.append(p.piece(colour))
            tiles.append(Tile(tuple(cells), tuple(colours), index == self.choice))
        if self.chosen.game == "culls":
            for rounds in ROUNDS:
                pips = self._round_cells(rounds)
                tiles.append(Tile(pips, (p.MENU_CHOSEN,) * len(pips), rounds == self.rounds))
        return tiles

    def _round_cells(self, rounds: int) -> tuple[Cell, ...]:
        y = self.rows // 2
        left = self.columns // 2 - 5 if rounds == ROUNDS[0] else self.columns // 2 + 1
        return tuple((left + i, y) for i in range(rounds))

    def tap(self, cell: Cell) -> bool:
        """Pick what ``cell`` shows; return True when it is the start cell."""
        if cell == self.start_cell:
            return True
        for index, tile in enumerate(self.tiles()[: len(CHOICES)]):
            if cell in tile.cells:
                self.choice = index
        if self.chosen.game == "culls":
            for rounds in ROUNDS:
                if cell in self._round_cells(rounds):
                    self.rounds = rounds
        return False
