"""``diag``'s voice test: which sound cards the Pi has, and a test sentence said on the device."""

from __future__ import annotations

from pathlib import Path
from typing import TextIO

from firmware.config import Config
from hal.interfaces import Speaker
from hal.speaker import EspeakVoice, MockSpeaker, ThreadedSpeaker

TEST_SENTENCE = "This is the board's voice. Blue placed h8."
ALSA_CARDS = Path("/proc/asound/cards")


def sound_cards(cards: Path = ALSA_CARDS) -> list[str]:
    """The ALSA cards the kernel has, as ``0: Headphones (bcm2835 Headphones)``; none if unread."""
    try:
        text = cards.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return []
    found = []
    for line in text.splitlines():
        number, bracket, rest = line.strip().partition(" [")
        if not bracket or not number.isdigit():
            continue  # the second line of each card: its long name
        short, _, detail = rest.partition("]:")
        long_name = detail.partition(" - ")[2].strip() or detail.strip()
        found.append(f"{number}: {short.strip()} ({long_name})")
    return found


def check_voice(
    config: Config, speaker: Speaker, out: TextIO, problems: list[str], cards: Path = ALSA_CARDS
) -> None:
    """Report the sound device and say the test sentence; a failure is one line in ``problems``."""
    if isinstance(speaker, MockSpeaker):
        speaker.say(TEST_SENTENCE)
        print(f"voice: simulated, said {TEST_SENTENCE!r}", file=out)
        return
    found = sound_cards(cards)
    print(f"voice: sound cards: {'; '.join(found) if found else 'none found'}", file=out)
    voice = speaker.voice if isinstance(speaker, ThreadedSpeaker) else None
    if not isinstance(voice, EspeakVoice):
        print(f"voice: {speaker!r} (not tested)", file=out)
        return
    speech = config.speech
    print(
        f"voice: espeak-ng voice {speech.voice}, {speech.rate} words a minute, volume "
        f"{speech.volume}, on ALSA device {speech.device!r}",
        file=out,
    )
    try:
        voice.speak(TEST_SENTENCE)
    except OSError as error:
        problems.append(f"voice: {error}")
        return
    print(f"voice: said {TEST_SENTENCE!r} (listen for it)", file=out)
