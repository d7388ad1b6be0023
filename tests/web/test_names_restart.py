"""Names put on the seats survive a SIGKILL: the journal keeps them and the scoreboard shows them
again after the restart."""

from __future__ import annotations

import time
from pathlib import Path

from tests.mock_run import start_mock
from tests.web.client import post, request


def _player_names(url: str) -> list[object]:
    seats = request(url + "api/state").json()["score"]["seats"]
    return [seat["player_name"] for seat in seats]


def _wait_for(url: str, wanted: list[object]) -> list[object]:
    found = _player_names(url)
    deadline = time.monotonic() + 30
    while found != wanted and time.monotonic() < deadline:
        time.sleep(0.05)
        found = _player_names(url)
    return found


def test_names_are_on_the_scoreboard_after_a_sigkill_and_restart(tmp_path: Path) -> None:
    state = tmp_path / "state"
    first = start_mock(tmp_path, state, "--game", "culls")
    try:
        url = first.url
        assert post(url + "api/name", {"seat": 0, "name": "Ana"}).status == 202
        assert post(url + "api/name", {"seat": 1, "name": "Bo"}).status == 202
        assert post(url + "api/name", {"seat": 1, "name": None}).status == 202
        assert post(url + "api/name", {"seat": 1, "name": "Cy"}).status == 202
        assert _wait_for(url, ["Ana", "Cy"]) == ["Ana", "Cy"]
    finally:
        first.kill()
    second = start_mock(tmp_path, state)  # no --game: the match in the journal resumes
    try:
        assert _player_names(second.url) == ["Ana", "Cy"]
    finally:
        second.stop()
