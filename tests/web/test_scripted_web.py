"""A scripted run that serves the web pages: a web touch is played at once, not at the next
script line, and the PIN lock-out runs on real time, not on the script's simulated clock."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.browser_support import PRODUCT_PIN, Product, launch_product
from tests.web.client import Reply, post, request


@pytest.fixture
def scripted(tmp_path: Path) -> Iterator[Product]:
    product = launch_product(
        tmp_path / "run",
        ("--game", "culls", "--seed", "1", "--script", "-"),
        web_pin=PRODUCT_PIN,
        staff_pin=None,
        frames=False,
    )
    yield product
    product.kill_if_running()


def _moves(product: Product) -> list[str]:
    moves: list[str] = json.loads(request(product.url + "api/state").body)["score"]["moves"]
    return moves


def _touch(product: Product, pin: str) -> Reply:
    return post(product.url + "api/touch", {"cell": "h8"}, {"X-Cullsboard-Pin": pin})


def _script(product: Product, line: str) -> None:
    assert product.process.stdin is not None
    product.process.stdin.write(line + "\n")
    product.process.stdin.flush()


def test_a_web_touch_is_played_while_the_script_waits(scripted: Product) -> None:
    assert _touch(scripted, PRODUCT_PIN).status == 202
    deadline = time.monotonic() + 20.0
    while _moves(scripted) != ["h8"] and time.monotonic() < deadline:
        time.sleep(0.05)
    assert _moves(scripted) == ["h8"]  # no script line was sent
    _script(scripted, "i8")
    code, stderr = scripted.stop()
    assert (code, stderr) == (0, "")


def test_the_pin_lock_out_does_not_follow_the_scripts_clock(scripted: Product) -> None:
    for _ in range(5):
        assert _touch(scripted, "0000").status == 403
    locked = _touch(scripted, PRODUCT_PIN)
    assert locked.status == 429
    _script(scripted, "wait 120000")  # two simulated minutes pass in no time
    _script(scripted, "h8")  # played once the wait has been
    deadline = time.monotonic() + 20.0
    while _moves(scripted) != ["h8"] and time.monotonic() < deadline:
        time.sleep(0.05)
    assert _moves(scripted) == ["h8"]
    assert _touch(scripted, PRODUCT_PIN).status == 429
    code, stderr = scripted.stop()
    assert (code, stderr) == (0, "")
