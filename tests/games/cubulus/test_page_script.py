"""The cube's page script agrees with the board layout it labels."""

from __future__ import annotations

import re
from pathlib import Path

from firmware.games.cubulus import layout
from firmware.rules.grid import cell_name

SCRIPT = Path(layout.__file__).resolve().parent / "web" / "page.js"


def test_the_script_labels_the_cell_that_shows_the_centre() -> None:
    match = re.search(r'const CENTRE_CELL = "([a-o]\d+)"', SCRIPT.read_text(encoding="utf-8"))
    assert match is not None
    assert match.group(1) == cell_name(layout.centre_cell())
