"""Two boards on a real Mosquitto show the same clocks: the guest plays the host's time control,
each move carries its mover's time left and sets that side's clock on the other board; a flag
fall is decided by the board whose player flagged, and the other board (whose own view of that
clock reached 0 first) waits and agrees."""

from __future__ import annotations

import time
from pathlib import Path

from firmware.link import topics
from firmware.link.online_request import GUEST, HOST, OnlineRequest
from firmware.rules.api import JsonValue
from firmware.rules.time_control import parse_time_control
from tests.link.boards import LinkedBoard
from tests.link.broker import Mosquitto, Observer, wait_for
from tests.link.online_play import connected_to, has_moves, shown

RULES: dict[str, JsonValue] = {"size": 15, "mode": "duel", "exact_five": False, "rounds_to_win": 3}
SETUP = ("h8", "h9", "a1", "a2")  # blue (the host) places two, then red (the guest) two
LAG_S = 1.5  # the host places the guest's chips this late: the clocks there start later


def clock_of(board: LinkedBoard) -> dict[str, int]:
    clock = board.score["clock"]
    assert isinstance(clock, dict)
    left = clock["left_ms"]
    assert isinstance(left, dict)
    return {str(side): int(ms) for side, ms in left.items()}  # type: ignore[arg-type]


def result_of(board: LinkedBoard) -> tuple[object, object, object]:
    last = board.score.get("last_result")
    if not isinstance(last, dict):
        return (None, None, None)
    return last.get("status"), last.get("winner"), last.get("reason")


def move(mover: LinkedBoard, other: LinkedBoard, cell: str, *, lag: float = 0.0) -> None:
    """``mover`` plays ``cell``; ``other`` places the chip it is shown ``lag`` seconds later."""
    moves = [*(str(m) for m in mover.score["moves"]), cell]  # type: ignore[union-attr]
    mover.tap(cell)
    wait_for(f"{cell} made", has_moves(mover, moves))
    wait_for(f"{cell} shown", shown(other, moves))
    time.sleep(lag)
    other.tap(cell)
    wait_for(f"{cell} placed", has_moves(other, moves))


def test_the_boards_share_the_clocks_and_the_flagging_board_decides(
    broker: Mosquitto, observer: Observer, tmp_path: Path
) -> None:
    control = parse_time_control("0.1")  # six seconds a side
    host = LinkedBoard(
        broker.url, "host-1", tmp_path / "host", time_control=control,
        online=OnlineRequest(HOST, game="culls", rules=RULES, first="blue"),
    )  # fmt: skip
    guest = None
    try:
        wait_for("a join code", lambda: isinstance(host.score.get("online"), dict))
        online = host.score["online"]
        assert isinstance(online, dict)
        guest = LinkedBoard(broker.url, "guest-1", tmp_path / "guest",
                            online=OnlineRequest(GUEST, str(online["code"])))  # fmt: skip
        wait_for("the guest connected", connected_to(guest, "host-1"))
        wait_for("the host connected", connected_to(host, "guest-1"))
        clock = guest.score["clock"]  # the guest's own default is none: it plays the host's
        assert isinstance(clock, dict) and clock["control"] == "0.1"
        move(host, guest, SETUP[0])
        move(host, guest, SETUP[1])
        move(guest, host, SETUP[2])
        move(guest, host, SETUP[3], lag=LAG_S)  # blue's clock starts LAG_S later on the host
        move(host, guest, "c3")  # blue's move carries blue's time left
        told = clock_of(host)["blue"]
        assert 6_000 - told < 1_000, told  # the host charged blue only its own think
        wait_for("blue's time from the host", lambda: clock_of(guest)["blue"] == told)

        move(guest, host, "d4", lag=LAG_S)  # blue runs on the guest LAG_S before the host
        wait_for("blue at 0 on the guest", lambda: clock_of(guest)["blue"] == 0, 10)
        assert result_of(guest) == (None, None, None)  # it shows 0 and waits for the host
        assert guest.score["status"] == "in_progress" and host.score["status"] == "in_progress"
        wait_for("the host's flag", lambda: result_of(host) == ("won", "red", "time"), 10)
        wait_for("the guest agrees", lambda: result_of(guest) == ("won", "red", "time"))
        for board in (host, guest):
            assert board.record["moves"] == [*SETUP, "c3", "d4"]
            assert board.score["scores"] == {"blue": 0, "red": 1}

        def states_count_it() -> bool:
            states = [observer.latest_json(topics.board_state(b)) for b in ("host-1", "guest-1")]
            return all(s is not None and s.get("lost_on_time_today") == 1 for s in states)

        wait_for("both boards' day totals", states_count_it)
    finally:
        if guest is not None:
            guest.close()
        host.close()
