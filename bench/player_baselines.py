"""Baseline opponents for the computer player bench: simple, honest programs to measure against."""

from __future__ import annotations

import random
from collections.abc import Callable

from firmware.games.cubulus.position import SQUARES, CubulusPosition, cubulus_position
from firmware.games.cubulus.position import token_of as cubulus_token
from firmware.games.culls.player import culls_position
from firmware.games.culls.player import token_of as culls_token
from firmware.games.culls.position import BLUE, FLIP, CullsPosition, window_code
from firmware.rules.api import GameState

Player = Callable[[GameState, random.Random], str]


def random_player(state: GameState, rng: random.Random) -> str:
    """Any legal action, uniformly."""
    return rng.choice(state.legal_actions())


# -- Culls -------------------------------------------------------------------------------------


def _culls(state: GameState) -> CullsPosition:
    return culls_position(state.rules, state.first, state.moves)


def _own_windows(pos: CullsPosition, me: int) -> int:
    return pos.score if me == BLUE else -pos.score


def _culls_options(pos: CullsPosition) -> list[int]:
    return list(pos.cullable) if pos.phase == FLIP else pos.candidates()


def culls_greedy(state: GameState, rng: random.Random) -> str:
    """One ply: the action after which its own window count minus the opponent's is highest."""
    pos = _culls(state)
    me = pos.mover()
    best, best_cell = -1e9, -1
    for cell in _culls_options(pos):
        pos.play(cell)
        value: float = 1e8 if pos.winner == me else _own_windows(pos, me) + rng.random()
        pos.undo()
        if value > best:
            best, best_cell = value, cell
    return culls_token(pos, best_cell)


def _threat_points(pos: CullsPosition, colour: int) -> list[int]:
    """Empty cells where ``colour`` would make two or more fours (an open or double four)."""
    three = window_code(3, 0, 0) if colour == BLUE else window_code(0, 3, 0)
    points = []
    for cell in pos.candidates():
        fours = sum(1 for w in pos.tables.windows_at[cell] if pos.windows[w] == three)
        if fours >= 2:
            points.append(cell)
    return points


def culls_threat_aware(state: GameState, rng: random.Random) -> str:
    """Wins when it can, blocks fives and open threes, culls when it can, and otherwise plays
    the greedy move that leaves the fewest of its pairs open to a cull."""
    pos = _culls(state)
    me, opp = pos.mover(), 3 - pos.mover()
    options = _culls_options(pos)
    if pos.phase != FLIP:
        wins = pos.four_cells(me)
        threats = pos.four_cells(opp)
        culls = pos.cull_cells(me)
        if wins:
            options = sorted(wins)
        elif threats:
            options = sorted(threats)
        elif culls:
            options = sorted(culls)
        elif not _threat_points(pos, me):
            blocks = _threat_points(pos, opp)
            if blocks:
                options = blocks
    best, best_cell = -1e9, -1
    for cell in options:
        pos.play(cell)
        if pos.winner == me:
            value = 1e8
        else:
            value = _own_windows(pos, me) - 60 * len(pos.cull_segments[opp]) + rng.random()
        pos.undo()
        if value > best:
            best, best_cell = value, cell
    return culls_token(pos, best_cell)


# -- Cubulus -----------------------------------------------------------------------------------


def _cube_score(board: list[int], me: int) -> int:
    score = 0
    for square in SQUARES:
        mine = sum(board[c] == me for c in square)
        others = sum(board[c] not in (0, me) for c in square)
        score += (0, 1, 4, 16, 0)[mine] - (0, 1, 4, 16, 0)[others]
    return score


def cubulus_greedy(state: GameState, rng: random.Random) -> str:
    """Wins when it can; otherwise the push after which its squares look best."""
    return _cubulus_pick(state, rng, guard=False)


def cubulus_two_ply(state: GameState, rng: random.Random) -> str:
    """Wins when it can; never hands over a win in one when another push exists; else greedy."""
    return _cubulus_pick(state, rng, guard=True)


def _cubulus_pick(state: GameState, rng: random.Random, *, guard: bool) -> str:
    """The best-looking push; with ``guard``, a push that lets any reply win is nearly last."""
    players = state.rules.get("players", 2)
    assert isinstance(players, int)
    cube = cubulus_position(players, state.first, state.moves)
    if cube.placing_whites:
        return random_player(state, rng)
    me = cube.mover()
    best, best_action = -1e9, -1
    for action in cube.actions():
        cube.play(action)
        if cube.winner == me:
            value = 1e8
        elif cube.winner > 0:
            value = -1e8
        else:
            value = _cube_score(cube.board, me) + rng.random()
            if guard and _a_reply_wins_against(cube, me):
                value -= 10**7
        cube.undo()
        if value > best:
            best, best_action = value, action
    return cubulus_token(cube, best_action)


def _a_reply_wins_against(cube: CubulusPosition, me: int) -> bool:
    for reply in cube.actions():
        cube.play(reply)
        lost = cube.winner > 0 and cube.winner != me
        cube.undo()
        if lost:
            return True
    return False


BASELINES: dict[str, dict[str, Player]] = {
    "culls": {"random": random_player, "greedy": culls_greedy, "threat": culls_threat_aware},
    "cubulus": {"random": random_player, "greedy": cubulus_greedy, "2ply": cubulus_two_ply},
}
