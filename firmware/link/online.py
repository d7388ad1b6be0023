"""A game between two boards: one side each, moves exchanged as retained records.

Each board keeps one retained message, ``games/<code>/boards/<id>``: its record of the round being
played (with the round number and ply), and its UNDO request or consent. A board applies the
other board's record when it extends its own by a move of a seat that plays over there: a
duplicate changes nothing, a gap or a restart is filled from the retained record, and a move for
one of this board's own seats is never taken from the network. A remote seat is a player like the
computer's: the other side's move reaches the loop as a ``SeatMove``, and the board blinks where
its chip goes and waits for the tap.

Everything here runs on the controller's loop (the broker client hands messages over).
"""

from __future__ import annotations

import json
import logging
import random
import secrets
from collections.abc import Callable
from pathlib import Path

from firmware.controller.core.events import (
    Event,
    EventBus,
    MatchStarted,
    MoveApplied,
    MoveUndone,
    RoundEnded,
    RoundReopened,
    RoundStarted,
    RoundUnstarted,
)
from firmware.controller.core.live import StartMatch, UndoAgreed
from firmware.controller.core.players import PlayerKind, SeatMove, Turn
from firmware.controller.table.table import StarterDraw
from firmware.link import topics
from firmware.link.client import BrokerClient
from firmware.link.online_clocks import flag_result, tell_clock
from firmware.link.online_file import OnlineFile, OnlineSpec
from firmware.link.online_request import GUEST, HOST, OnlineRequest, parse_online, seat_kinds, sides
from firmware.link.online_round import PlayedRound, RemoteSeat, json_object, moves_of, record_of
from firmware.link.shared_clock import SharedClock
from firmware.rules.api import JsonValue, Termination
from firmware.rules.game_and_rules import GameAndRules

log = logging.getLogger("cullsboard.link")


