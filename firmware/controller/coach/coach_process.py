"""The coach's analyser as a child process: ``cullsboard analyse - --from PLY --nodes N`` in a
process group of its own (so a cancel kills all of it), at the lowest priority the system has
(nice 19 and, on Linux, SCHED_IDLE: it runs only on a core nothing else wants)."""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
from collections.abc import Sequence

ANALYSER = (sys.executable, "-m", "firmware", "analyse")
LOWEST_NICE = 19


def lowest_priority(pid: int) -> None:
    """Make process ``pid`` the last to get a core: nice 19 and, where there is one, SCHED_IDLE."""
    with contextlib.suppress(OSError):
        os.setpriority(os.PRIO_PROCESS, pid, LOWEST_NICE)
    if sys.platform == "linux":
        with contextlib.suppress(OSError):
            os.sched_setscheduler(pid, os.SCHED_IDLE, os.sched_param(0))


def start_analyser(command: Sequence[str], first: int, nodes: int) -> subprocess.Popen[bytes]:
    """``command`` started on the moves from ply ``first``, ``nodes`` search nodes a position,
    at the lowest priority; the record goes to its stdin (OSError: it cannot start)."""
    args = [*command, "-", "--from", str(first), "--nodes", str(nodes)]
    process = subprocess.Popen(
        args,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,  # its own group: a cancel kills all of it
    )
    lowest_priority(process.pid)
    return process
