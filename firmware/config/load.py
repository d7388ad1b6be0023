"""Load a configuration: YAML text -> typed, checked, complete ``Config`` (or one ConfigError)."""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Hashable
from pathlib import Path

import yaml

from firmware.config.addressing import resolve_chain, resolve_direct, resolve_matrix
from firmware.config.checks import check_access, check_gpio, check_leds, check_touch
from firmware.config.convert import YamlMapping, build, describe
from firmware.config.errors import ConfigError
from firmware.config.pins import check_pins
from firmware.config.renamed import Notice, renamed_keys
from firmware.config.required import check_required
from firmware.config.schema import Config
from firmware.config.tuning import check_tuning

try:  # libyaml's parser when PyYAML was built with it: several times faster
    from yaml import CSafeLoader as _SafeLoader
except ImportError:  # pragma: no cover - depends on how PyYAML was installed
    from yaml import SafeLoader as _SafeLoader  # type: ignore[assignment]


MAX_CONFIG_BYTES = 1_000_000
MAX_VALUES = 100_000  # values in the document once every alias is expanded
MAX_DEPTH = 32
MAX_NUMBER_CHARS = 40
_NUMBER_TAGS = ("tag:yaml.org,2002:int", "tag:yaml.org,2002:float")


class _StrictLoader(_SafeLoader):
    """PyYAML's safe loader, bounded, and mappings remember keys given twice (not the last).

    Before anything is built, the document is measured: aliases may not expand to more than
    ``MAX_VALUES`` values (a "billion laughs" file), nest deeper than ``MAX_DEPTH`` or refer to
    themselves, and a number may not be longer than ``MAX_NUMBER_CHARS`` characters.
    """

    def construct_document(self, node: yaml.Node) -> object:
        _measure(node)
        return super().construct_document(node)


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    if isinstance(node, yaml.MappingNode):
        return [part for pair in node.value for part in pair]
    return []


def _measure(root: yaml.Node) -> None:
    """Refuse a document too big once aliases expand, too deep, cyclic, or with a huge number."""
    size: dict[int, int] = {}
    depth: dict[int, int] = {}
    open_nodes: set[int] = set()  # the nodes on the path from the root to the current one
    pending: list[tuple[yaml.Node, bool]] = [(root, False)]
    while pending:
        node, finished = pending.pop()
        key = id(node)
        children = _children(node)
        if finished:
            open_nodes.discard(key)
            size[key] = 1 + sum(size[id(child)] for child in children)
            depth[key] = 1 + max((depth[id(child)] for child in children), default=0)
            if size[key] > MAX_VALUES:
                _refuse(node, f"aliases expand to more than {MAX_VALUES} values")
            if depth[key] > MAX_DEPTH:
                _refuse(node, f"nested more than {MAX_DEPTH} deep")
            continue
        if key in size:
            continue
        if node.tag in _NUMBER_TAGS and len(str(node.value)) > MAX_NUMBER_CHARS:
            _refuse(node, f"a number longer than {MAX_NUMBER_CHARS} characters")
        open_nodes.add(key)
        pending.append((node, True))
        for child in children:
            if id(child) in open_nodes:
                _refuse(child, "an alias refers to the value it is part of")
            if id(child) not in size:
                pending.append((child, False))


def _refuse(node: yaml.Node, problem: str) -> None:
    raise ConfigError("yaml", "", f"not usable YAML: line {node.start_mark.line + 1}: {problem}")


def _construct_mapping(loader: _StrictLoader, node: yaml.MappingNode) -> YamlMapping:
    loader.flatten_mapping(node)
    result = YamlMapping()
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        if not isinstance(key, Hashable):
            line = key_node.start_mark.line + 1
            raise ConfigError("yaml", "", f"line {line}: a key must be a plain word or number")
        if key in result:
            result.repeated.append(key)
        result[key] = loader.construct_object(value_node, deep=True)
    return result


_StrictLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)


def read_yaml(text: str) -> object:
    """Parse YAML text; a syntax error or a file beyond the limits is one ConfigError."""
    if len(text) > MAX_CONFIG_BYTES:
        raise ConfigError("yaml", "", f"more than {MAX_CONFIG_BYTES} characters: not a config")
    try:
        return yaml.load(text, Loader=_StrictLoader)  # a SafeLoader subclass
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark
        where = f"line {mark.line + 1}, column {mark.column + 1}: " if mark else ""
        problem = exc.problem or exc.context or "cannot be read"
        raise ConfigError("yaml", "", f"not valid YAML: {where}{problem}") from None
    except yaml.YAMLError as exc:
        first_line = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise ConfigError("yaml", "", f"not valid YAML: {first_line}") from None


def to_stderr(line: str) -> None:
    """Where a config's notices go unless the caller has a place for them."""
    print(f"cullsboard: {line}", file=sys.stderr, flush=True)


def unsaid(line: str) -> None:
    """Drop a notice (the same file was loaded, and said so, before)."""


def config_from_data(data: object, notice: Notice = to_stderr) -> Config:
    """Build a complete, checked ``Config`` from parsed YAML (a mapping, or None for empty).

    ``notice`` gets one line for a key given under its old name (``culls.chips``)."""
    if data is None:
        data = {}
    if not isinstance(data, dict):
        message = (
            f"a config file must be a mapping of sections (board, touch, ...), got {describe(data)}"
        )
        raise ConfigError("type", "", message)
    config = build(Config, renamed_keys(data, notice), "")
    check_touch(config)
    touch = config.touch
    if touch.layout == "matrix":
        touch = dataclasses.replace(touch, matrix=resolve_matrix(touch.matrix, config.board))
    else:
        touch = dataclasses.replace(touch, direct=resolve_direct(touch.direct, config.board))
    leds = resolve_chain(config.leds, config.board)
    config = dataclasses.replace(config, touch=touch, leds=leds)
    check_tuning(config)
    count = check_leds(config)
    check_gpio(config)
    check_access(config)
    check_pins(config)
    return dataclasses.replace(config, leds=dataclasses.replace(config.leds, count=count))


def parse_config(text: str, notice: Notice = to_stderr) -> Config:
    """Build a ``Config`` from YAML text."""
    return config_from_data(read_yaml(text), notice)


def load_config(path: str | Path, notice: Notice = to_stderr) -> Config:
    """Read and check a board file: it must also state its hardware (``required``)."""
    try:
        with Path(path).open("rb") as handle:  # at most one byte past the limit: /dev/zero ends
            text = handle.read(MAX_CONFIG_BYTES + 1).decode("utf-8")
    except UnicodeDecodeError:
        raise ConfigError("file", "", f"{path} is not UTF-8 text") from None
    except OSError as exc:
        raise ConfigError("file", "", f"cannot read {path}: {exc.strerror}") from None
    data = read_yaml(text)
    if data is None:
        raise ConfigError(
            "file", "", "the file is empty: a board file states at least its hardware (backends)"
        )
    if isinstance(data, dict):
        check_required(data)
    return config_from_data(data, lambda line: notice(f"{path}: {line}"))


def default_config() -> Config:
    """The schema's defaults, complete: what an empty file gives."""
    return config_from_data({})
