"""``/history``: the games of a day in words, their records as moves, the day's statistics;
``/api/history/ID/ROUND``: one round's record as a file; ``/api/history.csv``: a day's or a
week's rounds as the spreadsheet ``cullsboard history export --csv`` prints."""

from __future__ import annotations

import datetime
import html
import json
import sqlite3
from collections.abc import Callable
from pathlib import Path

from aiohttp import web

from firmware.errors import UnavailableError
from firmware.history.export import csv_rows, record_file_name
from firmware.history.leaderboard import day_leaderboard
from firmware.history.names import seat_names
from firmware.history.players import Period
from firmware.history.rows import MatchRow, RoundRow, fits_integer
from firmware.history.snapshot import INTEGER_MAX
from firmware.history.store import History
from firmware.history.writer import read_history
from firmware.players.analysis import MoveReview
from firmware.rules.api import InvalidRecordError, JsonValue
from firmware.rules.records import Record, record_from_json
from firmware.web.bodies import ApiError
from firmware.web.history_words import day_html, match_html

HISTORY_DIR_KEY = web.AppKey("history_dir", Path)
TODAY_KEY: web.AppKey[Callable[[], datetime.date]] = web.AppKey("today")
NO_SUCH_ROUND = "no such round in the history"
# a match, its rounds, its names, the coach's analyses by round number
Played = tuple[MatchRow, list[RoundRow], dict[int, str], dict[int, list[JsonValue]]]


def add_history_routes(
    app: web.Application, state_dir: Path | None, today: Callable[[], datetime.date]
) -> None:
    """The pages read the history in ``state_dir`` (none: they say there is no history);
    ``today``: the business day now (``firmware.history.day.Today``), the pages' default."""
    if state_dir is not None:
        app[HISTORY_DIR_KEY] = state_dir
    app[TODAY_KEY] = today
    app.router.add_get("/history", _page)
    app.router.add_get("/api/history/{match:[0-9]+}/{round:[0-9]+}", _record)
    app.router.add_get("/api/leaderboard", _leaderboard)
    app.router.add_get("/api/history.csv", _csv)


class HistoryUnreadableError(UnavailableError):
    """The history database cannot be read; the message is the page's one line."""


def _open(request: web.Request) -> History:
    """The history (a connection of its own: the loop writes through another), the spool over
    it; HistoryUnreadableError if it cannot be read."""
    state_dir = request.app.get(HISTORY_DIR_KEY)
    if state_dir is None:
        raise ApiError(404, "this board keeps no history (no state directory)")
    try:
        return read_history(state_dir)
    except (OSError, sqlite3.Error) as exc:
        raise HistoryUnreadableError(f"The history cannot be read ({exc}).") from None


def _open_for_api(request: web.Request) -> History:
    """``_open`` for the JSON routes: a history that cannot be read is a 503."""
    try:
        return _open(request)
    except HistoryUnreadableError as exc:
        raise ApiError(503, str(exc).rstrip(".").replace("The", "the", 1)) from None


def _error_page(message: str, status: int = 503) -> web.Response:
    body = f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>cullsboard history</title>
<link rel="stylesheet" href="/static/common.css"></head>
<body><header class="bar"><span class="brand">cullsboard</span></header>
<main class="history"><p class="error">{html.escape(message)}</p>
<nav class="links"><a href="/history">Today's games</a> · <a href="/">Board</a></nav></main>
</body></html>
"""
    return web.Response(status=status, text=body, content_type="text/html")


def _read_day(history: History, day: datetime.date) -> list[Played]:
    try:
        played = []
        for match in history.matches(day):
            rounds = history.rounds(match.id)
            played.append(
                (match, rounds, seat_names(history, match.id), _analyses(history, match, rounds))
            )
        return played
    except (OSError, sqlite3.Error, ValueError) as exc:
        raise HistoryUnreadableError(f"The history cannot be read ({exc}).") from None
    finally:
        history.close()


def _analyses(
    history: History, match: MatchRow, rounds: list[RoundRow]
) -> dict[int, list[JsonValue]]:
    """The coach's analyses the history keeps for ``rounds``, by round number."""
    found = {}
    for round_ in rounds:
        moves = None if round_.record is None else round_.record.get("moves")
        if match.key is None or not isinstance(moves, list):
            continue
        kept = history.analysis(match.key, round_.number, [str(move) for move in moves])
        if kept is not None:
            found[round_.number] = kept
    return found


def round_record(
    request: web.Request, match_id: int, number: int
) -> tuple[Record, tuple[MoveReview, ...]]:
    """Round ``number`` of match ``match_id`` as the history keeps it, with the coach's analysis
    where it keeps one; ApiError if it has no such round."""
    history = _open_for_api(request)
    try:
        match = history.match(match_id)
        rounds = [] if match is None else history.rounds(match_id)
        found = [r for r in rounds if r.number == number and r.record is not None]
        kept = [] if match is None else _analyses(history, match, found).get(number, [])
    except (OSError, sqlite3.Error, ValueError) as exc:
        raise ApiError(503, f"the history cannot be read ({exc})") from None
    finally:
        history.close()
    if not found or found[0].record is None:
        raise ApiError(404, NO_SUCH_ROUND)
    try:
        record = record_from_json(found[0].record)
        analysis = tuple(MoveReview.from_json(item) for item in kept)
    except (InvalidRecordError, ValueError):
        raise ApiError(404, NO_SUCH_ROUND) from None
    return record, analysis


