"""The fleet page's tournaments: ``GET /api/tournaments`` (every event, its rounds, tables and
standings), and for the staff, with the fleet's PIN: ``POST /api/tournaments`` (a new event),
``.../ID/round`` (pair the next round and send it to the tables), ``.../ID/dispatch`` (send the
games still waiting for a free table), ``.../ID/games/KEY/move`` and ``.../result``; and the
event's files: ``.../ID/pairings.csv``, ``standings.csv`` and ``report.trf``."""

from __future__ import annotations

import datetime
import json
import math
from collections.abc import Awaitable, Callable
from pathlib import Path

from aiohttp import web

from firmware.errors import InputError
from firmware.fleet.cafe_pages import REGISTER_KEY
from firmware.fleet.desk import TournamentDesk
from firmware.fleet.tournament_files import pairings_csv, report_file, standings_csv
from firmware.fleet.tournament_store import Kept
from firmware.rules.api import InvalidRecordError, JsonValue
from firmware.rules.bounded_json import JsonInputError, read_json
from firmware.rules.registry import find_game, load_games
from firmware.rules.time_control import parse_time_control
from firmware.tournament.event import Settings, Tournament
from firmware.tournament.model import Entrant, Format, Result, TournamentError
from firmware.web.guard import PinGuard, Verdict

STATIC = Path(__file__).resolve().parent / "static"
DESK_KEY = web.AppKey("desk", TournamentDesk)
GUARD_KEY = web.AppKey("tournament_guard", PinGuard)
PIN_HEADER = "X-Cullsboard-Staff-Pin"
MAX_BODY = 16_384
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def add_tournament_routes(app: web.Application, desk: TournamentDesk, guard: PinGuard) -> None:
    load_games()  # a new event's game and rules are checked against the registry
    app[DESK_KEY] = desk
    app[GUARD_KEY] = guard
    app.router.add_get("/tournaments", _page)
    app.router.add_get("/api/tournaments", _list)
    app.router.add_post("/api/tournaments", _staff(_create))
    app.router.add_post("/api/tournaments/{id:[0-9]{1,9}}/round", _staff(_round))
    app.router.add_post("/api/tournaments/{id:[0-9]{1,9}}/dispatch", _staff(_dispatch))
    app.router.add_post("/api/tournaments/{id:[0-9]{1,9}}/games/{key}/move", _staff(_move))
    app.router.add_post("/api/tournaments/{id:[0-9]{1,9}}/games/{key}/result", _staff(_result))
    app.router.add_get("/api/tournaments/{id:[0-9]{1,9}}/{file}", _file)


def tournament_json(kept: Kept) -> dict[str, JsonValue]:
    """What the page shows of one event: its settings, rounds, tables, results, standings."""
    tournament = kept.tournament
    games: list[JsonValue] = []
    for pairing in tournament.pairings:
        result = tournament.results.get(pairing.key)
        table = tournament.tables.get(pairing.key)
        games.append(
            {
                "key": pairing.key,
                "round": pairing.round,
                "players": list(pairing.players),
                "bye": pairing.bye,
                "table": table,
                "winner": None if result is None else result.winner,
                "reason": None if result is None else result.reason,
                "decided": pairing.bye or result is not None,
                "words": game_words(pairing.players, table, result),
            }
        )
    return {
        "id": kept.id,
        **tournament.to_json(),
        "round": len(tournament.rounds),
        "round_count": tournament.round_count,
        "finished": tournament.finished,
        "headline": headline(tournament),
        "games": games,
        "standings": [line.to_json() for line in tournament.standings()],  # type: ignore[misc]
    }


def game_words(players: tuple[str, ...], table: str | None, result: Result | None) -> str:
    """One game as the page says it: "Ana vs Ben, table-2: Ana won (time)"."""
    if len(players) == 1:
        return f"{players[0]}: a bye (a point)"
    where = f", {table}" if table else ", waiting for a free table"
    if result is None:
        return f"{' vs '.join(players)}{where}: being played"
    how = f" ({result.reason})" if result.reason else ""
    outcome = "a draw" if result.winner is None else f"{result.winner} won"
    return f"{' vs '.join(players)}{where}: {outcome}{how}"


def headline(tournament: Tournament) -> str:
    """Where the event stands: "Round 2 of 3: 1 game being played"."""
    if not tournament.rounds:
        return f"{len(tournament.entrants)} players, not yet paired"
    if tournament.finished:
        leader = tournament.standings()[0]
        return f"Finished: {leader.name} first with {leader.points:g} points"
    waiting = len(tournament.waiting())
    games = "game" if waiting == 1 else "games"
    now = f"{waiting} {games} being played" if waiting else "ready for the next round"
    return f"Round {len(tournament.rounds)} of {tournament.round_count}: {now}"


async def _page(request: web.Request) -> web.StreamResponse:
    return web.FileResponse(STATIC / "tournaments.html", headers={"Cache-Control": "no-cache"})


async def _list(request: web.Request) -> web.Response:
    desk = request.app[DESK_KEY]
    events: list[JsonValue] = [tournament_json(kept) for kept in desk.all()]
    return web.json_response({"tournaments": events})


def _staff(handler: Handler) -> Handler:
    """Only with the fleet's PIN; a tournament's refusal is a 409 with its one line."""

    async def guarded(request: web.Request) -> web.StreamResponse:
        origin = request.headers.get("Origin")
        if origin is not None and origin.split("://", 1)[-1] != request.host:
            return _error(403, "requests from another site's page are refused (Origin)")
        guard = request.app[GUARD_KEY]
        if not guard.required:
            return _error(403, "tournaments need the fleet's staff PIN: start it with --pin-file")
        decision = guard.check(request.remote or "?", request.headers.get(PIN_HEADER))
        if decision.verdict is Verdict.LOCKED:
            return _error(429, f"too many wrong PINs: try again in {decision.retry_after_s:.0f} s")
        if decision.verdict is Verdict.WRONG:
            return _error(403, "wrong staff PIN")
        try:
            return await handler(request)
        except TournamentError as exc:
            return _error(409, str(exc))

    return guarded


