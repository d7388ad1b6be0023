"""Start-up keeps the cyclic collector out while it imports and builds, and leaves it as it was."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from firmware.commands.collector import collector_paused


@pytest.fixture
def collector_enabled() -> Iterator[None]:
    was = gc.isenabled()
    gc.enable()
    yield
    if not was:
        gc.disable()


@pytest.mark.usefixtures("collector_enabled")
def test_the_collector_is_out_inside_and_back_after() -> None:
    with collector_paused():
        assert not gc.isenabled()
    assert gc.isenabled()


@pytest.mark.usefixtures("collector_enabled")
def test_the_collector_is_back_after_an_error_inside() -> None:
    with pytest.raises(ImportError), collector_paused():
        raise ImportError("a board library is missing")
    assert gc.isenabled()


@pytest.mark.usefixtures("collector_enabled")
def test_a_collector_turned_off_before_stays_off() -> None:
    gc.disable()
    with collector_paused():
        pass
    assert not gc.isenabled()