def _day(request: web.Request) -> datetime.date:
    text = request.query.get("day")
    try:
        return request.app[TODAY_KEY]() if text is None else datetime.date.fromisoformat(text)
    except ValueError:
        raise ApiError(400, f"day: write YYYY-MM-DD, got {str(text)[:20]!r}") from None


async def _leaderboard(request: web.Request) -> web.Response:
    """GET /api/leaderboard?day=YYYY-MM-DD (default today): the named players, most wins first."""
    day = _day(request)
    history = _open_for_api(request)
    try:
        standings = day_leaderboard(history, day)
    except (OSError, sqlite3.Error, ValueError) as exc:
        raise ApiError(503, f"the history cannot be read ({exc})") from None
    finally:
        history.close()
    players: list[JsonValue] = [standing.to_json() for standing in standings]
    return web.json_response({"day": day.isoformat(), "players": players})


async def _page(request: web.Request) -> web.Response:
    """GET /history?day=YYYY-MM-DD (default today); a day that is not a date: a page saying so."""
    try:
        day = _day(request)
    except ApiError as exc:  # a person's page: words, not JSON
        return _error_page(f"That is not a day: {exc.message}.", exc.status)
    try:
        games = _read_day(_open(request), day)
    except HistoryUnreadableError as exc:
        return _error_page(str(exc))
    sections = "\n".join(
        match_html(match, rounds, names, analyses) for match, rounds, names, analyses in games
    )
    body = f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>cullsboard history {day.isoformat()}</title>
<link rel="stylesheet" href="/static/common.css">
<link rel="stylesheet" href="/static/history.css">
<link rel="stylesheet" href="/static/coach.css">
<script type="module" src="/static/history_coach.js"></script></head>
<body><header class="bar"><span class="brand">cullsboard</span>
<h1 class="headline">Games of {day.isoformat()}</h1>
<nav class="days">{_day_links(day)}</nav></header>
<main class="history">{day_html([(match, rounds) for match, rounds, _, _ in games])}
{sections or "<p>No games on this day.</p>"}
<nav class="links"><a href="/">Board</a> · <a href="/scoreboard">Scoreboard</a></nav></main>
</body></html>
"""
    return web.Response(text=body, content_type="text/html", headers={"Cache-Control": "no-cache"})


def _day_links(day: datetime.date) -> str:
    """The links to the day before and the day after, where the calendar has them."""
    links = []
    if day > datetime.date.min:
        before = (day - datetime.timedelta(days=1)).isoformat()
        links.append(f'<a href="/history?day={before}">← {before}</a>')
    if day < datetime.date.max:
        after = (day + datetime.timedelta(days=1)).isoformat()
        links.append(f'<a href="/history?day={after}">{after} →</a>')
    return "\n".join(links)


def _row_id(digits: str) -> int:
    """The id the path gives (digits only), or 404 if no row can have it (past SQLite's
    integers, or too long for Python's int to read)."""
    if len(digits.lstrip("0")) > len(str(INTEGER_MAX)) or not fits_integer(int(digits)):
        raise ApiError(404, NO_SUCH_ROUND)
    return int(digits)


async def _record(request: web.Request) -> web.Response:
    match_id, number = _row_id(request.match_info["match"]), _row_id(request.match_info["round"])
    history = _open_for_api(request)
    try:
        match = history.match(match_id)
        rounds = history.rounds(match_id)
    except (OSError, sqlite3.Error, ValueError) as exc:  # ValueError: a record that is not JSON
        raise ApiError(503, f"the history cannot be read ({exc})") from None
    finally:
        history.close()
    found = [r.record for r in rounds if r.number == number and r.record is not None]
    if match is None or not found:
        raise ApiError(404, NO_SUCH_ROUND)
    name = record_file_name(match.board, match_id, number)
    return web.Response(
        text=json.dumps(found[0]) + "\n",
        content_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )


async def _csv(request: web.Request) -> web.Response:
    """GET /api/history.csv?period=day|week|month|all&day=YYYY-MM-DD (default: a day, today):
    the rounds of that day, of its week (Monday to Sunday, as the players' page counts one), its
    month or every day, a row each."""
    day = _day(request)
    try:
        period = Period(request.query.get("period", "day"))
    except ValueError:
        raise ApiError(400, "period: day, week, month or all") from None
    span = period.days(day)
    history = _open_for_api(request)
    try:
        if span is None:
            rows = history.matches()
        else:
            days = (
                span[0] + datetime.timedelta(days=n) for n in range((span[1] - span[0]).days + 1)
            )
            rows = [match for one in days for match in history.matches(one)]
        text = csv_rows(history, rows)
    except (OSError, sqlite3.Error, ValueError) as exc:
        raise ApiError(503, f"the history cannot be read ({exc})") from None
    finally:
        history.close()
    name = f"cullsboard-{period.value}-{day.isoformat()}.csv"
    return web.Response(
        text=text,
        content_type="text/csv",
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )
