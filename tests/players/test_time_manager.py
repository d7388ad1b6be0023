"""The computer's time on a clock: from the time left, the increment and the moves likely left;
and the engine's ``go`` clock words (``redtime``, ``redinc``, ``movestogo``, ``turntime``)."""

from __future__ import annotations

import json

import pytest

from firmware.commands.engine import serve
from firmware.players.time_manager import ClockState, moves_likely_left, think_ms


def test_the_time_left_is_shared_over_the_moves_likely_left() -> None:
    assert moves_likely_left(0) == 30 and moves_likely_left(25) == 10
    early, late = think_ms(ClockState(30_000), 0), think_ms(ClockState(30_000), 25)
    assert early == (30_000 - 250) // 30 and late == (30_000 - 250) // 10
    assert think_ms(ClockState(30_000, moves_to_go=5)) == (30_000 - 250) // 5


def test_most_of_the_increment_is_spent_but_never_much_of_what_is_left() -> None:
    assert think_ms(ClockState(30_000, 1_000)) == (30_000 - 250) // 30 + 900
    assert think_ms(ClockState(1_000, 1_000)) == int((1_000 - 100) * 0.3)


def test_a_nearly_flagged_side_still_answers_quickly() -> None:
    assert think_ms(ClockState(40)) == 5
    assert all(think_ms(ClockState(left)) < max(left, 6) for left in range(0, 5_000, 7))


def test_a_per_turn_limit_spends_part_of_the_turn() -> None:
    assert think_ms(ClockState(30_000, per_turn=True)) == int((30_000 - 250) * 0.6)


class Ticking:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 0.001
        return self.now


POSITION = "position " + json.dumps(
    {"format": 1, "game": "culls", "first": "blue", "moves": ["h8", "i8", "g9", "j10"]}
)


def _talk(*lines: str) -> list[str]:
    out: list[str] = []
    serve([POSITION, *lines], out.append, Ticking(), seed=1)
    return out


def test_go_on_a_clock_thinks_for_what_the_manager_gives_the_side_to_move() -> None:
    # The ticking clock moves 1 ms a read: the search stops at 90 % of the manager's time.
    fast = _talk("go bluetime 3000 redtime 60000")
    slow = _talk("go bluetime 60000 redtime 3000 blueinc 2000 redinc 2000")
    spent = [int(answers[-2].rsplit(" ", 1)[1]) for answers in (fast, slow)]
    assert fast[-1].startswith("bestmove ") and slow[-1].startswith("bestmove ")
    assert spent[0] == pytest.approx(0.9 * think_ms(ClockState(3000), 2), abs=3)
    assert spent[1] == pytest.approx(0.9 * think_ms(ClockState(60_000, 2000), 2), abs=3)


@pytest.mark.parametrize(
    ("line", "says"),
    [
        ("go redtime 1000", "error go: no time for blue, the side to move (bluetime MS)"),
        ("go bluetime 1000 greentime 5", "error go: no colour 'green' here (colours: blue, red)"),
        ("go bluetime 1000 movetime 50", "error go: movetime or the clock words, not both"),
        ("go bluetime x", "error go: bluetime needs a whole number (digits 0-9)"),
        ("go bluetime 100 movestogo 0", "error go: movestogo must be 1 or more"),
        (
            "go speed 3",
            "error go: unknown option 'speed' (use movetime MS, level N, nodes N, "
            "COLOURtime MS, COLOURinc MS, movestogo N, turntime MS)",
        ),
    ],
)
def test_clock_words_the_engine_cannot_use_get_one_error(line: str, says: str) -> None:
    assert _talk(line, "isready") == [says, "readyok"]


def test_a_per_turn_limit_and_moves_to_go() -> None:
    turn = _talk("go turntime 1000")
    assert int(turn[-2].rsplit(" ", 1)[1]) == pytest.approx(0.9 * 0.6 * 900, abs=3)
    togo = _talk("go bluetime 2000 redtime 2000 movestogo 1")
    assert int(togo[-2].rsplit(" ", 1)[1]) == pytest.approx(0.9 * 0.3 * 1800, abs=3)
