"""``cullsboard leds-off``: one dark frame down the chain the config describes."""

from __future__ import annotations

from pathlib import Path

import pytest

from firmware.cli import main
from hal.interfaces import RGB
from hal.leds.chainfile import ChainFileDriver, chain_lines


def test_it_sends_one_dark_frame_to_a_chain_left_lit(tmp_path: Path) -> None:
    chain = tmp_path / "chain.jsonl"
    lit: list[RGB] = [(255, 0, 0)] * 229
    driver = ChainFileDriver(chain, 229)  # a board that died with its LEDs on
    driver.set_pixels(lit)
    driver.show()
    config = tmp_path / "board.yaml"
    config.write_text(f"leds:\n  sim_chain_file: {chain}\n", encoding="utf-8")
    assert main(["leds-off", "--config", str(config)]) == 0
    frames = chain_lines(chain)
    assert [frame["lit"] for frame in frames] == [229, 0]
    assert frames[-1]["pixels"] == 229


def test_a_broken_config_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["leds-off", "--config", str(tmp_path / "missing.yaml")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("cullsboard leds-off: ")
