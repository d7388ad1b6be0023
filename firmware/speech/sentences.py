"""The sentence each event is said as, in the game's words (cell names, colours, never indices)."""

from __future__ import annotations

from dataclasses import dataclass

from firmware.controller.core.events import (
    Event,
    MatchAbandoned,
    MatchEnded,
    MatchStarted,
    MoveApplied,
    MoveUndone,
    ReadAloud,
    Refused,
    RoundEnded,
    RoundStarted,
    SeatNamed,
)


@dataclass(frozen=True, slots=True)
class Line:
    """A sentence to say; ``fresh``: it makes what still waits stale; ``urgent``: said first."""

    text: str
    fresh: bool = False
    urgent: bool = False
    chatty: bool = False  # said only at verbosity ``all``


def line_for(event: Event) -> Line | None:
    """What ``event`` is said as, or None for events the voice leaves to the next prompt (a
    round's end is said by the announcer, which knows whether its move told it already)."""
    match event:
        case MoveApplied(said=said):
            return Line(_sentence(said), fresh=True)
        case ReadAloud(lines=lines):
            return Line(" ".join(_sentence(line) for line in lines), urgent=True)
        case MoveUndone(said=str() as said):
            return Line(_sentence(said), fresh=True)
        case Refused(reason=reason, cell=cell):
            return Line(_sentence(reason if cell is None else f"Not {cell}: {reason}"), urgent=True)
        case MatchEnded(resumed=False) as ended:
            return Line(_match_result(ended), fresh=True)
        case MatchStarted(resumed=True, game=game, seats=seats):
            sides = " against ".join(seat.name for seat in seats)
            return Line(f"The {game} match is back as it was left: {sides}.", fresh=True)
        case RoundStarted(resumed=True, round=number, moves=moves):
            played = f"{len(moves)} action{'s' * (len(moves) != 1)}"
            return Line(f"Round {number}, {played} played so far.")
        case RoundStarted(round=number, first=first) if number > 1:
            return Line(f"Round {number}: {first.capitalize()} begins.", fresh=True)
        case SeatNamed(colour=colour, name=name) if name is not None:
            return Line(f"{colour.capitalize()} is {name}.", chatty=True)
        case MatchAbandoned():
            return Line("The game was put away.", chatty=True)
    return None


def round_result(ended: RoundEnded, *, told: bool) -> str:
    """A round's end: who won and how, then the score; only the score when the move that ended
    it already ``told`` how (a round ended off the board, on time or by resignation, is always
    said: no move told it)."""
    scores = f"{_scores(ended.scores)}."
    if ended.ending is not None:
        return f"{ended.ending}: round {ended.round}. {scores}"
    if told:
        return scores
    if ended.status == "draw" or ended.winner is None:
        return f"Round {ended.round} is a draw. {scores}"
    return f"{ended.winner.capitalize()} wins round {ended.round}. {scores}"


def _match_result(ended: MatchEnded) -> str:
    how = "" if ended.ending is None else f"{ended.ending}. "
    if ended.winner is None:
        return f"{how}The match is drawn, {_scores(ended.scores)}."
    return f"{how}{ended.winner.capitalize()} wins the match, {_scores(ended.scores)}."


def _scores(scores: dict[str, int]) -> str:
    return ", ".join(f"{colour.capitalize()} {points}" for colour, points in scores.items())


def _sentence(text: str) -> str:
    text = text.strip()
    return text if text.endswith((".", "!", "?")) else f"{text}."
