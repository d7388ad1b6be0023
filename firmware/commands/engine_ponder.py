"""Thinking on the opponent's time: a helper process searches the position it expects next.

After the top level answers, the engine's first helper takes the position after that answer,
predicts the reply (a short search at the same level, ``PREDICT_NODES``, every token of the
reply's turn) and searches the position after it as if asked to, with no deadline. At the next
``go`` the engine compares: on the position predicted (a *hit*) the pondering search is given the
``go``'s deadline and answers, with the opponent's thinking time already spent on it; on any
other position (a *miss*) it is stopped at once and its work dropped. A player who thinks for
minutes never makes it search past ``PONDER_NODES``, so its table stays a few tens of MB.
"""

from __future__ import annotations

import random
import time
from multiprocessing.connection import Connection
from multiprocessing.sharedctypes import Synchronized

from firmware.players import Budget, Choice, choose, level
from firmware.rules.api import GameState, JsonValue
from firmware.rules.frozen import Frozen
from firmware.rules.records import record_from_json, record_of, replay

PREDICT_NODES = 2000  # the search that guesses the reply (about 60 ms here)
PONDER_NODES = 300_000  # the most one ponder searches (tens of seconds on a Pi 4)
MAX_REPLY_TOKENS = 3  # a reply is one turn: a chip and the flip it may earn
ON_AND_ON = 1e18  # a ponder's deadline until the next ``go`` sets one


class PonderTask(Frozen):
    """What a helper ponders: the record after the engine's answer, the colour the engine
    plays, the level and a seed."""

    FIELDS = ("record", "colour", "level", "seed")
    __slots__ = FIELDS
    record: dict[str, JsonValue]
    colour: str
    level: int
    seed: int

    def __init__(self, record: dict[str, JsonValue], colour: str, level: int, seed: int) -> None:
        self._init(record, colour, level, seed)


class PonderControl:
    """What the engine and its pondering helper share (made before the helpers fork): the
    monotonic time the ponder must answer by, the ``go`` it now answers (0: none yet) and the
    last ``go`` stopped."""

    __slots__ = ("answers_go", "stopped", "until")

    def __init__(
        self, until: Synchronized[float], answers_go: Synchronized[int], stopped: Synchronized[int]
    ) -> None:
        self.until = until
        self.answers_go = answers_go
        self.stopped = stopped

    def ended(self) -> bool:
        """Whether the pondering search must answer now."""
        going = self.answers_go.value
        return time.monotonic() >= self.until.value or 0 < going <= self.stopped.value


def ponder(pipe: Connection, task: PonderTask, control: PonderControl) -> None:
    """The helper's side: send the predicted replies' tokens up to the engine's next turn
    (None: nothing to ponder), then the search's ``Choice`` once the engine has set its
    deadline (or stopped it)."""
    state, error = replay(record_from_json(task.record))
    rng = random.Random(task.seed)
    predicted: list[str] = []
    while (
        error is None
        and not state.outcome().is_over
        and state.to_move() != task.colour
        and len(predicted) < MAX_REPLY_TOKENS
    ):
        budget = Budget(max_nodes=PREDICT_NODES, should_stop=control.ended)
        reply = choose(state, level(task.level), budget, rng).token
        state.apply(reply)
        predicted.append(reply)
    if error is not None or state.outcome().is_over or state.to_move() != task.colour:
        pipe.send(None)
        return
    pipe.send(predicted)
    budget = Budget(max_nodes=PONDER_NODES, should_stop=control.ended)
    pipe.send(choose(state, level(task.level), budget, rng))


class Pondering:
    """The engine's side of one helper's ponders."""

    def __init__(self, pipe: Connection, control: PonderControl) -> None:
        self.pipe = pipe
        self.control = control
        self.record: dict[str, JsonValue] | None = None  # what is pondered, while it is

    def start(self, state: GameState, answer: str, chosen: int, seed: int) -> None:
        """Ponder the reply to ``answer`` (just given in ``state``, which is not changed)."""
        colour = state.to_move()
        assert colour is not None
        state.apply(answer)
        try:
            if state.outcome().is_over:
                return
            record = record_of(state).to_json()
        finally:
            state.undo()
        self.control.answers_go.value = 0
        self.control.until.value = ON_AND_ON
        self.pipe.send(PonderTask(record, colour, chosen, seed))  # OSError: the helper is gone
        self.record = record

    def take(self, state: GameState | None, seconds: float, number: int) -> Choice | None:
        """The ponder's answer when ``state`` is the position it pondered: it searches on for
        ``seconds`` as ``go`` number ``number``. Otherwise (None too) it ends, and None.
        EOFError or OSError: the helper is gone."""
        record, self.record = self.record, None
        if record is None:
            return None
        predicted = self.pipe.recv()
        if predicted is None:
            return None
        expected = dict(record)
        moves = expected["moves"]
        assert isinstance(moves, list) and isinstance(predicted, list)
        expected["moves"] = [*moves, *predicted]
        hit = state is not None and record_of(state).to_json() == expected
        if hit:
            self.control.answers_go.value = number
            self.control.until.value = time.monotonic() + seconds
        else:
            self.control.until.value = 0.0
        answer = self.pipe.recv()
        return answer if hit and isinstance(answer, Choice) else None
