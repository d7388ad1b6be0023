"""Who fills a seat: the kinds of player, and the one object per seat that makes its moves.

Every move, whoever makes it, enters the table through ``Table.play(token, seat, now)``. A seat's
``Player`` is told when its turn comes (``your_turn``) and must return at once; a player that
thinks (a computer) or listens (a remote board, a phone) works elsewhere and hands its token to
the loop's queue later, as a ``SeatMove``, from any thread. When the position changes under it
(UNDO, NEW, MENU, a new match) the table calls ``cancel``; a ``SeatMove`` for a position that has
gone by (its ``ply`` no longer the current one) is dropped.

A token from a seat that is not ``here`` asks for a piece to be placed by hand: the board blinks
the cell(s) and waits (``Phase.WAITING_FOR_PIECE``) for a tap there before the move counts.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar, Protocol

from firmware.rules.api import GameState


@dataclass(frozen=True, slots=True)
class PlayerKind:
    """What fills a seat; ``value`` is its word in the scoreboard, the journal and the history.

    The kinds are open: a new one is a module with its ``SeatFiller`` and an entry in the list
    the composition root hands the table (``firmware.wiring.assemble``).
    """

    value: str

    HERE: ClassVar[PlayerKind]  # people touching this board
    COMPUTER: ClassVar[PlayerKind]  # a search running beside the loop
    REMOTE: ClassVar[PlayerKind]  # a player at another board

    def __repr__(self) -> str:
        return f"PlayerKind({self.value!r})"


PlayerKind.HERE = PlayerKind("here")
PlayerKind.COMPUTER = PlayerKind("computer")
PlayerKind.REMOTE = PlayerKind("remote")


@dataclass(frozen=True, slots=True)
class Turn:
    """A seat's turn: the seat, the ply it is for, and a copy of the position to think about."""

    seat: int
    ply: int
    state: GameState


@dataclass(frozen=True, slots=True)
class SeatMove:
    """A token a seat's player delivers to the loop's queue for the position at ``ply``."""

    seat: int
    token: str
    ply: int


class Player(Protocol):
    """The player in one seat."""

    @property
    def kind(self) -> PlayerKind: ...

    def your_turn(self, turn: Turn) -> None:
        """The seat is to act; return at once, deliver a ``SeatMove`` later (or never)."""

    def cancel(self) -> None:
        """The position changed: forget any move being worked out."""


@dataclass(frozen=True, slots=True)
class PassivePlayer:
    """A player whose moves arrive by themselves: taps on this board, or tokens pushed in."""

    kind: PlayerKind = PlayerKind.HERE

    def your_turn(self, turn: Turn) -> None:
        return None

    def cancel(self) -> None:
        return None


PlayerFactory = Callable[[PlayerKind, int], Player]  # makes the player of a seat of a kind


def passive_player(kind: PlayerKind, seat: int) -> Player:
    """The default for every seat until a kind brings its own player."""
    return PassivePlayer(kind)


Post = Callable[[SeatMove], None]  # hands a seat's move to the loop's queue, from any thread


@dataclass(frozen=True, slots=True)
class SeatFiller:
    """One kind of player: its kind and how it makes the player of a seat (``post`` delivers
    that player's moves to the loop)."""

    kind: PlayerKind
    make: Callable[[int, Post], Player]
