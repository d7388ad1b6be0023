"""One board per state directory: an exclusive ``flock`` on ``STATE_DIR/lock``, held while it runs.

Two copies writing one journal interleave their moves and corrupt the saved match, so the second
copy is refused and told which process holds the directory. The kernel drops the lock when the
holder exits, however it exits (a crash or a pulled plug leaves no stale lock behind).
"""

from __future__ import annotations

import contextlib
import fcntl
import os
from pathlib import Path
from types import TracebackType

from firmware.errors import UnavailableError

LOCK_NAME = "lock"


class StateDirBusyError(UnavailableError):
    """Another process holds the state directory; ``pid`` is its process id, if it wrote one."""

    def __init__(self, state_dir: Path, pid: int | None) -> None:
        holder = f"PID {pid}" if pid is not None else "another process"
        super().__init__(
            f"another cullsboard ({holder}) is running on the state directory {state_dir}: "
            "stop it first (one board per state directory)"
        )
        self.state_dir = state_dir
        self.pid = pid


class StateLock:
    """The held lock on a state directory; ``release()`` (or leaving ``with``) gives it up."""

    def __init__(self, state_dir: Path, handle: int | None) -> None:
        self.state_dir = state_dir
        self._handle = handle

    @property
    def held(self) -> bool:
        return self._handle is not None

    def release(self) -> None:
        """Give the directory up; safe to call twice."""
        if self._handle is not None:
            handle, self._handle = self._handle, None
            os.close(handle)  # closing the last descriptor drops the flock

    def __enter__(self) -> StateLock:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.release()

    def __repr__(self) -> str:
        return f"StateLock({str(self.state_dir)!r}, held={self.held})"


def lock_state_dir(state_dir: Path | None) -> StateLock:
    """Take the state directory for this process; StateDirBusyError if another one has it.

    A directory that cannot be created or written is not locked: the journal then plays in
    memory and says so itself, so there is nothing two copies could corrupt.
    """
    if state_dir is None:
        return StateLock(Path(), None)
    try:
        state_dir.mkdir(parents=True, exist_ok=True)
        handle = os.open(state_dir / LOCK_NAME, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
    except OSError:
        return StateLock(state_dir, None)
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        pid = _holder(handle)
        os.close(handle)
        raise StateDirBusyError(state_dir, pid) from None
    with contextlib.suppress(OSError):  # the PID is only for the message
        os.ftruncate(handle, 0)
        os.pwrite(handle, f"{os.getpid()}\n".encode(), 0)
    return StateLock(state_dir, handle)


def _holder(handle: int) -> int | None:
    try:
        text = os.pread(handle, 32, 0).decode("ascii", "replace").strip()
    except OSError:
        return None
    return int(text) if text.isdigit() else None
