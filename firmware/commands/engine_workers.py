"""The engine's helper processes: the top level's root actions split between processes.

``Workers(n)`` forks ``n - 1`` helpers when the engine starts (before it starts any thread). For
a search each helper gets the record, the level, the time left, the node cap and its part of the
root (index i of n); the engine searches part 0 itself meanwhile. Each part deepens on its own
share of the root; the answer is the part with the highest score (a sure win first). ``stop``
reaches the helpers through a shared counter: the number of the last ``go`` stopped. A helper
that dies is left out of the searches after it. Between searches the first helper ponders
(``engine_ponder``): it searches the position it expects after the opponent's reply.
"""

from __future__ import annotations

import multiprocessing
import random
import sys
import time
from collections.abc import Callable
from multiprocessing.connection import Connection
from multiprocessing.sharedctypes import Synchronized

from firmware.commands.engine_ponder import PonderControl, Pondering, PonderTask, ponder
from firmware.players import Budget, Choice, Part, choose, level
from firmware.rules.api import GameState, JsonValue
from firmware.rules.records import record_from_json, record_of, replay

Task = tuple[int, dict[str, JsonValue], int, float, int, Part, int]  # see Workers.search


def _helper(pipe: Connection, stopped: Synchronized[int], control: PonderControl) -> None:
    """A helper's loop: one task in, one ``Choice`` (or None) out, until the pipe closes."""
    while True:
        try:
            task: Task | PonderTask = pipe.recv()
        except (EOFError, OSError):
            return
        if isinstance(task, PonderTask):
            ponder(pipe, task, control)
            continue
        number, raw, chosen, seconds, max_nodes, part, seed = task
        deadline = time.monotonic() + seconds
        state, error = replay(record_from_json(raw))
        if error is not None:
            pipe.send(None)
            continue

        def should_stop(number: int = number, deadline: float = deadline) -> bool:
            return stopped.value >= number or time.monotonic() >= deadline

        budget = Budget(max_nodes=max_nodes, should_stop=should_stop)
        choice = choose(state, level(chosen), budget, random.Random(seed), part)
        pipe.send(choice)


class Workers:
    """``count`` searchers of one ``go``: this process and ``count - 1`` forked helpers."""

    def __init__(self, count: int, seed: int | None) -> None:
        self.count = max(1, count)
        self._rng = random.Random(seed)
        context = multiprocessing.get_context("fork")
        self.stopped: Synchronized[int] = context.Value("q", 0)
        control = PonderControl(context.Value("d", 0.0), context.Value("q", 0), self.stopped)
        self._pipes: list[Connection] = []
        for _ in range(self.count - 1):
            mine, theirs = context.Pipe()
            helper = context.Process(
                target=_helper, args=(theirs, self.stopped, control), daemon=True
            )
            helper.start()
            theirs.close()
            self._pipes.append(mine)
        self.pondering = Pondering(self._pipes[0], control) if self._pipes else None

    def ponder(self, state: GameState, answer: str, chosen: int) -> None:
        """Think on the opponent's time about the reply to ``answer`` (just given)."""
        if self.pondering is not None:
            try:
                self.pondering.start(state, answer, chosen, self._seed())
            except OSError:
                self._drop(self.pondering.pipe)

    def pondered(self, state: GameState | None, seconds: float, number: int) -> Choice | None:
        """The ponder's answer if ``state`` is what it pondered (given ``seconds`` more, as
        ``go`` ``number``); else the ponder ends, and None. Every ``go`` asks first."""
        if self.pondering is None:
            return None
        try:
            return self.pondering.take(state, seconds, number)
        except (EOFError, OSError):
            self._drop(self.pondering.pipe)
            return None

    def stop_through(self, number: int) -> None:
        """Every search of a ``go`` numbered up to ``number`` ends now."""
        self.stopped.value = number

    def search(
        self,
        state: GameState,
        chosen: int,
        *,
        seconds: float,
        max_nodes: int,
        number: int,
        own: Callable[[Part], Choice],
    ) -> Choice:
        """The best of every part's answer; ``own`` searches this process's part."""
        pipes = list(self._pipes)
        parts = len(pipes) + 1
        raw = record_of(state).to_json()
        sent = []
        for index, pipe in enumerate(pipes, start=1):
            task: Task = (number, raw, chosen, seconds, max_nodes, (index, parts), self._seed())
            try:
                pipe.send(task)
                sent.append(pipe)
            except OSError:
                self._drop(pipe)
        answers = [own((0, parts))]
        for pipe in sent:
            try:
                answer = pipe.recv()
            except (EOFError, OSError):
                self._drop(pipe)
                continue
            if isinstance(answer, Choice):
                answers.append(answer)
        return best_of(answers)

    def _seed(self) -> int:
        return self._rng.getrandbits(32)

    def _drop(self, pipe: Connection) -> None:
        print("engine: a helper process stopped; searching without it", file=sys.stderr)
        if pipe in self._pipes:
            self._pipes.remove(pipe)
        if self.pondering is not None and self.pondering.pipe is pipe:
            self.pondering = None


def best_of(answers: list[Choice]) -> Choice:
    """The highest-scoring part's move, deepest first among equals; nodes are summed."""
    top = max(answers, key=lambda choice: (choice.score, choice.depth))
    return Choice(top.token, top.score, top.depth, sum(choice.nodes for choice in answers))
