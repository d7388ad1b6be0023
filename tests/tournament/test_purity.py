"""A tournament is pure: pairings, results and standings read no clock, no file and no broker,
and know no board; the fleet keeps them and carries them to the tables."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_architecture import ERRORS, IMPURE, _imports, _shown, _sources


@pytest.mark.parametrize("path", _sources("firmware/tournament"), ids=_shown)
def test_a_tournament_knows_no_time_io_or_board(path: Path) -> None:
    for name in _imports(path):
        assert name.split(".")[0] not in IMPURE, f"{_shown(path)} imports {name}"
        if name.startswith("firmware"):
            assert name.startswith(("firmware.rules.api", "firmware.tournament", ERRORS)), name
