"""What a table is set up with besides its board, journal, events, random numbers and wall
clock: who plays at it, and what helps the play."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from firmware.controller.computer.computer import Seating
from firmware.controller.core.extras import OnlinePlay
from firmware.controller.core.players import PlayerFactory, PlayerKind, passive_player
from firmware.controller.core.timers import Timers
from firmware.controller.learning.learning import Learning
from firmware.controller.match.resume import BUILT_IN
from firmware.controller.modes.parts import NO_OFFERS, BoardOffers


def _by_hand(game: str) -> bool:
    return True


@dataclass(frozen=True, slots=True)
class WhoPlays:
    """Who plays at the table.

    ``seating``: the computer's seats, level and searches (None: everyone plays here and the menu
    offers no computer); ``player_kinds``: the kinds of player a seat may have; ``online``: the
    online game, asked before UNDO takes a move back and drawing who starts (default: the
    table's random numbers); ``hand_placed``: whether a game's pieces are put on the board by
    hand (physical chips), so a move made elsewhere waits for its piece, else it is shown at
    once; ``new_match_id``: how a new match is named (default: by the wall clock)."""

    players: PlayerFactory = passive_player
    seating: Seating | None = None
    player_kinds: frozenset[PlayerKind] = BUILT_IN
    online: OnlinePlay | None = None
    hand_placed: Callable[[str], bool] = _by_hand
    new_match_id: Callable[[], str] | None = None


@dataclass(frozen=True, slots=True)
class TableHelps:
    """What helps the play: ``hints`` (HINT asks the seating's search for the strongest move),
    the ``learning`` (lessons and puzzles) the board offers, what a board with a voice or a coach
    ``offers``, the buzzer's ``beep`` and the board's ``timers``, which the modes schedule on."""

    hints: bool = True
    learning: Learning | None = None
    offers: BoardOffers = NO_OFFERS
    beep: Callable[[float, float], None] | None = None
    timers: Timers | None = None


EVERYONE_HERE = WhoPlays()
NO_HELP = TableHelps()
