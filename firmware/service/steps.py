"""Shell steps with their reasons, shown (``--dry-run``) or run in order, stopping at a failure."""

from __future__ import annotations

import grp
import os
import pwd
import shlex
import shutil
import subprocess
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol, TextIO

from firmware.errors import UnavailableError

EXIT_FAILED = 1
EXIT_USAGE = 2


class InstallError(UnavailableError):
    """The install cannot be planned or run; the message is one line for the user."""


@dataclass(frozen=True, slots=True)
class Step:
    """One command, with the reason it is there, and the text it reads on stdin if any."""

    why: str
    argv: tuple[str, ...]
    stdin: str | None = None

    def shell(self) -> str:
        """The command as it would be typed (its input as a here-document)."""
        command = shlex.join(self.argv)
        if self.stdin is None:
            return command
        return f"{command} <<'EOF'\n{self.stdin.rstrip(chr(10))}\nEOF"


@dataclass(frozen=True, slots=True)
class Plan:
    """The steps to run, and notes for things the installer cannot do itself."""

    steps: tuple[Step, ...]
    notes: tuple[str, ...] = field(default=())


class Probe(Protocol):
    """What the plan needs to know about the machine (read-only)."""

    def user_exists(self, name: str) -> bool: ...

    def group_exists(self, name: str) -> bool: ...

    def exists(self, path: Path) -> bool: ...

    def which(self, program: str) -> str | None: ...

    def read_text(self, path: Path) -> str | None:
        """The file's text, or None when there is no such file."""


class SystemProbe:
    """Looks at the real machine."""

    def user_exists(self, name: str) -> bool:
        return _known(pwd.getpwnam, name)

    def group_exists(self, name: str) -> bool:
        return _known(grp.getgrnam, name)

    def exists(self, path: Path) -> bool:
        return path.exists()

    def which(self, program: str) -> str | None:
        return shutil.which(program)

    def read_text(self, path: Path) -> str | None:
        try:
            return path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return None
        except OSError as exc:
            raise InstallError(f"cannot read {path} ({exc.strerror}): run it with sudo") from None


def _known(lookup: Callable[[str], object], name: str) -> bool:
    """Whether the account database ``lookup`` reads has an entry called ``name``."""
    try:
        lookup(name)
    except KeyError:
        return False
    return True


Runner = Callable[[Sequence[str], str | None], int]


def run_command(argv: Sequence[str], stdin: str | None = None) -> int:
    """Run one step for real, its output going straight to the terminal."""
    try:
        return subprocess.run(list(argv), input=stdin, text=True, check=False).returncode
    except OSError as exc:
        raise InstallError(f"cannot run {argv[0]}: {exc.strerror}") from None


def execute(
    plan: Plan,
    *,
    dry_run: bool,
    euid: int,
    runner: Runner,
    out: TextIO,
    err: TextIO,
    command: str,
) -> int:
    """Print every step, running each unless ``dry_run``; stop at the first that fails."""
    if not dry_run and euid != 0:
        print(f"cullsboard {command}: needs root: run it with sudo (or try --dry-run)", file=err)
        return EXIT_USAGE
    total = len(plan.steps)
    for number, step in enumerate(plan.steps, start=1):
        print(f"# {number}/{total} {step.why}\n{step.shell()}", file=out, flush=True)
        if dry_run:
            continue
        code = runner(step.argv, step.stdin)
        if code != 0:
            print(
                f"cullsboard {command}: step {number} failed (exit {code}): {step.shell()}",
                file=err,
            )
            return EXIT_FAILED
    for note in plan.notes:
        print(f"# note: {note}", file=out)
    if dry_run:
        print(f"# dry run: nothing was changed ({total} steps)", file=out)
    return 0


def current_euid() -> int:
    """The effective user id (0 for root)."""
    return os.geteuid()
