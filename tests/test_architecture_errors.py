"""One root for the project's errors: every exception class in firmware/ and hal/ derives from
``CullsboardError`` through a family that is also the built-in error it is."""

from __future__ import annotations

import ast
import importlib
import inspect
from pathlib import Path

import pytest

from firmware.errors import (
    CullsboardError,
    HardwareError,
    InputError,
    ReportedError,
    StopSignal,
    UnavailableError,
)

ROOT = Path(__file__).resolve().parent.parent
FAMILIES = (InputError, HardwareError, UnavailableError, ReportedError, StopSignal)
SKIPPED = {"firmware.__main__"}  # runs the command line when imported


def _module_names() -> list[str]:
    paths = sorted(p for package in ("firmware", "hal") for p in (ROOT / package).rglob("*.py"))
    names = [".".join(p.relative_to(ROOT).with_suffix("").parts) for p in paths]
    return [name.removesuffix(".__init__") for name in names if name not in SKIPPED]


def _exception_classes(module_name: str) -> list[type[BaseException]]:
    module = importlib.import_module(module_name)
    return [
        cls
        for _, cls in inspect.getmembers(module, inspect.isclass)
        if issubclass(cls, BaseException) and cls.__module__ == module_name
    ]


@pytest.mark.parametrize("module_name", _module_names())
def test_every_exception_class_derives_from_the_root_through_a_family(module_name: str) -> None:
    for cls in _exception_classes(module_name):
        if cls is CullsboardError or cls in FAMILIES:
            continue
        where = f"{module_name}.{cls.__name__}"
        assert issubclass(cls, CullsboardError), f"{where} does not derive from CullsboardError"
        assert any(issubclass(cls, family) for family in FAMILIES), f"{where} has no family"


def test_the_scan_finds_the_project_s_errors() -> None:
    found = {cls.__name__ for name in _module_names() for cls in _exception_classes(name)}
    assert {"ConfigError", "IllegalActionError", "LedDriverError", "CommandError"} <= found
    assert len(found) >= 40  # the root, its five families and the errors under them


def test_each_family_is_also_the_built_in_error_it_is() -> None:
    assert issubclass(InputError, ValueError)
    assert issubclass(HardwareError, OSError)
    assert issubclass(UnavailableError, RuntimeError)


def test_the_root_s_module_imports_nothing() -> None:
    """Every layer may import ``hal/errors.py`` (the rules too) because it imports nothing."""
    tree = ast.parse((ROOT / "hal" / "errors.py").read_text(encoding="utf-8"))
    imports = [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        or (isinstance(node, ast.ImportFrom) and node.module != "__future__")
    ]
    assert imports == []
