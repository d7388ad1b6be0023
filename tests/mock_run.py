"""``cullsboard --mock-hal`` as a subprocess without ``--config``, its pages on a free port."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from dataclasses import dataclass, field
from pathlib import Path

from tests.browser_support import ADDRESS, ROOT

START_TIMEOUT_S = 120  # a loaded machine starts Python slowly


@dataclass
class MockRun:
    """One run: its process and the address of its pages once printed."""

    process: subprocess.Popen[str]
    stderr_path: Path
    found: list[str] = field(default_factory=list)
    ready: threading.Event = field(default_factory=threading.Event)

    @property
    def url(self) -> str:
        assert self.ready.wait(START_TIMEOUT_S) and self.found, "no web address printed"
        return self.found[0]

    def stop(self) -> str:
        """Close standard input (the board's way to quit); its standard error."""
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait(60)
        return self.stderr()

    def kill(self) -> str:
        """SIGKILL, as a power cut would; its standard error."""
        self.process.kill()
        self.process.wait(60)
        return self.stderr()

    def stderr(self) -> str:
        return self.stderr_path.read_text(encoding="utf-8", errors="replace")


def start_mock(tmp_path: Path, state: Path, *arguments: str) -> MockRun:
    """``cullsboard --mock-hal *arguments`` with its state in ``state``."""
    command = [sys.executable, "-m", "firmware", "--mock-hal", *arguments]
    command += ["--state-dir", str(state), "--web", "127.0.0.1:0"]
    env = dict(os.environ, XDG_STATE_HOME=str(tmp_path / "xdg"), PYTHONUNBUFFERED="1")
    stderr_path = tmp_path / f"stderr-{len(list(tmp_path.glob('stderr-*')))}.txt"
    with stderr_path.open("w", encoding="utf-8") as stderr:
        process = subprocess.Popen(
            command,
            cwd=ROOT,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=stderr,
            text=True,
        )
    run = MockRun(process, stderr_path)

    def read() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            match = ADDRESS.search(line)
            if match and not run.found:
                run.found.append(match.group(1))
                run.ready.set()
        run.ready.set()

    threading.Thread(target=read, daemon=True).start()
    return run
