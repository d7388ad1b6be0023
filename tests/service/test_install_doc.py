"""docs/kiosk.md lists the install's steps to type by hand: they are the installer's own plan."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest

from firmware.service.install import find_sources, install_plan
from tests.service.test_install import FakeMachine

ROOT = Path(__file__).resolve().parent.parent.parent
KIOSK_DOC = (ROOT / "docs" / "kiosk.md").read_text(encoding="utf-8")
BY_HAND = "The steps, which\nyou can also type by hand:\n\n```sh\n"


def _documented_commands() -> list[str]:
    """The commands of the block, here-documents joined to their command, `sudo ` dropped."""
    block = KIOSK_DOC.split(BY_HAND, 1)[1].split("\n```", 1)[0]
    commands: list[str] = []
    here_doc = False
    for line in block.replace("\\\n    ", "").splitlines():
        if here_doc:
            commands[-1] += "\n" + line
            here_doc = line != "EOF"
            continue
        command = line.split("  #", 1)[0].rstrip()
        commands.append(command.removeprefix("sudo "))
        here_doc = command.endswith("<<'EOF'")
    return commands


def test_the_by_hand_steps_are_the_plan_for_the_reference_board(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(ROOT)  # the docs run the installer from the checkout: relative paths
    plan = install_plan(find_sources(Path()), FakeMachine())
    planned = [step.shell() for step in plan.steps]
    documented = _documented_commands()
    assert documented[-1] == "reboot"  # the plan's last note, as a command
    pip = next(i for i, step in enumerate(plan.steps) if step.argv[-1].endswith("[board]"))
    assert shlex.split(documented[pip])[-1] == "$PWD[board]"  # the checkout, as typed in it
    documented[pip] = planned[pip]
    # The first config is the example with the lines the notes name: its text is not repeated.
    config = next(i for i, step in enumerate(plan.steps) if step.argv[-1].endswith("board.yaml"))
    assert documented[config].splitlines()[0] == planned[config].splitlines()[0]
    documented[config] = planned[config]
    assert documented[:-1] == planned
