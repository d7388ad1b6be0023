"""The coach's analysis: each mistake found with the better move, on hand-made and recorded
rounds; ``cullsboard analyse`` prints it as JSON lines and refuses bad input in one line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from firmware.players.analysis import MISTAKE, WON, analyse, mistakes
from firmware.rules import find_game
from firmware.rules.records import parse_record

SAMPLES = Path("firmware/games")


def test_a_missed_block_of_an_open_three_is_the_mistake_and_the_block_the_better_move() -> None:
    game = find_game("culls")
    start = game.new_state(game.parse_rules({}), "blue")
    # Blue builds h8-h9-h10; red plays far away (e1) instead of closing h7 or h11, so blue's
    # h11 makes an open four that no single chip can stop.
    moves = ["h8", "h9", "a1", "c1", "h10", "e1", "h11"]
    reviews = analyse(start, moves, nodes=3000)
    assert [r.move for r in reviews] == moves
    worst = mistakes(reviews)
    assert worst[0].ply == 6 and worst[0].colour == "red" and worst[0].move == "e1"
    assert worst[0].best in ("h7", "h11") and worst[0].evaluation == -WON
    assert worst[0].loss >= MISTAKE and worst[0].best_evaluation > -WON
    assert reviews[6].evaluation == WON  # blue's open four, seen from blue


def test_a_cull_that_only_delays_the_five_is_no_save() -> None:
    game = find_game("culls")
    start = game.new_state(game.parse_rules({}), "blue")
    # Blue's open four h8-h11 cannot be blocked at both ends; red's j9 culls blue's pair h9 i9
    # (g9 red at the other end), but after the flip xh9 blue moves that chip to h7 and forces
    # the five in three turns all the same (the prover's line, played below by the rules). So
    # red's m1 loses nothing more: red was lost from blue's h11 on, j9 included.
    moves = ["h8", "h9", "g9", "a1", "i9", "c1", "h10", "e1", "h11", "m1", "h12"]
    reviews = analyse(start, moves, nodes=3000)
    m1 = reviews[9]
    assert (m1.move, m1.evaluation, m1.best_evaluation, m1.loss) == ("m1", -WON, -WON, 0)
    assert reviews[8].evaluation == WON  # blue's h11: a forced five, seen from blue
    assert all(review.ply != 10 for review in mistakes(reviews))
    delayed = start.copy()
    for token in [*moves[:9], "j9", "xh9", "h9-h7", "h9", "f9", "xh9", "h9-b1", "h9"]:
        delayed.apply(token)
    assert delayed.outcome().winner == "blue"


def test_a_cubulus_push_that_hands_over_a_square_is_found_with_the_push_that_avoids_it() -> None:
    record = parse_record((SAMPLES / "cubulus/samples/cubulus-2p-sample.json").read_bytes())
    reviews = analyse(record.new_state(), list(record.moves), nodes=3000)
    worst = mistakes(reviews)[0]
    assert (worst.ply, worst.colour, worst.move) == (17, "black", "D100")
    assert worst.evaluation == -WON and worst.best_evaluation > -WON and worst.best != "D100"


def _analyse(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "firmware", "analyse", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def test_analyse_names_the_move_where_the_evaluation_fell_most_in_recorded_lost_rounds() -> None:
    for sample, ply, colour in (
        ("culls/samples/culls-cull-and-win.json", 10, "blue"),
        ("cubulus/samples/cubulus-2p-sample.json", 17, "black"),
    ):
        done = _analyse(str(SAMPLES / sample), "--nodes", "2000")
        assert done.returncode == 0, done.stderr
        lines = [json.loads(line) for line in done.stdout.splitlines()]
        moves = parse_record((SAMPLES / sample).read_bytes()).moves
        assert [line["move"] for line in lines[:-1]] == list(moves)
        assert set(lines[0]) == {"ply", "colour", "move", "eval", "best", "best_eval", "loss"}
        worst = lines[-1]["worst"]
        assert (worst["ply"], worst["colour"]) == (ply, colour), lines[-1]
        assert worst["loss"] == max(line["loss"] for line in lines[:-1])


def test_a_bad_record_is_one_line_and_exit_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": 1, "game": "culls", "first": "blue", "moves": ["h8", "h8"]}')
    done = _analyse(str(bad))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "ply 2: h8" in done.stderr
    missing = _analyse(str(tmp_path / "none.json"))
    assert missing.returncode == 2 and missing.stderr.startswith("cullsboard analyse: cannot read")


def test_analyse_from_a_move_goes_on_with_the_same_figures_and_a_past_end_is_exit_2() -> None:
    sample = str(SAMPLES / "culls/samples/culls-cull-and-win.json")
    whole = _analyse(sample, "--nodes", "400").stdout.splitlines()
    tail = _analyse(sample, "--nodes", "400", "--from", "9")
    assert tail.returncode == 0, tail.stderr
    lines = tail.stdout.splitlines()
    assert lines[:-1] == whole[8:-1] and json.loads(lines[0])["ply"] == 9
    past = _analyse(sample, "--from", "15")
    assert past.returncode == 2 and past.stderr.count("\n") == 1 and "has 13 moves" in past.stderr
