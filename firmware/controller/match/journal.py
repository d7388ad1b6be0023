"""The match journal: every action appended and fsynced before its lights change; resumable.

One JSON object per line in ``journal.jsonl``: ``{"e": "match", "game", "rules", "players",
"level"}`` starts a match (``players``: each seat's player kind; ``level``: the computer's, on a
board that runs one), ``{"e": "round", "record": {...}}`` starts a round (a records.md record
with no moves yet), ``{"e": "do", "token": "h8"}`` and ``{"e": "undo"}`` are actions,
``{"e": "name", "seat": 0, "name": "Ana"}`` puts a player's name on a seat (``null``: takes it
off), ``{"e": "pending", "seat", "token"}`` and ``{"e": "dropped"}`` are a move made elsewhere
that waits for its piece and its drop, ``{"e": "end", "reason": "agreement", "winner": null}``
a round ended off the board (``controller/entries.py`` has their types). When the next match
starts, the file is moved to ``archive/``. Writing problems never stop play: the journal reports
one warning, the game goes on in memory and every later action tries again to write all that is
not written yet; once that works, one line says so.
What cannot be read or played is never deleted: it moves to a dated file in ``quarantine/`` and
the valid entries before it are kept.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from collections.abc import Callable
from pathlib import Path

from firmware.controller.core.saving import Saving
from firmware.rules.api import JsonValue
from firmware.rules.bounded_json import JsonInputError, read_json, shorten

Entry = dict[str, JsonValue]
Warn = Callable[[str], None]
# How many of these entries can be played, and why not the next one (None: all of them).
Playable = Callable[[list[Entry]], tuple[int, str | None]]

JOURNAL_NAME = "journal.jsonl"
ARCHIVE_DIR = "archive"
QUARANTINE_DIR = "quarantine"
JOURNAL_WHAT = "the journal"  # what the board's health calls it
ARCHIVE_KEEP = 100  # finished matches kept; older ones are deleted


class Journal:
    """Append-only, fsynced log of the current match in ``state_dir``."""

    def __init__(self, state_dir: Path | None, warn: Warn, saving: Saving | None = None) -> None:
        """``saving``: told when a write fails and when one works again (the board's health)."""
        self._dir = state_dir
        self._warn = warn
        self._saving = Saving() if saving is None else saving
        self._failed = state_dir is None  # for good: no folder, or a file that cannot be read
        self._unwritten: str | None = None  # why the last write failed (retried at the next)
        self._written = 0  # how many of ``entries`` the file holds
        self._archive_due = False  # a finished match's file is still to be moved away
        self._end: int | None = None  # the file's size after the last entry written, if known
        self.entries: list[Entry] = []
        self._starts: list[int] = []  # where each loaded entry starts in the file
        self._archived: Path | None = None

    @property
    def path(self) -> Path | None:
        return None if self._dir is None else self._dir / JOURNAL_NAME

    @property
    def in_memory_only(self) -> bool:
        return self._failed or self._unwritten is not None

    def load(self, playable: Playable | None = None) -> list[Entry]:
        """Read the journal: the entries up to the first that cannot be read or played.

        ``playable`` says how many of the readable entries can be played, and why not the next.
        What follows the last good entry moves to ``quarantine/``, with one warning.
        """
        self.entries, self._starts = [], []
        path = self.path
        if path is None or not path.exists():
            return []
        try:
            data = path.read_bytes()
        except OSError as exc:
            self._fail(f"cannot read the journal {path}: {exc.strerror}")
            return []
        cut: tuple[int, str] | None = None
        offset = 0
        for number, line in enumerate(data.split(b"\n"), start=1):
            if line.strip():
                try:
                    entry = _decode(line)
                except JsonInputError as exc:
                    cut = (offset, f"journal line {number} cannot be read ({exc})")
                    break
                self.entries.append(entry)
                self._starts.append(offset)
            offset += len(line) + 1
        if playable is not None and self.entries:
            count, problem = playable(self.entries)
            if problem is not None and count < len(self.entries):
                cut = (self._starts[count], problem)
        if cut is not None:
            self._quarantine(*cut)
        elif data and not data.endswith(b"\n"):
            self._repair_newline(path)
        self._written = len(self.entries)
        self._end = _size_of(path)
        return self.entries

    def append(self, entry: Entry) -> None:
        """Write one entry (and any not written before) and fsync; on failure warn once, keep
        going in memory and try again at the next entry."""
        self.entries.append(entry)
        path = self.path
        if self._failed or path is None:
            return
        try:
            if self._archive_due:
                self._move_to_archive(path)
            lines = b"".join(
                json.dumps(kept, separators=(",", ":")).encode() + b"\n"
                for kept in self.entries[self._written :]
            )
            path.parent.mkdir(parents=True, exist_ok=True)
            new_file = not path.exists()
            self._end = _append_whole(path, lines, self._end)
            if new_file or self._unwritten is not None:
                fsync_dir(path.parent)
        except OSError as exc:
            if self._unwritten is None:
                self._warn(f"cannot write the journal {path}: {exc.strerror}; playing on in memory")
            self._unwritten = exc.strerror or str(exc)
            self._saving.failed(JOURNAL_WHAT, exc)
            return
        if self._unwritten is not None:
            self._saving.works(JOURNAL_WHAT)
            self._warn(
                f"the journal {path} is written again: the {len(self.entries) - self._written}"
                " actions kept in memory are saved"
            )
            self._unwritten = None
        self._written = len(self.entries)

    def archive(self) -> None:
        """Move a finished (or abandoned) match out of the way and forget it."""
        self.entries = []
        self._written = 0
        self._end = 0
        path = self.path
        if self._failed or path is None or self._dir is None:
            return
        try:
            self._move_to_archive(path)
        except OSError as exc:
            self._archive_due = True  # tried again before the next match's first entry
            if self._unwritten is None:
                self._warn(
                    f"cannot archive the journal {path}: {exc.strerror}; playing on in memory"
                )
            self._unwritten = exc.strerror or str(exc)

    def _move_to_archive(self, path: Path) -> None:
        """Move the journal file (if there is one) to ``archive/`` and keep the last matches."""
        self._archive_due = False
        if self._dir is None or not path.exists():
            return
        folder = self._dir / ARCHIVE_DIR
        try:
            folder.mkdir(parents=True, exist_ok=True)
            target = _free_name(folder, "match", time.gmtime())
            path.replace(target)
        except OSError:
            self._archive_due = True
            raise
        self._archived = target
        for old in sorted(folder.glob("match-*.jsonl"))[:-ARCHIVE_KEEP]:
            with contextlib.suppress(OSError):  # an old archive left over costs nothing
                old.unlink()

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

    def _quarantine(self, offset: int, why: str) -> None:
        """Move the journal from byte ``offset`` on to a dated file; keep what comes before."""
        path, kept = self.path, sum(1 for start in self._starts if start < offset)
        self.entries, self._starts = self.entries[:kept], self._starts[:kept]
        if path is None or self._dir is None:
            return
        try:
            rest = path.read_bytes()[offset:]
            target = _free_name(self._dir / QUARANTINE_DIR, "journal", time.gmtime())
            target.parent.mkdir(parents=True, exist_ok=True)
            if offset == 0:
                path.replace(target)
            else:
                _write_durably(target, rest)
                with path.open("r+b") as handle:
                    handle.truncate(offset)
                    os.fsync(handle.fileno())
            fsync_dir(target.parent)
        except OSError as exc:
            self._fail(f"{why}; cannot set it aside: {exc.strerror}; playing on in memory")
            return
        lines = rest.count(b"\n") + (0 if rest.endswith(b"\n") else 1)
        self._warn(
            f"{shorten(why)}: kept {kept} entries; moved the rest ({lines} lines) to {target}"
        )

    def _fail(self, message: str) -> None:
        if not self._failed:
            self._failed = True
            self._warn(message)


def fsync_dir(folder: Path) -> None:
    """Make a new file's directory entry durable too."""
    handle = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(handle)
    finally:
        os.close(handle)


def _size_of(path: Path) -> int | None:
    try:
        return path.stat().st_size
    except OSError:
        return None


def _append_whole(path: Path, line: bytes, end_before: int | None) -> int:
    """Append ``line`` and fsync; if the disk fills half-way, cut the half line off again.

    ``end_before``: where the last whole entry ends, if known; anything past it (a half line a
    failed cut left behind) goes first. Returns the new end of the file.
    """
    handle = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        end = os.lseek(handle, 0, os.SEEK_END)
        if end_before is not None and end > end_before:
            os.ftruncate(handle, end_before)
            end = end_before
        try:
            rest = memoryview(line)
            while rest:
                rest = rest[os.write(handle, rest) :]
            os.fsync(handle)
        except OSError:
            with contextlib.suppress(OSError):
                os.ftruncate(handle, end)
            raise
    finally:
        os.close(handle)
    return end + len(line)


def _write_durably(target: Path, data: bytes) -> None:
    with target.open("xb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())


def _free_name(folder: Path, kind: str, when: time.struct_time) -> Path:
    """``folder/kind-YYYYMMDD-HHMMSS.jsonl``, with ``-2``, ``-3`` ... if that is taken."""
    stamp = time.strftime("%Y%m%d-%H%M%S", when)
    target = folder / f"{kind}-{stamp}.jsonl"
    suffix = 1
    while target.exists():
        suffix += 1
        target = folder / f"{kind}-{stamp}-{suffix}.jsonl"
    return target


def _decode(line: bytes) -> Entry:
    value = read_json(line)
    if not isinstance(value, dict) or not isinstance(value.get("e"), str):
        raise JsonInputError('not a journal entry (an object with an "e" key)')
    return value
