"""``--said OUT.txt``: every sentence the simulated voice says, one a line (``t_ms<TAB>text``),
on the script's clock; the same script gives the same sentences, whatever voice the config has.
A loss on time and a resignation are said with who won and how, then the score."""

from __future__ import annotations

from pathlib import Path

import yaml

from tests.speech.said import ROOT, cullsboard, said_over

SETUP = "h8\nh10\na1\na2\n"  # Culls's four untimed setup chips


def said_by(script: str, folder: Path, *flags: str) -> list[tuple[int, str]]:
    """What the voice says over ``script`` on a fresh simulated Culls board."""
    return said_over(script, folder, "--game", "culls", *flags)


def test_a_loss_on_time_is_said_with_who_won_and_how_then_the_score(tmp_path: Path) -> None:
    said = said_by(SETUP + "wait 8000\n", tmp_path / "run", "--clock", "turn:5")
    texts = [text for _, text in said]
    assert "Red won on time: round 1. Blue 0, Red 1." in texts, texts
    times = [t for t, _ in said]
    assert times == sorted(times) and times[0] == 0


def test_a_resignation_pressed_by_a_script_is_said(tmp_path: Path) -> None:
    said = said_by(SETUP + "press resign\nh8\nwait 9000\n", tmp_path / "run")
    texts = [text for _, text in said]
    assert "Blue resigned: round 1. Blue 0, Red 1." in texts, texts


def test_the_same_script_says_the_same_whatever_the_configs_voice(tmp_path: Path) -> None:
    script = SETUP + "b2\nc3\nundo\nwait 20000\n"
    config = yaml.safe_load((ROOT / "config" / "default.yaml").read_text(encoding="utf-8"))
    config["speech"]["backend"] = "espeak"  # not used: --said says through the simulated voice
    config["state_dir"] = str(tmp_path / "unused")
    spoken = tmp_path / "espeak.yaml"
    spoken.write_text(yaml.safe_dump(config), encoding="utf-8")
    first = said_by(script, tmp_path / "first", "--clock", "5+3")
    again = said_by(script, tmp_path / "again", "--clock", "5+3", "--config", str(spoken))
    assert first == again
    assert any(text == "Taken back." or text.startswith("Took back") for _, text in first), first


def test_said_without_the_simulated_board_is_one_line_and_exit_2(tmp_path: Path) -> None:
    done = cullsboard("--said", str(tmp_path / "s.txt"), timeout=60)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        "cullsboard: --said needs --mock-hal (it writes what the simulated voice says)"
    ]
