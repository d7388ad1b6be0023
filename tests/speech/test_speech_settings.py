"""The voice's settings: in the config schema, on the staff page, checked like the config file."""

from __future__ import annotations

import pytest

from firmware.config import ConfigError, default_config
from firmware.config.layered import apply_settings, describe_settings
from firmware.config.load import parse_config


def test_the_speech_section_is_read_and_checked() -> None:
    config = parse_config(
        "speech:\n  backend: espeak\n  verbosity: all\n  rate: 200\n  volume: 80\n  voice: en-us\n"
    )
    speech = config.speech
    assert (speech.backend, speech.verbosity, speech.rate, speech.volume, speech.voice) == (
        "espeak",
        "all",
        200,
        80,
        "en-us",
    )
    assert (speech.enabled, speech.explore, speech.device) == (True, False, "default")
    with pytest.raises(ConfigError, match=r"speech\.verbosity"):
        parse_config("speech:\n  verbosity: loud\n")
    with pytest.raises(ConfigError, match=r"speech\.rate"):
        parse_config("speech:\n  rate: 20\n")
    with pytest.raises(ConfigError, match=r"speech\.voice"):
        parse_config("speech:\n  voice: 'en; rm -rf'\n")


def test_the_staff_page_offers_the_voice_settings_with_their_choices() -> None:
    base = default_config()
    described = {
        str(entry["key"]): entry
        for entry in describe_settings(base, base)
        if isinstance(entry, dict)
    }
    for key in ("enabled", "verbosity", "rate", "volume", "voice"):
        assert f"speech.{key}" in described, key
    verbosity = described["speech.verbosity"]
    assert isinstance(verbosity, dict) and verbosity["choices"] == ["moves", "prompts", "all"]
    changed = apply_settings(base, {"speech.enabled": False, "speech.volume": 30})
    assert (changed.speech.enabled, changed.speech.volume) == (False, 30)
    with pytest.raises(ConfigError) as raised:
        apply_settings(base, {"speech.volume": 101})
    assert str(raised.value).startswith("speech.volume") and "\n" not in str(raised.value)
