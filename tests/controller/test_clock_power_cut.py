"""A power cut in a timed game: the real board is killed (SIGKILL) mid-game and started again a
minute later; each side's time is what it was when the last action was saved, and the minute the
board was off is charged to nobody."""

from __future__ import annotations

import json
import time
from pathlib import Path

from tests.browser_support import Product, StartProduct
from tests.web.client import post, request

CLOCK = ("--clock", "5")
GAME = ("--game", "culls", "--mode", "duel", "--seed", "3", *CLOCK)
DOWN_S = 60.0
SLACK_MS = 50


def score(product: Product) -> dict[str, object]:
    reply = request(product.url + "api/state")
    assert reply.status == 200
    found: dict[str, object] = reply.json()["score"]
    return found


def touch(product: Product, cell: str) -> None:
    assert post(product.url + "api/touch", {"cell": cell}).status == 202
    for _ in range(200):
        moves = score(product)["moves"]
        if isinstance(moves, list) and moves and moves[-1].endswith(cell):
            return
        time.sleep(0.02)
    raise AssertionError(f"{cell} was not played")


def clocks(product: Product) -> tuple[dict[str, int], object]:
    clock = score(product)["clock"]
    assert isinstance(clock, dict), clock
    left = clock["left_ms"]
    assert isinstance(left, dict)
    return {str(k): int(v) for k, v in left.items()}, clock["running"]


def test_a_sigkill_and_a_restart_a_minute_later_resume_each_sides_time(
    start_product: StartProduct, tmp_path: Path
) -> None:
    board = start_product(*GAME, web_pin=None)
    assert board.url
    for cell in ("h8", "h10", "a1", "a2"):  # the untimed setup
        touch(board, cell)
    first = str(score(board)["to_move"])
    second = "red" if first == "blue" else "blue"
    time.sleep(0.6)
    touch(board, "c3")  # first's turn: about 0.6 s spent
    time.sleep(0.9)
    touch(board, "d4")  # second's: about 0.9 s spent
    saved_file = tmp_path / "run0" / "state" / "clock.json"
    saved = json.loads(saved_file.read_text())["after"][-1]
    assert saved[first] < 300_000 - 500 and saved[second] < 300_000 - 800
    time.sleep(1.0)  # first thinks ... and the power goes
    board.process.kill()
    board.process.wait(10)
    time.sleep(DOWN_S)
    started = time.monotonic()
    back = start_product(*CLOCK, web_pin=None, state=tmp_path / "run0" / "state")  # resumes
    assert back.url
    left, running = clocks(back)
    since_start_ms = (time.monotonic() - started) * 1000
    assert score(back)["moves"][-2:] == ["c3", "d4"]  # type: ignore[index]
    assert running == first
    assert abs(left[second] - saved[second]) <= SLACK_MS  # stopped: exactly as saved
    spent = saved[first] - left[first]  # the running side: only since the restart
    assert -SLACK_MS <= spent <= since_start_ms + SLACK_MS, (spent, since_start_ms)
