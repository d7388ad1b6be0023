"""No touch stops a board: random scripts of touches (taps, holds of every length on every cell,
the corners that open the command strip, taps on the strip's commands, a ghost touch, presses
of every button), played through the board as the simulated board plays a ``--script``, under
every combination of the documented settings (the voice's explore on and off, both games and
their layouts, computer seats or none, a clock or none), and no exception escapes the loop.

The examples are drawn from a fixed seed (``derandomize``), so a run is the same every time."""

from __future__ import annotations

import contextlib
import random
from dataclasses import dataclass, replace
from typing import Literal

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from firmware.config import default_config
from firmware.controller.commands import command_registry
from firmware.controller.computer.computer import Seating
from firmware.players import level
from firmware.rules.api import JsonValue
from firmware.rules.game_and_rules import GameAndRules
from firmware.rules.time_control import NO_CLOCK, parse_time_control
from firmware.wiring.assemble import assemble, bare_simulation, simulated_board
from firmware.wiring.assembly_parts import Keeping, Seats, Sound
from firmware.wiring.drive import advance, perform
from firmware.wiring.script import ScriptError, Step
from hal.clock import FakeClock

SIDE = 15
GAMES: list[tuple[str, dict[str, JsonValue], list[str]]] = [
    ("culls", {"mode": "duel"}, ["red"]),
    ("culls", {"mode": "teams"}, ["redA", "blueB"]),
    ("cubulus", {"players": 2}, ["black"]),
    ("cubulus", {"players": 3}, ["white"]),
]
BUTTONS = list(command_registry.pressable())  # every command a script may press
CORNERS = [(0, 0), (SIDE - 1, 0), (0, SIDE - 1), (SIDE - 1, SIDE - 1)]
HOLDS_MS = [0, 50, 400, 799, 800, 801, 1499, 1500, 1501, 1700, 3000, 9000]


@dataclass(frozen=True)
class Setup:
    """One combination of the documented settings."""

    game: int
    explore: bool
    computer: bool
    clock: str | None
    verbosity: Literal["moves", "prompts", "all"]
    buttons: bool  # the simulated board's every button, or none (a board with only its cells)


setups = st.builds(
    Setup,
    game=st.integers(0, len(GAMES) - 1),
    explore=st.booleans(),
    computer=st.booleans(),
    clock=st.sampled_from([None, "0.5", "turn:30"]),
    verbosity=st.sampled_from(["moves", "prompts", "all"]),
    buttons=st.booleans(),
)
cells = st.tuples(st.integers(0, SIDE - 1), st.integers(0, SIDE - 1))
strip_cells = st.tuples(st.integers(0, SIDE - 1), st.integers(SIDE // 2 - 2, SIDE // 2 + 2))
steps = st.one_of(
    st.tuples(st.just("tap"), st.one_of(cells, strip_cells), st.just(0)),
    st.tuples(
        st.just("hold"), st.one_of(cells, st.sampled_from(CORNERS)), st.sampled_from(HOLDS_MS)
    ),
    st.tuples(st.just("press"), st.sampled_from(BUTTONS), st.just(0)),
    st.tuples(st.just("wait"), st.just((0, 0)), st.sampled_from([10, 300, 1000, 3100, 31_000])),
    st.tuples(st.just("ghost"), st.just((0, 0)), st.just(0)),
)


def play(setup: Setup, script: list[tuple[str, object, int]]) -> dict[str, JsonValue]:
    """Play ``script`` on a fresh simulated board set up as ``setup``; its last scoreboard."""
    clock = FakeClock(100.0)
    base = default_config()
    base = replace(
        base,
        speech=replace(base.speech, explore=setup.explore, verbosity=setup.verbosity),
    )
    config = bare_simulation(base)
    if not setup.buttons:
        config = replace(config, buttons=base.buttons)
    board = simulated_board(config, clock)
    game, rules, computer_seats = GAMES[setup.game]
    seats = computer_seats if setup.computer else []  # the hint's searches run as play has them
    seating = Seating(clock=clock.now, level=level(1), computer_seats=seats, seed=3)
    parts = assemble(
        board,
        keeping=Keeping(state_dir=None, warn=lambda text: None),
        seats=Seats(
            seating=seating,
            time_control=NO_CLOCK if setup.clock is None else parse_time_control(setup.clock),
        ),
        sound=Sound(speech=config.speech),
        rng=random.Random(5),
    )
    controller = parts.controller

    def act(step: Step) -> None:
        perform(step, board, controller.submit)

    try:
        controller.start(GameAndRules(game, dict(rules)))
        for verb, what, ms in script:
            if verb == "hold":
                act(Step("down", cell=what))  # type: ignore[arg-type]
                controller.step()
                advance(controller, clock, ms / 1000)
                act(Step("up", cell=what))  # type: ignore[arg-type]
            elif verb == "tap":
                act(Step("touch", cell=what))  # type: ignore[arg-type]
            elif verb == "press":
                with contextlib.suppress(ScriptError):  # not taken here or now: said, skipped
                    act(Step("press", button=str(what)))
            elif verb == "ghost":
                act(Step("ghost"))
            else:
                advance(controller, clock, ms / 1000)
            controller.step()
        return controller.view().score
    finally:
        parts.close()
        board.close()


@settings(
    max_examples=2000,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(setup=setups, script=st.lists(steps, min_size=1, max_size=25))
def test_no_touch_script_stops_the_board(
    setup: Setup, script: list[tuple[str, object, int]]
) -> None:
    play(setup, script)


def test_holding_a_corner_with_explore_on_opens_the_strip_and_stops_nothing() -> None:
    """The hold that opens the command strip, on a board whose voice explores: its words name
    every command's cell (the strip had more commands than the middle row held two apart)."""
    for game in range(len(GAMES)):
        setup = Setup(
            game, explore=True, computer=False, clock=None, verbosity="all", buttons=False
        )
        shown = play(setup, [("hold", (0, 0), 1700), ("wait", (0, 0), 10)])
        assert str(shown.get("message", "")).startswith("Commands: "), shown.get("message")
