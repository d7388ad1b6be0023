"""Cubulus actions and hints said in the game's words, with the board's own cell names.

A cube cell shows on one to three board cells of the unfolded cube; a push is named by the cell
it is pushed in at, which is on one face only.
"""

from __future__ import annotations

from collections.abc import Sequence

from firmware.games.cubulus import layout
from firmware.games.cubulus.geometry import CELL_NAMES, FACE_PLANE, FACES, PUSH_INDEX, PUSHES
from firmware.games.cubulus.state import CubulusState
from firmware.rules.api import Status
from firmware.rules.endings import OUT_TOKENS, TIME
from firmware.rules.grid import cell_name

FACE_WORDS = {"U": "top", "L": "left", "F": "front", "R": "right", "B": "back", "D": "bottom"}
SHOWN_FIRST = "FRBLUD"  # the face whose cell names a ball that shows on several
COUNT = {1: "one ball", 2: "two balls"}
NEUTRAL = "white"


def listed(names: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def on_face(face: str, cube_cell: str) -> str:
    """The board cell name where ``cube_cell`` shows on ``face``."""
    return cell_name(layout.face_to_board(face, cube_cell))


def faces_of(cube_cell: str) -> list[str]:
    """The faces a cube cell lies on, in the order the words prefer."""
    x, y, z = (int(digit) for digit in cube_cell)
    coords = (x, y, z)
    return [f for f in SHOWN_FIRST if coords[FACE_PLANE[f][0]] == FACE_PLANE[f][1]]


def where(cube_cell: str) -> str:
    """Where a cube cell is, in the board's words, by every board cell that shows it (so the
    one tapped is among them): ``at f10 on the front``, ``on the edge shown at f9 (front) and
    f7 (bottom)``, ``on the corner shown at e9 (front), c9 (left) and e7 (bottom)``, ``in the
    centre, m2``."""
    faces = faces_of(cube_cell)
    if not faces:
        return f"in the centre, {cell_name(layout.centre_cell())}"
    if len(faces) == 1:
        return f"at {on_face(faces[0], cube_cell)} on the {FACE_WORDS[faces[0]]}"
    shown = [f"{on_face(face, cube_cell)} ({FACE_WORDS[face]})" for face in faces]
    kind = "edge" if len(faces) == 2 else "corner"
    return f"on the {kind} shown at {listed(shown)}"


def entry(token: str) -> str:
    """Where a push goes in: ``from the front at e10``."""
    push = PUSHES[PUSH_INDEX[token]]
    return f"from the {FACE_WORDS[push.face]} at {on_face(push.face, CELL_NAMES[push.cells[0]])}"


def square_words(cells: tuple[str, ...]) -> str:
    """A winning square: its face and its four board cells."""
    for face in FACES:
        if all(face in faces_of(cell) for cell in cells):
            board_cells = sorted(layout.face_to_board(face, cell) for cell in cells)
            return f"on the {FACE_WORDS[face]} face ({listed([cell_name(c) for c in board_cells])})"
    return ""


def _after(before: CubulusState, token: str) -> CubulusState:
    after = before.copy()
    after.apply(token)
    return after


def _pushed(before: CubulusState, token: str) -> str:
    """What a push did to its line: a ball in, balls moved along, or the full line turned."""
    balls = before.cells()
    push = PUSHES[PUSH_INDEX[token]]
    line = [balls.get(CELL_NAMES[i]) for i in push.cells]
    if all(line):
        at = on_face(push.face, CELL_NAMES[push.cells[0]])
        came = f"the {line[2]} ball at the far end came in at {at}"
        return f"turned the full line {entry(token)}: {came}"
    moved = 0
    while moved < 3 and line[moved]:
        moved += 1
    said = f"pushed a ball in {entry(token)}"
    if moved:
        said += f": {balls_words([c for c in line[:moved] if c])} moved in"
    return said


def balls_words(colours: list[str]) -> str:
    """Balls by colour: ``a white ball``, ``two red balls``, ``a white and a red ball``."""
    if len(set(colours)) == 1:
        return f"a {colours[0]} ball" if len(colours) == 1 else f"two {colours[0]} balls"
    return listed([f"a {colour}" for colour in colours]) + " ball"


def _ending(after: CubulusState, seat_name: str, mover: str) -> str:
    """The end a move brought: a square and who wins it, a draw, or nothing."""
    outcome = after.outcome()
    if outcome.status is Status.WON and outcome.winner and outcome.line:
        square = square_words(outcome.line)
        winner = outcome.winner
        if winner == mover:
            return f", and made a square {square}: {seat_name} wins"
        return f", and made a square for {winner.capitalize()} {square}: {winner.capitalize()} wins"
    if outcome.status is Status.DRAW:
        return ": the next player has no push left, the game is a draw"
    return ""


def describe(before: CubulusState, token: str, seat_name: str) -> str:
    """``token`` played from ``before`` by ``seat_name``, in one line."""
    after = _after(before, token)
    if token.startswith("N"):
        placed = 10 - before.neutral_left()
        return f"{seat_name} placed a white ball {where(token[1:])} ({placed} of 9)"
    if token in OUT_TOKENS:
        why = "ran out of time" if token == TIME else "resigned"
        return f"{seat_name} {why} and is out: their balls are neutral from now on"
    mover = before.to_move() or ""
    return f"{seat_name} {_pushed(before, token)}{_ending(after, seat_name, mover)}"


def describe_hint(state: CubulusState, token: str) -> str:
    """What the hinted ``token`` does, in one line (``Hint: e10 from the front wins``)."""
    if token.startswith("N"):
        return f"Hint: a white ball {where(token[1:])}"
    push = PUSHES[PUSH_INDEX[token]]
    at = on_face(push.face, CELL_NAMES[push.cells[0]])
    side = FACE_WORDS[push.face]
    after = _after(state, token)
    outcome = after.outcome()
    mover = state.to_move()
    if outcome.status is Status.WON and outcome.winner == mover and outcome.line:
        return (
            f"Hint: push in at {at} from the {side}: it makes a square {square_words(outcome.line)}"
        )
    return f"Hint: push in at {at} from the {side}"


def _action(token: str) -> str:
    """A push or a white ball in the board's words: ``the push in at e10 from the front``."""
    if token.startswith("N"):
        return f"a white ball {where(token[1:])}"
    push = PUSHES[PUSH_INDEX[token]]
    at = on_face(push.face, CELL_NAMES[push.cells[0]])
    return f"the push in at {at} from the {FACE_WORDS[push.face]}"


def explain_answer(before: CubulusState, token: str, replies: Sequence[str]) -> str:
    """A puzzle answer in board cell names: what a right one does, or the replies that beat a
    wrong one and the square they make."""
    named = _action(token)
    if not replies:
        outcome = _after(before, token).outcome()
        if outcome.status is Status.WON and outcome.line:
            return f"Solved: {named} makes a square {square_words(outcome.line)}."
        return f"Solved: {named} is right."
    state = before.copy()
    state.apply(token)
    said = []
    for reply in replies:
        colour = (state.to_move() or "").capitalize()
        said.append(describe(state, reply, colour))
        state.apply(reply)
    return f"Not {named}: {'; '.join(said)}."
