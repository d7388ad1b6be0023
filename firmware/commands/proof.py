"""``cullsboard calibrate proof``: prove one cell, with a piece, before 225 are built.

Five steps on one cell (``--cell``, h8 by default), every LED at full configured brightness: the
pad at rest, a piece put down, ten taps on the piece, ten beside it on the bare cover, the
piece lifted. It prints each figure against the pad's thresholds and noise, then PASS or FAIL
with the margin. On the hardware each step waits for Enter; ``--mock-hal`` runs it on the
realistic simulated board (``touch.sim``) with a scripted finger. Exit status 0: passed;
1: failed (the reasons are printed); 2: an error.
"""

from __future__ import annotations

import argparse
import sys
import time

from firmware.commands.errors import CommandError
from firmware.commands.pad_board import open_pad_board, read_config
from firmware.commands.pad_proof import Builder, CellProof, judge, print_figures
from firmware.rules.grid import parse_cell
from firmware.service.in_use import UnitActive, unit_active
from firmware.wiring.simfinger import ScriptedFinger
from hal.interfaces import Cell

EXIT_FAILED, EXIT_ERROR = 1, 2


class PromptedBuilder:
    """A person at the board: each step is printed and waits for Enter."""

    def ask(self, step: str, text: str) -> None:
        try:
            input(f"{text}, then press Enter ")
        except EOFError:
            message = "the proof needs a person at the board pressing Enter (no input left)"
            raise CommandError(message, EXIT_ERROR) from None

    def pause(self, seconds: float) -> None:
        time.sleep(seconds)


class ShownSteps:
    """A scripted finger whose instructions are printed as a person would read them."""

    def __init__(self, finger: ScriptedFinger) -> None:
        self._finger = finger

    def ask(self, step: str, text: str) -> None:
        print(f"{text} (the simulated finger does it)", file=sys.stdout)
        self._finger.ask(step, text)

    def pause(self, seconds: float) -> None:
        self._finger.pause(seconds)


def _cell(text: str, size: int) -> Cell:
    try:
        return parse_cell(text, size)
    except ValueError as exc:
        raise CommandError(f"--cell: {exc}", EXIT_ERROR) from None


def run(args: argparse.Namespace, active: UnitActive = unit_active) -> int:
    name = "cullsboard calibrate proof"
    config, _ = read_config(args.config)
    board_size = config.board
    cell = _cell(args.cell, max(board_size.columns, board_size.rows))
    if cell[0] >= board_size.columns or cell[1] >= board_size.rows:
        raise CommandError(f"--cell: {args.cell} is off this board", EXIT_ERROR)
    out = sys.stdout
    opened = open_pad_board(config, args, name, out, active)
    builder: Builder = PromptedBuilder()
    on_frame = []
    if opened.rig is not None and opened.clock is not None:
        rig, leds = opened.rig, opened.leds
        builder = ShownSteps(ScriptedFinger(rig, opened.clock, cell, seed=args.seed))
        on_frame.append(lambda frame: rig.feel_leds(leds, frame))
    proof = CellProof(
        config, opened.sensor, opened.board.leds, cell, builder=builder, on_frame=on_frame
    )
    try:
        opened.sensor.start(proof.hear)
        figures = proof.run()
    except KeyboardInterrupt:
        print(f"{name}: stopped", file=sys.stderr)
        return 130
    finally:
        opened.board.close()
    print_figures(proof, figures, out)
    verdict = judge(config, proof, figures)
    if verdict.passed:
        print(
            f"PASS: margin {verdict.margin:.1f} counts over the touch threshold, "
            f"{verdict.needed:.1f} needed",
            file=out,
        )
        return 0
    print(f"FAIL: {'; '.join(verdict.reasons)}", file=out)
    return EXIT_FAILED
