"""Culls on the board: what a tap means, its lights, seats, menu tiles and what players are told."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from firmware.controller.core.adapter import MenuChoice, Refusal, SeatSpec, seat_of_colour
from firmware.games.culls import aloud, coach_words, words
from firmware.games.culls.game import CullsState
from firmware.games.culls.options import ROUNDS
from firmware.games.culls.scene import culls_lights, play_offset
from firmware.games.culls.switches import DEFAULTS
from firmware.render.stack import LightStack
from firmware.rules.api import GameState, JsonValue
from firmware.rules.grid import cell_name
from firmware.rules.options import Option
from hal.interfaces import Cell

TEAM_SEATS = (
    SeatSpec("blue", "Blue A"),
    SeatSpec("red", "Red A"),
    SeatSpec("blue", "Blue B"),
    SeatSpec("red", "Red B"),
)
HINTS = {
    "place": "place a chip and tap its cell",
}


def _culls(state: GameState) -> CullsState:
    if not isinstance(state, CullsState):
        raise TypeError(f"not a Culls game: {state.game}")
    return state


class CullsBoard:
    """The Culls board adapter (``firmware.controller.core.adapter.BoardAdapter``)."""

    name = "culls"
    menu = (
        MenuChoice("Culls duel", {"mode": "duel"}, (("blue", "red"),)),
        MenuChoice("Culls teams", {"mode": "teams"}, (("blue", "red"), ("red", "blue"))),
    )
    menu_pips: Option | None = ROUNDS
    rematch_alternates = False  # a rematch draws who starts, like a new match
    pieces_by_hand = True  # real chips (unless the board is set to virtual ones)
    notation = (
        ("h8", "a chip placed on h8"),
        ("xi8", "the trapped chip on i8 flipped"),
        ("i8-c3", "the flipped chip moved from i8 to c3"),
    )

    def fit_rules(
        self, rules: Mapping[str, JsonValue], columns: int, rows: int
    ) -> dict[str, JsonValue]:
        """A smaller board plays a smaller game, unless the size was asked for."""
        side = min(columns, rows)
        standard = DEFAULTS["size"]
        if "size" not in rules and isinstance(standard, int) and side < standard:
            return {**rules, "size": side}
        return dict(rules)

    def does_not_fit(self, rules: Mapping[str, JsonValue], columns: int, rows: int) -> str | None:
        size = rules.get("size")
        if isinstance(size, int) and size > min(columns, rows):
            return f"a {size}x{size} Culls game does not fit on this board"
        return None

    def seats(
        self, rules: Mapping[str, JsonValue], colours: tuple[str, ...]
    ) -> tuple[SeatSpec, ...]:
        if rules.get("mode") == "teams":
            return TEAM_SEATS
        return tuple(SeatSpec(c, c.capitalize()) for c in colours)

    def seat_to_act(self, state: GameState, seats: tuple[SeatSpec, ...]) -> int | None:
        if state.to_move() is None:
            return None
        if len(seats) == len(TEAM_SEATS):
            start = next(i for i, seat in enumerate(seats) if seat.colour == state.first)
            return (start + _culls(state).seat()) % len(seats)
        return seat_of_colour(state, seats)

    def token_for(self, state: GameState, cell: Cell, columns: int, rows: int) -> str | Refusal:
        """Place on an empty cell, flip a candidate, or move the flipped chip there."""
        culls = _culls(state)
        ox, oy = play_offset(columns, rows, culls.size)
        x, y = cell[0] - ox, cell[1] - oy
        if not (0 <= x < culls.size and 0 <= y < culls.size):
            return Refusal("that cell is outside the playing area")
        name = cell_name((x, y))
        awaiting = culls.awaiting()
        if awaiting == "flip":
            return f"x{name}"
        if awaiting == "move":
            flipped = culls.flipped_cell()
            if flipped == (x, y):
                return Refusal(f"put the flipped chip from {name} on a different empty cell")
            if flipped is not None:
                return f"{cell_name(flipped)}-{name}"
        return name

    def lights(self, stack: LightStack, state: GameState, since: float) -> None:
        culls_lights(stack, _culls(state), since)

    def prompt(self, state: GameState, *, called: Mapping[str, str] | None = None) -> str:
        culls = _culls(state)
        awaiting = culls.awaiting()
        if awaiting == "flip":
            chips = sorted(token[1:] for token in culls.legal_actions() if token.startswith("x"))
            which = chips[0] if len(chips) == 1 else ", ".join(chips[:-1]) + " or " + chips[-1]
            return f"tap the blinking chip to flip it: {which}"
        if awaiting == "move":
            flipped = culls.flipped_cell()
            where = "" if flipped is None else f" from {cell_name(flipped)}"
            whose = _whose(culls, called or {})
            return f"move {whose} flipped chip{where} to an empty cell and tap it"
        hint = HINTS.get(awaiting or "", "your turn")
        if awaiting == "place" and culls.mode == "duel" and culls.turn_number < 4:
            return f"{hint} (chip {culls.turn_number % 2 + 1} of 2)"
        return hint

    def touch_map(self) -> dict[str, str]:
        """On the 15x15 board a touch on a cell places on that cell."""
        size = DEFAULTS["size"]
        assert isinstance(size, int)
        names = [cell_name((x, y)) for y in reversed(range(size)) for x in range(size)]
        return {name: name for name in names}

    def describe(
        self,
        before: GameState,
        token: str,
        seat_name: str,
        *,
        called: Mapping[str, str] | None = None,
    ) -> str:
        """The action in one line: what arrived where, and the cull or line it made."""
        culls = _culls(before)
        after = culls.copy()
        after.apply(token)
        teams = culls.mode == "teams" and after.to_move() is not None
        following = _team_seat(after) if teams else None
        if following is not None and called:
            following = called.get(following, following)
        return words.describe(culls, token, seat_name, following)

    def describe_hint(self, state: GameState, token: str) -> str:
        """The hint in one line: where, and what it makes, traps or blocks."""
        return words.describe_hint(_culls(state), token)

    def read_aloud(self, state: GameState) -> tuple[str, ...]:
        """Each side's chips row by row, then the flipped chip or those that may be flipped."""
        return aloud.read_position(_culls(state))

    def read_cell(self, state: GameState, cell: Cell, columns: int, rows: int) -> str:
        culls = _culls(state)
        ox, oy = play_offset(columns, rows, culls.size)
        return aloud.read_cell(culls, cell[0] - ox, cell[1] - oy)

    def explain_answer(self, before: GameState, token: str, replies: Sequence[str]) -> str:
        """A right answer and what it does, or the threat that beats a wrong one."""
        return words.explain_answer(_culls(before), token, replies)

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
            _culls(before), token, better, reply, forced=forced, line=line
        )


def _team_seat(state: CullsState) -> str:
    """The name of the team seat to act in ``state`` (Blue A, Red A, Blue B, Red B)."""
    start = next(i for i, seat in enumerate(TEAM_SEATS) if seat.colour == state.first)
    return TEAM_SEATS[(start + state.seat()) % len(TEAM_SEATS)].name


def _whose(state: CullsState, called: Mapping[str, str]) -> str:
    """Whose flipped chip is to move: "your" in a duel; in teams the seat that put it there."""
    flipped = state.flipped_cell()
    if state.mode != "teams" or flipped is None:
        return "your"
    name = cell_name(flipped)
    earlier = state.copy()
    while earlier.moves:
        token = earlier.undo()
        if token == name or token.endswith(f"-{name}"):
            placer = _team_seat(earlier)
            return "your" if placer == _team_seat(state) else f"{called.get(placer, placer)}'s"
    return "your team's"


CULLS_BOARD = CullsBoard()
