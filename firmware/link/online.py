"""A game between two boards: one side each, moves exchanged as retained records.

Each board keeps one retained message, ``games/<code>/boards/<id>``: its record of the round being
played (with the round number and ply), and its UNDO request or consent. A board applies the
other board's record when it extends its own by a move of a seat that plays over there: a
duplicate changes nothing, a gap or a restart is filled from the retained record, and a move for
one of this board's own seats is never taken from the network. A move of the other side is shown
like the computer's: the board blinks where its chip goes and waits for the tap (``Table.play``).

Everything here runs on the controller's loop (the broker client hands messages over).
"""

from __future__ import annotations

import json
import logging
import random
import secrets
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from firmware.controller.adapter import board_adapter
from firmware.controller.live import BoardView
from firmware.controller.match_play import MatchPlay
from firmware.controller.players import PlayerKind
from firmware.controller.table import Phase, Table
from firmware.link import topics
from firmware.link.board import BoardLink
from firmware.rules.api import JsonValue
from firmware.rules.bounded_json import JsonInputError, read_json

if TYPE_CHECKING:
    from _typeshed import SupportsLenAndGetItem

log = logging.getLogger("cullsboard.link")
T = TypeVar("T")

SPEC_FILE = "online.json"
HOST, GUEST = "host", "guest"


class OnlineError(ValueError):
    """An online game cannot be set up as asked; one line for the user."""


@dataclass(frozen=True, slots=True)
class OnlineRequest:
    """``--online host`` (with the game to offer) or ``--online join:CODE``."""

    role: str
    code: str | None = None
    game: str | None = None
    rules: dict[str, JsonValue] | None = None
    first: str | None = None


def parse_online(text: str) -> OnlineRequest:
    if text == HOST:
        return OnlineRequest(HOST)
    word, _, code = text.partition(":")
    code = code.strip().upper()
    if word != "join" or not topics.CODE.fullmatch(code):
        raise OnlineError(f"--online: write host or join:CODE (a five-letter code), got {text!r}")
    return OnlineRequest(GUEST, code)


@dataclass
class OnlineSpec:
    """What this board remembers of its online game across restarts (``online.json``)."""

    code: str
    role: str
    peer: str | None
    game: str | None
    rules: dict[str, JsonValue] | None
    colours: list[str]  # the colours played at this board


def seat_kinds(game: str, rules: dict[str, JsonValue], mine: Sequence[str]) -> list[PlayerKind]:
    """Each seat: here if it plays one of ``mine``, else remote."""
    match = MatchPlay(game, rules)
    seats = board_adapter(game).seats(match.rules, match.colours)
    return [PlayerKind.HERE if s.colour in mine else PlayerKind.REMOTE for s in seats]


def sides(game: str, rules: dict[str, JsonValue]) -> tuple[str, str]:
    """The host's colour and the guest's: online games have exactly two sides."""
    colours = MatchPlay(game, rules).colours
    if len(colours) != 2:
        raise OnlineError(
            f"online play needs two sides; {game} with these rules has {len(colours)}"
        )
    return colours[0], colours[1]


class SharedDraw(random.Random):
    """The table's draws (who starts a rematch) made alike on both boards: each draw is seeded
    with the game's code and the last round's record, which both boards share."""

    def __init__(self, key: Callable[[], str]) -> None:
        super().__init__()
        self._key = key

    def choice(self, seq: SupportsLenAndGetItem[T]) -> T:
        self.seed(self._key())
        return super().choice(seq)


