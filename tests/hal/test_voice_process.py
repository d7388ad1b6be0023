"""The espeak voice speaks through a process of its own, started once: the board's process spawns
nothing while it plays, and the sentences still reach the ALSA device in order."""

from __future__ import annotations

import shutil
import subprocess
import time
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


def test_a_hung_voice_process_is_a_failure_and_the_next_sentence_starts_another(
    test_device: Path, tmp_path: Path
) -> None:
    hung = tmp_path / "hung-once-aplay"  # the first time it takes the WAV and never ends
    mark, aplay = tmp_path / "hung", shutil.which("aplay")
    hung.write_text(
        f'#!/bin/sh\n[ -e {mark} ] && exec {aplay} "$@"\ntouch {mark}\ncat >/dev/null\n'
        "exec sleep 600\n",
        encoding="utf-8",
    )
    hung.chmod(0o755)
    voice = EspeakVoice(aplay=str(hung), timeout=1.0)
    started = time.monotonic()
    with pytest.raises(OSError, match="the voice said nothing for 1 s: restarted it"):
        voice.speak("one")
    assert time.monotonic() - started < 10.0
    voice.timeout = 30.0
    voice.speak("one two three")  # a new process, and this time aplay plays
    voice.stop()
    _assert_spoken(test_device, 3)
