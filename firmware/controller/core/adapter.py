"""How a game lives on the board: the protocol each game's board adapter implements.

A game registers its rules and its adapter together (``firmware.rules.registry``). The controller
never names a game: it asks the adapter what a tap means, how the position is lit, who sits where,
what the menu offers and what the player to act is told. docs/adding-a-game.md walks through one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from firmware.render.stack import LightStack
from firmware.rules.api import GameState, JsonValue
from firmware.rules.options import Option
from firmware.rules.registry import find_board, game_names
from hal.interfaces import Cell


class Refusal(str):
    """Why a tap means nothing in the game (the words a player is shown)."""


@dataclass(frozen=True, slots=True)
class MenuChoice:
    """A tile of the menu: its label, the rule switches it starts, the piece colours it shows."""

    label: str
    rules: dict[str, JsonValue]
    colours: tuple[tuple[str, ...], ...]  # rows of piece colours, top row first


@dataclass(frozen=True, slots=True)
class SeatSpec:
    """A seat the game lays out: the colour it plays and the name it is called by."""

    colour: str
    name: str


@runtime_checkable
class BoardAdapter(Protocol):
    """Everything the board needs to know about one game (besides its rules)."""

    @property
    def name(self) -> str:
        """The game's registered name."""

    @property
    def menu(self) -> tuple[MenuChoice, ...]:
        """The game's tiles on the board's menu."""

    @property
    def menu_pips(self) -> Option | None:
        """An option the menu shows as two rows of pips (a count: 3 or 4 rounds), if any."""

    @property
    def rematch_alternates(self) -> bool:
        """True: a rematch is started by the colour after the last starter; False: drawn again."""

    @property
    def notation(self) -> tuple[tuple[str, str], ...]:
        """The move notation of records, as (example token, what it means) for the pages."""

    @property
    def pieces_by_hand(self) -> bool:
        """True: pieces are real and a person places them (for a seat not played here, too);
        False: the board's lights are the pieces."""

    def fit_rules(
        self, rules: Mapping[str, JsonValue], columns: int, rows: int
    ) -> dict[str, JsonValue]:
        """``rules`` adjusted to a board of this size before they are parsed (or unchanged)."""

    def does_not_fit(self, rules: Mapping[str, JsonValue], columns: int, rows: int) -> str | None:
        """Why a game with these (parsed) rules cannot be shown on this board, if it cannot."""

    def seats(
        self, rules: Mapping[str, JsonValue], colours: tuple[str, ...]
    ) -> tuple[SeatSpec, ...]:
        """The seats clockwise from seat 0 under ``rules``."""

    def seat_to_act(self, state: GameState, seats: tuple[SeatSpec, ...]) -> int | None:
        """The index into ``seats`` of the player to act now, or None when the round is over."""

    def token_for(self, state: GameState, cell: Cell, columns: int, rows: int) -> str | Refusal:
        """The token a tap on ``cell`` stands for now, or why it stands for none."""

    def lights(self, stack: LightStack, state: GameState, since: float) -> None:
        """Add the position's lights; ``since`` is when it appeared (the phase of blinks)."""

    def prompt(self, state: GameState, *, called: Mapping[str, str] | None = None) -> str:
        """What the player to act must do, in words (``place a chip and tap its cell``);
        ``called``: seat name -> the player's name, for the seats the words name."""

    def touch_map(self) -> dict[str, str]:
        """Board cell name -> the token a touch there means on a fresh 15x15 board."""

    def describe(
        self,
        before: GameState,
        token: str,
        seat_name: str,
        *,
        called: Mapping[str, str] | None = None,
    ) -> str:
        """``token`` played from ``before`` by ``seat_name``, in one line of the game's words
        ("Red placed e10 and trapped f10 and g10: Red flips one"); ``called``: seat name ->
        the player's name, for any other seat the line names."""

    def describe_hint(self, state: GameState, token: str) -> str:
        """What a hint of ``token`` in ``state`` shows, in one line ("Hint: h9 makes four")."""

    def read_aloud(self, state: GameState) -> tuple[str, ...]:
        """The position in sentences for a player who cannot see the lights (each side's pieces,
        or each face), with the board's cell names."""

    def read_cell(self, state: GameState, cell: Cell, columns: int, rows: int) -> str:
        """What ``cell`` shows now, in a phrase ("h8: a blue chip")."""

    def explain_answer(self, before: GameState, token: str, replies: Sequence[str]) -> str:
        """A puzzle's answer ``token`` from ``before`` in one line of board cell names: a right
        one ("Solved: e7 makes five") when ``replies`` is empty, else why the replies beat it
        ("Not e8: Red already has four from i11 to f8, and e7 makes five: Red wins")."""


def board_adapter(name: str) -> BoardAdapter:
    """The board adapter of the game called ``name`` (InvalidRecordError if there is none)."""
    adapter = find_board(name)
    if not isinstance(adapter, BoardAdapter):
        raise TypeError(f"{name}: registered without a board adapter")
    return adapter


def board_adapters() -> list[BoardAdapter]:
    """Every registered game's adapter, by game name."""
    return [board_adapter(name) for name in game_names()]


def seat_of_colour(state: GameState, seats: tuple[SeatSpec, ...]) -> int | None:
    """The first seat playing the colour to move (one seat per colour), or None."""
    colour = state.to_move()
    for index, seat in enumerate(seats):
        if seat.colour == colour:
            return index
    return None


def cells_for_token(
    adapter: BoardAdapter, state: GameState, token: str, columns: int, rows: int
) -> list[Cell]:
    """Every board cell whose tap would mean ``token`` now (where its chip must be placed)."""
    return [
        (x, y)
        for y in range(rows)
        for x in range(columns)
        if adapter.token_for(state, (x, y), columns, rows) == token
    ]
