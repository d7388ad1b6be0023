"""The board configuration: schema with defaults, YAML loading, and checks naming the key path."""

from firmware.config.errors import ConfigError
from firmware.config.load import default_config, load_config, parse_config
from firmware.config.schema import Config

__all__ = ["Config", "ConfigError", "default_config", "load_config", "parse_config"]
