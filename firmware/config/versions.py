"""The staff settings' version: two staff pages writing the same key, the later reader wins."""

from __future__ import annotations

from collections.abc import Iterable


class SettingsVersions:
    """The settings' version (one more at each change or reset) and each key's last change."""

    def __init__(self) -> None:
        self.version = 1
        self._changed_in: dict[str, int] = {}

    def changed(self, keys: Iterable[str]) -> None:
        """``keys`` were just changed: a new version."""
        self.version += 1
        self._changed_in.update(dict.fromkeys(keys, self.version))

    def changed_since(self, version: int, keys: Iterable[str]) -> list[str]:
        """Which of ``keys`` another write changed after ``version`` (a stale page's)."""
        return [key for key in keys if self._changed_in.get(key, 0) > version]
