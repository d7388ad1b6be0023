"""A corrupt staff settings file at a start: the staff page's health says what happened once, in
plain words with the next step, and the line goes as soon as the settings are saved again."""

from __future__ import annotations

import time
from pathlib import Path

from tests.browser_support import StartProduct
from tests.kiosk.test_staff_page import STAFF_PIN
from tests.web.client import post, request


def config_problems(url: str) -> list[str]:
    reply = request(url + "api/health")
    assert reply.status == 200, reply.body
    return [p["message"] for p in reply.json()["problems"] if p["part"] == "config"]


def test_a_corrupt_settings_file_is_said_once_with_the_next_step_and_goes_when_saved(
    start_product: StartProduct, tmp_path: Path
) -> None:
    state = tmp_path / "state"
    state.mkdir()
    (state / "settings.json").write_text('{"kiosk.attract_minutes": 5,\n', encoding="utf-8")
    product = start_product(
        "--game", "culls", "--kiosk", web_pin=None, staff_pin=STAFF_PIN, state=state
    )
    (problem,) = config_problems(product.url)
    assert problem.count("not valid JSON") == 1, problem
    assert "kept as settings.json.broken" in problem
    assert problem.endswith("set the settings again under Settings on the staff page")
    reply = post(
        product.url + "api/staff/settings",
        {"pin": STAFF_PIN, "settings": {"kiosk.attract_minutes": 5}},
    )
    assert reply.status == 200, reply.body
    deadline = time.monotonic() + 5
    while config_problems(product.url):  # no restart needed for the health to be right again
        assert time.monotonic() < deadline
        time.sleep(0.1)
    code, stderr = product.stop()
    assert code == 0, stderr
