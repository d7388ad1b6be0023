"""Finger to light, end to end, on the realistic simulated board.

A finger lands on a cell at a random phase of the chips' sampling; the MPR121 simulator's
second-level filter and debounce decide when its touch bit flips; the real touch code reads it
through the Adafruit driver on the register simulator; the controller plays the move, the
journal appends it with an fsync into a real folder, the renderer makes the frame and the LED
chain code sends it. The figure is the time until that frame is latched on the LED wire:

    sensing (board time: the finger's phase + the samples until the bit flips)
  + the touch code from the IRQ edge to its event (CPU time here)
  + the I2C transfers on the wire at 400 kHz (counted by the simulated bus)
  + the controller, journal and renderer until the frame is handed to the driver (CPU time)
  + an SD card's fsync (SD_FSYNC_MS: the A1 class's floor, see below), in place of this
    machine's own (the journal is still fsynced here, as the board writes it; CPU time leaves
    out the wait, which on this shared machine measures other people's jobs as much as ours)
  + the frame on the wire (225 x 30 us = 6.75 ms, plus 4 status LEDs) and the reset gap.

The board plays a tap when the finger comes up (docs/playing.md: down, then up on the same
cell), so the frame that answers it follows the lift: the figure counts from the lift, which
passes the second-level filter and the release debounce as a landing does (both are printed).

While a finger is on or just off a cell, only the chips whose pads it reaches sample period by
period (the IRQ and the reads at the sample they happen); the others, whose pads see nothing
of it, take the same samples in blocks before the board moves on, so their phantoms still count.

Every LED under the board shines at the configured brightness (its noise and shift on every
pad, uncapped by the current limit: the worst case). Taps are placed, pieces put down first
where the run has pieces; phantom taps are touches nobody made (in the taps' own board time
and in a quiet hour of one chip with pieces on half its cells); missed taps are fingers held
for 80..200 ms that gave no touch.

SD_FSYNC_MS: the SD Association's A1 application class guarantees at least 500 random 4 KiB
writes a second (2 ms each; A2: 4000 a second, for cards in its command-queue mode); an ext4
fsync of an appended line writes the data block, then the journal's descriptor, metadata and
commit blocks with a cache flush: about three such writes, so 6 ms on an A1 card. Tails are far
longer (cards pause for seconds while they erase); the journal is then late, never wrong.

Run: ``.venv/bin/python bench/bench_finger_to_light.py [--taps N] [--quiet-hours H]``.
Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import statistics
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from firmware.config import Config, load_config
from firmware.config.touch_schema import SimConfig
from firmware.controller.board.inbox import QueueItem
from firmware.controller.board.loop import BoardController
from firmware.controller.table.table import Phase
from firmware.rules.game_and_rules import GameAndRules
from firmware.wiring.assemble import assemble
from firmware.wiring.assembly_parts import Keeping
from firmware.wiring.simrig import SimulatedRig
from hal.clock import FakeClock
from hal.interfaces import Cell, TouchEvent, TouchKind
from hal.mock import MockLeds, SentFrame

I2C_HZ = 400_000
LED_US = 30.0  # one WS2812 LED at 800 kHz (24 bits x 1.25 us)
RESET_US = 280.0  # the latch gap of newer WS2812B
SD_FSYNC_MS = 3 * 1000 / 500  # three 4 KiB writes at the A1 class's 500 IOPS
HOLD_S = (0.08, 0.2)
SETTLE_S = (0.3, 0.6)  # from putting the piece down to tapping it
ROOT = Path(__file__).resolve().parent.parent


@dataclass
class Figures:
    latencies_ms: list[float] = field(default_factory=list)
    sensing_ms: list[float] = field(default_factory=list)  # the lift, through filter and debounce
    down_ms: list[float] = field(default_factory=list)  # the finger's landing, likewise
    unanswered: int = 0  # taps felt whose lift gave no frame
    missed: int = 0
    phantoms: int = 0
    board_s: float = 0.0


class Stamp:
    """A pin on the IRQ wire that notes when it falls."""

    def __init__(self) -> None:
        self.fell_at = 0.0

    def drive_low(self) -> None:
        self.fell_at = time.thread_time()

    def drive_high(self) -> None:
        pass


def reference(layout: str) -> Config:
    name = "direct-board.yaml" if layout == "direct" else "matrix-board.yaml"
    return load_config(ROOT / "config" / name)


def todays_defaults(config: Config) -> Config:
    """The front end as it was: ESI 16 ms, SFI 4, FFI 6, debounce 1/1, thresholds 12/6."""
    touch = config.touch
    filters = dataclasses.replace(touch.filter, first_samples=6, second_samples=4, period_ms=16)
    touch = dataclasses.replace(
        touch,
        filter=filters,
        touch_threshold=12,
        release_threshold=6,
        touch_debounce=1,
        release_debounce=1,
    )
    return dataclasses.replace(config, touch=touch)


class Bench:
    """One board: the simulated panel under the real touch code, controller and journal."""

    def __init__(self, config: Config, folder: Path, *, seed: int) -> None:
        sim = config.touch.sim or SimConfig()
        touch = dataclasses.replace(config.touch, irq_gpio=4, direct=config.touch.direct)
        self.config = dataclasses.replace(config, touch=touch)
        self.rig = SimulatedRig.for_config(self.config, realistic=sim)
        self.clock = FakeClock()
        board = self.rig.board(self.clock)
        assert isinstance(board.leds, MockLeds)
        self.leds = board.leds
        parts = assemble(
            board, keeping=Keeping(state_dir=folder, warn=lambda _: None), rng=random.Random(seed)
        )
        self.controller: BoardController = parts.controller
        self.events: list[tuple[float, TouchEvent]] = []
        self.sent: list[float] = []
        self.expected: Cell | None = None  # the cell a finger is on
        self.phantoms = 0
        self.ups = 0
        self.up_heard_at = 0.0
        post = self.controller.post

        def heard(item: QueueItem) -> None:
            if isinstance(item, TouchEvent):
                if item.kind is not TouchKind.UP and item.cell != self.expected:
                    self.phantoms += 1  # a touch nobody made (or an ambiguous one)
                elif item.kind is TouchKind.DOWN:
                    self.events.append((time.thread_time(), item))
                elif item.cell == self.expected:
                    self.ups += 1
                    self.up_heard_at = time.thread_time()
            post(item)

        self.controller.post = heard  # type: ignore[method-assign]
        self.leds.on_sent = self._sent
        self.stamp = Stamp()
        self.rig.panel.line.attach_pin(self.stamp, first=True)
        self.controller.start(GameAndRules("culls", {"mode": "duel"}))
        brightness = self.config.leds.brightness
        cells = [(c, r) for r in range(config.board.rows) for c in range(config.board.columns)]
        self.rig.panel.set_leds(dict.fromkeys(cells, brightness))
        self.period_s = self.rig.panel.period_s()
        count = config.board.columns * config.board.rows + config.leds.status_count
        self.frame_ms = (count * LED_US + RESET_US) / 1000
        self.run_for(2.0)

    def _sent(self, _: SentFrame) -> None:
        self.sent.append(time.thread_time())

    def run_for(self, seconds: float) -> None:
        self.rig.panel.run_for(seconds)
        self.clock.advance(seconds)
        self.controller.step()

    def sample(self, cell: Cell) -> None:
        """One sample period, a finger on or just off ``cell`` (the chips it reaches sample
        now, the others catch up before the next ``run_for``)."""
        self.rig.panel.step_near(cell, 1)
        self.clock.advance(self.period_s)

    def downs(self) -> int:
        """The touches of the cells fingers were on."""
        return len(self.events)


def _legal_cell(controller: BoardController, rng: random.Random) -> tuple[Cell, bool] | None:
    table = controller.table
    state = None if table.match is None else table.match.current
    if state is None or table.phase is not Phase.PLAYING:
        return None
    token = rng.choice(state.legal_actions())
    name = token.split("-")[-1]
    flip = name.startswith("x")
    name = name.lstrip("x")
    return ("abcdefghijklmno".index(name[0]), int(name[1:]) - 1), flip


def taps(
    config: Config, count: int, *, pieces: bool, beside_share: float = 0.0, seed: int = 1
) -> Figures:
    """``count`` taps on legal cells of random Culls games; see the module's docstring."""
    rng = random.Random(seed)
    figures = Figures()
    with tempfile.TemporaryDirectory() as folder:
        bench = Bench(config, Path(folder), seed=seed)
        panel, bus, start_s = bench.rig.panel, bench.rig.panel.bus, bench.rig.panel.seconds
        while len(figures.latencies_ms) + figures.missed < count:
            found = _legal_cell(bench.controller, rng)
            if found is None:
                panel.lift(*panel.pieces)
                bench.controller.table.button("new", bench.clock.now())
                bench.run_for(0.5)
                continue
            cell, flip = found
            if pieces and not flip:
                panel.place(cell)
            beside = pieces and rng.random() < beside_share
            bench.run_for(rng.uniform(*SETTLE_S))
            downs_before = bench.downs()
            bench.expected = cell
            panel.touch(cell, beside=beside)
            hold = rng.uniform(*HOLD_S)
            held = rng.uniform(0, bench.period_s)  # the finger lands this long before a sample
            felt = False
            while held < hold:
                bench.sample(cell)
                held += bench.period_s
                if not felt and bench.downs() > downs_before:
                    felt = True
                    figures.down_ms.append((held - bench.period_s) * 1000)
            if bench.downs() == downs_before:
                figures.missed += 1
                panel.release(cell)
                bench.run_for(0.3)
                bench.expected = None
                continue
            bench.controller.step()
            ups_before, frames_before, wire_bits = bench.ups, len(bench.sent), bus.wire_bits
            lifted = rng.uniform(0, bench.period_s)  # the finger lifts this long before a sample
            panel.release(cell)
            while bench.ups == ups_before and lifted < 1.0:
                bench.sample(cell)
                lifted += bench.period_s
            step_start = time.thread_time()
            bench.controller.step()
            if bench.ups > ups_before and len(bench.sent) > frames_before:
                software = (bench.up_heard_at - bench.stamp.fell_at) * 1000
                controller_ms = (bench.sent[frames_before] - step_start) * 1000
                wire_ms = (bus.wire_bits - wire_bits) / I2C_HZ * 1000
                sensing = (lifted - bench.period_s) * 1000
                figures.sensing_ms.append(sensing)
                figures.latencies_ms.append(
                    sensing + software + wire_ms + controller_ms + SD_FSYNC_MS + bench.frame_ms
                )
            else:
                figures.unanswered += 1
            bench.run_for(0.2)
            bench.expected = None
        figures.board_s = panel.seconds - start_s
        figures.phantoms = bench.phantoms
    return figures


