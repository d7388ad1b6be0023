"""UNDO: who decides whether it may happen now, how far it goes, and what it tells.

Against the computer UNDO goes back to the last turn of a person at this board (the computer's
replies would only be played again); an online game asks the other board first (its
``UndoPolicy``). Each action taken back is told as events: ``MoveUndone``, after
``RoundReopened`` (and ``MatchReopened``) when it ended a round, or ``RoundUnstarted`` for the
start of a round that had no move. A loss on time is not taken back (the clock that ran out
would only run out again): UNDO is refused and says why, and nothing is journalled.
"""

from __future__ import annotations

from typing import Protocol

from firmware.controller.core.events import (
    EventBus,
    MatchReopened,
    MoveUndone,
    RoundReopened,
    RoundUnstarted,
)
from firmware.controller.core.players import PlayerKind
from firmware.controller.match.seated import Seated
from firmware.rules.api import Termination
from firmware.rules.endings import TIME


class UndoPolicy(Protocol):
    """Whether UNDO may take a move back now (an online game asks the other board first)."""

    def may_undo(self, now: float) -> bool:
        """True: take it back now; False: asked elsewhere, ``Table.undo_agreed`` follows."""


class AlwaysUndo:
    """UNDO at a board that answers to nobody else."""

    def may_undo(self, now: float) -> bool:
        return True


LOST_ON_TIME = "the round was lost on time: UNDO cannot give time back"
OUT_ON_TIME = "a player ran out of time: UNDO cannot give time back"


def refused_for_time(seated: Seated) -> str | None:
    """Why UNDO takes nothing back after a flag fell (None: it may). Taking back a loss on time
    would give the side its empty clock back, and it would lose again at once: UNDO is refused
    while the last thing that happened is a round (or a three-player Cubulus side) lost on time.
    """
    state = seated.match.current
    if state is None:
        return None
    if seated.match.concluded and state.outcome().termination is Termination.TIME:
        return LOST_ON_TIME
    if state.moves and state.moves[-1] == TIME:
        return OUT_ON_TIME
    return None


def undo_steps(seated: Seated) -> int | str:
    """How many actions UNDO takes back now, or why it takes none."""
    if not seated.match.can_undo():
        return "nothing to undo"
    on_time = refused_for_time(seated)
    if on_time is not None:
        return on_time
    steps = steps_to_a_person(seated)
    if steps == 0:
        return "nothing of yours to take back: the computer moved first"
    return steps


def steps_to_a_person(seated: Seated) -> int:
    """How many actions UNDO takes back: until a seat played here (or nobody) is to act, past
    the computer's actions; 0 if only the computer's would go."""
    state = seated.match.current
    if state is None or state.ply == 0 or seated.match.concluded:
        return 1  # the start of a round (back to the end of the last one), or an ending
    kinds = {player.kind for player in seated.players}
    if PlayerKind.COMPUTER not in kinds or PlayerKind.HERE not in kinds:
        return 1  # nobody's replies to skip, or nobody here to go back to
    trial = state.copy()
    steps = 0
    while trial.ply > 0:
        trial.undo()
        steps += 1
        seat = seated.adapter.seat_to_act(trial, seated.specs)
        if seat is None or seated.players[seat].kind != PlayerKind.COMPUTER:
            return steps
    return 0


def undo_sentence(steps: int) -> str:
    """What an UNDO of ``steps`` actions is said and shown as (once, however many it took)."""
    if steps == 1:
        return "Taken back"
    return f"Took back the computer's move and yours ({steps} actions)"


def take_back(seated: Seated, events: EventBus, said: str | None = None) -> None:
    """One action back, told as events (a round or the match reopened, or unstarted); ``said``:
    the UNDO's sentence, when this is the last action it takes back."""
    match = seated.match
    state = match.current
    assert state is not None
    number = len(match.rounds)
    if not state.moves:
        match.undo()
        events.post(RoundUnstarted(number))
        return
    if match.concluded:  # the ending alone: the round is in play again, moves kept
        if match.is_over:
            events.post(MatchReopened(match.game))
        termination = state.outcome().termination
        match.undo()
        events.post(RoundReopened(number, termination))
        return
    if state.outcome().is_over:
        if match.is_over:
            events.post(MatchReopened(match.game))
        events.post(RoundReopened(number))
    token, ply = state.moves[-1], state.ply
    match.undo()
    events.post(MoveUndone(number, token, ply, said))
