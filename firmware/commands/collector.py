"""Start-up without the cyclic garbage collector looking on.

Importing a command's modules and building its tables makes thousands of objects that stay for
the life of the process (modules, classes, functions, lookup tables). The collector runs every
few hundred new objects and would look at them a dozen times, freeing none: a few milliseconds of
every start (bench/bench_startup.py). Reference counting still frees everything meanwhile.
"""

from __future__ import annotations

import gc
from contextlib import contextmanager

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator


@contextmanager
def collector_paused() -> Iterator[None]:
    """No cyclic collection inside the block; the collector as it was afterwards."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
