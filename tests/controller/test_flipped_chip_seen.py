"""After a seat away from the board (the computer's door) moves its flipped chip and culls with
it, the frames show the emptied cell dark and the newly flipped chip as a chip in every phase of
its blink, never as the faint empty hole the page and the terminal draw as a ring."""

from __future__ import annotations

import json
import re
from pathlib import Path

from firmware.commands.terminal_board import FAINT_MARK, OFF_MARK, letter
from firmware.controller.core.adapter import cells_for_token
from firmware.controller.core.live import StartMatch
from firmware.controller.core.players import PlayerKind
from firmware.render import palette
from firmware.rules.records import parse_record
from tests.controller.conftest import OFF, Rig
from tests.controller.recorded_player import RECORDED, recorded_seats

ROOT = Path(__file__).resolve().parents[2]
# Blue here, red the recorded seat: blue flips red's h9; red moves it to g8, trapping blue's h8
# and i8 against j8, and flips h8 (the cull the issue saw the computer make).
MOVES = ("h8", "i8", "j8", "h9", "a1", "h10", "h11", "xh9", "h9-g8", "xh8")


def _played(state_dir: Path) -> Rig:
    record = parse_record(
        json.dumps({"format": 1, "game": "culls", "rules": {}, "first": "blue", "moves": MOVES})
    )
    rig = Rig(state_dir, player_kinds=[recorded_seats(record)], hand_placed=frozenset())
    rig.start()
    rig.controller.post(StartMatch("culls", {}, "blue", (PlayerKind.HERE, RECORDED)))
    rig.controller.step()
    while len(rig.moves) < len(MOVES):
        state = rig.table.match.current  # type: ignore[union-attr]
        assert state is not None and rig.table.adapter is not None
        assert rig.table.seat_to_act() == 0, f"red's moves come by themselves: {rig.moves}"
        token = MOVES[len(rig.moves)]
        rig.tap_cell(cells_for_token(rig.table.adapter, state, token, 15, 15)[0])
    return rig


def test_the_emptied_cell_is_dark_and_the_flipped_chip_never_looks_like_a_hole(
    tmp_path: Path,
) -> None:
    rig = _played(tmp_path / "state")
    assert rig.moves == list(MOVES)
    assert str(rig.score["last_action"]).startswith(
        "Red moved the flipped chip from h9 to g8 and trapped h8 and i8; Red flipped h8"
    )
    emptied, flipped = set(), set()
    for _ in range(8):  # two periods of the flipped chip's blink
        emptied.add(rig.colour("h9"))
        flipped.add(rig.colour("h8"))
        rig.advance(palette.TIMING.flipped_blink / 4)
    assert emptied == {OFF}
    assert flipped == set(palette.flipped_looks(palette.PIECES["blue"])), "it blinks"
    for colour in flipped:
        assert max(colour) >= palette.HOLE_BELOW, f"{colour} reads as an empty hole"
        assert letter(colour) not in (FAINT_MARK, OFF_MARK), (
            f"the terminal shows {colour} as a hole"
        )


def test_the_page_reads_an_empty_hole_below_the_palettes_level() -> None:
    script = (ROOT / "firmware" / "web" / "static" / "board.js").read_text(encoding="utf-8")
    found = re.search(r"^const DIM = (\d+);", script, re.MULTILINE)
    assert found is not None and int(found.group(1)) == palette.HOLE_BELOW
