"""The calibration report and the new config file."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TextIO

import yaml

from firmware.commands.pad_proposal import Proposal, pads_section
from firmware.config.load import read_yaml


def print_report(proposal: Proposal, out: TextIO) -> None:
    print("pad          reading  noise  LEDs  finger  crosstalk  touch/release", file=out)
    for pad in proposal.pads:
        f = pad.figures
        finger = "-" if f.finger is None else f"{f.finger:.0f}"
        charge = "" if pad.charge is None else f"  charge {pad.charge[0]} uA x {pad.charge[1]:g} us"
        print(
            f"{pad.name:<12} {f.reading:7.0f} {f.noise:6.1f} {f.led_shift:5.1f} {finger:>7} "
            f"{f.crosstalk:10.1f}  {pad.touch:>5}/{pad.release:<3}{charge}",
            file=out,
        )
    flagged = proposal.flagged
    if not flagged:
        print(f"every one of {len(proposal.pads)} pads can be made reliable", file=out)
        return
    print(f"{len(flagged)} pad(s) cannot be made reliable:", file=out)
    for pad in flagged:
        print(f"  {pad.name}: {pad.problem}", file=out)


def _plain(data: object) -> object:
    """YAML data as plain dicts and lists (the strict loader's mappings are a subclass)."""
    if isinstance(data, Mapping):
        return {key: _plain(value) for key, value in data.items()}
    if isinstance(data, list):
        return [_plain(item) for item in data]
    return data


def new_config_text(
    source: str | None, proposal: Proposal, sim: Mapping[str, object] | None
) -> str:
    """The input config (``source`` text, or none) with ``touch.pads`` from the proposal and,
    for a simulated board, the ``touch.sim`` it was measured on."""
    data = _plain(read_yaml(source)) if source else {}
    if not isinstance(data, dict):
        data = {}
    touch = data.setdefault("touch", {})
    if not isinstance(touch, dict):
        touch = data["touch"] = {}
    touch["pads"] = pads_section(proposal)
    if sim is not None:
        touch["sim"] = dict(sim)
    header = "# Written by `cullsboard calibrate`: touch.pads holds the measured thresholds.\n"
    return header + yaml.safe_dump(data, sort_keys=False, default_flow_style=None, width=100)


def write_config(path: Path, text: str) -> None:
    path.write_text(text, encoding="utf-8")
