"""A LiveBoard for the web tests: its own controller thread playing Culls by touch."""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable

from firmware.controller.core.adapter import Refusal
from firmware.controller.core.live import BoardView, Listener, Press, RemoteCommand, Touch, ViewHub
from firmware.games.culls.adapter import CULLS_BOARD
from firmware.games.culls.game import CullsState
from firmware.rules.api import JsonValue
from firmware.rules.endings import outcome_words
from firmware.rules.grid import parse_cell
from firmware.rules.records import record_of
from hal.interfaces import OFF, RGB, Frame

CHIPS: dict[str, RGB] = {"B": (0, 70, 255), "R": (255, 20, 0), "b": (0, 20, 80), "r": (80, 8, 0)}
LINE: RGB = (255, 200, 0)
STATUS_LEDS = 8


class FakeLiveBoard:
    """Plays a Culls duel with the real engine; touches mean the tokens they mean on the board."""

    def __init__(self, *, size: int = 15) -> None:
        self.size = size
        self.submitted: list[RemoteCommand] = []
        self._commands: queue.Queue[RemoteCommand | None] = queue.Queue()
        self._state = self._new_round()
        self._phase = "playing"
        self._error: str | None = None
        self._said: str | None = None  # the latest action in the game's words
        self._views = ViewHub(self._render())
        self._thread = threading.Thread(target=self._run, name="fake-controller", daemon=True)
        self._thread.start()

    # The LiveBoard interface.
    def view(self) -> BoardView:
        return self._views.view()

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        return self._views.subscribe(listener)

    def submit(self, command: RemoteCommand) -> None:
        if isinstance(command, Touch) and not all(0 <= v < self.size for v in command.cell):
            raise ValueError(f"touch: no cell {command.cell} on this board")
        self.submitted.append(command)
        self._commands.put(command)

    # Test helpers.
    def publish(self, view: BoardView) -> None:
        """Show a hand-made view, as the controller would, from the calling thread."""
        self._views.publish(view)

    @property
    def listener_count(self) -> int:
        return self._views.listener_count

    def wait_idle(self) -> None:
        """Block until every submitted command has been handled."""
        self._commands.join()

    def close(self) -> None:
        self._commands.put(None)
        self._thread.join(5)

    # The controller thread.
    def _run(self) -> None:
        while True:
            command = self._commands.get()
            try:
                if command is None:
                    return
                self._handle(command)
                self.publish(self._render())
            finally:
                self._commands.task_done()

    def _handle(self, command: RemoteCommand) -> None:
        self._error = None
        if isinstance(command, Press):
            if command.button == "undo":
                try:
                    self._state.undo()
                except IndexError:
                    self._error = "nothing to undo"
            elif command.button == "new":
                self._state = self._new_round()
            self._phase = "menu" if command.button == "menu" else "playing"
            return
        if not isinstance(command, Touch):  # a new match; the fake seats nobody
            self._state = self._new_round()
            return
        token = CULLS_BOARD.token_for(self._state, command.cell, self.size, self.size)
        reason = token if isinstance(token, Refusal) else self._state.why_illegal(token)
        if reason is not None:
            self._error = reason
        else:
            seat = (self._state.to_move() or "").title()
            self._said = CULLS_BOARD.describe(self._state, token, seat)
            self._state.apply(token)

    def _new_round(self) -> CullsState:
        return CullsState({"size": self.size}, "blue")

    def _render(self) -> BoardView:
        state = self._state
        grid = [[OFF] * self.size for _ in range(self.size)]
        for (x, y), code in state.board_cells().items():
            grid[y][x] = CHIPS[code]
        outcome = state.outcome()
        for name in outcome.line or ():
            x, y = parse_cell(name, self.size)
            grid[y][x] = LINE
        to_move = state.to_move()
        edge = CHIPS["B" if to_move == "blue" else "R"] if to_move else LINE
        frame = Frame(tuple(tuple(row) for row in grid), (edge,) * STATUS_LEDS)
        return BoardView(frame, self._score(state))

    def _score(self, state: CullsState) -> dict[str, JsonValue]:
        outcome = state.outcome()
        to_move = state.to_move()
        over = outcome.is_over
        scores: dict[str, JsonValue] = {"blue": 0, "red": 0}
        if outcome.winner is not None:
            scores[outcome.winner] = 1
        message = (
            f"{outcome.winner.title() if outcome.winner else 'Nobody'} wins the round"
            if over
            else f"{(to_move or '').title()}: {state.awaiting()}"
        )
        last: JsonValue = (
            {
                "round": 1,
                "status": outcome.status.value,
                "winner": outcome.winner,
                "reason": None,
                "ending": None,
                "words": outcome_words(outcome.winner),
            }
            if over
            else None
        )
        return {
            "game": "culls",
            "mode": "duel",
            "players": 2,
            "seats": [{"colour": "blue", "name": "Blue"}, {"colour": "red", "name": "Red"}],
            "phase": self._phase if not over else "round_over",
            "over": "round" if over else None,
            "attract": False,
            "round": 1,
            "rounds_to_win": 3,
            "scores": scores,
            "to_move": to_move,
            "seat": None if to_move is None else ("blue", "red").index(to_move),
            "awaiting": state.awaiting(),
            "moves": list(state.moves),
            "status": outcome.status.value,
            "winner": outcome.winner,
            "line": list(outcome.line) if outcome.line else None,
            "last_result": last,
            "match_winner": None,
            "message": message,
            "error": self._error,
            "record": record_of(state).to_json(),
            "pending": None,
            "thinking": False,
            "hint": None,
            "position": state.summary(),
            "last_action": self._said,
        }
