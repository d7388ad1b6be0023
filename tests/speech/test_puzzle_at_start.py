"""``--puzzle ID`` opens that puzzle before anything is shown or said (no menu first); an unknown
id is one line on standard error, exit 2, saying where the ids are."""

from __future__ import annotations

from pathlib import Path

from firmware.config.load import parse_config
from firmware.wiring.session import build_session
from firmware.wiring.settings import simulated
from firmware.wiring.spec import RunSpec, plan_board
from tests.speech.said import cullsboard
from tests.speech.test_what_is_said import SPEECH_S


def test_a_puzzle_asked_for_at_start_is_the_first_thing_shown_and_said(tmp_path: Path) -> None:
    spec = RunSpec(simulated=True, seed=3, puzzle="culls-cull-0002", script="-")
    config = simulated(parse_config("speech: {backend: mock}\n"))
    session = build_session(plan_board(spec, config), state_dir=tmp_path, complain=print)
    try:
        first = session.controller.view().score
        phases: list[object] = [first.get("phase")]
        session.controller.subscribe(lambda view: phases.append(view.score.get("phase")))
        session.board.clock.advance(SPEECH_S)  # type: ignore[attr-defined]
        session.controller.step()
        assert set(phases) == {"puzzle"}, phases
        puzzle = first.get("puzzle")
        assert isinstance(puzzle, dict) and puzzle.get("id") == "culls-cull-0002", puzzle
        speaker = session.board.speaker
        assert speaker is not None
        said = speaker.texts
        assert said and said[0].startswith("Red to play"), said
        assert not any("voice cell" in text or "menu" in text.lower() for text in said), said
    finally:
        session.board.close()


def test_an_unknown_puzzle_is_one_line_and_exit_2(tmp_path: Path) -> None:
    argv = ["--mock-hal", "--puzzle", "culls-cull-9999", "--state-dir", str(tmp_path / "s")]
    done = cullsboard(*argv, timeout=60)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        "cullsboard: --puzzle: no puzzle 'culls-cull-9999' (cullsboard puzzles lists every id)"
    ]
