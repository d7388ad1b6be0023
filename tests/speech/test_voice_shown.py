"""The simulated voice is shown on the simulated board: the scoreboard's ``voice``, the terminal."""

from __future__ import annotations

from firmware.commands.terminal import Style, TerminalView
from firmware.controller.core.live import BoardView
from hal.interfaces import Frame
from tests.controller.conftest import Rig


def test_the_scoreboard_carries_what_the_simulated_voice_was_given(rig: Rig) -> None:
    rig.start("culls", {"mode": "duel"}, first="blue")
    rig.tap("h8")
    rig.advance(10.0)
    voice = rig.score["voice"]
    assert isinstance(voice, dict) and isinstance(voice["said"], list)
    texts = [entry["text"] for entry in voice["said"] if isinstance(entry, dict)]
    assert texts[-2:] == ["Blue placed h8.", "Blue: place a chip and tap its cell (chip 2 of 2)"]
    assert len(texts) <= 3


def test_the_terminal_shows_the_voice_within_its_lines() -> None:
    import io

    score = {
        "phase": "playing",
        "message": "Red: place a chip and tap its cell",
        "last_action": "Blue placed h8",
        "voice": {"said": [{"t": 1.0, "text": "Blue placed h8."}]},
    }
    view = TerminalView(io.StringIO(), Style.LETTERS)
    lines = view.screen(BoardView(Frame.blank(15, 15, 4), score))  # type: ignore[arg-type]
    assert "  voice: Blue placed h8." in lines
    assert len(lines) <= 24
