"""A feature's fact is said once when it appears, again only when its words change."""

from __future__ import annotations

from firmware.controller.core.live import BoardView
from firmware.controller.view.view_model import Fact, facts_part
from firmware.rules.api import JsonValue
from firmware.speech.announcer import Announcer
from hal.clock import FakeClock
from hal.interfaces import Frame
from hal.speaker.mock import MockSpeaker


def view(*facts: Fact) -> BoardView:
    score: dict[str, JsonValue] = {"phase": "playing", "message": "Blue: place a chip"}
    return BoardView(Frame.blank(15, 15), {**score, **facts_part(*facts)})


def test_a_fact_is_said_when_it_appears_and_when_its_words_change() -> None:
    clock = FakeClock()
    speaker = MockSpeaker(clock)
    announcer = Announcer(speaker)
    unsaved = Fact("unsaved", "Games not saved", "the journal cannot be written (Disk full)")
    announcer.look(view())
    announcer.look(view(unsaved))
    announcer.look(view(unsaved))
    announcer.look(view(Fact("unsaved", "Games not saved", "the clocks cannot be written")))
    clock.advance(60)
    facts = [text for text in speaker.texts if text.startswith("Games not saved")]
    assert facts == [
        "Games not saved: the journal cannot be written (Disk full).",
        "Games not saved: the clocks cannot be written.",
    ]
