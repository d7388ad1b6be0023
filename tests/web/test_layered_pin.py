"""The control PIN the staff page saved guards the simulated board after a restart, with or
without ``--config`` (the board runs the layered settings, not a default web section)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.mock_run import start_mock
from tests.web.client import post, request

SAVED_PIN = "61734"


def test_a_pin_saved_on_the_staff_page_guards_the_board_run_without_a_config(
    tmp_path: Path,
) -> None:
    state = tmp_path / "state"
    state.mkdir()
    (state / "settings.json").write_text(json.dumps({"web.pin": SAVED_PIN}), encoding="utf-8")
    run = start_mock(tmp_path, state, "--game", "culls")
    try:
        url = run.url
        assert request(url + "api/state").json()["control"]["pin_required"] is True
        refused = post(url + "api/touch", {"cell": "h8"})
        assert refused.status in (401, 403), refused.body
        accepted = post(url + "api/touch", {"cell": "h8", "pin": SAVED_PIN})
        assert accepted.status == 202, accepted.body
    finally:
        run.stop()
