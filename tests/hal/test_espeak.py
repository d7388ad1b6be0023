"""The espeak-ng voice for real: a sentence to a WAV file and through aplay to an ALSA device.

The ALSA device is a test one: alsa-lib's ``file`` plugin over the ``null`` device, defined in
the ``.asoundrc`` of a temporary HOME, so aplay's own open, write and close are exercised without
a sound card and what was "played" can be read back.
"""

from __future__ import annotations

import array
import logging
import shutil
import time
import wave
from pathlib import Path

import pytest

from hal.clock import MonotonicClock
from hal.speaker import EspeakVoice, SpeakerSetupError, ThreadedSpeaker

pytestmark = pytest.mark.skipif(
    shutil.which("espeak-ng") is None or shutil.which("aplay") is None,
    reason="needs espeak-ng and aplay (.ci/run installs them)",
)
SENTENCE = "Blue placed h10 and trapped f10 and g10: Blue flips one."


def _samples(path: Path) -> tuple[float, int, array.array[int]]:
    """The WAV's length in seconds, its sample rate and its 16-bit samples."""
    with wave.open(str(path)) as wav:
        assert (wav.getnchannels(), wav.getsampwidth()) == (1, 2)
        frames = wav.readframes(wav.getnframes())
        rate = wav.getframerate()
        samples = array.array("h", frames)
        return len(samples) / rate, rate, samples


def _assert_spoken(path: Path, words: int) -> None:
    seconds, _, samples = _samples(path)
    assert words * 0.15 < seconds < words * 1.0, seconds  # about 160 words a minute
    loud = sum(1 for s in samples if abs(s) > 1000)
    assert loud > len(samples) // 10, "the WAV is silence"


def test_a_sentence_is_written_to_a_wav_of_its_length_and_not_silence(tmp_path: Path) -> None:
    voice = EspeakVoice(rate=160, volume=50)
    out = tmp_path / "said.wav"
    voice.write_wav(SENTENCE, out)
    _assert_spoken(out, len(SENTENCE.split()))
    longer = tmp_path / "longer.wav"
    voice.write_wav(f"{SENTENCE} {SENTENCE}", longer)
    assert _samples(longer)[0] > 1.6 * _samples(out)[0]


def test_a_quieter_volume_gives_quieter_samples(tmp_path: Path) -> None:
    loud, soft = tmp_path / "loud.wav", tmp_path / "soft.wav"
    EspeakVoice(volume=80).write_wav(SENTENCE, loud)
    EspeakVoice(volume=20).write_wav(SENTENCE, soft)
    assert max(map(abs, _samples(soft)[2])) < max(map(abs, _samples(loud)[2])) * 0.6


@pytest.fixture
def test_device(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An ALSA ``default`` device that records what is played into ``played.wav``."""
    played = tmp_path / "played.wav"
    (tmp_path / ".asoundrc").write_text(
        f'pcm.!default {{\n type file\n slave.pcm "null"\n file "{played}"\n format "wav"\n}}\n'
    )
    monkeypatch.setenv("HOME", str(tmp_path))
    return played


def test_the_threaded_speaker_plays_through_aplay_on_the_alsa_device(test_device: Path) -> None:
    with ThreadedSpeaker(EspeakVoice(), MonotonicClock()) as speaker:
        speaker.say(SENTENCE)
        assert speaker.wait_quiet(timeout=30.0)
    _assert_spoken(test_device, len(SENTENCE.split()))


def test_a_device_that_does_not_open_is_logged_and_play_goes_on(
    test_device: Path, caplog: pytest.LogCaptureFixture
) -> None:
    voice = EspeakVoice(device="no_such_device")
    with pytest.raises(OSError, match="aplay on 'no_such_device' failed"):
        voice.speak("one")
    with ThreadedSpeaker(voice, MonotonicClock()) as speaker, caplog.at_level(logging.WARNING):
        speaker.say("one")
        speaker.say("two")
        assert speaker.wait_quiet(timeout=30.0)
    warnings = [r.message for r in caplog.records if "could not speak" in r.message]
    assert len(warnings) == 1, "one warning per kind of failure"


def test_a_missing_program_is_a_setup_error_that_says_what_to_install() -> None:
    with pytest.raises(SpeakerSetupError, match="sudo apt install espeak-ng"):
        EspeakVoice(espeak="espeak-ng-not-here")
    with pytest.raises(OSError, match="espeak-ng failed"):
        EspeakVoice(voice="qqq").synthesize("one")


def test_closing_cuts_the_sentence_being_played_short_without_a_failure(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    slow = tmp_path / "slow-aplay"  # reads the WAV, then plays for ten seconds
    slow.write_text("#!/bin/sh\ncat >/dev/null\nexec sleep 10\n", encoding="utf-8")
    slow.chmod(0o755)
    speaker = ThreadedSpeaker(EspeakVoice(aplay=str(slow)), MonotonicClock())
    with caplog.at_level(logging.WARNING):
        speaker.say("one")
        started = time.monotonic()
        while "playing" not in repr(speaker) and time.monotonic() - started < 10:
            time.sleep(0.05)
        speaker.close()
    assert time.monotonic() - started < 5.0, "close waited for the sentence to end"
    assert not [r for r in caplog.records if "could not speak" in r.message]
