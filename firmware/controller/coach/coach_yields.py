"""A searcher for the board's computer player or a hint that comes before the coach: each search
cancels the analysis running now at once, and the analysis goes on once the search has answered
or been cancelled."""

from __future__ import annotations

from collections.abc import Callable

from firmware.controller.coach.coach import Coach
from firmware.controller.computer.thinker import Answer, Searcher
from firmware.players import Level
from firmware.rules.api import GameState


class CoachYields:
    """A searcher whose every search holds the coach back until it has answered."""

    def __init__(
        self,
        make: Callable[[Callable[[Answer], None]], Searcher],
        coach: Coach,
        deliver: Callable[[Answer], None],
    ) -> None:
        """``make`` builds the searcher from where its answers go."""
        self._coach = coach
        self._deliver = deliver
        self.inner = make(self._answered)

    def _answered(self, answer: Answer) -> None:
        self._coach.release()
        self._deliver(answer)

    def thinking(self) -> bool:
        """Whether a search is running."""
        return self.inner.thinking()

    def start(
        self,
        state: GameState,
        level: Level,
        *,
        movetime_ms: int | None,
        tag: object,
        nodes: int | None = None,
    ) -> None:
        """Cancel the coach's analysis, then search."""
        self._coach.hold()
        self.inner.start(state, level, movetime_ms=movetime_ms, tag=tag, nodes=nodes)

    def cancel(self) -> None:
        """Stop the search; the coach goes on."""
        self.inner.cancel()
        self._coach.release()

    def join(self, timeout: float | None = None) -> None:
        """Wait for the running search to end."""
        self.inner.join(timeout)
