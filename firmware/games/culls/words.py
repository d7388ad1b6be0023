"""Culls actions and hints said in the game's words, with the board's own cell names."""

from __future__ import annotations

from collections.abc import Sequence

from firmware.games.culls.board import FLIP, MOVE
from firmware.games.culls.game import CullsState
from firmware.rules.api import Status
from firmware.rules.grid import cell_name, parse_cell

AXES = ((1, 0), (0, 1), (1, 1), (1, -1))
COUNTS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven"}
LETTER_OF = {"blue": "B", "red": "R"}


def listed(names: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def count_word(number: int) -> str:
    """A small number in words (``four``)."""
    return COUNTS.get(number, str(number))


def other(colour: str) -> str:
    """The other Culls colour."""
    return "red" if colour == "blue" else "blue"


def run_through(state: CullsState, name: str, colour: str) -> int:
    """The longest straight run of ``colour``'s chips through ``name`` if it held one of them."""
    marks = state.board_cells()
    letter = LETTER_OF[colour]
    x0, y0 = parse_cell(name, state.size)
    best = 0
    for dx, dy in AXES:
        run = 1
        for sign in (1, -1):
            x, y = x0 + sign * dx, y0 + sign * dy
            while marks.get((x, y)) == letter:
                run += 1
                x, y = x + sign * dx, y + sign * dy
        best = max(best, run)
    return best


def _after(before: CullsState, token: str) -> CullsState:
    after = before.copy()
    after.apply(token)
    return after


def _arrival(after: CullsState, seat_name: str, mover: str) -> str:
    """What a chip that just arrived did: a win, a cull, a draw, or nothing more."""
    outcome = after.outcome()
    if outcome.status is Status.WON and outcome.line:
        length = count_word(len(outcome.line))
        line = f"{outcome.line[0]} to {outcome.line[-1]}"
        return f" and made {length} in a row, {line}: {seat_name} wins the round"
    if after.awaiting() == FLIP:
        trapped = [cell_name(cell) for cell in after.cullable_cells()]
        return f" and trapped {listed(trapped)}: {seat_name} flips one"
    return _drawn(after, mover)


def _drawn(after: CullsState, mover: str) -> str:
    """Why the round just ended in a draw, or nothing while it goes on (``mover``: who acted)."""
    if after.outcome().status is not Status.DRAW:
        return ""
    left = after.supply()
    empty = after.size * after.size - len(after.board_cells())
    if empty == 0:
        return ": the board is full, the round is a draw"
    stuck = other(mover) if left[other(mover)] == 0 else mover
    return f": {stuck.capitalize()} has no chips left, the round is a draw"


def describe(before: CullsState, token: str, seat_name: str, next_name: str | None = None) -> str:
    """``token`` played from ``before`` by ``seat_name``, in one line; a flip also says the
    placement or move that trapped it ("Red placed g10 and trapped h9 and i8; Red flipped h9:
    Blue moves it next"). ``next_name``: who acts after a flip (the other colour by default)."""
    after = _after(before, token)
    kind = before.awaiting()
    mover = before.to_move() or "blue"
    if kind == FLIP:
        flipped = token[1:]
        owner = next_name or other(mover).capitalize()
        trap = _trap(before, seat_name)
        if after.outcome().is_over:
            return f"{trap}{seat_name} flipped {flipped}{_drawn(after, mover)}"
        return f"{trap}{seat_name} flipped {flipped}: {owner} moves it next"
    return _arrived(before, after, token, seat_name, mover)


def _arrived(before: CullsState, after: CullsState, token: str, seat_name: str, mover: str) -> str:
    """A placement or a move of the flipped chip, and what its arrival did."""
    if before.awaiting() == MOVE:
        start, _, end = token.partition("-")
        moved = f"{seat_name} moved the flipped chip from {start} to {end}"
        return moved + _arrival(after, seat_name, mover)
    return f"{seat_name} placed {token}{_arrival(after, seat_name, mover)}"


def _trap(before: CullsState, seat_name: str) -> str:
    """The placement or move that made the trap a flip answers, then "; " (empty if unknown)."""
    if not before.moves:
        return ""
    prior = before.copy()
    token = prior.undo()
    mover = prior.to_move() or "blue"
    said = _arrived(prior, before, token, seat_name, mover)
    return said.partition(":")[0] + "; "


def _effect(before: CullsState, after: CullsState, cell: str) -> str:
    """What a chip on ``cell`` does, for a hint (wins, traps, lines up, blocks), or nothing."""
    mover = before.to_move() or "blue"
    outcome = after.outcome()
    if outcome.status is Status.WON:
        return f"makes {count_word(len(outcome.line or ()))} in a row and wins"
    if after.awaiting() == FLIP:
        return f"traps {listed([cell_name(c) for c in after.cullable_cells()])}"
    own = run_through(before, cell, mover)
    theirs = run_through(before, cell, other(mover))
    if theirs >= 3 and theirs > own:
        return f"blocks {other(mover).capitalize()}'s {count_word(theirs - 1)}"
    if own >= 2:
        return f"makes {count_word(own)}"
    return ""


def describe_hint(state: CullsState, token: str) -> str:
    """What the hinted ``token`` does, in one line (``Hint: h9 makes four``)."""
    kind = state.awaiting()
    if kind == FLIP:
        return f"Hint: flip {token[1:]}"
    after = _after(state, token)
    if kind == MOVE:
        # A flipped chip counts for no line, so the lines read the same once it has left.
        end = token.partition("-")[2]
        effect = _effect(state, after, end)
        return f"Hint: move the flipped chip to {end}" + (f": it {effect}" if effect else "")
    effect = _effect(state, after, token)
    return f"Hint: {token} {effect}" if effect else f"Hint: place a chip on {token}"


def _action(state: CullsState, token: str) -> str:
    """An action named by its cells: ``e8``, ``flipping i8``, ``moving the flipped chip to c3``."""
    kind = state.awaiting()
    if kind == FLIP:
        return f"flipping {token[1:]}"
    if kind == MOVE:
        return f"moving the flipped chip to {token.partition('-')[2]}"
    return token


def _threat(state: CullsState, token: str, colour: str) -> str:
    """What ``token`` by ``colour`` makes, naming the line it completes if it wins."""
    after = _after(state, token)
    outcome = after.outcome()
    cell = token.partition("-")[2] if state.awaiting() == MOVE else token
    side = colour.capitalize()
    if outcome.status is Status.WON and outcome.winner == colour and outcome.line:
        line = outcome.line
        length = count_word(len(line))
        held = count_word(len(line) - 1)
        if cell in (line[0], line[-1]):
            rest = [name for name in line if name != cell]
            threat = (
                f"{side} already has {held} from {rest[0]} to {rest[-1]}, and {cell} makes {length}"
            )
        else:
            threat = (
                f"{side} already has {held} from {line[0]} to {line[-1]}, and {cell} fills the gap"
            )
        return f"{threat}: {side} wins"
    if state.awaiting() == FLIP:
        return f"{side} flips {token[1:]}"
    if after.awaiting() == FLIP:
        trapped = listed([cell_name(c) for c in after.cullable_cells()])
        return f"{side} answers {_action(state, token)}, which traps {trapped}"
    return f"{side} answers {_action(state, token)}"


def explain_answer(before: CullsState, token: str, replies: Sequence[str]) -> str:
    """A puzzle answer in board cell names: what a right one does, or the threat that beats a
    wrong one ("Not e8: Red already has four from i11 to f8, and e7 makes five: Red wins")."""
    if not replies:
        kind = before.awaiting()
        cell = token.partition("-")[2] if kind == MOVE else token
        effect = "" if kind == FLIP else _effect(before, _after(before, token), cell)
        named = _action(before, token)
        return f"Solved: {named} {effect}." if effect else f"Solved: {named} is right."
    state = before.copy()
    head = f"Not {_action(state, token)}"
    state.apply(token)
    said = []
    mover = before.to_move()
    for reply in replies:
        colour = state.to_move() or "blue"
        threat = _threat(state, reply, colour)
        said.append(threat.replace(" answers ", " goes on with ") if colour == mover else threat)
        state.apply(reply)
    return f"{head}: {'; '.join(said)}."
