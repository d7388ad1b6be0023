"""The speech queue and the simulated voice: stale sentences drop, urgent ones go first."""

from __future__ import annotations

import pytest

from hal.clock import FakeClock
from hal.speaker import MockSpeaker, SpeechQueue, Utterance


def _texts(queue: SpeechQueue) -> list[str]:
    taken = []
    while (utterance := queue.pop()) is not None:
        taken.append(utterance.text)
    return taken


def test_a_fresh_sentence_drops_the_stale_ones_but_not_the_urgent() -> None:
    queue = SpeechQueue(limit=3)
    queue.add(Utterance(0, "Blue placed h8."))
    queue.add(Utterance(0, "Not h8: h8 is taken.", urgent=True))
    dropped = queue.add(Utterance(1, "Red placed g8.", fresh=True))
    assert [u.text for u in dropped] == ["Blue placed h8."]
    assert _texts(queue) == ["Not h8: h8 is taken.", "Red placed g8."]


def test_urgent_sentences_go_before_the_others_in_their_own_order() -> None:
    queue = SpeechQueue(limit=4)
    queue.add(Utterance(0, "a"))
    queue.add(Utterance(0, "urgent 1", urgent=True))
    queue.add(Utterance(0, "b"))
    queue.add(Utterance(0, "urgent 2", urgent=True))
    assert _texts(queue) == ["urgent 1", "urgent 2", "a", "b"]


def test_past_its_limit_the_queue_drops_the_oldest_plain_sentence() -> None:
    queue = SpeechQueue(limit=2)
    queue.add(Utterance(0, "warning", urgent=True))
    queue.add(Utterance(0, "old"))
    dropped = queue.add(Utterance(0, "new"))
    assert [u.text for u in dropped] == ["old"]
    assert _texts(queue) == ["warning", "new"]
    with pytest.raises(ValueError, match="at least one"):
        SpeechQueue(limit=0)


def test_the_mock_voice_takes_as_long_as_its_words_and_drops_what_went_stale() -> None:
    clock = FakeClock(10.0)
    voice = MockSpeaker(clock, rate=120)  # two words a second
    voice.say("one two three four")  # 2 s: said from 10 to 12
    voice.say("you must flip")  # waits
    clock.advance(1.0)
    voice.say("Red placed g8.", fresh=True)  # the prompt is stale: dropped
    voice.say("Not h8: taken.", urgent=True)
    assert voice.speaking == "one two three four"
    clock.advance(10.0)
    said = voice.said
    assert [s.text for s in said] == ["one two three four", "Not h8: taken.", "Red placed g8."]
    assert [s.t for s in said] == [10.0, 12.0, 13.5]
    assert [u.text for u in voice.dropped] == ["you must flip"]
    assert voice.speaking is None


def test_the_mock_voice_says_nothing_blank_and_nothing_once_closed() -> None:
    clock = FakeClock(0.0)
    voice = MockSpeaker(clock)
    voice.say("   ")
    voice.close()
    voice.say("after")
    assert voice.asked == [] and voice.texts == []
