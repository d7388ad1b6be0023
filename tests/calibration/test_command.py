"""``cullsboard calibrate``: its mistakes are one line and exit 2, and nothing is written."""

from __future__ import annotations

from pathlib import Path

import pytest

from firmware.cli import main


def test_a_bad_config_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "board.yaml"
    source.write_text("touch: {pads: {h8: {touch_threshold: 20}}}\n")
    out = tmp_path / "new.yaml"
    code = main(["calibrate", "--config", str(source), "--mock-hal", "--out", str(out)])
    err = capsys.readouterr().err
    assert code == 2
    expected = "touch.pads.h8: not a row ('row 3') or column ('column c') of this matrix board"
    assert err == f"cullsboard calibrate: {source}: {expected}\n"
    assert not out.exists()


def test_a_missing_config_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["calibrate", "--config", str(tmp_path / "none.yaml"), "--out", "x.yaml"])
    assert code == 2
    assert capsys.readouterr().err.startswith("cullsboard calibrate: ")


def test_a_bad_web_address_stops_before_any_tap(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "new.yaml"
    code = main(["calibrate", "--mock-hal", "--web", "nowhere", "--out", str(out)])
    assert code == 2
    assert "--web: write HOST:PORT" in capsys.readouterr().err
    assert not out.exists()
