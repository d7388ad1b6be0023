"""Tic-tac-toe on the board: the 3x3 grid sits in the middle; a tap on a free cell places."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from firmware.controller.core.adapter import MenuChoice, Refusal, SeatSpec, seat_of_colour
from firmware.render import palette as p
from firmware.render.stack import Light, LightStack
from firmware.rules.api import GameState, JsonValue
from firmware.rules.grid import cell_name, parse_cell
from firmware.rules.options import Option
from hal.interfaces import Cell
from tests.tictactoe.game import CELLS, SIZE, TicTacToeState

GRID_TINT = (12, 12, 12)


def _origin(columns: int, rows: int) -> Cell:
    return ((columns - SIZE) // 2, (rows - SIZE) // 2)


def _game(state: GameState) -> TicTacToeState:
    assert isinstance(state, TicTacToeState)
    return state


def _on_board(token: str) -> str:
    """The board cell name of a game cell (the grid sits in the middle of the 15x15 board)."""
    x, y = parse_cell(token, SIZE)
    ox, oy = _origin(15, 15)
    return cell_name((x + ox, y + oy))


class TicTacToeBoard:
    """The board adapter of tic-tac-toe."""

    name = "tictactoe"
    menu = (MenuChoice("Tic-tac-toe", {}, (("blue", "red"),)),)
    menu_pips: Option | None = None
    rematch_alternates = True
    pieces_by_hand = False
    notation = (("b2", "a mark on b2"),)

    def fit_rules(
        self, rules: Mapping[str, JsonValue], columns: int, rows: int
    ) -> dict[str, JsonValue]:
        return dict(rules)

    def does_not_fit(self, rules: Mapping[str, JsonValue], columns: int, rows: int) -> str | None:
        return None

    def seats(
        self, rules: Mapping[str, JsonValue], colours: tuple[str, ...]
    ) -> tuple[SeatSpec, ...]:
        return tuple(SeatSpec(colour, colour.capitalize()) for colour in colours)

    def seat_to_act(self, state: GameState, seats: tuple[SeatSpec, ...]) -> int | None:
        return seat_of_colour(state, seats)

    def token_for(self, state: GameState, cell: Cell, columns: int, rows: int) -> str | Refusal:
        ox, oy = _origin(columns, rows)
        x, y = cell[0] - ox, cell[1] - oy
        if not (0 <= x < SIZE and 0 <= y < SIZE):
            return Refusal("tap one of the nine cells in the middle")
        return cell_name((x, y))

    def lights(self, stack: LightStack, state: GameState, since: float) -> None:
        ox, oy = _origin(stack.columns, stack.rows)

        def on_board(name: str) -> Cell:
            x, y = parse_cell(name, SIZE)
            return (x + ox, y + oy)

        stack.add([on_board(c) for c in CELLS], Light(p.BOARD - 1, GRID_TINT))
        for name, colour in _game(state).owners().items():
            stack.add([on_board(name)], Light(p.BOARD, p.piece(colour)))
        outcome = state.outcome()
        if outcome.line and outcome.winner:
            blink = p.Blink(p.ACCEPT, p.piece(outcome.winner), p.TIMING.line_blink)
            stack.add([on_board(c) for c in outcome.line], Light(p.ANIMATION, blink, since))

    def prompt(self, state: GameState, *, called: Mapping[str, str] | None = None) -> str:
        return "place a chip on a free cell of the middle and tap it"

    def touch_map(self) -> dict[str, str]:
        ox, oy = _origin(15, 15)
        return {cell_name((x + ox, y + oy)): cell_name((x, y)) for x in range(3) for y in range(3)}

    def describe(
        self,
        before: GameState,
        token: str,
        seat_name: str,
        *,
        called: Mapping[str, str] | None = None,
    ) -> str:
        return f"{seat_name} marked {_on_board(token)}"

    def describe_hint(self, state: GameState, token: str) -> str:
        return f"Hint: mark {_on_board(token)}"

    def read_aloud(self, state: GameState) -> tuple[str, ...]:
        owners = _game(state).owners()
        lines = []
        for colour in ("blue", "red"):
            marks = sorted(_on_board(cell) for cell, owner in owners.items() if owner == colour)
            lines.append(f"{colour.capitalize()}: {', '.join(marks) or 'none'}.")
        return tuple(lines)

    def read_cell(self, state: GameState, cell: Cell, columns: int, rows: int) -> str:
        ox, oy = _origin(columns, rows)
        inside = 0 <= cell[0] - ox < SIZE and 0 <= cell[1] - oy < SIZE
        owner = (
            _game(state).owners().get(cell_name((cell[0] - ox, cell[1] - oy))) if inside else None
        )
        return f"{cell_name(cell)}: {owner or 'empty'}"

    def explain_answer(self, before: GameState, token: str, replies: Sequence[str]) -> str:
        if not replies:
            return f"Solved: {_on_board(token)} is right."
        answers = " and ".join(_on_board(reply) for reply in replies)
        return f"Not {_on_board(token)}: the answer to it is {answers}."


TICTACTOE_BOARD = TicTacToeBoard()
