"""A board that cannot save its games says so where staff look: /api/health (the staff page and
the fleet card read it), the corners' amber flash on the board, and one log line per change.

The card is a real tmpfs (mounted as root): made read-only, or filled to the last byte.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path

from firmware.controller.view.faults import FAULT_COLOUR
from tests.browser_support import Product, StartProduct
from tests.small_disk import fill, read_only_disk, small_disk
from tests.speech.said import said_over
from tests.web.client import post, request

__all__ = ["read_only_disk", "small_disk"]  # the fixtures

JOURNAL = "the journal cannot be written (Read-only file system)"
NEARLY_FULL = "the SD card is nearly full: 0 MB free (see docs/kiosk.md)"
AMBER = "#{:02x}{:02x}{:02x}".format(*FAULT_COLOUR)


def wait_for(what: Callable[[], bool], why: str, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while not what():
        assert time.monotonic() < deadline, f"timed out waiting for {why}: {what}"
        time.sleep(0.05)


def storage_problems(product: Product) -> list[str]:
    reply = request(product.url + "api/health")
    assert reply.status == 200, reply.body
    return [p["message"] for p in reply.json()["problems"] if p["part"] == "storage"]


def touch(product: Product, cell: str) -> None:
    reply = post(product.url + "api/touch", {"cell": cell})
    assert reply.status == 202, reply.body


def corners_flashed(product: Product) -> bool:
    frames = product.stderr_path.parent / "frames.jsonl"
    for line in frames.read_text(encoding="utf-8").splitlines():
        grid = json.loads(line)["grid"]
        if [grid[0][0], grid[0][-1], grid[-1][0], grid[-1][-1]] == [AMBER] * 4:
            return True
    return False


def test_a_read_only_state_directory_is_said_on_the_health_and_flashed_on_the_board(
    start_product: StartProduct, read_only_disk: Path
) -> None:
    product = start_product("--game", "culls", "--seed", "1", web_pin=None, frames=True,
                            state=read_only_disk)  # fmt: skip
    problems = storage_problems(product)  # and "nearly full": the test's card is 256 KiB
    said = "games are not being saved: the state directory cannot be written (Read-only file sys"
    assert any(p.startswith(said) for p in problems), problems
    touch(product, "h8")
    wait_for(lambda: any("the journal" in p for p in storage_problems(product)), "the journal")
    facts = request(product.url + "api/state").json()["score"]["facts"]
    assert {"name": JOURNAL, "label": "Games not saved", "words": JOURNAL} in facts, facts
    wait_for(lambda: corners_flashed(product), "the corners' flash")
    code, stderr = product.stop()
    assert code == 0, stderr
    assert stderr.count("cannot write the journal") == 1, stderr


def test_a_full_card_says_the_games_are_not_saved_and_logs_each_file_once(
    start_product: StartProduct, small_disk: Path
) -> None:
    state = small_disk / "state"
    state.mkdir()
    filler = fill(small_disk)
    product = start_product("--game", "culls", "--seed", "1", "--clock", "5+3", web_pin=None,
                            state=state)  # fmt: skip
    for cell in ("h8", "i8", "h9", "i9", "h10", "i10"):
        touch(product, cell)
    wait_for(lambda: len(storage_problems(product)) >= 3, "the journal and the clocks", 10)
    problems = storage_problems(product)
    assert any(
        p.startswith("games are not being saved: the journal cannot be written (No space left")
        for p in problems
    ), problems
    assert any(p.startswith("the SD card is nearly full") for p in problems), problems
    filler.unlink()
    touch(product, "h11")
    wait_for(lambda: storage_problems(product) == [NEARLY_FULL], "the health once saved again")
    code, stderr = product.stop()
    assert code == 0, stderr
    assert stderr.count("the clocks could not be saved") == 1, stderr
    assert stderr.count("the clocks are saved again") == 1, stderr


def test_games_not_saved_is_said_aloud_once_as_a_fact(tmp_path: Path, read_only_disk: Path) -> None:
    script = "h8\nwait 3000\nh10\nwait 20000\n"
    said = said_over(script, tmp_path / "run", "--game", "culls", state=read_only_disk)
    lines = [text for _, text in said]
    assert lines.count(f"Games not saved: {JOURNAL}.") == 1, lines
