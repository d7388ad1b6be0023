"""A command's ``run``, named by where it is and imported only when it is called."""

from __future__ import annotations

import argparse
import importlib
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class LazyRun:
    """A command's ``run``, its module imported only when it is called."""

    target: str  # "module:function"

    def __call__(self, args: argparse.Namespace, **extra: Any) -> int:
        module, _, function = self.target.partition(":")
        run = getattr(importlib.import_module(module), function)
        code: int = run(args, **extra)
        return code
