"""``--lesson`` opens the lesson before anything is shown or said: no menu sentence, no voice
cell, and the page's API never answers the menu in between."""

from __future__ import annotations

from pathlib import Path

from firmware.config.load import parse_config
from firmware.controller.core.live import BoardView
from firmware.rules.grid import parse_board_cell
from firmware.wiring.session import build_session
from firmware.wiring.settings import simulated
from firmware.wiring.spec import RunSpec, plan_board
from tests.speech.test_what_is_said import SPEECH_S


def test_a_lesson_asked_for_at_start_is_the_first_thing_shown_and_said(tmp_path: Path) -> None:
    spec = RunSpec(simulated=True, seed=3, lesson="culls/cull", script="-")
    config = simulated(parse_config("speech: {backend: mock}\n"))
    session = build_session(plan_board(spec, config), state_dir=tmp_path, complain=print)
    try:
        phases: list[object] = [session.controller.view().score.get("phase")]

        def seen(view: BoardView) -> None:
            phases.append(view.score.get("phase"))

        session.controller.subscribe(seen)
        session.board.clock.advance(SPEECH_S)  # type: ignore[attr-defined]
        session.controller.step()
        session.board.touch.tap(parse_board_cell("a1", 15, 15))  # a wrong touch: its hint
        session.controller.step()
        session.board.clock.advance(SPEECH_S)  # type: ignore[attr-defined]
        session.controller.step()
        assert phases and set(phases) == {"lesson"}, phases
        speaker = session.board.speaker
        assert speaker is not None
        said = speaker.texts
        assert said and said[0].startswith("Two red chips between"), said
        assert not any("voice cell" in text or "menu" in text.lower() for text in said), said
    finally:
        session.board.close()
