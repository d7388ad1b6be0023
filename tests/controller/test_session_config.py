"""A simulated board built from a config wires its LEDs in the configured chain order."""

from __future__ import annotations

import random
from pathlib import Path

from firmware.config.load import parse_config
from firmware.controller.session import build_session
from firmware.wiring.settings import led_mapping


def _lit_leds(order: str, tmp_path: Path) -> list[int]:
    config = parse_config(f"leds:\n  order: {order}\n")
    session = build_session(
        settings=("culls", {"mode": "duel"}),
        rng=random.Random(3),
        scripted=True,
        state_dir=tmp_path / order,
        frames_path=None,
        complain=lambda _text: None,
        status_count=config.leds.status_count,
        mapping=led_mapping(config),
    )
    session.board.touch.tap((14, 1))  # o2: the last cell of row 2
    session.controller.step()
    pixels = session.board.leds.pixels[: 15 * 15]
    session.board.close()
    return [index for index, colour in enumerate(pixels) if colour != (0, 0, 0)]


def test_a_rows_chain_puts_o2_at_led_29_and_a_serpentine_at_led_15(tmp_path: Path) -> None:
    assert _lit_leds("rows", tmp_path) == [29]
    assert _lit_leds("serpentine", tmp_path) == [15]
