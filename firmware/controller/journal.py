"""The match journal: every action appended and fsynced before its lights change; resumable.

One JSON object per line in ``journal.jsonl``: ``{"e": "match", "game", "rules", "players"}``
starts a match (``players``: each seat's player kind), ``{"e": "round", "record": {...}}`` starts
a round (a records.md record with no moves yet), ``{"e": "do", "token": "h8"}`` and
``{"e": "undo"}`` are actions. When the next match starts, the file is moved to ``archive/``.
Writing problems never stop play: the journal reports one warning and the game goes on in memory.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from pathlib import Path

from firmware.rules.api import JsonValue

Entry = dict[str, JsonValue]
Warn = Callable[[str], None]

JOURNAL_NAME = "journal.jsonl"
ARCHIVE_DIR = "archive"
ARCHIVE_KEEP = 100  # finished matches kept; older ones are deleted


class Journal:
    """Append-only, fsynced log of the current match in ``state_dir``."""

    def __init__(self, state_dir: Path | None, warn: Warn) -> None:
        self._dir = state_dir
        self._warn = warn
        self._failed = state_dir is None
        self.entries: list[Entry] = []
        self._archived: Path | None = None

    @property
    def path(self) -> Path | None:
        return None if self._dir is None else self._dir / JOURNAL_NAME

    @property
    def in_memory_only(self) -> bool:
        return self._failed

    def load(self) -> list[Entry]:
        """Read the journal; a torn or corrupt entry and everything after it is dropped."""
        path = self.path
        if path is None or not path.exists():
            return []
        try:
            data = path.read_bytes()
        except OSError as exc:
            self._fail(f"cannot read the journal {path}: {exc.strerror}")
            return []
        good: list[Entry] = []
        kept = 0
        for number, line in enumerate(data.split(b"\n"), start=1):
            if not line.strip():
                kept += len(line) + 1
                continue
            entry = _decode(line)
            if entry is None:
                self._warn(f"journal line {number} is torn or corrupt: dropped it and what follows")
                self._truncate(path, kept)
                break
            good.append(entry)
            kept += len(line) + 1
        else:
            if data and not data.endswith(b"\n"):
                self._repair_newline(path)
        self.entries = good
        return good

    def append(self, entry: Entry) -> None:
        """Write one entry and fsync it; on failure warn once and keep going in memory."""
        self.entries.append(entry)
        path = self.path
        if self._failed or path is None:
            return
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            new_file = not path.exists()
            with path.open("ab") as handle:
                handle.write(json.dumps(entry, separators=(",", ":")).encode() + b"\n")
                handle.flush()
                os.fsync(handle.fileno())
            if new_file:
                _fsync_dir(path.parent)
        except OSError as exc:
            self._fail(f"cannot write the journal {path}: {exc.strerror}; playing on in memory")

    def archive(self) -> None:
        """Move a finished (or abandoned) match out of the way and forget it."""
        self.entries = []
        path = self.path
        if self._failed or path is None or self._dir is None or not path.exists():
            return
        folder = self._dir / ARCHIVE_DIR
        try:
            folder.mkdir(parents=True, exist_ok=True)
            stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
            target = folder / f"match-{stamp}.jsonl"
            suffix = 1
            while target.exists():
                suffix += 1
                target = folder / f"match-{stamp}-{suffix}.jsonl"
            path.replace(target)
            self._archived = target
            for old in sorted(folder.glob("match-*.jsonl"))[:-ARCHIVE_KEEP]:
                old.unlink()
        except OSError as exc:
            self._fail(f"cannot archive the journal {path}: {exc.strerror}; playing on in memory")

    def archived_paths(self) -> list[Path]:
        """The archived matches, oldest first."""
        if self._dir is None:
            return []
        return sorted((self._dir / ARCHIVE_DIR).glob("match-*.jsonl"))

    def take_archived(self) -> Path | None:
        """Where ``archive`` moved a match since the last call, if it moved one."""
        archived, self._archived = self._archived, None
        return archived

    def tell(self, text: str) -> None:
        """Say something about the saved matches on the warning channel."""
        self._warn(text)

    def _repair_newline(self, path: Path) -> None:
        try:
            with path.open("ab") as handle:
                handle.write(b"\n")
        except OSError as exc:
            self._fail(f"cannot repair the journal {path}: {exc.strerror}; playing on in memory")

    def _truncate(self, path: Path, size: int) -> None:
        try:
            with path.open("r+b") as handle:
                handle.truncate(size)
                os.fsync(handle.fileno())
        except OSError as exc:
            self._fail(f"cannot repair the journal {path}: {exc.strerror}; playing on in memory")

    def _fail(self, message: str) -> None:
        if not self._failed:
            self._failed = True
            self._warn(message)


def _fsync_dir(folder: Path) -> None:
    """Make a new file's directory entry durable too."""
    handle = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(handle)
    finally:
        os.close(handle)


def _decode(line: bytes) -> Entry | None:
    try:
        value = json.loads(line)
    except (UnicodeDecodeError, json.JSONDecodeError):
        return None
    if not isinstance(value, dict) or not isinstance(value.get("e"), str):
        return None
    return value
