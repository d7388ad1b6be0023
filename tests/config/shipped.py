"""Helpers for tests that start from the shipped config files and break them one key at a time."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml

CONFIG_DIR = Path(__file__).resolve().parent.parent.parent / "config"
SHIPPED = ("default.yaml", "matrix-board.yaml", "direct-board.yaml")
# Maps whose keys are data (rows, cells ...), not option names.
DATA_MAPS = {"rows", "columns", "cells", "channels", "pads"}

Key = str | int
Leaf = tuple[tuple[Key, ...], str]  # the keys to reach it, and its path as errors write it


def raw(name: str) -> dict[str, Any]:
    """A shipped file as plain parsed YAML."""
    data = yaml.safe_load((CONFIG_DIR / name).read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def leaf_keys(data: Any, prefix: tuple[Key, ...] = (), path: str = "") -> Iterator[Leaf]:
    """Every key that holds a value (options, entries of data maps, keys of list items)."""
    if isinstance(data, dict):
        for key, value in data.items():
            here = (*prefix, key)
            where = f"{path}.{key}" if path else str(key)
            yield here, where
            if isinstance(value, dict) and key in DATA_MAPS:
                yield from (((*here, entry), f"{where}.{entry}") for entry in value)
            elif isinstance(value, dict | list):
                yield from leaf_keys(value, here, where)
    elif isinstance(data, list):
        for index, item in enumerate(data):
            if isinstance(item, dict):
                yield from leaf_keys(item, (*prefix, index), f"{path}[{index}]")


def without(data: dict[str, Any], keys: tuple[Key, ...]) -> dict[str, Any]:
    """A deep copy of ``data`` with the key at ``keys`` removed."""
    result = copy.deepcopy(data)
    parent: Any = result
    for key in keys[:-1]:
        parent = parent[key]
    del parent[keys[-1]]
    return result


def with_value(data: dict[str, Any], keys: tuple[Key, ...], value: object) -> dict[str, Any]:
    """A deep copy of ``data`` with the key at ``keys`` set to ``value``."""
    result = copy.deepcopy(data)
    parent: Any = result
    for key in keys[:-1]:
        parent = parent.setdefault(key, {}) if isinstance(parent, dict) else parent[key]
    parent[keys[-1]] = value
    return result


def write(tmp_path: Path, data: dict[str, Any], name: str = "board.yaml") -> Path:
    """Save ``data`` as a YAML file for a command to read."""
    path = tmp_path / name
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return path
