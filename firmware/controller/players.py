"""Who fills a seat: the kinds of player, and the one object per seat that makes its moves.

Every move, whoever makes it, enters the table through ``Table.play(token, seat, now)``. A seat's
``Player`` is told when its turn comes (``your_turn``) and must return at once; a player that
thinks (a computer) or listens (a remote board, a phone) works elsewhere and hands its token to
the loop's queue later, as a ``SeatMove``, from any thread. When the position changes under it
(UNDO, NEW, MENU, a new match) the table calls ``cancel``; a ``SeatMove`` for a position that has
gone by (its ``ply`` no longer the current one) is dropped.

A token from a seat that is not ``here`` asks for a chip to be placed by hand: the board blinks
the cell(s) and waits (``Phase.WAITING_FOR_CHIP``) for a tap there before the move counts.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from firmware.rules.api import GameState


class PlayerKind(enum.Enum):
    """What fills a seat; the value is the word in the scoreboard and the journal."""

    HERE = "here"  # people touching this board
    COMPUTER = "computer"  # a search running beside the loop
    REMOTE = "remote"  # a player at another board
    WEB = "web"  # a player on a phone or browser


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
