"""The menu on the board: tiles to pick the game and its option, and a cell to start.

The tiles come from every registered game's adapter (``menu``), in game-name order; a game's
``menu_pips`` option (Culls: round wins) shows as two rows of pips while one of its tiles is picked.
A board with a computer opponent also shows the "vs computer" rows (``menu_computer``), and a
board with lessons and puzzles a cell for each, beside the start cell: one tap starts the chosen
game's first lesson or its puzzles.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from firmware.controller.computer.computer import ComputerChoice
from firmware.controller.core.adapter import BoardAdapter, MenuChoice, SeatSpec
from firmware.controller.menu.menu_computer import ComputerRows
from firmware.controller.menu.menu_row import MenuRow
from firmware.players import HIGHEST, LOWEST, level_words
from firmware.render import palette as p
from firmware.render.screens import Tile
from firmware.rules.api import JsonValue
from firmware.rules.game_and_rules import GameAndRules
from firmware.rules.grid import cell_name
from firmware.rules.options import Option
from hal.interfaces import RGB, Cell

LEARN_LOOKS: dict[str, RGB] = {"lesson": p.HINT, "puzzle": (0, 180, 255)}
LEARN_WORDS = {"lesson": "lesson", "puzzle": "puzzles"}


@dataclass(frozen=True, slots=True)
class Choice:
    """A tile of the menu and the game it starts."""

    game: str
    tile: MenuChoice
    pips: Option | None

    @property
    def label(self) -> str:
        return self.tile.label


class Menu:
    """Which choice is picked; taps on tiles pick, a tap on the start cell starts."""

    def __init__(
        self,
        columns: int,
        rows: int,
        adapters: Sequence[BoardAdapter],
        seats_of: Callable[[GameAndRules], tuple[SeatSpec, ...]],
        *,
        learn: bool = False,
        computer: ComputerChoice | None = None,
    ) -> None:
        """``seats_of``: the seats of a game and its rules. ``computer``: given, the menu offers
        the computer's seats and level (and changes that choice). ``learn``: the menu offers a
        lesson and the puzzles of the chosen game."""
        self.columns = columns
        self.rows = rows
        self.choices = tuple(
            Choice(adapter.name, tile, adapter.menu_pips)
            for adapter in adapters
            for tile in adapter.menu
        )
        self.learn = learn
        self.choice = 0
        self.picked: dict[str, JsonValue] = {}  # pip option key -> the value picked
        self.computer = (
            None
            if computer is None
            else ComputerRows(columns, rows, lambda: seats_of(self.game_and_rules()), computer)
        )
        self.added: list[MenuRow] = []  # rows other parts of the board add (``add_row``)

    def add_row(self, row: MenuRow) -> None:
        """Show ``row`` on the menu: its tiles, its taps, its words."""
        self.added.append(row)

    def select(self, game: str, rules: dict[str, JsonValue]) -> None:
        """Preselect the choice matching a match being played."""
        for index, choice in enumerate(self.choices):
            if choice.game == game and all(rules.get(k) == v for k, v in choice.tile.rules.items()):
                self.choice = index
                pips = choice.pips
                if pips is not None and rules.get(pips.key) in pips.choices:
                    self.picked[pips.key] = rules[pips.key]

    @property
    def chosen(self) -> Choice:
        return self.choices[self.choice]

    def _pip_value(self, pips: Option) -> JsonValue:
        return self.picked.get(pips.key, pips.choices[0])

    def game_and_rules(self) -> GameAndRules:
        """The game and rules the menu would start."""
        rules = dict(self.chosen.tile.rules)
        pips = self.chosen.pips
        if pips is not None:
            rules[pips.key] = self._pip_value(pips)
        return GameAndRules(self.chosen.game, rules)

    def next_choice(self) -> None:
        self.choice = (self.choice + 1) % len(self.choices)

    @property
    def start_cell(self) -> Cell:
        return (self.columns // 2, self.rows // 2 - 5)

    def learn_cells(self) -> dict[str, Cell]:
        """The cell of each learning command (``lesson``, ``puzzle``), none without them."""
        if not self.learn:
            return {}
        x, y = self.start_cell
        return {"lesson": (x - 4, y), "puzzle": (x + 4, y)}

    def learn_at(self, cell: Cell) -> str | None:
        """The learning command whose cell ``cell`` is, if any."""
        return next((name for name, at in self.learn_cells().items() if at == cell), None)

    def tiles(self) -> list[Tile]:
        tiles: list[Tile] = []
        top = self.rows // 2 + 4
        for index, choice in enumerate(self.choices):
            left = 1 + index * (self.columns // len(self.choices))
            cells: list[Cell] = []
            colours: list[RGB] = []
            for dy, row in enumerate(choice.tile.colours):
                for dx, colour in enumerate(row):
                    cells.append((left + dx, top - dy))
                    colours.append(p.piece(colour))
            tiles.append(Tile(tuple(cells), tuple(colours), index == self.choice))
        pips = self.chosen.pips
        if pips is not None:
            for slot, value in enumerate(pips.choices[:2]):
                pip_cells = self.pip_cells(slot, value)
                chosen = value == self._pip_value(pips)
                tiles.append(Tile(pip_cells, (p.MENU_CHOSEN,) * len(pip_cells), chosen))
        if self.computer is not None:
            tiles += self.computer.tiles()
        for added in self.added:
            tiles += added.tiles()
        for name, cell in self.learn_cells().items():
            tiles.append(Tile((cell,), (LEARN_LOOKS[name],), True))
        return tiles

    def chosen_words(self) -> str:
        """What the green cell or NEW starts, in words: the game, its pip option, the computer's
        seats and level (``Culls duel, first to 3, the computer plays Red at level 3``)."""
        parts = [self.chosen.label]
        pips = self.chosen.pips
        if pips is not None:
            value = self._pip_value(pips)
            texts = [t for c, t in zip(pips.choices, pips.texts, strict=False) if c == value]
            text = texts[0] if texts else str(value)
            parts.append(text[:1].lower() + text[1:])
        if self.computer is not None and self.computer.chosen_seats():
            chosen = self.computer.chosen_seats()
            every = len(chosen) > 1 and len(chosen) == len(self.computer.seats())
            seats = "every seat" if every else " and ".join(spec.name for spec in chosen)
            parts.append(f"the computer plays {seats} at level {self.computer.level}")
        parts += [words for row in self.added if (words := row.chosen_words())]
        return ", ".join(parts)

    def where(self) -> str:
        """The cells to tap, in words: each tile's cell and label, the pips, the start cell."""
        named = [
            f"{self._name(tile.cells)} {choice.label.replace(',', '')}"
            for choice, tile in zip(self.choices, self.tiles(), strict=False)
            if self._name(tile.cells)
        ]
        parts = [", ".join(named)]
        pips = self.chosen.pips
        if pips is not None:
            slots = [
                f"{self._name(self.pip_cells(slot, value))} {value}"
                for slot, value in enumerate(pips.choices[:2])
                if self._name(self.pip_cells(slot, value))
            ]
            parts.append(f"{pips.name}: {', '.join(slots)}")
        if self.computer is not None:
            parts.append(self._computer_words(self.computer))
        learn = [f"{self._name((c,))} {LEARN_WORDS[n]}" for n, c in self.learn_cells().items()]
        if learn:
            parts.append(", ".join(learn))
        parts += [row.where(lambda cell: self._name((cell,)) or None) for row in self.added]
        parts.append(f"green cell {self._name((self.start_cell,))}")
        return "; ".join(part for part in parts if part)

    def _computer_words(self, computer: ComputerRows) -> str:
        cells = computer.seat_cells()
        names = ["nobody", *(spec.name for spec in computer.seats())]
        seats = ", ".join(f"{self._name((c,))} {n}" for c, n in zip(cells, names, strict=True))
        levels = computer.level_cells()
        span = f"{self._name(levels[:1])}-{self._name(levels[-1:])}"
        words = level_words(self.game_and_rules().game, computer.level)
        ladder = f"{LOWEST} weakest to {HIGHEST} strongest"
        return f"vs computer: {seats}; {words} ({span}, {ladder})"  # seats: chosen_words

    def _name(self, cells: Sequence[Cell]) -> str:
        """The name of the top-left cell of ``cells`` that is on the board ("" if none is)."""
        on_board = [(x, y) for x, y in cells if 0 <= x < self.columns and 0 <= y < self.rows]
        return cell_name(min(on_board, key=lambda c: (-c[1], c[0]))) if on_board else ""

    def pip_cells(self, slot: int, value: str | int) -> tuple[Cell, ...]:
        """Slot 0 left of the centre, slot 1 right of it: one pip per unit of ``value``."""
        count = value if isinstance(value, int) else 1
        y = self.rows // 2
        left = self.columns // 2 - 5 if slot == 0 else self.columns // 2 + 1
        return tuple((left + i, y) for i in range(count))

    def tap(self, cell: Cell) -> bool:
        """Pick what ``cell`` shows; return True when it is the start cell."""
        if cell == self.start_cell:
            return True
        for index, tile in enumerate(self.tiles()[: len(self.choices)]):
            if cell in tile.cells:
                self.choice = index
        pips = self.chosen.pips
        if pips is not None:
            for slot, value in enumerate(pips.choices[:2]):
                if cell in self.pip_cells(slot, value):
                    self.picked[pips.key] = value
        if self.computer is not None:
            self.computer.tap(cell)
        for row in self.added:
            row.tap(cell)
        return False
