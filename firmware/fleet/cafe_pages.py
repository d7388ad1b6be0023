"""The fleet's ``/players``: every player of the café with one rating from all its tables (on
the computer levels' scale), and the champions of the week and the month; ``/api/players``: the
same as JSON."""

from __future__ import annotations

import html

from aiohttp import web

from firmware.fleet.register import CafeRegister
from firmware.players.levels import rating_scale_words

REGISTER_KEY = web.AppKey("register", CafeRegister)


def add_cafe_routes(app: web.Application, register: CafeRegister) -> None:
    app[REGISTER_KEY] = register
    app.router.add_get("/players", _page)
    app.router.add_get("/api/players", _json)


async def _json(request: web.Request) -> web.Response:
    return web.json_response(request.app[REGISTER_KEY].to_json())


def _champions(title: str, entries: object) -> str:
    listed = entries if isinstance(entries, list) else []
    items = "".join(
        f"<li>{html.escape(str(e['name']))}: {e['match_wins']} won</li>"
        for e in listed
        if isinstance(e, dict)
    )
    return f"<section><h2>{title}</h2><ol>{items or '<li>nobody yet</li>'}</ol></section>"


async def _page(request: web.Request) -> web.Response:
    body = request.app[REGISTER_KEY].to_json()
    players = body["players"]
    rows = "".join(
        f"<tr><td>{rank}</td><td>{html.escape(str(p['name']))}</td><td>{p['rating']:,}</td>"
        f"<td>{p['match_wins']}</td><td>{p['matches']}</td></tr>"
        for rank, p in enumerate(players if isinstance(players, list) else [], start=1)
        if isinstance(p, dict)
    )
    table = (
        '<table class="players"><thead><tr><th>#</th><th>Player</th><th>Rating</th>'
        f"<th>Won</th><th>Matches</th></tr></thead><tbody>{rows}</tbody></table>"
        if rows
        else "<p>No named player has finished a match on any table yet.</p>"
    )
    text = f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>cullsboard: the café's players</title><link rel="icon" href="/favicon.ico">
<link rel="stylesheet" href="/static/fleet.css">
<link rel="stylesheet" href="/static/tournaments.css">
</head><body><header class="bar"><span class="brand">cullsboard</span>
<span class="headline">The café's players</span><a href="/">All boards</a>
<a href="/tournaments">Tournaments</a></header>
<main class="tournaments"><div class="panel cafe-champions">
{_champions("Champions this week", body["week"])}{_champions("Champions this month", body["month"])}
</div><section class="event">{table}
<p class="note">One player a name across every table (letter case and spaces aside), one rating
from all their matches. A rating starts at 1,000 and is on the computer's scale:
{html.escape(rating_scale_words())}.</p></section></main></body></html>
"""
    return web.Response(text=text, content_type="text/html", headers={"Cache-Control": "no-cache"})
