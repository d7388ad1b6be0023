"""A board's facts (the features' own words) reach its card on the fleet page as they are."""

from __future__ import annotations

import json

from firmware.controller.view.view_model import Fact, facts_part
from firmware.fleet.roster import Roster
from firmware.link import topics


def test_a_boards_facts_are_on_its_card_in_its_words() -> None:
    roster = Roster(clock=lambda: 100.0)
    fact = Fact("unsaved", "Games not saved", "the journal cannot be written (Disk full)")
    score = {"phase": "playing", "message": "Blue: place a chip", **facts_part(fact)}
    roster.state_seen(topics.board_state("table-1"), json.dumps({"score": score}).encode())
    (card,) = roster.snapshot()
    assert card["facts"] == [fact.to_json()]
