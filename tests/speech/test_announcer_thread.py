"""Beside a real voice the announcer runs on a thread of its own: the board's loop only hands
events and views over, and the sentences still come, in order; the board's shutdown ends that
thread and the voice."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import firmware.wiring.devices
from firmware.config import Config, default_config
from firmware.controller.board.loop import BoardController
from firmware.rules.game_and_rules import GameAndRules
from firmware.rules.grid import parse_board_cell
from firmware.speech.announcer import Announcer
from firmware.wiring.assemble import assemble, bare_simulation, simulated_board
from firmware.wiring.assembly_parts import Keeping
from firmware.wiring.hardware import run_real_board
from firmware.wiring.spec import RunSpec
from hal.clock import MonotonicClock
from hal.interfaces import Board, Clock
from hal.speaker import ThreadedSpeaker

WAIT_S = 10.0
SHIPPED = str(Path(__file__).resolve().parents[2] / "config" / "default.yaml")  # mock devices


class Heard:
    """A voice that says nothing aloud: it keeps each sentence."""

    def __init__(self) -> None:
        self.texts: list[str] = []
        self.stopped = False

    def speak(self, text: str) -> None:
        self.texts.append(text)

    def stop(self) -> None:
        """Nothing is being said for long (a real voice ends its process here)."""
        self.stopped = True


def test_the_loop_hands_events_and_views_over_and_the_sentences_come_in_order(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    threads: set[str] = set()
    hear, look = Announcer.hear, Announcer.look

    def heard_on(method: Callable[[Announcer, Any], None]) -> Callable[[Announcer, Any], None]:
        def where(self: Announcer, item: Any) -> None:
            threads.add(threading.current_thread().name)
            method(self, item)

        return where

    monkeypatch.setattr(Announcer, "hear", heard_on(hear))
    monkeypatch.setattr(Announcer, "look", heard_on(look))
    clock = MonotonicClock()
    parts = simulated_board(bare_simulation(default_config()), clock)
    voice = Heard()
    board = Board(parts.touch, parts.leds, clock, None, None, ThreadedSpeaker(voice, clock))
    controller = assemble(
        board, keeping=Keeping(state_dir=tmp_path, warn=print), rng=random.Random(1)
    ).controller
    controller.start(GameAndRules("culls", {"mode": "duel"}), "blue")
    for name in ("h8", "i8"):
        parts.touch.tap(parse_board_cell(name, 15, 15))
        controller.step()
        deadline = time.monotonic() + WAIT_S
        while not any(text.endswith(f"placed {name}.") for text in voice.texts):
            assert time.monotonic() < deadline, voice.texts
            time.sleep(0.01)
    board.close()
    assert threads == {"announcer"}, "the loop's thread never makes a sentence"
    placed = [text for text in voice.texts if " placed " in text]
    assert placed == ["Blue placed h8.", "Blue placed i8."]


def test_the_real_boards_shutdown_ends_the_announcers_thread_and_the_voice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    voice = Heard()

    def speaker(config: Config, clock: Clock) -> ThreadedSpeaker:
        return ThreadedSpeaker(voice, clock)  # as espeak-ng's, without the sound card

    monkeypatch.setattr(firmware.wiring.devices, "build_speaker", speaker)
    before = set(threading.enumerate())
    started: list[threading.Thread] = []

    def running(controller: BoardController) -> None:
        started.extend(set(threading.enumerate()) - before)
        controller.stop()

    game = GameAndRules("culls", {"mode": "duel"})
    spec = RunSpec(config_path=SHIPPED, state_dir=str(tmp_path), game=game, web="off")
    assert run_real_board(spec, print, started=running) == 0
    voices = [thread for thread in started if thread.name in ("announcer", "speaker")]
    assert sorted(thread.name for thread in voices) == ["announcer", "speaker"], started
    assert [thread.name for thread in voices if thread.is_alive()] == []
    assert voice.stopped, "the voice was told to stop what it says"
