"""The top level on a clock against the level below: does it ever lose on time, how it spends it.

Run: ``.venv/bin/python -m bench.bench_clock [--game culls|cubulus] [--controls 0.5,0.5+1]
[--games N] [--level N] [--seed S]``

Both sides play on the clock in real time (``time.monotonic``), each taking its time for a move
from the time manager as the board does (setup untimed, at the level's own time). A side whose
clock reaches 0 before its answer loses on time. The top level plays each colour in turn. Prints,
per game and control: results, losses on time of each side, and the top level's time per timed
move (median and max) and its smallest time left at the end of a game.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from dataclasses import dataclass, field

from firmware.clock.turns import TurnClocks, timed_side
from firmware.players import SEARCH_SHARE, Budget, choose, level
from firmware.players.time_manager import ClockState, think_ms
from firmware.rules import find_game
from firmware.rules.api import GameState, Status
from firmware.rules.time_control import parse_time_control

MAX_PLIES = 400
GAMES = ("culls", "cubulus")


@dataclass
class Tally:
    """One game and control, seen from the top level."""

    wins: int = 0
    losses: int = 0
    draws: int = 0
    unfinished: int = 0
    flags_top: int = 0
    flags_below: int = 0
    move_ms: list[float] = field(default_factory=list)
    least_left_ms: int | None = None

    def line(self, name: str) -> str:
        times = self.move_ms or [0.0]
        return (
            f"{name:<20} won {self.wins:>2} lost {self.losses:>2} drawn {self.draws:>2}"
            f" unfinished {self.unfinished}  lost on time: top {self.flags_top} below "
            f"{self.flags_below}  top's move ms median {statistics.median(times):6.0f}"
            f" max {max(times):6.0f}  least left {self.least_left_ms} ms"
        )


def _think(
    state: GameState, number: int, clocks: TurnClocks, rng: random.Random
) -> tuple[str, float]:
    """The level's move and the seconds it took, its time from its clock when one runs."""
    chosen = level(number)
    side = state.to_move()
    assert side is not None
    started = time.monotonic()
    if timed_side(state) is None:
        ms = chosen.movetime_ms
    else:
        control = clocks.control
        clock = ClockState(
            clocks.reading(started).left_ms[side], control.increment_ms, control.per_turn
        )
        ms = think_ms(clock, state.ply // len(clocks.clocks.sides))
    deadline = started + SEARCH_SHARE * ms * chosen.share(state.game) / 1000
    choice = choose(state, chosen, Budget(should_stop=lambda: time.monotonic() >= deadline), rng)
    return choice.token, time.monotonic() - started


def play_one(
    game: str, control: str, top: int, top_colour_index: int, seed: int, tally: Tally
) -> None:
    """One game on the clock: the top level plays colour ``top_colour_index``."""
    found = find_game(game)
    rules = found.parse_rules({})
    colours = found.colours(rules)
    rng = random.Random(seed)
    state = found.new_state(rules, colours[seed % len(colours)])
    clocks = TurnClocks(parse_time_control(control), colours)
    clocks.begin(state, time.monotonic())
    top_colour = colours[top_colour_index]
    while not state.outcome().is_over and state.ply < MAX_PLIES:
        side = state.to_move()
        assert side is not None
        number = top if side == top_colour else top - 1
        timed = timed_side(state) is not None
        token, spent = _think(state, number, clocks, rng)
        now = time.monotonic()
        if timed and clocks.reading(now).left_ms[side] == 0:
            if side == top_colour:
                tally.flags_top += 1
                tally.losses += 1
            else:
                tally.flags_below += 1
                tally.wins += 1
            return
        if timed and side == top_colour:
            tally.move_ms.append(spent * 1000)
        state.apply(token)
        clocks.acted(side, state, now)
    left = clocks.reading(time.monotonic()).left_ms[top_colour]
    tally.least_left_ms = left if tally.least_left_ms is None else min(tally.least_left_ms, left)
    outcome = state.outcome()
    if not outcome.is_over:
        tally.unfinished += 1
    elif outcome.status is Status.DRAW:
        tally.draws += 1
    elif outcome.winner == top_colour:
        tally.wins += 1
    else:
        tally.losses += 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=GAMES, help="one game (default: both)")
    parser.add_argument("--controls", default="0.5,0.5+1", help="time controls, comma-separated")
    parser.add_argument("--games", type=int, default=10, help="games per game and control")
    parser.add_argument("--level", type=int, default=6, help="the top level (plays level - 1)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(f"level {args.level} against level {args.level - 1}, {args.games} games each")
    flags = 0
    for game in (args.game,) if args.game else GAMES:
        for control in args.controls.split(","):
            tally = Tally()
            started = time.monotonic()
            for number in range(args.games):
                play_one(game, control, args.level, number % 2, args.seed + number, tally)
            flags += tally.flags_top
            print(tally.line(f"{game} {control}"), f" ({time.monotonic() - started:.0f} s)")
            sys.stdout.flush()
    print("the top level lost on time" if flags else "the top level never lost on time")
    return 1 if flags else 0


if __name__ == "__main__":
    sys.exit(main())
