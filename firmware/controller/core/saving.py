"""What the board cannot save right now: the one account of it that health, the fault lights and
the staff read.

Each writer (the journal, the match history, the clocks) says when a write of its file fails and
when one works again; the state directory is looked at too, so a card that went read-only shows
before anyone plays. The writers log their own line once per change; this keeps the state.
"""

from __future__ import annotations

import errno
import os
import threading
from pathlib import Path

FOLDER = "the state directory"
OWNER = (
    "the board's user may not write there: check the folder's owner (the service makes "
    "/var/lib/cullsboard its user's at every start)"
)
# What staff should do, by the error's number (the rest: look at the card).
ADVICE = {
    errno.ENOSPC: "free space on the SD card (docs/kiosk.md#how-it-heals-itself)",
    errno.EROFS: "the SD card went read-only: restart the board, and replace the card if it "
    "stays so (docs/kiosk.md#how-it-heals-itself)",
    errno.EACCES: OWNER,
    errno.EPERM: OWNER,
}
ADVICE_ELSE = "check the SD card (docs/kiosk.md#how-it-heals-itself)"


class Saving:
    """Which files cannot be written now, and why (any thread)."""

    def __init__(self) -> None:
        self._failing: dict[str, tuple[str, int | None]] = {}
        self._lock = threading.Lock()

    def failed(self, what: str, error: OSError) -> None:
        """A write of ``what`` ("the journal") failed with ``error``."""
        with self._lock:
            self._failing[what] = (error.strerror or str(error), error.errno)

    def works(self, what: str) -> None:
        """A write of ``what`` worked: it is saved again."""
        with self._lock:
            self._failing.pop(what, None)

    def look_at(self, folder: Path) -> None:
        """Whether files can be written in ``folder`` (the state directory) now (one not made
        yet: the writers make it, and say if they cannot)."""
        if not folder.exists() or os.access(folder, os.W_OK):
            self.works(FOLDER)
            return
        try:
            probe = os.statvfs(folder)
            read_only = bool(probe.f_flag & os.ST_RDONLY)
        except OSError:
            read_only = False
        code = errno.EROFS if read_only else errno.EACCES
        self.failed(FOLDER, OSError(code, os.strerror(code)))

    @property
    def failing(self) -> bool:
        with self._lock:
            return bool(self._failing)

    def _failing_now(self) -> list[tuple[str, int | None]]:
        """Each file not being saved, short, with its error's number, in a steady order."""
        with self._lock:
            failing = sorted(self._failing.items())
        return [(f"{what} cannot be written ({why})", code) for what, (why, code) in failing]

    def unsaved(self) -> list[str]:
        """Each file not being saved, short: ``the journal cannot be written (Disk full)``."""
        return [short for short, _ in self._failing_now()]

    def problems(self) -> list[str]:
        """One sentence for each file not being saved: what, why and what staff should do."""
        return [
            f"games are not being saved: {short}; "
            f"{ADVICE_ELSE if code is None else ADVICE.get(code, ADVICE_ELSE)}"
            for short, code in self._failing_now()
        ]
