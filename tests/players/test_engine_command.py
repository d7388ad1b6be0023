"""``cullsboard engine``: the line protocol, its errors, and bestmoves that replay accepts."""

from __future__ import annotations

import json
import subprocess
import sys

from firmware.commands.engine import serve
from firmware.rules.records import parse_record, replay


class TickingClock:
    """A clock that moves on one millisecond every time it is read."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 0.001
        return self.now


def _talk(*lines: str) -> list[str]:
    out: list[str] = []
    serve(lines, out.append, TickingClock(), seed=1)
    return out


def _record(game: str, moves: list[str], first: str, **rules: object) -> str:
    return json.dumps({"format": 1, "game": game, "rules": rules, "first": first, "moves": moves})


def _bestmove(answers: list[str]) -> str:
    assert answers[-1].startswith("bestmove "), answers
    assert all(line.startswith("info ") for line in answers[:-1]), answers
    return answers[-1].split()[1]


def test_isready_and_quit() -> None:
    assert _talk("isready", "quit", "isready") == ["readyok"]


def test_go_answers_a_legal_move_that_replay_accepts() -> None:
    record = _record("culls", ["h8", "i8", "g9", "j10"], "blue")
    token = _bestmove(_talk(f"position {record}", "go movetime 50"))
    raw = json.loads(record)
    raw["moves"].append(token)
    state, error = replay(parse_record(json.dumps(raw)))
    assert error is None and state.ply == 5


def test_go_flips_and_moves_when_that_is_due() -> None:
    moves = ["h8", "a1", "i8", "j8", "k8"]  # blue k8 culls i8 j8
    flip = _bestmove(_talk(f"position {_record('culls', moves, 'blue')}", "go level 3"))
    assert flip in ("xi8", "xj8")
    move = _bestmove(_talk(f"position {_record('culls', [*moves, flip], 'blue')}", "go level 2"))
    assert move.startswith(flip[1:] + "-")


def test_the_whites_of_cubulus_are_placed_by_the_second_player() -> None:
    token = _bestmove(_talk(f"position {_record('cubulus', [], 'red')}", "go level 1"))
    assert token.startswith("N")
    push = _bestmove(
        _talk(f"position {_record('cubulus', [], 'red', players=3)}", "go movetime 100")
    )
    assert push[0] in "LRFBDU"


def test_bad_lines_get_one_error_line_and_the_engine_goes_on() -> None:
    answers = _talk(
        "go",
        "position {oops",
        'position {"format": 1, "game": "chess", "first": "white", "moves": []}',
        f"position {_record('culls', ['h8', 'h8'], 'blue')}",
        f"position {_record('culls', [], 'blue')}",
        "go movetime x",
        "go level 7",
        "go depth 3",
        "frobnicate",
        "isready",
    )
    assert len(answers) == 9
    assert all(line.startswith("error ") for line in answers[:8]), answers
    assert "no position" in answers[0]
    assert "not valid JSON" in answers[1]
    assert "unknown game" in answers[2]
    assert "ply 2: h8" in answers[3]
    assert "whole number" in answers[4]
    assert "level must be 1 to 6" in answers[5]
    assert "unknown option" in answers[6]
    assert "unknown command" in answers[7]
    assert answers[8] == "readyok"


def test_a_position_nested_too_deeply_is_one_error_line() -> None:
    answers = _talk("position " + "[" * 100_000, f"position {'9' * 5000}", "isready")
    assert answers[0].startswith("error position: nested"), answers
    assert answers[1].startswith("error position: "), answers
    assert len(answers[1]) < 200
    assert answers[2] == "readyok"


def test_a_finished_game_has_no_bestmove() -> None:
    moves = ["h8", "i8", "a1", "a3", "j8", "c1", "k8", "e1", "l8"]
    answers = _talk(f"position {_record('culls', moves, 'blue')}", "go")
    assert answers == ["error go: the game is over"]


def test_the_command_runs_as_a_process() -> None:
    lines = f"isready\nposition {_record('culls', [], 'red')}\ngo movetime 100\nquit\n"
    done = subprocess.run(
        [sys.executable, "-m", "firmware", "engine", "--seed", "3"],
        input=lines,
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    out = done.stdout.splitlines()
    assert out[0] == "readyok"
    assert out[-1] == "bestmove h8"
    assert done.stderr == ""


def test_a_digit_that_is_not_ascii_is_one_error_line_and_the_engine_reads_on() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "firmware", "engine"],
        input="go movetime \u00b2\nisready\n".encode(),
        capture_output=True,
        check=False,
        timeout=60,
    )
    assert done.stdout.decode().splitlines() == [
        "error go: movetime needs a whole number (digits 0-9)",
        "readyok",
    ]
    assert done.returncode == 0 and done.stderr == b""


def test_stop_ends_a_long_search_at_once_and_it_still_answers() -> None:
    record = _record("culls", ["h8", "j10", "i9", "g7"], "blue")
    lines = f"position {record}\ngo movetime 3600000\nstop\nisready\nstop\nquit\n"
    done = subprocess.run(
        [sys.executable, "-m", "firmware", "engine"],
        input=lines,
        capture_output=True,
        text=True,
        check=True,
        timeout=60,  # an hour's search, unless stop ends it
    )
    out = done.stdout.splitlines()
    assert out[-2].startswith("bestmove ") and out[-1] == "readyok", out


def test_go_nodes_caps_the_search() -> None:
    record = _record("culls", ["h8", "j10", "i9", "g7"], "blue")
    answers = _talk(f"position {record}", "go nodes 300", "go nodes 0")
    info = answers[0].split()
    assert int(info[info.index("nodes") + 1]) <= 300
    assert answers[1].startswith("bestmove ")
    assert answers[2] == "error go: nodes must be at least 1"


def test_the_top_level_on_two_workers_answers_legally_and_stops_at_once() -> None:
    record = _record("culls", ["h8", "j10", "i9", "g7"], "blue")
    cubulus = _record("cubulus", [], "red", players=3)  # pushes from the first move
    lines = [
        f"position {record}",
        "go movetime 300",
        f"position {cubulus}",
        "go movetime 300",
        "go movetime 3600000",
    ]
    engine = subprocess.Popen(
        [sys.executable, "-m", "firmware", "engine", "--workers", "2"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert engine.stdin is not None and engine.stdout is not None
    engine.stdin.write("\n".join(lines) + "\n")
    engine.stdin.flush()
    tokens: list[str] = []
    while len(tokens) < 2:
        line = engine.stdout.readline()
        if line.startswith("bestmove "):
            tokens.append(line.split()[1])
    engine.stdin.write("stop\nisready\nquit\n")  # ends the hour-long search in both processes
    engine.stdin.flush()
    rest = engine.stdout.read().splitlines()
    assert engine.wait(60) == 0
    assert rest[-2].startswith("bestmove ") and rest[-1] == "readyok", rest
    for moves, token, game, first in (
        (["h8", "j10", "i9", "g7"], tokens[0], "culls", "blue"),
        ([], tokens[1], "cubulus", "red"),
    ):
        rules = {"players": 3} if game == "cubulus" else {}
        _, error = replay(parse_record(_record(game, [*moves, token], first, **rules)))
        assert error is None, (token, error)


def test_go_nodes_at_the_top_level_is_the_coachs_judge_even_on_two_workers() -> None:
    from firmware.players.analysis import judge  # the one search the coach and the HINT ask

    positions = (["h8", "j10", "i9", "g7"], ["h8", "i8", "h9", "i9", "h10"], ["h8"])
    lines: list[str] = []
    judged: list[str] = []
    for moves in positions:
        record = _record("culls", moves, "blue")
        state = parse_record(record).new_state()
        for token in moves:
            state.apply(token)
        judged.append(judge(state, 1000).token)
        lines += [f"position {record}", "go nodes 1000 level 6"]
    engine = subprocess.Popen(
        [sys.executable, "-m", "firmware", "engine", "--workers", "2"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert engine.stdin is not None and engine.stdout is not None
    engine.stdin.write("\n".join(lines) + "\n")  # a quit now would stop the searches
    engine.stdin.flush()
    answers: list[str] = []
    while len(answers) < len(positions):
        line = engine.stdout.readline()
        assert line, "the engine ended"
        if line.startswith("bestmove "):
            answers.append(line.split()[1])
    engine.stdin.write("quit\n")
    engine.stdin.flush()
    assert engine.wait(60) == 0
    assert answers == judged
