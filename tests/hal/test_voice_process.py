"""The espeak voice speaks through a process of its own, started once: the board's process spawns
nothing while it plays, and the sentences still reach the ALSA device in order."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import pytest

from hal.speaker.espeak import EspeakVoice
from tests.hal.test_espeak import _assert_spoken, pytestmark, test_device

__all__ = ["pytestmark", "test_device"]  # needs espeak-ng and aplay; the recording device


def test_three_sentences_start_one_process_and_all_are_played(
    test_device: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    started: list[list[str]] = []
    popen = subprocess.Popen

    def counted(argv: list[str], **options: Any) -> subprocess.Popen[bytes]:
        started.append(list(argv))
        return popen(argv, **options)

    monkeypatch.setattr(subprocess, "Popen", counted)  # every spawn of this process
    voice = EspeakVoice()
    for _ in range(3):
        voice.speak("one two three")
    voice.stop()
    assert len(started) == 1 and started[0][1:3] == ["-m", "hal.speaker.player"], started
    _assert_spoken(test_device, 3)  # the file plugin keeps the last sentence played