def quiet(config: Config, hours: float, *, seed: int = 1) -> tuple[int, float]:
    """A board nobody touches, pieces on every other cell: its DOWN events, and board hours."""
    with tempfile.TemporaryDirectory() as folder:
        bench = Bench(config, Path(folder), seed=seed)
        cells = [(c, r) for r in range(config.board.rows) for c in range(config.board.columns)]
        bench.rig.panel.place(*cells[::2])
        for _ in range(round(hours * 60)):
            bench.run_for(60.0)
        return bench.phantoms, hours


def _p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))] if ordered else float("nan")


def _line(label: str, figures: Figures) -> str:
    lat = figures.latencies_ms
    per_hour = figures.phantoms / (figures.board_s / 3600) if figures.board_s else 0.0
    if not lat:
        return f"  {label}: no tap answered, {figures.missed} missed"
    return (
        f"  {label}: median {statistics.median(lat):.1f} ms, p99 {_p99(lat):.1f} ms, "
        f"max {max(lat):.1f} ms (the lift sensed: p99 {_p99(figures.sensing_ms):.1f} ms; the "
        f"landing: p99 {_p99(figures.down_ms):.1f} ms); "
        f"missed {figures.missed} of {len(lat) + figures.missed}; phantoms {figures.phantoms} "
        f"in {figures.board_s / 60:.0f} min of board time ({per_hour:.1f}/h)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--taps", type=int, default=200, help="taps per run (the issue: 1000)")
    parser.add_argument("--quiet-hours", type=float, default=0.0, help="a quiet board's hours")
    parser.add_argument("--layout", choices=("direct", "matrix", "both"), default="both")
    args = parser.parse_args()
    print(
        f"finger to light: SD fsync modelled as {SD_FSYNC_MS:.0f} ms (A1 class), "
        f"frame {229 * LED_US / 1000:.2f} ms + {RESET_US:.0f} us reset on the wire"
    )
    layouts = ("direct", "matrix") if args.layout == "both" else (args.layout,)
    for layout in layouts:
        board = reference(layout)
        board = dataclasses.replace(
            board, touch=dataclasses.replace(board.touch, sim=board.touch.sim or SimConfig())
        )
        for label, config in (("the defaults", board), ("today's", todays_defaults(board))):
            c = config.touch
            print(
                f"[{layout}, {label}: ESI {c.filter.period_ms} ms, SFI {c.filter.second_samples},"
                f" FFI {c.filter.first_samples}, debounce {c.touch_debounce}/"
                f"{c.release_debounce}, thresholds {c.touch_threshold}/{c.release_threshold},"
                f" falling filter every {c.filter.falling.delay_limit + 1} samples]",
                flush=True,
            )
            for pieces in (True, False) if label == "the defaults" else (True,):
                figures = taps(config, args.taps, pieces=pieces)
                print(_line("with a piece" if pieces else "bare cells  ", figures), flush=True)
            if args.quiet_hours and label == "the defaults":
                downs, hours = quiet(config, args.quiet_hours)
                print(f"  quiet board, pieces on every other cell: {downs} touches in {hours} h")


if __name__ == "__main__":
    main()
