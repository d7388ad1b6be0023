"""A command's ``run``, named by where it is and imported only when it is called."""

from __future__ import annotations

import importlib

from firmware.commands.collector import collector_paused

# typing and dataclasses are not imported: every command pays for what this module loads.
TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse
    from typing import Any


class LazyRun:
    """A command's ``run``, its module imported only when it is called."""

    __slots__ = ("target",)

    def __init__(self, target: str) -> None:
        self.target = target  # "module:function"

    def __repr__(self) -> str:
        return f"LazyRun(target={self.target!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, LazyRun) and other.target == self.target

    def __hash__(self) -> int:
        return hash(self.target)

    def __call__(self, args: argparse.Namespace, **extra: Any) -> int:
        module, _, function = self.target.partition(":")
        with collector_paused():
            run = getattr(importlib.import_module(module), function)
        code: int = run(args, **extra)
        return code
