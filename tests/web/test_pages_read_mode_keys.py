"""The pages word the menu, the idle show and a round's or the match's end from the keys the
mode on the board gives (``menu``, ``attract``, ``over``), not from the ``phase`` word, which
stays in the JSON for older readers."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

STATIC = Path(__file__).resolve().parents[2] / "firmware" / "web" / "static"
PHASE_WORDS = ("menu", "attract", "round_over", "match_over")
# ``score.phase === "menu"``, ``case "attract":`` under ``switch (score.phase)``, and
# ``["round_over", "match_over"].includes(score.phase)``.
READS = re.compile(
    r"phase\s*[!=]==?\s*\"(?P<a>\w+)\"|case\s+\"(?P<b>\w+)\"\s*:|\"(?P<c>\w+)\"\]\.includes\(score\.phase"
)


def _phase_reads(text: str) -> list[str]:
    found = (next(word for word in m.groups() if word) for m in READS.finditer(text))
    return [word for word in found if word in PHASE_WORDS]


@pytest.mark.parametrize("path", sorted(STATIC.glob("*.js")), ids=lambda path: path.name)
def test_no_page_reads_the_phase_word_for_what_a_mode_s_keys_say(path: Path) -> None:
    assert _phase_reads(path.read_text(encoding="utf-8")) == []


def test_the_scan_sees_each_way_of_reading_the_phase() -> None:
    text = (
        'if (score.phase === "menu") x();\n'
        'switch (score.phase) { case "attract": break; }\n'
        'if (["round_over", "match_over"].includes(score.phase)) y();\n'
        'if (score.phase === "playing") z();\n'
    )
    assert _phase_reads(text) == ["menu", "attract", "match_over"]
