"""The café's computer level reaches the menu: set to 3 on the staff page (the settings layer in
the state directory), the board started afresh offers guests level 3, not the strongest."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

from tests.browser_support import StartProduct
from tests.kiosk.test_staff_page import STAFF_PIN, score


def menu_line(start_product: StartProduct, state: Path) -> str:
    product = start_product("--kiosk", web_pin=None, staff_pin=STAFF_PIN, state=state)
    deadline = time.monotonic() + 20
    while score(product).get("phase") != "menu":
        assert time.monotonic() < deadline, product.stderr()
        time.sleep(0.1)
    message = str(score(product)["message"])
    code, stderr = product.stop()
    assert code == 0, stderr
    return message


def test_the_staff_computer_level_is_the_menus_level(
    start_product: StartProduct, tmp_path: Path
) -> None:
    state = tmp_path / "state"
    state.mkdir()
    for number in (2, 4):  # neither is the default, nor where the rows would start alone
        settings = json.dumps({"play.computer_level": number})
        (state / "settings.json").write_text(settings, encoding="utf-8")
        assert re.search(rf"level {number}\b(?!\d)", menu_line(start_product, state))
