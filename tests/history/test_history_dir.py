"""``cullsboard history`` finds the history where the board keeps it: --state-dir, the config's
state_dir (--config, else the service's config), the service's folder, else the user's."""

from __future__ import annotations

from pathlib import Path

import pytest

from firmware.cli import main
from firmware.commands.history import find_state_dir
from firmware.history.store import FILE_NAME, History
from tests.history.snapshots import snapshot


def _config(path: Path, state_dir: Path) -> Path:
    path.write_text(f"state_dir: {state_dir}\n", encoding="utf-8")
    return path


def test_the_places_in_their_order(tmp_path: Path) -> None:
    service_config, service_dir = tmp_path / "board.yaml", tmp_path / "var-lib"
    kwargs = {"service_config": service_config, "service_state_dir": service_dir}
    user = {"XDG_STATE_HOME": str(tmp_path / "xdg")}
    assert find_state_dir(None, None, user, **kwargs) == tmp_path / "xdg" / "cullsboard"
    service_dir.mkdir()
    (service_dir / FILE_NAME).write_bytes(b"")
    assert find_state_dir(None, None, user, **kwargs) == service_dir
    _config(service_config, tmp_path / "from-service-config")
    assert find_state_dir(None, None, user, **kwargs) == tmp_path / "from-service-config"
    mine = _config(tmp_path / "mine.yaml", tmp_path / "from-config")
    assert find_state_dir(None, str(mine), user, **kwargs) == tmp_path / "from-config"
    assert find_state_dir("given", str(mine), user, **kwargs) == Path("given")


def test_history_takes_config(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    state = tmp_path / "state"
    history = History(state)
    history.save(snapshot("m1", 2))
    history.close()
    config = _config(tmp_path / "board.yaml", state)
    assert main(["history", "list", "--config", str(config)]) == 0
    assert "culls" in capsys.readouterr().out
    bad = tmp_path / "bad.yaml"
    bad.write_text("state_dir: [1, 2]\n", encoding="utf-8")
    assert main(["history", "list", "--config", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"cullsboard history: config {bad}: ")
