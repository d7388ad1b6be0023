"""The fleet's roster reads what any client may publish: bad payloads are passed over."""

from __future__ import annotations

from firmware.fleet.roster import Roster
from firmware.link import topics


def test_payloads_that_are_not_a_state_are_passed_over() -> None:
    roster = Roster()
    seen: list[str] = []
    roster.on_state.append(lambda board, state: seen.append(board))
    topic = topics.board_state("b1")
    for payload in (b"[" * 100_000, b"9" * 5000, b"\xff\xfe", b"[1, 2]", b"{oops"):
        roster.state_seen(topic, payload)
    assert seen == []
    assert "b1" not in roster.boards
    roster.state_seen(topic, b'{"game": "x"}')
    assert seen == ["b1"]
    assert roster.boards["b1"].state == {"game": "x"}
