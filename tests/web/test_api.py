"""The JSON API: state, record, touch and press, with the PIN rules and bad input."""

from __future__ import annotations

import pytest

from firmware.controller.core.live import BoardView, Press, Touch
from firmware.web import WebServer
from hal.clock import FakeClock
from hal.interfaces import OFF, Frame
from tests.web.client import Reply, post, request
from tests.web.conftest import PIN
from tests.web.fake_board import FakeLiveBoard


def touch(web: WebServer, cell: object, headers: dict[str, str] | None = None) -> Reply:
    return post(web.url + "api/touch", {"cell": cell}, headers)


def test_state_has_the_frame_top_row_first_and_the_score(
    server: WebServer, board: FakeLiveBoard
) -> None:
    cells = [[OFF] * 15 for _ in range(15)]
    cells[0][0] = (255, 0, 16)  # a1, bottom left
    cells[14][14] = (1, 2, 300)  # o15, top right; out of range is clamped
    score = dict(board.view().score, message="Hello")
    board.publish(BoardView(Frame(tuple(map(tuple, cells)), ((9, 8, 7),)), score))
    state = request(server.url + "api/state").json()
    grid = state["frame"]["grid"]
    assert len(grid) == 15 and all(len(row) == 15 for row in grid)
    assert grid[14][0] == "#ff0010"
    assert grid[0][14] == "#0102ff"
    assert grid[7][7] == "#000000"
    assert state["frame"]["status"] == ["#090807"]
    assert state["score"]["message"] == "Hello"
    assert state["control"]["pin_required"] is False
    assert state["control"]["buttons"] == [
        "undo", "new", "menu", "hint", "read", "lesson", "puzzle", "resign", "turn", "mistakes",
        "back",
    ]  # fmt: skip
    commands = state["control"]["commands"]
    assert {"name": "resign", "label": "RESIGN"} in commands
    assert [c["name"] for c in commands] == [
        "undo", "new", "menu", "hint", "read", "lesson", "puzzle", "resign",
    ]  # fmt: skip


def test_a_touch_is_submitted_and_played(server: WebServer, board: FakeLiveBoard) -> None:
    reply = touch(server, "h8")
    assert reply.status == 202
    assert reply.json() == {"accepted": {"touch": "h8"}}
    assert board.submitted == [Touch((7, 7))]
    board.wait_idle()
    state = request(server.url + "api/state").json()
    assert state["score"]["moves"] == ["h8"]
    assert state["frame"]["grid"][15 - 8][7] == "#0046ff"


def test_cell_names_are_read_like_the_board_reads_them(
    server: WebServer, board: FakeLiveBoard
) -> None:
    assert touch(server, " A1 ").status == 202
    assert touch(server, "o15").status == 202
    assert board.submitted == [Touch((0, 0)), Touch((14, 14))]


@pytest.mark.parametrize(
    ("cell", "words"),
    [
        ("p1", "p1 is off the 15x15 board"),
        ("a16", "a16 is off the 15x15 board"),
        ("h08", "is not a cell name"),
        ("8h", "is not a cell name"),
        ("", "an empty name"),
        ("h8; drop", "is not a cell name"),
        (7, 'cell: must be a string, like "h8"'),
        (None, 'cell: must be a string, like "h8"'),
    ],
)
def test_a_bad_cell_is_refused_and_nothing_is_submitted(
    server: WebServer, board: FakeLiveBoard, cell: object, words: str
) -> None:
    reply = touch(server, cell)
    assert reply.status == 400
    assert words in reply.json()["error"]
    assert board.submitted == []


def test_buttons_are_pressed_by_name(server: WebServer, board: FakeLiveBoard) -> None:
    assert touch(server, "h8").status == 202
    board.wait_idle()
    reply = post(server.url + "api/press", {"button": "UNDO"})
    assert reply.status == 202 and reply.json() == {"accepted": {"press": "undo"}}
    board.wait_idle()
    assert request(server.url + "api/state").json()["score"]["moves"] == []
    assert board.submitted[-1] == Press("undo")


def test_an_unknown_button_is_refused(server: WebServer, board: FakeLiveBoard) -> None:
    reply = post(server.url + "api/press", {"button": "reboot"})
    assert reply.status == 400
    assert (
        reply.json()["error"] == "button: unknown button 'reboot' "
        "(known: undo, new, menu, hint, read, lesson, puzzle, resign, turn, mistakes, back)"
    )
    missing = post(server.url + "api/press", {})
    assert missing.json()["error"] == 'button: missing; send {"button": "undo"}'
    assert board.submitted == []


def test_unknown_keys_are_refused(server: WebServer, board: FakeLiveBoard) -> None:
    reply = post(server.url + "api/touch", {"cell": "h8", "colour": "red"})
    assert reply.status == 400
    assert reply.json()["error"].startswith("colour: unknown key")
    assert board.submitted == []


@pytest.mark.parametrize(
    ("data", "content_type", "status", "words"),
    [
        (b'{"cell": "h8"}', "text/plain", 415, "Content-Type: application/json"),
        (b'{"cell": "h8"', "application/json", 400, "not valid JSON"),
        (b"\xff\xfe", "application/json", 400, "not UTF-8 text"),
        (b'["h8"]', "application/json", 400, "must be a JSON object"),
        (b'{"cell": "' + b"a" * 5000 + b'"}', "application/json", 413, "too large"),
    ],
)
def test_bad_bodies_get_one_clear_line(
    server: WebServer,
    board: FakeLiveBoard,
    data: bytes,
    content_type: str,
    status: int,
    words: str,
) -> None:
    reply = request(
        server.url + "api/touch", method="POST", data=data, headers={"Content-Type": content_type}
    )
    assert reply.status == status
    assert words in reply.json()["error"]
    assert "Traceback" not in reply.body.decode()
    assert board.submitted == []


