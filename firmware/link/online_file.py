"""What a board remembers of its online game across restarts: ``online.json`` in its state
directory, written whole (a temporary file renamed over it), read back at the next start."""

from __future__ import annotations

import json
import logging
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from firmware.rules.api import JsonValue
from firmware.rules.bounded_json import read_json

log = logging.getLogger("cullsboard.link")

SPEC_FILE = "online.json"


@dataclass
class OnlineSpec:
    """What this board remembers of its online game across restarts (``online.json``)."""

    code: str
    role: str
    peer: str | None
    game: str | None
    rules: dict[str, JsonValue] | None
    colours: list[str]  # the colours played at this board


class OnlineFile:
    """``online.json`` in ``state_dir`` (None: a board that remembers nothing)."""

    def __init__(self, state_dir: Path | None) -> None:
        self.path = None if state_dir is None else state_dir / SPEC_FILE

    def save(self, spec: OnlineSpec) -> None:
        """Keep ``spec``; a file that cannot be written is one warning, and play goes on."""
        if self.path is None:
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            temporary = self.path.with_name(self.path.name + ".tmp")
            temporary.write_text(json.dumps(asdict(spec)) + "\n", encoding="utf-8")
            temporary.replace(self.path)
        except OSError as exc:
            log.warning("cannot save the online game to %s (%s)", self.path, exc.strerror)

    def load(self) -> OnlineSpec | None:
        """The game kept, or None (none kept, or one that cannot be read: one warning)."""
        if self.path is None or not self.path.exists():
            return None
        try:
            saved: Any = read_json(self.path.read_bytes())  # a wrong shape is a TypeError
            return OnlineSpec(**saved)
        except (OSError, ValueError, TypeError) as exc:
            log.warning("cannot read the online game in %s (%s): playing alone", self.path, exc)
            return None

    def forget(self) -> None:
        if self.path is not None:
            self.path.unlink(missing_ok=True)
