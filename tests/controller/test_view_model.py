"""The typed view: the scoreboard's JSON read once, with the words every reader shows."""

from __future__ import annotations

from firmware.controller.view.view_model import (
    Fact,
    OnlineView,
    ScoreView,
    SideTime,
    facts_part,
    read_score,
)
from firmware.rules.api import JsonValue

SCORE: dict[str, JsonValue] = {
    "phase": "playing",
    "message": "Red: place a chip and tap its cell",
    "last_action": "Blue placed h8",
    "scores": {"blue": 1, "red": 0},
    "clock": {"control": "5+3", "left_ms": {"blue": 245_001, "red": 9_000}, "running": "red"},
    "hint": {"said": "Hint: g8 makes three", "text": "g8 makes three"},
    "online": {"code": "K7MXR", "role": "host", "peer": "table-2", "connected": True},
    "round": 2,
    "moves": ["h8"],
    "game": "culls",
}


def test_the_json_is_read_into_typed_facts_with_their_words() -> None:
    shown = read_score(SCORE)
    assert shown.clock is not None
    assert shown.clock.words == ["blue 4:06", "red 0:09*"]
    assert shown.clock.running == SideTime("red", 9_000, True)
    assert shown.score_words == "score blue 1, red 0"
    assert shown.sentence == (
        "Blue placed h8. Red: place a chip and tap its cell (Hint: g8 makes three)"
    )
    assert shown.online == OnlineView("K7MXR", "host", "table-2", True)
    assert shown.online.to_json() == SCORE["online"]
    assert (shown.round, shown.moves, shown.free) == (2, ("h8",), False)


def test_a_missing_or_malformed_fact_is_none_and_the_menu_keeps_its_sentence_plain() -> None:
    shown = read_score({"phase": "menu", "last_action": "x", "clock": {"left_ms": 3}, "round": "2"})
    assert shown == ScoreView(phase="menu", last_action="x")
    assert shown.sentence == "" and shown.free and shown.clock is None and shown.round is None
    assert read_score({"error": "not h8"}).sentence == " [not h8]"


def test_a_features_facts_are_read_with_their_words() -> None:
    part = facts_part(Fact("clock_next", "Next round's clock", "5+3"))
    shown = read_score({"phase": "playing", **part, "message": "m"})
    assert shown.facts == (Fact("clock_next", "Next round's clock", "5+3"),)
    assert shown.facts[0].said == "Next round's clock: 5+3."
    assert read_score({"facts": [{"name": "x"}, 3]}).facts == ()  # no words: nothing to show
