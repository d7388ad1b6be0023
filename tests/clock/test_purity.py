"""The clock's arithmetic is pure: it is handed every instant and reads no clock itself."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_architecture import ERRORS, IMPURE, ROOT, _imports, _shown, _sources

PURE = [*_sources("firmware/clock"), ROOT / "firmware/rules/time_control.py"]


@pytest.mark.parametrize("path", PURE, ids=_shown)
def test_the_clock_reads_no_time_and_knows_only_the_rules(path: Path) -> None:
    for name in _imports(path):
        assert name.split(".")[0] not in IMPURE, f"{_shown(path)} imports {name}"
        if name.startswith("firmware"):
            # the error root imports nothing (tests/test_architecture_errors.py)
            assert name.startswith(("firmware.rules", "firmware.clock", ERRORS)), name
