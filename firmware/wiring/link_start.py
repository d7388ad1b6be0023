"""A board's broker link started: what its state carries besides the scoreboard (today's games
and champions, read from the history; the health; the board's page) and the health watch."""

from __future__ import annotations

import datetime
import json
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass

from firmware.controller.core.live import BoardView
from firmware.controller.view.view_model import read_score
from firmware.history.leaderboard import day_leaderboard
from firmware.history.store import History
from firmware.link.board import BoardLink
from firmware.link.online_request import OnlineRequest
from firmware.rules.api import JsonValue
from firmware.wiring.assemble import Assembly
from firmware.wiring.health import HealthWatch


@dataclass
class RunningLink:
    """A started broker link; ``close`` says goodbye (``offline``) and disconnects."""

    link: BoardLink
    watch: HealthWatch | None = None

    def close(self) -> None:
        if self.watch is not None:
            self.watch.stop()
        self.link.stop()


def start_link(
    parts: Assembly, online: OnlineRequest | None = None, *, page: str | None = None
) -> RunningLink:
    """Connect the board's broker link (after ``controller.start``): host or join ``online``,
    or carry on with the online game saved in the state directory. The state also carries the
    board's health and the board ``page`` a fleet card links to."""
    assert parts.link is not None, "assemble(link=...) builds the link"
    history, health, view = parts.history, parts.health, parts.controller.view
    today = None if history is None else _games_today(history, view, parts.today)
    champions = None if history is None else _champions_today(history, view, parts.today)

    def extra(fresh: bool) -> dict[str, JsonValue]:
        found: dict[str, JsonValue] = {} if today is None else today(fresh)
        if champions is not None:
            found["champions_today"] = champions(fresh)
        if health is not None:
            found["health"] = health.state_json()
        if page is not None:
            found["page"] = page
        return found

    parts.link.start(online, extra)
    link = parts.link

    def health_sent() -> JsonValue:
        return link.extra_sent.get("health")

    if health is None:
        return RunningLink(link, None)
    watch = HealthWatch(health.state_json, health_sent, link.state_changed)
    return RunningLink(link, watch.start())


CHAMPIONS_IN_STATE = 5


def _champions_today(
    history: History, view: Callable[[], BoardView], today: Callable[[], datetime.date]
) -> Callable[[bool], JsonValue]:
    """The state's ``champions_today`` (this board's top five), read again when the names, a
    round or the day may have changed, and whenever asked ``fresh``."""
    cache: dict[tuple[object, ...], JsonValue] = {}

    def champions(fresh: bool) -> JsonValue:
        shown = read_score(view().score)
        moves = shown.moves or ()
        seats = json.dumps(shown.seats)
        key = (today(), shown.phase, shown.round, shown.status, len(moves), seats)
        if fresh or key not in cache:
            cache.clear()
            try:
                standings = day_leaderboard(history, key[0])[:CHAMPIONS_IN_STATE]
                cache[key] = [standing.to_json() for standing in standings]
            except (OSError, sqlite3.Error):
                cache[key] = None
        return cache[key]

    return champions


def _games_today(
    history: History, view: Callable[[], BoardView], today: Callable[[], datetime.date]
) -> Callable[[bool], dict[str, JsonValue]]:
    """The state's ``games_today`` and ``lost_on_time_today``, read again when a match may have
    ended or a day, and whenever asked ``fresh`` (at each connection: a match may have ended
    unseen, the scoreboard as it was at the last one's end)."""
    cache: dict[tuple[object, ...], dict[str, JsonValue]] = {}

    def games_today(fresh: bool) -> dict[str, JsonValue]:
        shown = read_score(view().score)
        key = (today(), shown.phase, shown.round, shown.game)
        if fresh or key not in cache:
            try:
                cache.clear()
                totals = history.day_totals(key[0])
                cache[key] = {
                    "games_today": totals.games,
                    "lost_on_time_today": totals.lost_on_time,
                }
            except (OSError, sqlite3.Error):
                cache[key] = {"games_today": None, "lost_on_time_today": None}
        return cache[key]

    return games_today
