"""Long random streams of touches and buttons never crash, and the journal replays to the game."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from firmware.controller.core.live import Press
from firmware.controller.modes.new_match_ask import ASK_S, QUESTION
from firmware.controller.table.table import Phase
from firmware.games.cubulus import layout as cubulus_board
from firmware.rules.api import JsonValue
from firmware.rules.grid import parse_board_cell
from firmware.rules.records import record_of, replay
from hal.interfaces import Cell
from tests.controller.conftest import Rig
from tests.controller.test_resume import COMPARED, MORE

GAMES: list[tuple[str, dict[str, JsonValue]]] = [
    ("culls", {"mode": "duel"}),
    ("culls", {"mode": "teams"}),
    ("cubulus", {"players": 2}),
    ("cubulus", {"players": 3}),
]

actions = st.one_of(
    st.tuples(st.just("tap"), st.integers(0, 14), st.integers(0, 14)),
    st.tuples(st.just("legal"), st.integers(0, 10_000), st.just(0)),
    st.tuples(st.just("legal"), st.integers(0, 10_000), st.just(0)),
    st.tuples(st.just("legal"), st.integers(0, 10_000), st.just(0)),
    st.tuples(st.just("press"), st.sampled_from(["undo", "undo", "new", "menu"]), st.just(0)),
    st.tuples(st.just("wait"), st.integers(1, 4000), st.just(0)),
    st.tuples(st.just("ghost"), st.just(0), st.just(0)),
)


def _cell_of(token: str) -> Cell:
    """The board cell a player taps for a legal token."""
    if token[0] in "LRFBDU" and token[1:].isdigit():
        return cubulus_board.face_to_board(token[0], token[1:])
    if token.startswith("N"):
        cube_cell = token[1:]
        if cube_cell == "111":
            return cubulus_board.centre_cell()
        return cubulus_board.board_cells_of(cube_cell)[0]
    name = token.split("-")[-1].lstrip("x")
    return parse_board_cell(name, 15, 15)


def _play(rig: Rig, action: tuple[str, object, object]) -> None:
    kind, a, b = action
    if kind == "tap":
        assert isinstance(a, int) and isinstance(b, int)
        rig.tap_cell((a, b))
    elif kind == "legal":
        match = rig.table.match
        state = None if match is None else match.current
        legal = (
            [] if state is None or rig.table.phase is not Phase.PLAYING else state.legal_actions()
        )
        if legal:
            assert isinstance(a, int)
            rig.tap_cell(_cell_of(legal[a % len(legal)]))
        else:
            rig.tap_cell((7, 7))
    elif kind == "press":
        rig.press(str(a))
    elif kind == "wait":
        assert isinstance(a, int)
        rig.advance(a / 1000)
    else:
        rig.ghost()


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game=st.sampled_from(GAMES),
    first_index=st.integers(0, 2),
    stream=st.lists(actions, min_size=5, max_size=80),
)
def test_random_streams_never_crash_and_match_their_journal(
    game: tuple[str, dict[str, JsonValue]],
    first_index: int,
    stream: list[tuple[str, object, object]],
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        state_dir = Path(folder)
        name, rules = game
        colours = ["red", "black", "white"][: int(str(rules.get("players", 2)))]
        if name == "culls":
            colours = ["blue", "red"]
        rig = Rig(state_dir)
        rig.start(name, dict(rules), first=colours[first_index % len(colours)])
        for action in stream:
            _play(rig, action)
        if rig.score.get("paused") is not None:
            # the menu, a lesson, puzzles or a review opened over the match are views, not
            # saved: a restart shows the match, so compare with the match it shows
            rig.controller.submit(Press("back"))  # as the page's Back to the game
            rig.controller.step()
            assert rig.score.get("paused") is None
        if rig.score.get("message") == QUESTION:  # NEW's question is not saved either
            rig.advance(ASK_S + 0.1)
        resumed = Rig(state_dir).start()
        for key in (*COMPARED, *MORE):
            assert resumed.score[key] == rig.score[key], key
        match = rig.table.match
        if match is not None:
            for state in match.rounds:
                replayed, error = replay(record_of(state))
                assert error is None
                assert replayed.summary() == state.summary()
        rig.board.close()
        resumed.board.close()
