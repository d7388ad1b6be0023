"""Running the simulated board from a script and reading what its voice said (``--said``)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def cullsboard(*argv: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """``cullsboard ARGV`` run to its end from the project's folder."""
    return subprocess.run(
        [sys.executable, "-m", "firmware", *argv],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=timeout,
        check=False,
    )


def said_over(
    script: str, folder: Path, *flags: str, state: Path | None = None
) -> list[tuple[int, str]]:
    """Each sentence the voice says over ``script`` (``t_ms``, sentence) on the simulated board
    run with ``flags``, its files in ``folder`` (made) and its state in ``state`` (default:
    ``folder/state``)."""
    folder.mkdir()
    (folder / "script.txt").write_text(script, encoding="utf-8")
    out = folder / "said.txt"
    state = state or folder / "state"
    done = cullsboard("--mock-hal", "--seed", "1", *flags, "--script", str(folder / "script.txt"),
                      "--state-dir", str(state), "--said", str(out))  # fmt: skip
    assert done.returncode == 0, done.stderr
    lines = out.read_text(encoding="utf-8").splitlines()
    return [(int(t), text) for t, text in (line.split("\t", 1) for line in lines)]