class OnlineGame:
    """This board's side of a game with another board."""

    def __init__(self, link: BoardLink, table: Table, state_dir: Path | None) -> None:
        self.link = link
        self.table = table
        self.state_dir = state_dir
        self.spec: OnlineSpec | None = None
        self.pending_host: OnlineRequest | None = None
        self._offer: dict[str, JsonValue] | None = None
        self._peer_doc: dict[str, JsonValue] | None = None
        self._peer_online = False
        self._ask: int | None = None  # we asked the other board to undo at this ply
        self._granted: int | None = None  # we agreed to the other board's undo at this ply
        self._sent: str | None = None
        self._refused_own: tuple[int, int] | None = None
        link.on_connect.append(self._connected)
        link.watch(self._viewed)
        link.online_status = self.status
        link.online_requests = self
        self._local_draw = random.Random()
        table.follow_online(self, SharedDraw(self._draw_key).choice)

    # -- starting -------------------------------------------------------------------------

    def begin(self, request: OnlineRequest | None, now: float) -> None:
        """Host or join as asked, else carry on with the game in ``online.json`` (a restart)."""
        if request is None:
            self.spec = self._load()
            if self.spec is not None and not self._remote_seats():
                self.spec = None  # that game was put away
        elif request.role == HOST:
            self._host(request, now)
        else:
            assert request.code is not None
            self.spec = OnlineSpec(request.code, GUEST, None, None, None, [])
            self._save()
        if self.spec is not None and self.link.client.connected:
            self._connected()

    def _host(self, request: OnlineRequest, now: float) -> None:
        assert request.game is not None
        rules = dict(request.rules or {})
        host_colour, _ = sides(request.game, rules)
        code = "".join(secrets.choice(topics.CODE_ALPHABET) for _ in range(5))
        kinds = seat_kinds(request.game, rules, [host_colour])
        self.table.new_match(request.game, rules, now, request.first, kinds)
        match = self.table.match
        assert match is not None
        self.spec = OnlineSpec(code, HOST, None, request.game, dict(match.rules), [host_colour])
        self._save()
        log.info("offering %s under the code %s", request.game, code)

    def _join(self, now: float) -> None:
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
        self.table.new_match(game, rules, now, first if isinstance(first, str) else None, kinds)
        spec.game, spec.rules, spec.colours = game, rules, [guest_colour]
        spec.peer = str(offer.get("host"))
        self._save()
        self.link.client.subscribe(topics.board_status(spec.peer), self._status_seen)
        log.info("joined %s's %s game %s", spec.peer, game, spec.code)

    def check(self, request: str) -> None:
        """A request from the pages: ``host`` (the game chosen in the menu) or ``join:CODE``."""
        parsed = parse_online(request)
        if parsed.role == HOST:
            game, rules = self.table.menu.settings()
            sides(game, rules)

    def start(self, request: str, now: float) -> None:
        parsed = parse_online(request)
        if parsed.role == HOST:
            game, rules = self.table.menu.settings()
            parsed = OnlineRequest(HOST, game=game, rules=dict(rules))
        self._forget()
        self._offer, self._peer_doc, self._ask, self._granted = None, None, None, None
        self.begin(parsed, now)

    # -- the broker -----------------------------------------------------------------------

    def _connected(self) -> None:
        spec = self.spec
        if spec is None:
            return
        client = self.link.client
        client.subscribe(topics.game_offer(spec.code), self._offer_seen)
        client.subscribe(topics.game_boards(spec.code), self._board_seen)
        if spec.peer is not None:
            client.subscribe(topics.board_status(spec.peer), self._status_seen)
        if spec.role == HOST:
            offer = {"code": spec.code, "host": self.link.board_id, "game": spec.game,
                     "rules": spec.rules}  # fmt: skip
            client.publish(topics.game_offer(spec.code), json.dumps(offer), retain=True)
        self._sent = None
        self._publish()

    def _offer_seen(self, topic: str, payload: bytes) -> None:
        self._offer = _json(payload)
        self._join(self.link.clock_now())

    def _board_seen(self, topic: str, payload: bytes) -> None:
        spec = self.spec
        board = topic.rsplit("/", 1)[-1]
        if spec is None or board == self.link.board_id:
            return
        if spec.peer is None and spec.role == HOST:
            spec.peer = board
            self._save()
            self.link.client.subscribe(topics.board_status(board), self._status_seen)
            log.info("%s joined the game %s", board, spec.code)
        if spec.role == GUEST and self._offer is not None and board != self._offer.get("host"):
            return
        if spec.peer is not None and board != spec.peer:
            return  # a third board: the game is full
        self._peer_doc = _json(payload)
        self._join(self.link.clock_now())
        self._settle_undo()
        self._sync(self.link.clock_now())

    def _status_seen(self, topic: str, payload: bytes) -> None:
        self._peer_online = payload == topics.ONLINE.encode()

    # -- the loop, after every change -----------------------------------------------------

    def _viewed(self, view: BoardView) -> None:
        if self.spec is None:
            return
        if self.spec.game is not None and not self._remote_seats():
            log.info("the online game %s is over here: a local game replaced it", self.spec.code)
            self._forget()
            return
        self._publish()
        moves = view.score.get("moves")
        ours = len(moves) if isinstance(moves, list) else 0
        peer_ply = self._peer_ply()
        if peer_ply is not None and peer_ply > ours:  # a move of theirs may be due now
            self.link.post(lambda: self._sync(self.link.clock_now()))

    def _sync(self, now: float) -> None:
        """Take the other board's next move, if its record is ahead of ours."""
        table, peer = self.table, self._peer_doc
        match = table.match
        if peer is None or match is None or match.current is None or self._granted is not None:
            return
        theirs, ours = _record(peer.get("record")), table.record_json()
        if theirs is None or ours is None or peer.get("round") != len(match.rounds):
            return
        if theirs.get("first") != ours.get("first") or theirs.get("game") != ours.get("game"):
            return
        their_moves, our_moves = _moves(theirs), _moves(ours)
        if len(their_moves) <= len(our_moves) or their_moves[: len(our_moves)] != our_moves:
            return
        if table.phase is not Phase.PLAYING:
            return  # waiting for a chip already, or between rounds
        seat = table.seat_to_act()
        ply = len(our_moves)
        if seat is None or table.players[seat].kind is not PlayerKind.REMOTE:
            if self._refused_own != (len(match.rounds), ply):
                self._refused_own = (len(match.rounds), ply)
                log.warning(
                    "ignored a move from %s for a seat of this board", self.spec and self.spec.peer
                )
            return
        table.play(their_moves[ply], seat, now)

    def _publish(self) -> None:
        spec, match = self.spec, self.table.match
        if spec is None or spec.game is None or match is None or not self.link.client.connected:
            return
        record = self.table.record_json()
        moves = [] if record is None else _moves(record)
        doc = {
            "board": self.link.board_id,
            "code": spec.code,
            "round": len(match.rounds),
            "ply": len(moves),
            "token": moves[-1] if moves else None,
            "record": record,
            "undo_ask": self._ask,
            "undo_ok": self._granted,
        }
        text = json.dumps(doc, separators=(",", ":"))
        if text != self._sent:
            self._sent = text
            self.link.client.publish(
                topics.game_board(spec.code, self.link.board_id), text, retain=True
            )

    # -- UNDO asks the other board --------------------------------------------------------

    def may_undo(self, now: float) -> bool:
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
                self.table.undo_agreed(self.link.clock_now())
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
            "connected": self.link.client.connected and self._peer_online,
            "undo": "asked" if self._ask is not None else "asked_of_us" if peer_asks else None,
        }

    # -- helpers --------------------------------------------------------------------------

    def _draw_key(self) -> str:
        if self.spec is None:
            return str(self._local_draw.random())  # not online: as random as before
        return f"{self.spec.code}:{json.dumps(self.table.record_json(), sort_keys=True)}"

    def _ply(self) -> int:
        record = self.table.record_json()
        return 0 if record is None else len(_moves(record))

    def _peer_ply(self) -> int | None:
        ply = None if self._peer_doc is None else self._peer_doc.get("ply")
        return ply if isinstance(ply, int) else None

    def _remote_seats(self) -> bool:
        return any(player.kind is PlayerKind.REMOTE for player in self.table.players)

    def _forget(self) -> None:
        if self.spec is not None:
            self.link.client.unsubscribe(topics.game_offer(self.spec.code))
            self.link.client.unsubscribe(topics.game_boards(self.spec.code))
        self.spec = None
        self._peer_doc = None
        path = self._path()
        if path is not None:
            path.unlink(missing_ok=True)

    def _path(self) -> Path | None:
        return None if self.state_dir is None else self.state_dir / SPEC_FILE

    def _save(self) -> None:
        path = self._path()
        if path is None or self.spec is None:
            return
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            temporary = path.with_name(path.name + ".tmp")
            temporary.write_text(json.dumps(asdict(self.spec)) + "\n", encoding="utf-8")
            temporary.replace(path)
        except OSError as exc:
            log.warning("cannot save the online game to %s (%s)", path, exc.strerror)

    def _load(self) -> OnlineSpec | None:
        path = self._path()
        if path is None or not path.exists():
            return None
        try:
            saved: Any = read_json(path.read_bytes())  # a wrong shape is a TypeError
            return OnlineSpec(**saved)
        except (OSError, ValueError, TypeError) as exc:
            log.warning("cannot read the online game in %s (%s): playing alone", path, exc)
            return None


def _json(payload: bytes) -> dict[str, JsonValue] | None:
    try:
        value = read_json(payload)
    except JsonInputError:
        return None
    return value if isinstance(value, dict) else None


def _record(value: JsonValue) -> dict[str, JsonValue] | None:
    return value if isinstance(value, dict) else None


def _moves(record: dict[str, JsonValue]) -> list[str]:
    moves = record.get("moves")
    return [m for m in moves if isinstance(m, str)] if isinstance(moves, list) else []
