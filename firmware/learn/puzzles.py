"""Puzzles: a game record's final position, a kind, and every action that solves it.

A puzzle file (``<id>.json`` in the folder a game registers as ``Teaching.puzzles``) is the
object ``cullsboard puzzles`` prints: ``{"id": "culls-win-0007", "game": "culls", "kind":
"win", "record": {...records.md...}, "answers": ["k8", "f8"]}``. Loading checks its shape, that
the record replays to a position still in play and that every answer is legal there; that the
answers are exactly the solving actions is the kind's brute force (``solve``), run by the tests.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from firmware.errors import InputError
from firmware.rules.api import GameState, InvalidRecordError, JsonValue
from firmware.rules.bounded_json import JsonInputError, read_json
from firmware.rules.records import Record, record_from_json, replay
from firmware.rules.registry import find_teaching, game_names

KEYS = ("id", "game", "kind", "record", "answers")
ID = re.compile(r"([a-z]+)-([a-z0-9]+)-(\d{4})")
MAX_PUZZLE_BYTES = 100_000


class PuzzleError(InputError):
    """A puzzle file that cannot be used; the message names the file and the key."""


@dataclass(frozen=True, slots=True)
class Puzzle:
    """One puzzle: solve the final position of ``record`` as ``kind`` asks."""

    id: str
    game: str
    kind: str
    record: Record
    answers: tuple[str, ...]

    def to_json(self) -> dict[str, JsonValue]:
        return {
            "id": self.id,
            "game": self.game,
            "kind": self.kind,
            "record": self.record.to_json(),
            "answers": list(self.answers),
        }

    def position(self) -> GameState:
        """The position to solve (the record replayed)."""
        state, error = replay(self.record)
        if error is not None:
            raise PuzzleError(f"{self.id}: record: {error}")
        return state


def puzzle_from_json(raw: object) -> Puzzle:
    """A decoded puzzle object, checked against the rules (PuzzleError says what is wrong)."""
    if not isinstance(raw, dict) or set(raw) != set(KEYS):
        raise PuzzleError(f"a puzzle is an object with exactly the keys {', '.join(KEYS)}")
    ident, game, kind, answers = raw["id"], raw["game"], raw["kind"], raw["answers"]
    if game not in game_names():
        raise PuzzleError(f"game: must be one of {', '.join(game_names())}")
    kinds = find_teaching(str(game)).kinds
    if kind not in kinds:
        raise PuzzleError(f"kind: {game} puzzles are {', '.join(kinds)}")
    match = ID.fullmatch(ident) if isinstance(ident, str) else None
    if match is None or match.group(1) != game or match.group(2) != kind:
        raise PuzzleError(f"id: must be {game}-{kind}-NNNN")
    try:
        record = record_from_json(raw["record"])
    except InvalidRecordError as exc:
        raise PuzzleError(f"record: {exc}") from None
    if record.game != game:
        raise PuzzleError(f"record.game: must be {game}")
    if not isinstance(answers, list) or not answers or not all(isinstance(a, str) for a in answers):
        raise PuzzleError("answers: must be a list of at least one action")
    if answers != sorted(set(answers)):
        raise PuzzleError("answers: must be sorted, each action once")
    puzzle = Puzzle(str(ident), str(game), str(kind), record, tuple(answers))
    state = puzzle.position()
    if state.outcome().is_over:
        raise PuzzleError("record: the game is over; a puzzle needs a position in play")
    for answer in answers:
        reason = state.why_illegal(answer)
        if reason is not None:
            raise PuzzleError(f"answers: {answer}: {reason}")
    return puzzle


def solve(puzzle: Puzzle) -> list[str]:
    """Every action that solves the puzzle's position, by the kind's brute force."""
    return find_teaching(puzzle.game).kinds[puzzle.kind](puzzle.position())


def read_puzzle(path: Path) -> Puzzle:
    """One puzzle file; PuzzleError names the file and what is wrong."""
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_PUZZLE_BYTES + 1)
        puzzle = puzzle_from_json(read_json(data))
    except OSError as exc:
        raise PuzzleError(f"{path}: cannot be read ({exc.strerror})") from None
    except (JsonInputError, PuzzleError) as exc:
        raise PuzzleError(f"{path}: {exc}") from None
    if path.name != f"{puzzle.id}.json":
        raise PuzzleError(f"{path}: the file of puzzle {puzzle.id} is {puzzle.id}.json")
    return puzzle


def puzzle_files(game: str) -> list[Path]:
    """The puzzle files of ``game``, by id."""
    folder = Path(find_teaching(game).puzzles)
    if not folder.is_dir():
        return []
    return sorted(path for path in folder.iterdir() if path.suffix == ".json")


def load_puzzles(game: str | None = None) -> list[Puzzle]:
    """Every shipped puzzle (or those of ``game``): games in the registry's order, then by id."""
    games = game_names() if game is None else [game]
    return [read_puzzle(path) for name in games for path in puzzle_files(name)]


def puzzle_line(puzzle: Puzzle) -> str:
    """The puzzle as one JSON line, as ``cullsboard puzzles`` prints it."""
    return json.dumps(puzzle.to_json(), ensure_ascii=False)
