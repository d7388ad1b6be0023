"""Cubulus on the board: taps on the unfolded cube, its lights, seats, menu tiles and prompts."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from firmware.controller.core.adapter import MenuChoice, Refusal, SeatSpec, seat_of_colour
from firmware.games.cubulus import aloud, coach_words, layout, words
from firmware.games.cubulus.scene import cubulus_lights
from firmware.games.cubulus.state import CubulusState
from firmware.render.stack import LightStack
from firmware.rules.api import GameState, JsonValue
from firmware.rules.options import Option
from hal.interfaces import Cell

CENTRE = "111"
HINTS = {
    "neutral": "place a white ball and tap its cell",
    "push": "push a ball in: tap the face cell you push into",
}
SEAT_ORDER = ("red", "black", "white")


def _cubulus(state: GameState) -> CubulusState:
    if not isinstance(state, CubulusState):
        raise TypeError(f"not a Cubulus game: {state.game}")
    return state


class CubulusBoard:
    """The Cubulus board adapter (``firmware.controller.core.adapter.BoardAdapter``)."""

    name = "cubulus"
    menu = (
        MenuChoice("Cubulus, 2 players", {"players": 2}, (("red", "black"),)),
        MenuChoice("Cubulus, 3 players", {"players": 3}, (("red", "black"), ("white", "white"))),
    )
    menu_pips: Option | None = None
    rematch_alternates = True
    pieces_by_hand = False  # the balls are lights
    notation = (
        ("N012", "a white ball placed on cell 012 (2 players, setup)"),
        ("F012", "a ball pushed from face F into cell 012"),
    )

    def fit_rules(
        self, rules: Mapping[str, JsonValue], columns: int, rows: int
    ) -> dict[str, JsonValue]:
        return dict(rules)

    def does_not_fit(self, rules: Mapping[str, JsonValue], columns: int, rows: int) -> str | None:
        if (columns, rows) != (layout.SIZE, layout.SIZE):
            return "Cubulus needs the 15x15 board"
        return None

    def seats(
        self, rules: Mapping[str, JsonValue], colours: tuple[str, ...]
    ) -> tuple[SeatSpec, ...]:
        return tuple(SeatSpec(c, c.capitalize()) for c in SEAT_ORDER if c in colours)

    def seat_to_act(self, state: GameState, seats: tuple[SeatSpec, ...]) -> int | None:
        return seat_of_colour(state, seats)

    def token_for(self, state: GameState, cell: Cell, columns: int, rows: int) -> str | Refusal:
        """A push from the face of the tapped cell, or during setup a neutral ball on it."""
        push = layout.push_token(cell)
        if _cubulus(state).awaiting() == "neutral":
            if cell == layout.centre_cell():
                return f"N{CENTRE}"
            if push is None:
                return Refusal("tap a cell of the cube to place a white ball there")
            return f"N{push[1:]}"
        if push is None:
            return Refusal("tap a cell on a face of the cube to push from that face")
        return push

    def lights(self, stack: LightStack, state: GameState, since: float) -> None:
        cubulus_lights(stack, _cubulus(state), since)

    def prompt(self, state: GameState, *, called: Mapping[str, str] | None = None) -> str:
        cubulus = _cubulus(state)
        awaiting = cubulus.awaiting()
        hint = HINTS.get(awaiting or "", "your turn")
        left = cubulus.neutral_left()
        if awaiting == "neutral" and 1 <= left <= 9:
            return f"{hint} ({10 - left} of 9)"
        return hint

    def touch_map(self) -> dict[str, str]:
        return layout.push_tokens_by_cell_name()

    def describe(
        self,
        before: GameState,
        token: str,
        seat_name: str,
        *,
        called: Mapping[str, str] | None = None,
    ) -> str:
        """The action in one line: where the ball went in, what moved, the square it made."""
        return words.describe(_cubulus(before), token, seat_name)

    def describe_hint(self, state: GameState, token: str) -> str:
        """The hint in one line: where to push in, and the square it makes."""
        return words.describe_hint(_cubulus(state), token)

    def read_aloud(self, state: GameState) -> tuple[str, ...]:
        """The balls on each face, the centre, and the balls left to each colour."""
        return aloud.read_position(_cubulus(state))

    def read_cell(self, state: GameState, cell: Cell, columns: int, rows: int) -> str:
        return aloud.read_cell(_cubulus(state), cell)

    def explain_answer(self, before: GameState, token: str, replies: Sequence[str]) -> str:
        """A right answer and the square it makes, or the replies that beat a wrong one."""
        return words.explain_answer(_cubulus(before), token, replies)

    def explain_mistake(
        self,
        before: GameState,
        token: str,
        better: str,
        reply: str | None,
        *,
        forced: bool,
        line: Sequence[str] = (),
    ) -> str:
        """A mistake, what it let the other side do and what ``better`` would have done."""
        return coach_words.explain_mistake(
            _cubulus(before), token, better, reply, forced=forced, line=line
        )


CUBULUS_BOARD = CubulusBoard()
