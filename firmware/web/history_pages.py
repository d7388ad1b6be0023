"""``/history``: the games of a day with their records; ``/api/history/ID/ROUND``: one record."""

from __future__ import annotations

import datetime
import html
import json
import sqlite3
from pathlib import Path

from aiohttp import web

from firmware.history.store import History, MatchRow, RoundRow
from firmware.web.bodies import ApiError

HISTORY_DIR_KEY = web.AppKey("history_dir", Path)


def add_history_routes(app: web.Application, state_dir: Path | None) -> None:
    """The pages read the history in ``state_dir`` (none: they say there is no history)."""
    if state_dir is not None:
        app[HISTORY_DIR_KEY] = state_dir
    app.router.add_get("/history", _page)
    app.router.add_get("/api/history/{match:[0-9]+}/{round:[0-9]+}", _record)


def _open(request: web.Request) -> History:
    state_dir = request.app.get(HISTORY_DIR_KEY)
    if state_dir is None:
        raise ApiError(404, "this board keeps no history (no state directory)")
    return History(state_dir)  # a connection of its own: the loop writes through another


async def _page(request: web.Request) -> web.Response:
    """GET /history?day=YYYY-MM-DD (default today)."""
    text = request.query.get("day")
    try:
        day = datetime.date.today() if text is None else datetime.date.fromisoformat(text)
    except ValueError:
        raise ApiError(400, f"day: write YYYY-MM-DD, got {text!r}") from None
    history = _open(request)
    try:
        games = [(match, history.rounds(match.id)) for match in history.matches(day)]
        totals = history.day_totals(day)
    except (OSError, sqlite3.Error, ValueError) as exc:
        return _error_page(f"The history cannot be read ({exc}).")
    finally:
        history.close()
    rows = "\n".join(_match_html(match, rounds) for match, rounds in games) or (
        "<p>No games on this day.</p>"
    )
    before, after = day - datetime.timedelta(days=1), day + datetime.timedelta(days=1)
    headline = f"Games of {day.isoformat()}: {totals.games} finished, {totals.rounds} rounds"
    body = f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>cullsboard history {day.isoformat()}</title>
<link rel="stylesheet" href="/static/common.css"></head>
<body><header class="bar"><span class="brand">cullsboard</span>
<span class="headline">{headline}</span>
<a href="/history?day={before.isoformat()}">← {before.isoformat()}</a>
<a href="/history?day={after.isoformat()}">{after.isoformat()} →</a></header>
<main class="history">{rows}</main></body></html>
"""
    return web.Response(text=body, content_type="text/html", headers={"Cache-Control": "no-cache"})


def _error_page(message: str) -> web.Response:
    body = f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>cullsboard history</title>
<link rel="stylesheet" href="/static/common.css"></head>
<body><header class="bar"><span class="brand">cullsboard</span></header>
<main class="history"><p class="error">{html.escape(message)}</p></main></body></html>
"""
    return web.Response(status=503, text=body, content_type="text/html")


def _match_html(match: MatchRow, rounds: list[RoundRow]) -> str:
    started = datetime.datetime.fromtimestamp(match.started).strftime("%H:%M")
    result = match.winner or ("draw" if match.finished else "not finished")
    items = []
    for r in rounds:
        link = (
            f' <a href="/api/history/{match.id}/{r.number}" download>record</a>'
            if r.record is not None
            else ""
        )
        record = "" if r.record is None else f"<pre>{html.escape(json.dumps(r.record))}</pre>"
        items.append(
            f"<li>Round {r.number}: {html.escape(r.winner or r.status)}{link}{record}</li>"
        )
    players = html.escape(" / ".join(match.players) or "-")
    return (
        f"<section><h2>#{match.id} {html.escape(match.game)} at {started}: "
        f"{html.escape(result)}</h2><p>players: {players}</p><ol>{''.join(items)}</ol></section>"
    )


async def _record(request: web.Request) -> web.Response:
    history = _open(request)
    try:
        rounds = history.rounds(int(request.match_info["match"]))
    except (OSError, sqlite3.Error, ValueError) as exc:
        raise ApiError(503, f"the history cannot be read ({exc})") from None
    finally:
        history.close()
    number = int(request.match_info["round"])
    found = [r.record for r in rounds if r.number == number and r.record is not None]
    if not found:
        raise ApiError(404, "no such round in the history")
    return web.Response(
        text=json.dumps(found[0]) + "\n",
        content_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="cullsboard-{number}.json"'},
    )
