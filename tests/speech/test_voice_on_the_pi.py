"""The voice on a real Pi: install-service installs espeak-ng where speech is on, the unit lets
the service open the sound cards, and diag reports the cards and says a test sentence."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest

from firmware.commands.voicecheck import TEST_SENTENCE, check_voice, sound_cards
from firmware.config.load import parse_config
from firmware.service.devices import ALSA, device_needs
from firmware.service.install import Sources, install_plan
from hal.clock import FakeClock
from hal.speaker import EspeakVoice, MockSpeaker, ThreadedSpeaker
from tests.config.shipped import CONFIG_DIR
from tests.service.test_install import FakeMachine, fixed_pins

VOICE = "apt-get install --yes espeak-ng alsa-utils"
PI4_CARDS = """\
 0 [Headphones     ]: bcm2835_headpho - bcm2835 Headphones
                      bcm2835 Headphones
 1 [vc4hdmi0       ]: vc4-hdmi - vc4-hdmi-0
                      vc4-hdmi-0
"""


def _plan_for(tmp_path: Path, speech: str) -> list[str]:
    tmp_path.mkdir()
    (tmp_path / "pyproject.toml").write_text("[project]\n", encoding="utf-8")
    shutil.copytree(Path(__file__).resolve().parents[2] / "systemd", tmp_path / "systemd")
    config = tmp_path / "board.yaml"
    config.write_text((CONFIG_DIR / "matrix-board.yaml").read_text() + speech, encoding="utf-8")
    sources = Sources(
        project=str(tmp_path),
        unit=tmp_path / "systemd" / "cullsboard.service",
        power_off_rule=tmp_path / "systemd" / "cullsboard-poweroff.rules",
        config=config,
    )
    plan = install_plan(sources, FakeMachine(), new_pin=fixed_pins())
    return [" ".join(step.argv) for step in plan.steps]


def test_install_service_installs_espeak_ng_only_where_the_voice_is_espeak(tmp_path: Path) -> None:
    spoken = _plan_for(tmp_path / "on", "\nspeech:\n  backend: espeak\n")
    assert VOICE in spoken
    assert spoken.index(VOICE) < next(i for i, s in enumerate(spoken) if "useradd" in s)
    assert VOICE not in _plan_for(tmp_path / "off", "\nspeech:\n  backend: none\n")


def test_a_config_with_the_voice_needs_the_sound_cards_and_nothing_else_more() -> None:
    quiet = device_needs(parse_config("speech: {backend: none}"))
    spoken = device_needs(parse_config("speech: {backend: espeak}"))
    assert ALSA not in quiet
    assert set(spoken) - set(quiet) == {ALSA}
    assert ALSA.nodes == ("char-alsa",)


def test_the_sound_cards_are_read_as_the_kernel_lists_them(tmp_path: Path) -> None:
    cards = tmp_path / "cards"
    cards.write_text(PI4_CARDS, encoding="utf-8")
    assert sound_cards(cards) == [
        "0: Headphones (bcm2835 Headphones)",
        "1: vc4hdmi0 (vc4-hdmi-0)",
    ]
    assert sound_cards(tmp_path / "none") == []


@pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="needs espeak-ng")
def test_diag_reports_the_cards_and_a_device_that_fails(tmp_path: Path) -> None:
    cards = tmp_path / "cards"
    cards.write_text(PI4_CARDS, encoding="utf-8")
    config = parse_config("speech:\n  backend: espeak\n  device: no_such_device\n")
    out, problems = io.StringIO(), list[str]()
    with ThreadedSpeaker(EspeakVoice(device="no_such_device"), FakeClock()) as speaker:
        check_voice(config, speaker, out, problems, cards)
    report = out.getvalue()
    assert "sound cards: 0: Headphones (bcm2835 Headphones); 1: vc4hdmi0" in report
    assert "on ALSA device 'no_such_device'" in report
    assert len(problems) == 1 and problems[0].startswith("voice: aplay on 'no_such_device'")


def test_diag_on_the_simulated_board_says_the_test_sentence() -> None:
    clock = FakeClock()
    speaker = MockSpeaker(clock)
    out, problems = io.StringIO(), list[str]()
    check_voice(parse_config(""), speaker, out, problems)
    assert speaker.texts == [TEST_SENTENCE] and problems == []