async def _body(request: web.Request) -> dict[str, JsonValue]:
    raw = await request.content.read(MAX_BODY + 1)
    if len(raw) > MAX_BODY:
        raise TournamentError(f"the request is over {MAX_BODY} bytes")
    try:
        body = read_json(raw or b"{}")
    except JsonInputError as exc:
        raise TournamentError(f"the request is not JSON ({exc})") from None
    if not isinstance(body, dict):
        raise TournamentError("the request is not a JSON object")
    return body


def _text(body: dict[str, JsonValue], key: str, default: str | None = None) -> str:
    value = body.get(key, default)
    if not isinstance(value, str) or not value.strip():
        raise TournamentError(f"{key}: give it as text")
    return value.strip()


async def _create(request: web.Request) -> web.Response:
    body = await _body(request)
    names = body.get("players")
    if not isinstance(names, list) or not all(isinstance(n, str) and n.strip() for n in names):
        raise TournamentError("players: a list of names")
    ratings = body.get("ratings", {})
    ratings = ratings if isinstance(ratings, dict) else {}
    try:
        format_ = Format(body.get("format"))
    except ValueError:
        raise TournamentError("format: round_robin or swiss") from None
    rounds, size, rules = body.get("rounds"), body.get("group_size", 2), body.get("rules", {})
    if rounds is not None and (type(rounds) is not int or not 1 <= rounds <= 30):
        raise TournamentError("rounds: a whole number from 1 to 30")
    if type(size) is not int or not isinstance(rules, dict):
        raise TournamentError("group_size: 2 or 3; rules: an object")
    game, clock = _text(body, "game"), _text(body, "clock", "none")
    try:  # checked once here: a table is never sent a game it cannot set up
        rules = find_game(game).parse_rules(rules)
        parse_time_control(clock)
    except (InvalidRecordError, InputError) as exc:
        raise TournamentError(str(exc)) from None
    settings = Settings(_text(body, "name"), game, format_, size, rounds, rules, clock)
    register = request.app.get(REGISTER_KEY)
    known = {} if register is None else register.ratings()  # the café's, for the Swiss pairing
    entrants = [
        Entrant(
            " ".join(str(n).split()),
            _rating(ratings[str(n)]) if str(n) in ratings else known.get(str(n).casefold(), 0.0),
        )
        for n in names
    ]
    number = request.app[DESK_KEY].create(settings, entrants)
    return web.json_response({"id": number}, status=201)


def _rating(value: JsonValue) -> float:
    """A player's rating as given (none: 0, which ranks by name)."""
    if value is None:
        return 0.0
    if type(value) not in (int, float) or not math.isfinite(value):  # type: ignore[arg-type]
        raise TournamentError("ratings: numbers, by player's name")
    return float(value)  # type: ignore[arg-type]


async def _round(request: web.Request) -> web.Response:
    desk, number = request.app[DESK_KEY], int(request.match_info["id"])
    paired = desk.next_round(number)
    unsent = desk.dispatch(number)
    return web.json_response({"paired": [p.key for p in paired], "unsent": unsent})


async def _dispatch(request: web.Request) -> web.Response:
    desk, number = request.app[DESK_KEY], int(request.match_info["id"])
    return web.json_response({"unsent": desk.dispatch(number)})


async def _move(request: web.Request) -> web.Response:
    body = await _body(request)
    desk, number = request.app[DESK_KEY], int(request.match_info["id"])
    desk.move(number, request.match_info["key"], _text(body, "table"))
    return web.json_response({"moved": request.match_info["key"]})


async def _result(request: web.Request) -> web.Response:
    body = await _body(request)
    winner = body.get("winner")
    if winner is not None and not isinstance(winner, str):
        raise TournamentError("winner: a player's name, or null for a draw")
    reason = body.get("reason", "entered by staff")
    result = Result(winner, reason if isinstance(reason, str) else "entered by staff")
    desk, number = request.app[DESK_KEY], int(request.match_info["id"])
    counted = desk.enter(number, request.match_info["key"], result)
    return web.json_response({"counted": counted})


FILES: dict[str, tuple[str, Callable[[Tournament, datetime.date], str]]] = {
    "pairings.csv": ("text/csv", lambda t, day: pairings_csv(t)),
    "standings.csv": ("text/csv", lambda t, day: standings_csv(t)),
    "report.trf": ("text/plain", lambda t, day: report_file(t, day, day)),
}


async def _file(request: web.Request) -> web.Response:
    name = request.match_info["file"]
    if name not in FILES:
        return _error(404, f"no file {name[:40]!r}: pairings.csv, standings.csv or report.trf")
    desk, number = request.app[DESK_KEY], int(request.match_info["id"])
    try:
        kept = desk.get(number)
        content_type, write = FILES[name]
        day = datetime.date.fromtimestamp(kept.created)
        text = write(kept.tournament, day)
    except TournamentError as exc:
        return _error(404 if "no tournament" in str(exc) else 409, str(exc))
    filename = f"tournament-{number}-{name}"
    return web.Response(
        text=text,
        content_type=content_type,
        headers={"Content-Disposition": f'attachment; filename="{filename}"'},
    )


def _error(status: int, message: str) -> web.Response:
    return web.json_response({"error": message}, status=status, dumps=json.dumps)
