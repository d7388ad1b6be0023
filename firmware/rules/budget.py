"""How much a search may spend: a node budget and a stop question asked now and then.

The search never reads a clock. Whoever starts it passes a ``should_stop`` callable (which may
look at a deadline or at a cancel flag) and the search asks it every ``CHECK_EVERY`` nodes.
"""

from __future__ import annotations

from collections.abc import Callable

from firmware.errors import StopSignal

SEARCH_SHARE = 0.9  # callers stop a search at this part of the time, leaving room to answer
UNLIMITED = 10**9  # a node cap that never binds
CHECK_EVERY = 16  # nodes between two calls of ``should_stop`` (about a millisecond of search)


class SearchStoppedError(StopSignal):
    """Raised inside a search when its budget is spent; the search keeps its last full answer."""


def _never() -> bool:
    return False


class Budget:
    """A node limit and a stop callable; ``nodes`` counts what was spent so far."""

    __slots__ = ("max_nodes", "nodes", "should_stop")

    def __init__(
        self, max_nodes: int = UNLIMITED, should_stop: Callable[[], bool] = _never, nodes: int = 0
    ) -> None:
        self.max_nodes = max_nodes
        self.should_stop = should_stop
        self.nodes = nodes

    def __repr__(self) -> str:
        return f"Budget(max_nodes={self.max_nodes}, nodes={self.nodes})"

    def spend(self) -> None:
        """Count one node; raise SearchStoppedError once the limit is reached or a stop is asked."""
        self.nodes += 1
        if self.nodes >= self.max_nodes:
            raise SearchStoppedError
        if self.nodes % CHECK_EVERY == 0 and self.should_stop():
            raise SearchStoppedError

    def exhausted(self) -> bool:
        """Whether another node would be refused (checked between iterations of a deepening)."""
        return self.nodes >= self.max_nodes or self.should_stop()
