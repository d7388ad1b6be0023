"""Every lesson and puzzle file is package data, so an installed board has them too."""

from __future__ import annotations

import fnmatch
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_every_lesson_and_puzzle_file_is_in_the_package_data() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["firmware"]
    games = ROOT / "firmware" / "games"
    files = sorted([*games.glob("*/lessons/*"), *games.glob("*/puzzles/*")])
    assert len(files) > 40
    for path in files:
        inside = path.relative_to(ROOT / "firmware").as_posix()
        assert any(fnmatch.fnmatch(inside, pattern) for pattern in patterns), inside
