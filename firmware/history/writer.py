"""Writes match snapshots to the history and never loses one.

Every snapshot goes first to a small spool file beside the database (the latest per match key,
written atomically and fsynced), then into the database; once the database has it, the spool
forgets it. A save that fails (locked or busy past the busy timeout, a full disk, any OSError
or sqlite3.Error) leaves the snapshot in the spool (or in memory, if even the spool cannot be
written), warns once for the outage and is tried again at the next ``save`` or ``retry`` and
when the writer starts, so across a restart too; one line says when writing works again.
A database that is not one (corrupt, or some other file) is moved to ``quarantine/`` (never
deleted) and a fresh one started, with one warning line saying where the old one went.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path

from firmware.controller.core.saving import Saving
from firmware.controller.match.journal import fsync_dir
from firmware.history.snapshot import MatchSnapshot, SnapshotError, snapshot_from_json
from firmware.history.store import History, unreadable
from firmware.rules.api import JsonValue
from firmware.rules.bounded_json import JsonInputError, read_json

SPOOL_NAME = "history-spool.json"
QUARANTINE_DIR = "quarantine"
SPOOL_FORMAT = 1
SQLITE_ERRNO = {13: errno.ENOSPC, 8: errno.EROFS, 14: errno.EACCES}  # FULL, READONLY, CANTOPEN
HISTORY_WHAT = "the match history"  # what the board's health calls it


def spooled(spool_path: Path) -> list[MatchSnapshot]:
    """The snapshots the spool holds that can be saved (a reader's view: nothing is changed;
    the board sets aside what cannot be read)."""
    try:
        raw = read_json(spool_path.read_bytes())
    except (OSError, JsonInputError):
        return []
    matches = raw.get("matches") if isinstance(raw, dict) else None
    found = []
    for item in matches if isinstance(matches, list) else []:
        with contextlib.suppress(SnapshotError):
            found.append(snapshot_from_json(item))
    return found


def read_history(state_dir: Path) -> History:
    """The history in ``state_dir`` as a reader should see it: the database with what the spool
    holds over it (a round saved while the database was locked is part of the history)."""
    history = History(state_dir)
    try:
        history.read_with(spooled(state_dir / SPOOL_NAME))
    except BaseException:
        history.close()
        raise
    return history


class HistoryWriter:
    """Saves snapshots through ``history_factory``'s History, spooling what is not saved yet."""

    def __init__(
        self,
        history_factory: Callable[[], History],
        spool_path: Path,
        warn: Callable[[str], None],
        *,
        wall: Callable[[], float] = time.time,
        saving: Saving | None = None,
    ) -> None:
        """``saving``: told when a write fails and when one works again (the board's health)."""
        self._factory = history_factory
        self._saving = Saving() if saving is None else saving
        self.database_path = history_factory().path  # History opens nothing until it is used
        self.spool_path = spool_path
        self._warn = warn
        self._wall = wall
        self._history: History | None = None
        self._pending: dict[str, MatchSnapshot] = {}
        self._outage: str | None = None  # why saving fails, while it does
        self._spooled = False  # whether the spool file holds what is pending
        self._read_spool()
        self.retry()

    @property
    def pending(self) -> tuple[MatchSnapshot, ...]:
        """The snapshots not in the database yet, oldest first."""
        return tuple(self._pending.values())

    def save(self, snapshot: MatchSnapshot) -> None:
        """Keep ``snapshot`` (replacing an older one of its match) and write what is pending
        (``pending`` is empty once the database has all of it)."""
        self._pending.pop(snapshot.key, None)
        self._pending[snapshot.key] = snapshot
        self._write_spool()
        self._flush()

    def retry(self) -> bool:
        """Write what is pending (nothing to do: True)."""
        return self._flush() if self._pending else True

    def retry_after(self, event: object) -> None:
        """An event subscriber: try again after any event (an action, a round's end)."""
        self.retry()

    def close(self) -> None:
        if self._history is not None:
            self._history.close()
            self._history = None

    # -- the database ---------------------------------------------------------------------

    def _flush(self) -> bool:
        try:
            self._save_pending()
        except (OSError, sqlite3.Error) as exc:
            if not unreadable(exc):
                return self._failed(exc)
            if not self._quarantine(exc):
                return False
            try:
                self._save_pending()
            except (OSError, sqlite3.Error) as again:
                return self._failed(again)
        self._forget_spool()
        if self._outage is not None:
            self._warn(f"the match history {self.database_path} is written again")
            self._outage = None
            self._saving.works(HISTORY_WHAT)
        return True

    def _save_pending(self) -> None:
        if self._history is None:
            self._history = self._factory()
        for key, snapshot in list(self._pending.items()):
            try:
                self._history.save(snapshot)
            except (OverflowError, ValueError) as exc:  # this match cannot be kept as it is
                del self._pending[key]
                self._set_entries_aside([snapshot.to_json()], str(exc))
                continue
            del self._pending[key]

    def _failed(self, exc: BaseException) -> bool:
        self.close()  # opened afresh next time
        if self._outage is None:
            kept = f"kept in {self.spool_path}" if self._spooled else "kept in memory"
            self._warn(
                f"cannot write the match history {self.database_path} ({exc}); the rounds are"
                f" {kept} and written when it can be"
            )
        self._outage = str(exc)
        self._saving.failed(HISTORY_WHAT, as_os_error(exc))
        if not self._spooled:
            self._write_spool()
        return False

    def _quarantine(self, exc: BaseException) -> bool:
        """Move the unreadable database (and its WAL files) aside; False if that failed."""
        path = self.database_path
        self.close()
        folder = path.parent / QUARANTINE_DIR
        stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime(self._wall()))
        target = folder / f"{path.stem}-{stamp}{path.suffix}"
        number = 1
        while target.exists():
            number += 1
            target = folder / f"{path.stem}-{stamp}-{number}{path.suffix}"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            path.replace(target)
            for extra in ("-wal", "-shm"):
                side = path.with_name(path.name + extra)
                if side.exists():
                    side.replace(target.with_name(target.name + extra))
            fsync_dir(folder)
            fsync_dir(path.parent)
        except OSError as move:
            return self._failed(
                OSError(f"{exc}; it cannot be moved to {folder}: {move.strerror or move}")
            )
        self._warn(
            f"the match history {path} cannot be read ({exc}): moved it to {target} and"
            " started a fresh one"
        )
        return True

    # -- the spool ------------------------------------------------------------------------

    def _read_spool(self) -> None:
        try:
            data = self.spool_path.read_bytes()
        except (FileNotFoundError, NotADirectoryError):
            return  # nothing spooled (the first write says what is wrong with the folder)
        except OSError as exc:
            self._warn(f"cannot read the history spool {self.spool_path}: {exc.strerror}")
            return
        try:
            raw = read_json(data)
            if not isinstance(raw, dict) or not isinstance(raw.get("matches"), list):
                raise SnapshotError('not a spool (an object with a "matches" list)')
        except (JsonInputError, SnapshotError) as exc:
            self._set_spool_aside(exc)
            return
        matches = raw["matches"]
        assert isinstance(matches, list)
        snapshots, bad, why = [], [], ""
        for item in matches:
            try:
                snapshots.append(snapshot_from_json(item))
            except SnapshotError as exc:
                bad.append(item)
                why = why or str(exc)
        self._pending = {snapshot.key: snapshot for snapshot in snapshots}
        self._spooled = True
        if bad:
            self._set_entries_aside(bad, why)

    def _set_entries_aside(self, entries: list[JsonValue], why: str) -> None:
        """Move the spool's entries that cannot be saved to ``quarantine/`` (the rest stay)."""
        target = self._quarantine_name()
        body = json.dumps({"format": SPOOL_FORMAT, "matches": entries}, separators=(",", ":"))
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            _write_durably(target, body.encode())
        except OSError as move:
            self._warn(f"the history spool {self.spool_path} has {_count(entries)} that cannot"
                       f" be saved ({why}) and cannot be set aside ({move.strerror})")  # fmt: skip
            return
        self._write_spool()  # what stays pending, without the entries set aside
        self._warn(f"the history spool {self.spool_path} has {_count(entries)} that cannot be"
                   f" saved ({why}): moved to {target}")  # fmt: skip

    def _quarantine_name(self) -> Path:
        folder = self.spool_path.parent / QUARANTINE_DIR
        stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime(self._wall()))
        target = folder / f"history-spool-{stamp}.json"
        number = 1
        while target.exists():
            number += 1
            target = folder / f"history-spool-{stamp}-{number}.json"
        return target

    def _set_spool_aside(self, exc: Exception) -> None:
        target = self._quarantine_name()
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            self.spool_path.replace(target)
        except OSError as move:
            self._warn(f"the history spool {self.spool_path} cannot be read ({exc}) or moved"
                       f" aside ({move.strerror})")  # fmt: skip
            return
        self._warn(f"the history spool {self.spool_path} cannot be read ({exc}): moved it to"
                   f" {target}")  # fmt: skip

    def _write_spool(self) -> None:
        """Write the pending snapshots to the spool atomically; on failure keep them in memory."""
        body = {
            "format": SPOOL_FORMAT,
            "matches": [snapshot.to_json() for snapshot in self._pending.values()],
        }
        temporary = self.spool_path.with_name(self.spool_path.name + ".tmp")
        try:
            self.spool_path.parent.mkdir(parents=True, exist_ok=True)
            with temporary.open("wb") as handle:
                handle.write(json.dumps(body, separators=(",", ":")).encode())
                handle.flush()
                os.fsync(handle.fileno())
            temporary.replace(self.spool_path)
            fsync_dir(self.spool_path.parent)
        except OSError:
            with contextlib.suppress(OSError):
                temporary.unlink()
            self._spooled = False
            return
        self._spooled = True

    def _forget_spool(self) -> None:
        if not self._spooled and not self.spool_path.exists():
            return
        try:
            self.spool_path.unlink(missing_ok=True)
            fsync_dir(self.spool_path.parent)
        except OSError:
            return  # what it holds is in the database: reading it again later does no harm
        self._spooled = False


def as_os_error(exc: BaseException) -> OSError:
    """``exc`` as the OSError it stands for (SQLite's own codes: a full disk, a read-only file,
    one it cannot open), for the board's health to say what staff should do."""
    if isinstance(exc, OSError):
        return exc
    code = SQLITE_ERRNO.get(exc.sqlite_errorcode) if isinstance(exc, sqlite3.Error) else None
    return OSError(code, str(exc))


def _count(entries: list[JsonValue]) -> str:
    return "an entry" if len(entries) == 1 else f"{len(entries)} entries"


def _write_durably(target: Path, data: bytes) -> None:
    temporary = target.with_name(target.name + ".tmp")
    with temporary.open("wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())
    temporary.replace(target)
    fsync_dir(target.parent)
