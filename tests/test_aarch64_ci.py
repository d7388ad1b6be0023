"""CI's install on the Pi's CPU: a mirror's failure is tried again, as CI's apt step does, and
.ci/run waits for the install and fails when it fails."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from scripts import aarch64_ci

ROOT = Path(__file__).resolve().parents[1]


def test_a_failing_mirror_is_tried_again_then_given_up(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(aarch64_ci, "PAUSE_S", 0.0)
    calls: list[int] = []

    def fails_once() -> None:
        calls.append(1)
        if len(calls) == 1:
            raise subprocess.CalledProcessError(1, "debootstrap")

    aarch64_ci.retried(fails_once, "debootstrap")
    assert len(calls) == 2

    def always_fails() -> None:
        calls.append(1)
        raise subprocess.CalledProcessError(1, "debootstrap")

    calls.clear()
    with pytest.raises(subprocess.CalledProcessError):
        aarch64_ci.retried(always_fails, "debootstrap")
    assert len(calls) == aarch64_ci.ATTEMPTS == 3


def test_ci_waits_for_the_install_and_fails_with_it() -> None:
    run = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "python3 -m scripts.aarch64_ci" in run
    assert 'wait "$AARCH64"' in run
    assert run.rstrip().endswith('[ "$TESTS" -eq 0 ] && [ "$INSTALL" -eq 0 ]')