class OnlineGame:
    """This board's side of a game with another board.

    It hears the table's events (what was played here), talks to the broker, and acts on the
    table only through the loop's queue: a ``SeatMove`` for a remote seat, an agreed UNDO, a
    match to start. It is the table's UNDO policy and its starter draw (both boards draw alike).
    """

    def __init__(
        self,
        client: BrokerClient,
        board_id: str,
        *,
        post: Callable[[object], None],
        events: EventBus,
        state_dir: Path | None,
        fallback_draw: StarterDraw,
    ) -> None:
        self._client = client
        self._board_id = board_id
        self._post = post
        self._file = OnlineFile(state_dir)
        self._fallback_draw = fallback_draw
        self.spec: OnlineSpec | None = None
        self._hosting: OnlineSpec | None = None  # an offer whose match is being set up
        self._offer: dict[str, JsonValue] | None = None
        self._peer_doc: dict[str, JsonValue] | None = None
        self._peer_online = False
        self._ask: int | None = None  # we asked the other board to undo at this ply
        self._granted: int | None = None  # we agreed to the other board's undo at this ply
        self._undo_posted = False  # the agreed UNDO is on its way to the table
        self._sent: str | None = None
        self._refused_own: tuple[int, int] | None = None
        self._delivered: tuple[int, int] | None = None  # (round, ply) of the last SeatMove
        self._kinds: tuple[str, ...] = ()  # each seat's player kind in the match here
        self._rounds: list[PlayedRound] = []
        self._turn: Turn | None = None  # a remote seat's turn, waiting for the other board
        self._clock: SharedClock | None = None
        self._flagged: dict[str, JsonValue] | None = None  # this board's side lost on time
        events.subscribe(self._heard)

    def share_clock(self, clock: SharedClock) -> None:
        """Carry each move's time left to the other board, and take its times and flags."""
        self._clock = clock
        clock.listen(self._publish)

    def remote_seat(self, seat: int) -> RemoteSeat:
        """The player of a seat played at the other board (the ``remote`` kind's filler)."""
        return RemoteSeat(seat, self)

    # -- starting -------------------------------------------------------------------------

    def begin(self, request: OnlineRequest | None, now: float) -> None:
        """Host or join as asked, else carry on with the game in ``online.json`` (a restart)."""
        if request is None:
            self.spec = self._file.load()
            if self.spec is not None and not self._remote_seats():
                self.spec = None  # that game was put away
        elif request.role == HOST:
            self._host(request)
        else:
            assert request.code is not None
            self.spec = OnlineSpec(request.code, GUEST, None, None, None, [])
            self._save()
        if self.spec is not None and self._client.connected:
            self.connected()

    def _host(self, request: OnlineRequest) -> None:
        assert request.game is not None
        rules = dict(request.rules or {})
        host_colour, _ = sides(request.game, rules)
        code = "".join(secrets.choice(topics.CODE_ALPHABET) for _ in range(5))
        kinds = seat_kinds(request.game, rules, [host_colour])
        self._hosting = OnlineSpec(code, HOST, None, request.game, None, [host_colour])
        self._post(StartMatch(request.game, rules, request.first, tuple(kinds)))

    def _hosted(self, rules: dict[str, JsonValue]) -> None:
        """The offered match is set up here: offer it under its code."""
        spec, self._hosting = self._hosting, None
        assert spec is not None
        spec.rules = rules
        self.spec = spec
        self._save()
        log.info("offering %s under the code %s", spec.game, spec.code)
        if self._client.connected:
            self.connected()

    def _join(self) -> None:
        """The offer and the host's record are here: set up the same match, our seats here."""
        spec, offer, host = self.spec, self._offer, self._peer_doc
        if spec is None or spec.game is not None or offer is None or host is None:
            return
        game, rules, record = offer.get("game"), offer.get("rules"), host.get("record")
        if not isinstance(game, str) or not isinstance(rules, dict) or not isinstance(record, dict):
            return
        first = record.get("first")
        _, guest_colour = sides(game, rules)
        kinds = seat_kinds(game, rules, [guest_colour])
        spec.game, spec.rules, spec.colours = game, rules, [guest_colour]
        spec.peer = str(offer.get("host"))
        self._save()
        if self._clock is not None and "clock" in offer:
            self._clock.take_control(offer["clock"])
        self._post(StartMatch(game, rules, first if isinstance(first, str) else None, tuple(kinds)))
        self._client.subscribe(topics.board_status(spec.peer), self._status_seen)
        log.info("joined %s's %s game %s", spec.peer, game, spec.code)

    def check(self, request: str, menu: GameAndRules) -> None:
        """A request from the pages: ``host`` (the game chosen in the menu) or ``join:CODE``."""
        parsed = parse_online(request)
        if parsed.role == HOST:
            sides(menu.game, menu.rules_dict())

    def start(self, request: str, now: float, menu: GameAndRules) -> None:
        parsed = parse_online(request)
        if parsed.role == HOST:
            parsed = OnlineRequest(HOST, game=menu.game, rules=menu.rules_dict())
        self._forget()
        self._offer, self._peer_doc, self._ask, self._granted = None, None, None, None
        self.begin(parsed, now)

    # -- the broker -----------------------------------------------------------------------

    def connected(self) -> None:
        """The broker (re)connected: subscribe, offer, publish our record."""
        spec = self.spec
        if spec is None:
            return
        client = self._client
        client.subscribe(topics.game_offer(spec.code), self._offer_seen)
        client.subscribe(topics.game_boards(spec.code), self._board_seen)
        if spec.peer is not None:
            client.subscribe(topics.board_status(spec.peer), self._status_seen)
        if spec.role == HOST:
            offer = {"code": spec.code, "host": self._board_id, "game": spec.game,
                     "rules": spec.rules}  # fmt: skip
            if self._clock is not None:
                offer["clock"] = self._clock.control_text()
            client.publish(topics.game_offer(spec.code), json.dumps(offer), retain=True)
        self._sent = None
        self._publish()

    def _offer_seen(self, topic: str, payload: bytes) -> None:
        self._offer = json_object(payload)
        self._join()

    def _board_seen(self, topic: str, payload: bytes) -> None:
        spec = self.spec
        board = topic.rsplit("/", 1)[-1]
        if spec is None or board == self._board_id:
            return
        if spec.peer is None and spec.role == HOST:
            spec.peer = board
            self._save()
            self._client.subscribe(topics.board_status(board), self._status_seen)
            log.info("%s joined the game %s", board, spec.code)
        if spec.role == GUEST and self._offer is not None and board != self._offer.get("host"):
            return
        if spec.peer is not None and board != spec.peer:
            return  # a third board: the game is full
        self._peer_doc = json_object(payload)
        self._join()
        self._settle_undo()
        self._sync()
        if self._clock is not None:  # the other board's times and flag fall
            tell_clock(self._clock, self._peer_doc, self._current())

    def _status_seen(self, topic: str, payload: bytes) -> None:
        self._peer_online = payload == topics.ONLINE.encode()

    # -- what happened here -----------------------------------------------------------------

    def _heard(self, event: Event) -> None:
        match event:
            case MatchStarted():
                self._kinds = tuple(seat.player.value for seat in event.seats)
                self._rounds = []
                if self._hosting is not None and self._remote_seats():
                    self._hosted(dict(event.rules))
                elif self._replaced(event):
                    log.info("the online game is over here: a local game replaced it")
                    self._forget()
                return
            case RoundStarted():
                self._flagged = None
                self._rounds.append(PlayedRound(event.round, dict(event.record), list(event.moves)))
                if event.resumed:
                    return
            case RoundEnded() if event.termination is Termination.TIME and not event.resumed:
                self._flagged = flag_result(self.spec, self._current(), event)
            case RoundReopened():
                self._flagged = None
            case RoundUnstarted():
                self._rounds.pop()
            case MoveApplied() if self._rounds:
                self._rounds[-1].moves.append(event.token)
            case MoveUndone() if self._rounds:
                self._rounds[-1].moves.pop()
                if self._undo_posted:  # the agreed UNDO is done: the ask is settled
                    self._undo_posted, self._ask = False, None
            case _:
                return
        self._publish()
        self._sync()

    def _replaced(self, started: MatchStarted) -> bool:
        """Whether a new local match here put the online game away."""
        spec = self.spec
        in_game = spec is not None and spec.game is not None
        return in_game and not started.resumed and not self._remote_seats()

    def remote_turn(self, turn: Turn | None) -> None:
        """A remote seat is to act (None: the position changed under it)."""
        self._turn = turn
        if turn is not None:
            self._sync()

    def _sync(self) -> None:
        """Deliver the other board's next move, if its record is ahead of ours by a move of a
        seat played there."""
        peer, current = self._peer_doc, self._current()
        if peer is None or current is None or self._granted is not None:
            return
        theirs, ours = record_of(peer.get("record")), current.record()
        if theirs is None or peer.get("round") != current.number:
            return
        if theirs.get("first") != ours.get("first") or theirs.get("game") != ours.get("game"):
            return
        their_moves, our_moves = moves_of(theirs), current.moves
        if len(their_moves) <= len(our_moves) or their_moves[: len(our_moves)] != our_moves:
            return
        ply = len(our_moves)
        turn = self._turn
        if turn is None or turn.ply != ply:
            at = (current.number, ply)
            if self._refused_own != at and self._delivered != at and self._own_turn_waits():
                self._refused_own = (current.number, ply)
                log.warning(
                    "ignored a move from %s for a seat of this board", self.spec and self.spec.peer
                )
            return
        self._turn, self._delivered = None, (current.number, ply)
        self._post(SeatMove(turn.seat, their_moves[ply], ply))

    def _own_turn_waits(self) -> bool:
        """True when one of this board's seats is to act (no remote seat waits for a move)."""
        return self._turn is None and any(kind != PlayerKind.REMOTE.value for kind in self._kinds)

    def _publish(self) -> None:
        spec, current = self.spec, self._current()
        if spec is None or spec.game is None or current is None or not self._client.connected:
            return
        doc = current.document(self._board_id, spec.code, self._ask, self._granted)
        left = None if self._clock is None else self._clock.left_after(len(current.moves))
        if left is not None:
            doc["left_ms"] = left  # the mover's time left after ``token``
        if self._flagged is not None:
            doc["result"] = self._flagged
        text = json.dumps(doc, separators=(",", ":"))
        if text != self._sent:
            self._sent = text
            self._client.publish(topics.game_board(spec.code, self._board_id), text, retain=True)

    # -- UNDO asks the other board --------------------------------------------------------

    def may_undo(self, now: float) -> bool:
        """The table's UNDO policy: at once when no online game is on or the other board asked
        for this UNDO; else ask it (``UndoAgreed`` follows its consent)."""
        if self.spec is None or self.spec.game is None:
            return True
        ply = self._ply()
        peer_ask = None if self._peer_doc is None else self._peer_doc.get("undo_ask")
        if peer_ask == ply and self._peer_ply() == ply:
            self._granted = ply  # the other board asked: this UNDO agrees
            self._publish()
            return True
        self._ask = ply
        self._publish()
        return False

    def _settle_undo(self) -> None:
        peer = self._peer_doc
        if peer is None:
            return
        if self._granted is not None and peer.get("undo_ask") != self._granted:
            self._granted = None  # the other board has taken the move back too
            self._publish()
        if self._ask is not None and peer.get("undo_ok") == self._ask:
            if self._ply() == self._ask:
                if not self._undo_posted:  # the ask stands until the move is taken back here
                    self._undo_posted = True
                    self._post(UndoAgreed())
                return
            self._ask = None
            self._publish()

    # -- what the pages show --------------------------------------------------------------

    def status(self) -> JsonValue:
        spec = self.spec
        if spec is None:
            return None
        peer_asks = self._peer_doc is not None and self._peer_doc.get("undo_ask") is not None
        return {
            "code": spec.code,
            "role": spec.role,
            "peer": spec.peer,
            "connected": self._client.connected and self._peer_online,
            "undo": "asked" if self._ask is not None else "asked_of_us" if peer_asks else None,
        }

    # -- helpers --------------------------------------------------------------------------

    def draw(self, colours: tuple[str, ...]) -> str:
        """The table's starter draw: seeded with the game's code and the last round's record,
        which both boards share (not online: the board's own draw)."""
        current = self._current()
        if self.spec is None:
            return self._fallback_draw(colours)
        record = None if current is None else current.record()
        return random.Random(f"{self.spec.code}:{json.dumps(record, sort_keys=True)}").choice(
            colours
        )

    def _current(self) -> PlayedRound | None:
        return self._rounds[-1] if self._rounds else None

    def _ply(self) -> int:
        current = self._current()
        return 0 if current is None else len(current.moves)

    def _peer_ply(self) -> int | None:
        ply = None if self._peer_doc is None else self._peer_doc.get("ply")
        return ply if isinstance(ply, int) else None

    def _remote_seats(self) -> bool:
        return PlayerKind.REMOTE.value in self._kinds

    def _forget(self) -> None:
        if self.spec is not None:
            self._client.unsubscribe(topics.game_offer(self.spec.code))
            self._client.unsubscribe(topics.game_boards(self.spec.code))
        self.spec = None
        self._peer_doc = None
        self._file.forget()

    def _save(self) -> None:
        if self.spec is not None:
            self._file.save(self.spec)