def test_without_the_pin_nothing_changes(pin_server: WebServer, board: FakeLiveBoard) -> None:
    missing = touch(pin_server, "h8")
    wrong = touch(pin_server, "h8", {"X-Cullsboard-Pin": "1357"})
    wrong_field = post(pin_server.url + "api/press", {"button": "new", "pin": "0000"})
    assert [r.status for r in (missing, wrong, wrong_field)] == [403, 403, 403]
    assert "needs a PIN" in missing.json()["error"]
    assert wrong.json()["error"].startswith("wrong PIN")
    assert board.submitted == []


def test_the_pin_opens_control_by_header_or_field(
    pin_server: WebServer, board: FakeLiveBoard
) -> None:
    assert touch(pin_server, "h8", {"X-Cullsboard-Pin": PIN}).status == 202
    assert post(pin_server.url + "api/press", {"button": "menu", "pin": PIN}).status == 202
    assert len(board.submitted) == 2
    state = request(pin_server.url + "api/state").json()
    assert state["control"]["pin_required"] is True


def test_the_pin_is_checked_before_the_input(pin_server: WebServer, board: FakeLiveBoard) -> None:
    assert touch(pin_server, "zz").status == 403
    assert touch(pin_server, "zz", {"X-Cullsboard-Pin": PIN}).status == 400


def test_repeated_wrong_pins_lock_the_client_out_for_a_while(
    pin_server: WebServer, board: FakeLiveBoard, clock: FakeClock
) -> None:
    for _ in range(5):
        assert touch(pin_server, "h8", {"X-Cullsboard-Pin": "0000"}).status == 403
    locked = touch(pin_server, "h8", {"X-Cullsboard-Pin": PIN})
    assert locked.status == 429
    assert locked.headers["Retry-After"] == "60"
    assert "too many wrong PINs" in locked.json()["error"]
    clock.advance(30)
    assert touch(pin_server, "h8", {"X-Cullsboard-Pin": PIN}).headers["Retry-After"] == "30"
    clock.advance(31)
    assert touch(pin_server, "h8", {"X-Cullsboard-Pin": PIN}).status == 202
    assert len(board.submitted) == 1


def test_viewing_needs_no_pin(pin_server: WebServer) -> None:
    for path in ("", "scoreboard", "api/state", "api/record"):
        assert request(pin_server.url + path).status == 200, path


def test_the_record_downloads_as_a_json_file(server: WebServer, board: FakeLiveBoard) -> None:
    for cell in ("h8", "i8", "g8"):
        touch(server, cell)
    board.wait_idle()
    reply = request(server.url + "api/record")
    assert reply.status == 200
    assert reply.headers["Content-Type"].startswith("application/json")
    disposition = reply.headers["Content-Disposition"]
    assert disposition == 'attachment; filename="cullsboard-culls-round1.json"'
    record = reply.json()
    assert record["game"] == "culls" and record["moves"] == ["h8", "i8", "g8"]


def test_no_record_yet_is_a_clear_404(server: WebServer, board: FakeLiveBoard) -> None:
    board.publish(BoardView(board.view().frame, dict(board.view().score, record=None)))
    reply = request(server.url + "api/record")
    assert reply.status == 404
    assert reply.json() == {"error": "there is no game record yet"}


def test_the_favicon_is_served(server: WebServer) -> None:
    reply = request(server.url + "favicon.ico")
    assert reply.status == 200
    assert reply.body[:4] == b"\x00\x00\x01\x00"  # an ICO file with
    assert reply.body[4:6] == b"\x01\x00"  # one image


def test_a_game_with_its_own_drawing_names_its_script(
    server: WebServer, board: FakeLiveBoard
) -> None:
    assert request(server.url + "api/state").json()["page"] is None  # Culls: the LEDs say it all
    score = dict(board.view().score, game="cubulus")
    board.publish(BoardView(board.view().frame, score))
    state = request(server.url + "api/state").json()
    assert state["page"] == "/games/cubulus/page.js"
    script = request(server.url + "games/cubulus/page.js")
    assert script.status == 200
    assert b"export function attach" in script.body
    assert request(server.url + "games/cubulus/game.py").status == 404  # only the web folder


def test_the_layout_says_what_each_cell_pushes(server: WebServer, board: FakeLiveBoard) -> None:
    board.publish(BoardView(board.view().frame, dict(board.view().score, game="cubulus")))
    layout = request(server.url + "api/layout").json()
    assert layout["game"] == "cubulus"
    assert layout["cells"]["e13"] == "U002"
    assert len(layout["cells"]) == 54


def test_the_games_and_their_options_come_from_the_registry(server: WebServer) -> None:
    reply = request(server.url + "api/games")
    assert reply.status == 200
    games = {game["name"]: game["options"] for game in reply.json()["games"]}
    assert list(games) == ["culls", "cubulus"]
    assert [option["name"] for option in games["culls"]] == ["mode", "rounds"]
    rounds = games["culls"][1]["choices"]
    assert rounds == [{"value": 3, "text": "First to 3"}, {"value": 4, "text": "First to 4"}]
    assert [choice["value"] for choice in games["cubulus"][0]["choices"]] == [2, 3]
