"""``/players``: the leaderboard of a day, a week or all time with each player's rating;
``/players/NAME``: one player's matches, wins and last game; ``/api/players``: the same as JSON."""

from __future__ import annotations

import datetime
import html
import sqlite3
import urllib.parse

from aiohttp import web

from firmware.history.ledger import CAFE_PLAYERS_FILE
from firmware.history.players import (
    Period,
    Player,
    Result,
    display_rating,
    leaderboard,
    player,
)
from firmware.history.store import History
from firmware.history.writer import read_history
from firmware.players.levels import rating_scale_words
from firmware.rules.api import JsonValue
from firmware.rules.bounded_json import JsonInputError, read_json
from firmware.web.bodies import ApiError
from firmware.web.history_pages import HISTORY_DIR_KEY, TODAY_KEY

PERIOD_WORDS = {
    Period.DAY: "Today",
    Period.WEEK: "This week",
    Period.MONTH: "This month",
    Period.ALL: "All time",
}
RATING_NOTE = (
    "A rating starts at 1,000 for a new player and rises with wins over strong players (teams "
    f"and games of three count too); it is on the computer's scale: {rating_scale_words()}."
)
MAX_NAME = 200  # longer than any name a seat takes: a longer one is no player


def add_player_routes(app: web.Application) -> None:
    """The player pages over the history the history pages read."""
    app.router.add_get("/players", _board_page)
    app.router.add_get("/players/{name}", _player_page)
    app.router.add_get("/api/players", _board_json)


def _history(request: web.Request) -> History:
    state_dir = request.app.get(HISTORY_DIR_KEY)
    if state_dir is None:
        raise ApiError(404, "this board keeps no history (no state directory)")
    try:  # with what the spool holds: a round saved while the database was locked
        return read_history(state_dir)
    except (OSError, sqlite3.Error) as exc:
        raise ApiError(503, f"the history cannot be read ({exc})") from None


def _period(request: web.Request) -> tuple[Period, datetime.date]:
    text = request.query.get("period", "day")
    try:
        period = Period(text)
    except ValueError:
        raise ApiError(400, f"period: day, week or all, got {text[:20]!r}") from None
    day_text = request.query.get("day")
    try:
        today = request.app[TODAY_KEY]
        day = today() if day_text is None else datetime.date.fromisoformat(day_text)
    except ValueError:
        raise ApiError(400, f"day: write YYYY-MM-DD, got {str(day_text)[:20]!r}") from None
    return period, day


def _standings(request: web.Request, period: Period, day: datetime.date) -> list[Player]:
    history = _history(request)
    try:
        return leaderboard(history, period, day)
    except (OSError, sqlite3.Error, ValueError) as exc:
        raise ApiError(503, f"the history cannot be read ({exc})") from None
    finally:
        history.close()


async def _board_json(request: web.Request) -> web.Response:
    """GET /api/players?period=day|week|month|all&day=YYYY-MM-DD."""
    period, day = _period(request)
    players: list[JsonValue] = [p.to_json() for p in _standings(request, period, day)]
    return web.json_response({"period": period.value, "day": day.isoformat(), "players": players})


async def _board_page(request: web.Request) -> web.Response:
    period, day = _period(request)
    standings = _standings(request, period, day)
    tabs = " · ".join(
        f'<a href="/players?period={p.value}&amp;day={day.isoformat()}"'
        f"{' aria-current=page' if p is period else ''}>{PERIOD_WORDS[p]}</a>"
        for p in Period
    )
    cafe = _cafe_ratings(request)
    rows = "\n".join(
        f"<tr><td>{rank}</td><td>{_player_link(p.name)}</td><td>{p.match_wins}</td>"
        f"<td>{p.matches}</td><td>{_rating(p, cafe)}</td></tr>"
        for rank, p in enumerate(standings, start=1)
    )
    table = (
        '<table class="players"><thead><tr><th>#</th><th>Player</th><th>Matches won</th>'
        f"<th>Matches</th><th>Rating</th></tr></thead><tbody>{rows}</tbody></table>"
        if standings
        else "<p>Nobody named has finished a match in this time.</p>"
    )
    title = f"{PERIOD_WORDS[period]}" + (f" ({day.isoformat()})" if period is Period.DAY else "")
    return _page(
        f"Players: {title}",
        f'<nav class="days">{tabs}</nav>{table}<p class="note">{RATING_NOTE} '
        + ("Ratings are the café's, from every table. " if cafe else "")
        + "The table lists most matches won first.</p>",
    )


