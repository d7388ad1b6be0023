"""Every message of random games, puzzles and lessons names cells as the board does: no cube
cells, tokens or indexes.

Each action is said (``describe``) and hinted (``describe_hint``), the prompt is read, and a tap
on every cell of the board is turned into its token or refusal, then its reason if illegal; each
puzzle's right answer and wrong answers with their refutations, and every text of every lesson
with what a random tap and the right one get, are read the same way.
"""

from __future__ import annotations

import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from firmware.controller.core.adapter import BoardAdapter, Refusal, board_adapter
from firmware.controller.learning.lesson_run import LessonRun
from firmware.controller.learning.puzzle_run import PuzzleRun
from firmware.games.cubulus import layout
from firmware.learn.lesson import Lesson
from firmware.learn.library import load_lessons
from firmware.learn.puzzles import load_puzzles
from firmware.rules.api import GameState
from firmware.rules.grid import cell_name
from firmware.rules.registry import find_game, find_player, find_teaching

INTERNAL = [
    re.compile(r"\b[0-2]{3}\b"),  # a cube cell
    re.compile(r"\b[LRFBDUN][0-2]{3}\b"),  # a push or neutral token
    re.compile(r"\bx[a-s]\d"),  # a flip token
    re.compile(r"\b[a-s]\d+-[a-s]\d+\b"),  # a move token
    re.compile(r"\bcell \d"),  # a cell index
    re.compile(r"\(\s*\d+\s*,\s*\d+\s*\)"),  # a coordinate pair
]
CELL_WORD = re.compile(r"\b[a-z]\d+\b")
CUBULUS_CELLS = {*layout.push_tokens_by_cell_name(), cell_name(layout.centre_cell())}


def board_names(game: str, columns: int, rows: int) -> set[str]:
    """The cell names a message may use: the face cells and centre of the net, or the grid."""
    if game == "cubulus":
        return CUBULUS_CELLS
    return {cell_name((x, y)) for x in range(columns) for y in range(rows)}


def check(message: str, allowed: set[str]) -> None:
    for pattern in INTERNAL:
        assert not pattern.search(message), f"internal name in {message!r}"
    for word in CELL_WORD.findall(message):
        assert word in allowed, f"{word} is not a board cell name, in {message!r}"


def taps(adapter: BoardAdapter, state: GameState, columns: int, rows: int) -> list[str]:
    """The refusal or reason for every tap on the board that changes nothing."""
    said = []
    for x in range(columns):
        for y in range(rows):
            token = adapter.token_for(state, (x, y), columns, rows)
            if isinstance(token, Refusal):
                said.append(str(token))
                continue
            reason = state.why_illegal(token)
            if reason is not None:
                said.append(reason)
    return said


CASES = [
    ("culls", {}, 15),
    ("culls", {"mode": "teams"}, 15),
    ("culls", {"size": 7}, 7),
    ("cubulus", {"players": 2}, 15),
    ("cubulus", {"players": 3}, 15),
]


@settings(max_examples=10, deadline=None)
@given(case=st.sampled_from(CASES), seed=st.integers(0, 2**32 - 1))
def test_no_message_of_a_random_game_names_an_internal_cell(
    case: tuple[str, dict[str, object], int], seed: int
) -> None:
    name, raw, side = case
    rng = random.Random(seed)
    game = find_game(name)
    rules = game.parse_rules(raw)
    colours = game.colours(rules)
    adapter = board_adapter(name)
    seats = adapter.seats(rules, colours)
    state = game.new_state(rules, rng.choice(colours))
    allowed = board_names(name, side, side)
    tapped_at = {0, 1, 5} | {rng.randrange(200) for _ in range(3)}
    while state.legal_actions() and state.ply < 200:
        seat = adapter.seat_to_act(state, seats)
        assert seat is not None
        token = rng.choice(state.legal_actions())
        check(adapter.prompt(state), allowed)
        check(adapter.describe_hint(state, token), allowed)
        check(adapter.describe(state, token, seats[seat].name), allowed)
        if state.ply in tapped_at or state.awaiting() in ("flip", "move"):
            for message in taps(adapter, state, side, side):
                check(message, allowed)
        state.apply(token)
    for message in taps(adapter, state, side, side):
        check(message, allowed)


PUZZLE_GAMES = ["culls", "cubulus"]


@settings(max_examples=12, deadline=None)
@given(game=st.sampled_from(PUZZLE_GAMES), seed=st.integers(0, 2**32 - 1))
def test_no_puzzle_answer_or_refutation_names_an_internal_cell(game: str, seed: int) -> None:
    rng = random.Random(seed)
    puzzles = load_puzzles(game)
    run = PuzzleRun(
        puzzles,
        board_adapter(game),
        find_teaching(game).tasks,
        player=find_player(game),
        rng=random.Random(seed),
    )
    for _ in range(rng.randrange(len(puzzles))):
        run.skip()
    allowed = board_names(game, 15, 15)
    check(run.say, allowed)
    state = run.puzzle.position()
    wrong = [token for token in state.legal_actions() if token not in run.puzzle.answers]
    for token in rng.sample(wrong, min(3, len(wrong))):
        answer = run.play(token)
        check(answer.said, allowed)
        check(run.say, allowed)
        run.touch("a1")  # sets the puzzle again
    answer = run.play(rng.choice(run.puzzle.answers))
    while not answer.right:  # a cull's flip: its words name board cells too
        assert run.finishing
        check(answer.said, allowed)
        check(run.say, allowed)
        answer = run.play(run.state.legal_actions()[0])
    check(answer.said, allowed)
    check(run.say, allowed)


LESSONS = load_lessons()


@settings(max_examples=len(LESSONS) * 2, deadline=None)
@given(lesson=st.sampled_from(LESSONS), seed=st.integers(0, 2**32 - 1))
def test_no_lesson_text_names_an_internal_cell(lesson: Lesson, seed: int) -> None:
    rng = random.Random(seed)
    allowed = board_names(lesson.game, 15, 15)
    for text in (lesson.title, lesson.end):
        check(text, allowed)
    run = LessonRun(
        lesson,
        find_game(lesson.game),
        board_adapter(lesson.game),
        player=find_player(lesson.game),
        rng=random.Random(seed),
    )
    for step in lesson.steps:
        for text in (step.say, step.hint, step.right):
            check(text, allowed)
        tapped = cell_name((rng.randrange(15), rng.randrange(15)))
        if tapped not in run.cells():
            check(run.touch(tapped).said, allowed)
        assert run.touch(run.cells()[0]).right
        go_on = {str(run.go_on)}  # a dark cell off the net, named to go on
        check(run.say, allowed | go_on)
        if not run.done:
            stray = cell_name((rng.randrange(15), rng.randrange(15)))
            if stray != run.go_on:  # the go-on cell itself would go on: not a stray touch
                check(run.touch(stray).said, allowed | go_on)
            check(run.touch(str(run.go_on)).said, allowed)
    check(run.say, allowed | {str(run.go_on)})
