"""The coach in Chromium: a Culls round lost to the computer on the simulated board, then "show
my mistakes": the review opens at the player's worst move, says it in words, draws the round's
evaluation as a graph whose mistake points jump the board, and lights the mistake and the better
move in their colours; the history page keeps the analysis with the round."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from firmware.render.palette import BETTER, MISTAKE
from firmware.rules.records import record_from_json, replay
from tests.browser_support import OpenWindow, StartProduct
from tests.web.test_e2e_computer import _click_for, _wait_for
from tests.web.test_e2e_culls import assert_clean_exit, cell, enter_pin, open_board, score

pytestmark = pytest.mark.browser

ANALYSIS_MS = 120_000  # only reached if the coach never finishes


def _hex(colour: tuple[int, int, int]) -> str:
    return "#" + "".join(f"{part:02x}" for part in colour)


def test_show_my_mistakes_after_a_round_lost_to_the_computer(
    open_window: OpenWindow, start_product: StartProduct, screenshot_folder: Path
) -> None:
    product = start_product(
        "--game", "culls", "--mode", "duel", "--seed", "3",
        "--computer", "red", "--level", "4",
    )  # fmt: skip
    page = open_window(1280, 1000)
    open_board(page, product)
    enter_pin(page, product.pin)
    rng = random.Random(5)
    for _ in range(200):  # blue plays at random and loses
        now = _wait_for(product, lambda s: s["status"] != "in_progress" or s["to_move"] == "blue")
        if now["status"] != "in_progress":
            break
        state, _ = replay(record_from_json(now["record"]))
        ply = state.ply
        _click_for(page, rng.choice(state.legal_actions()))
        _wait_for(product, lambda s, p=ply: len(s["moves"]) > p)
    final = score(product)
    assert final["status"] == "won" and final["winner"] == "red", final["status"]

    button = page.get_by_role("button", name="Show my mistakes")
    expect(button).to_be_visible()
    button.click()
    words = page.locator("#coach .mistake")
    expect(words.first).to_contain_text(re.compile(r"^Move \d+, "), timeout=ANALYSIS_MS)
    graph = page.locator("#coach svg.evaluation-graph")
    expect(graph).to_be_visible()
    review = score(product)["review"]
    assert isinstance(review, dict)
    coach = review["coach"]
    assert coach["status"] == "done" and len(coach["evaluations"]) == review["of"]
    blue = [m for m in coach["mistakes"] if m["colour"] == "blue"]
    assert blue, coach["mistakes"]
    worst = max(blue, key=lambda m: (m["loss"], -m["ply"]))
    assert review["ply"] == worst["ply"]  # opened at the player's worst move
    expect(page.locator("#message")).to_contain_text(f"Move {worst['ply']}, Blue ")
    expect(cell(page, worst["cells"][0])).to_have_attribute("data-led", _hex(MISTAKE))
    expect(cell(page, worst["better"][0])).to_have_attribute("data-led", _hex(BETTER))
    expect(graph.locator(".mistake-point")).to_have_count(len(coach["mistakes"]))
    page.screenshot(path=str(screenshot_folder / "coach.png"), full_page=True)

    page.get_by_role("button", name="◀ BACK").click()
    expect(page.locator("#headline")).to_contain_text(f"review: move {worst['ply'] - 1} of")
    expect(cell(page, worst["better"][0])).not_to_have_attribute("data-led", _hex(BETTER))
    page.locator(f'#coach .mistake-point[data-ply="{worst["ply"]}"]').click()  # jumps back
    expect(page.locator("#headline")).to_contain_text(f"review: move {worst['ply']} of")
    expect(page.locator("#message")).to_contain_text(worst["words"])

    page.get_by_role("button", name="LEAVE REVIEW").click()
    page.goto(product.url + "history")  # the same tab: it keeps the PIN
    figure = page.locator("figure.coach")
    expect(figure.locator("svg.evaluation-graph")).to_have_count(1)
    expect(figure.locator(".mistake").first).to_have_text(coach["mistakes"][0]["words"])
    figure.locator(f'.mistake-point[data-ply="{worst["ply"]}"]').click()
    expect(page.locator("#headline")).to_contain_text(f"review: move {worst['ply']} of")
    expect(cell(page, worst["better"][0])).to_have_attribute("data-led", _hex(BETTER))
    assert_clean_exit(product)
