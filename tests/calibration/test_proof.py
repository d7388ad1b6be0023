"""``cullsboard calibrate proof``: one cell proved with a piece on the realistic simulated board,
a scripted finger doing what a builder is asked; it fails, naming why, under too thick a cover."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest

from firmware.cli import main
from firmware.commands.errors import CommandError
from firmware.commands.proof import PromptedBuilder
from tests.config.shipped import CONFIG_DIR

REFERENCE = CONFIG_DIR / "direct-board.yaml"


def _prove(*argv: str) -> tuple[int, str]:
    shown = io.StringIO()
    with contextlib.redirect_stdout(shown):
        code = main(["calibrate", "proof", "--mock-hal", *argv])
    return code, shown.getvalue()


def _board_under(tmp_path: Path, cover_mm: float) -> Path:
    """The reference board's config on a simulated stack with another cover."""
    text = REFERENCE.read_text(encoding="utf-8").replace(
        "touch:\n", f"touch:\n  sim: {{cover_mm: {cover_mm}}}\n", 1
    )
    path = tmp_path / "board.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_reference_board_passes_with_a_piece() -> None:
    code, shown = _prove("--config", str(REFERENCE))
    assert code == 0, shown
    assert "the simulated finger does it" in shown  # no prompt waited for
    assert shown.count("the board felt 10 of 10") == 2, shown  # on the piece, and beside it
    assert "touches with no tap: at rest 0, putting the piece down 0, lifting the piece 0" in shown
    assert "PASS: margin" in shown


def test_a_cover_too_thick_fails_and_says_why(tmp_path: Path) -> None:
    code, shown = _prove("--config", str(_board_under(tmp_path, 6.0)))
    verdict = shown.splitlines()[-1]
    assert code == 1, shown
    assert verdict.startswith("FAIL: "), verdict
    assert "the weakest tap moved it" in verdict and "over are needed" in verdict, verdict


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["calibrate", "proof", "--mock-hal", "--cell", "z99"], "--cell: z99"),
        (["calibrate", "proof", "--config", "/nowhere/board.yaml"], "/nowhere/board.yaml"),
        (["calibrate", "--mock-hal"], "--out NEW.yaml is needed"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("cullsboard calibrate: ") and err.count("\n") == 1, err
    assert said in err


def test_on_the_hardware_each_step_waits_for_enter(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[str] = []

    def enter(prompt: str) -> str:
        asked.append(prompt)
        return ""

    monkeypatch.setattr("builtins.input", enter)
    builder = PromptedBuilder()
    builder.ask("place", "put a piece on h8")
    assert asked == ["put a piece on h8, then press Enter "]

    def closed(prompt: str) -> str:
        raise EOFError

    monkeypatch.setattr("builtins.input", closed)
    with pytest.raises(CommandError, match="a person at the board"):
        builder.ask("lift", "lift the piece off h8")
