"""Load a configuration: YAML text -> typed, checked, complete ``Config`` (or one ConfigError)."""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable
from pathlib import Path

import yaml

from firmware.config.addressing import resolve_chain, resolve_direct, resolve_matrix
from firmware.config.checks import check_access, check_gpio, check_leds, check_touch
from firmware.config.convert import YamlMapping, build, describe
from firmware.config.errors import ConfigError
from firmware.config.required import check_required
from firmware.config.schema import Config

try:  # libyaml's parser when PyYAML was built with it: several times faster
    from yaml import CSafeLoader as _SafeLoader
except ImportError:  # pragma: no cover - depends on how PyYAML was installed
    from yaml import SafeLoader as _SafeLoader  # type: ignore[assignment]


class _StrictLoader(_SafeLoader):
    """PyYAML's safe loader, but mappings remember keys given twice instead of keeping the last."""


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
    """Parse YAML text; a syntax error becomes one ConfigError with the line."""
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


def config_from_data(data: object) -> Config:
    """Build a complete, checked ``Config`` from parsed YAML (a mapping, or None for empty)."""
    if data is None:
        data = {}
    if not isinstance(data, dict):
        message = (
            f"a config file must be a mapping of sections (board, touch, ...), got {describe(data)}"
        )
        raise ConfigError("type", "", message)
    config = build(Config, data, "")
    check_touch(config)
    touch = config.touch
    if touch.layout == "matrix":
        touch = dataclasses.replace(touch, matrix=resolve_matrix(touch.matrix, config.board))
    else:
        touch = dataclasses.replace(touch, direct=resolve_direct(touch.direct, config.board))
    leds = resolve_chain(config.leds, config.board)
    config = dataclasses.replace(config, touch=touch, leds=leds)
    count = check_leds(config)
    check_gpio(config)
    check_access(config)
    return dataclasses.replace(config, leds=dataclasses.replace(config.leds, count=count))


def parse_config(text: str) -> Config:
    """Build a ``Config`` from YAML text."""
    return config_from_data(read_yaml(text))


def load_config(path: str | Path) -> Config:
    """Read and check a board file: it must also state its hardware (``required``)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise ConfigError("file", "", f"{path} is not UTF-8 text") from None
    except OSError as exc:
        raise ConfigError("file", "", f"cannot read {path}: {exc.strerror}") from None
    data = read_yaml(text)
    if isinstance(data, dict):
        check_required(data)
    return config_from_data(data)


def default_config() -> Config:
    """The schema's defaults, complete: what an empty file gives."""
    return config_from_data({})