async def _player_page(request: web.Request) -> web.Response:
    name = request.match_info["name"]
    if len(name) > MAX_NAME:
        raise ApiError(404, "no player of that name")
    history = _history(request)
    try:
        found = player(history, name)
    except (OSError, sqlite3.Error, ValueError) as exc:
        raise ApiError(503, f"the history cannot be read ({exc})") from None
    finally:
        history.close()
    if found is None:
        missing = f"<p>No match has a seat named {html.escape(name)}.</p>"
        return _page("No such player", missing, 404)
    last = _when(found.last_played)
    games = "\n".join(_result_row(found.name, result) for result in reversed(found.history))
    return _page(
        found.name,
        f'<p class="summary">{found.match_wins} of {found.matches} matches won, '
        f"{found.draws} drawn · rating {_rating(found, _cafe_ratings(request))} · "
        f"last played {last}</p>"
        '<table class="players"><thead><tr><th>When</th><th>Game</th><th>With</th>'
        f"<th>Result</th></tr></thead><tbody>{games}</tbody></table>",
    )


def _cafe_ratings(request: web.Request) -> dict[str, int]:
    """The café's ratings by name (folded), as the fleet last sent them to this board (none:
    the board is not in a café, or has not heard the fleet)."""
    state_dir = request.app.get(HISTORY_DIR_KEY)
    path = None if state_dir is None else state_dir / CAFE_PLAYERS_FILE
    if path is None or not path.exists():
        return {}
    try:
        body = read_json(path.read_bytes())
    except (OSError, JsonInputError):
        return {}
    players = body.get("players") if isinstance(body, dict) else None
    found: dict[str, int] = {}
    for entry in players if isinstance(players, list) else []:
        if isinstance(entry, dict) and isinstance(entry.get("name"), str):
            rating = entry.get("rating")
            if type(rating) is int:
                found[str(entry["name"]).casefold()] = rating
    return found


def _rating(player: Player, cafe: dict[str, int]) -> str:
    """The café's rating where the fleet has one, else this board's, on the levels' scale."""
    return f"{cafe.get(player.name.casefold(), display_rating(player.rating)):,}"


def _result_row(name: str, result: Result) -> str:
    key = name.casefold()
    mine = min(result.colours_of(name))
    others = [s.name or "a guest" for s in result.seats if (s.name or "").casefold() != key]
    outcome = "draw" if result.winner is None else "won" if result.winner == mine else "lost"
    match = result.match
    link = f'<a href="/history?day={match.day}">{_when(match.finished)}</a>'
    return (
        f"<tr><td>{link}</td><td>{html.escape(match.game.capitalize())} ({mine})</td>"
        f"<td>{html.escape(', '.join(others))}</td><td>{outcome}</td></tr>"
    )


def _player_link(name: str) -> str:
    return f'<a href="/players/{urllib.parse.quote(name, safe="")}">{html.escape(name)}</a>'


def _when(stamp: float | None) -> str:
    if stamp is None:
        return "never"
    try:
        return datetime.datetime.fromtimestamp(stamp).strftime("%Y-%m-%d %H:%M")
    except (OverflowError, OSError, ValueError):  # a time no calendar holds
        return "at an unknown time"


def _page(title: str, body: str, status: int = 200) -> web.Response:
    text = f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>cullsboard {html.escape(title)}</title><link rel="icon" href="/favicon.ico">
<link rel="stylesheet" href="/static/common.css">
<link rel="stylesheet" href="/static/history.css"></head>
<body><header class="bar"><span class="brand">cullsboard</span>
<h1 class="headline">{html.escape(title)}</h1></header>
<main class="history">{body}
<nav class="links"><a href="/players">Players</a> · <a href="/history">History</a> ·
<a href="/scoreboard">Scoreboard</a> · <a href="/">Board</a></nav></main></body></html>
"""
    return web.Response(
        status=status, text=text, content_type="text/html", headers={"Cache-Control": "no-cache"}
    )
