"""The history page's words: each match's result, its rounds as moves, the day's statistics."""

from __future__ import annotations

import datetime
import html
from collections import Counter, defaultdict
from collections.abc import Sequence

from firmware.controller.core.adapter import board_adapter
from firmware.history.leaderboard import seat_colours
from firmware.history.rows import MatchRow, RoundRow
from firmware.rules.api import IllegalActionError, InvalidRecordError, JsonValue
from firmware.rules.records import record_from_json
from firmware.web.coach_words import coach_html

PLAYER_WORDS = {
    "here": "at the table",
    "computer": "the computer",
    "remote": "another board",
    "web": "a phone",
}
STATUS_WORDS = {"draw": "drawn", "won": "won", "in_progress": "not finished"}

Day = Sequence[tuple[MatchRow, list[RoundRow]]]


def _title(word: str) -> str:
    return word[:1].upper() + word[1:]


def _esc(text: object) -> str:
    return html.escape(str(text))


def _clock(stamp: float) -> str:
    try:
        return datetime.datetime.fromtimestamp(stamp).strftime("%H:%M")
    except (OverflowError, OSError, ValueError):  # a time no calendar holds
        return "?"


def _minutes(seconds: float) -> str:
    minutes = round(seconds / 60)
    return "under a minute" if minutes < 1 else f"{minutes} min"


def game_label(match: MatchRow) -> str:
    """``Culls duel``, ``Cubulus, 3 players``."""
    mode = match.rules.get("mode")
    players = match.rules.get("players")
    if isinstance(mode, str):
        return f"{_title(match.game)} {mode}"
    if isinstance(players, int):
        return f"{_title(match.game)}, {players} players"
    return _title(match.game)


def round_wins(rounds: Sequence[RoundRow]) -> Counter[str]:
    return Counter(r.winner for r in rounds if r.winner is not None)


def result_words(match: MatchRow, rounds: Sequence[RoundRow]) -> str:
    """``Blue won the match 3-1`` (an en dash), ``Not finished: blue 1, red 0``, ``Drawn``."""
    wins = round_wins(rounds)
    if match.finished is not None and match.winner is not None:
        others = sum(count for colour, count in wins.items() if colour != match.winner)
        return f"{_title(match.winner)} won the match {wins[match.winner]}\N{EN DASH}{others}"
    if match.finished is not None:
        return "The match ended without a winner"
    standing = ", ".join(f"{_title(c)} {n}" for c, n in wins.most_common()) or "no round won"
    return f"Not finished yet: {standing}"


def round_words(round_: RoundRow) -> str:
    """``Red won round 2``, ``Red won round 2 on time``, ``Round 3 was drawn``."""
    how = {"time": " on time", "resignation": " by resignation"}.get(round_.reason or "", "")
    if round_.winner is not None:
        return f"{_title(round_.winner)} won round {round_.number}{how}"
    return f"Round {round_.number} was {STATUS_WORDS.get(round_.status, round_.status)}"


def moves_in_words(record: dict[str, JsonValue]) -> list[str]:
    """Each move of a record as the game says it (``Blue played h8``); the tokens as they are
    if the record does not replay."""
    raw = record.get("moves")
    tokens = [str(token) for token in raw] if isinstance(raw, list) else []
    try:
        parsed = record_from_json(record)
        adapter = board_adapter(parsed.game)
        state = parsed.new_state()
        lines = []
        for token in parsed.moves:
            who = _title(state.to_move() or "")
            lines.append(adapter.describe(state, token, who))
            state.apply(token)
    except (InvalidRecordError, IllegalActionError, TypeError, ValueError):
        return tokens
    return lines


def _round_html(match: MatchRow, round_: RoundRow, analysis: list[JsonValue] | None) -> str:
    head = f"<h3>{_esc(round_words(round_))}</h3>"
    if round_.record is None:
        return f'<section class="round">{head}<p class="hint">No record kept.</p></section>'
    moves = moves_in_words(round_.record)
    first = round_.record.get("first")
    count = "1 move" if len(moves) == 1 else f"{len(moves)} moves"
    link = f'<a href="/api/history/{match.id}/{round_.number}" download>Download the record</a>'
    items = "".join(f"<li>{_esc(line)}</li>" for line in moves)
    return (
        f'<section class="round">{head}<p class="about">{_esc(_title(str(first)))} moved first'
        f" · {count} · {link}</p>{coach_html(match, round_, analysis)}"
        f'<ol class="moves">{items}</ol></section>'
    )


def players_words(match: MatchRow, names: dict[int, str]) -> str:
    """``Ana (blue, at the table), red: the computer``: each seat's name, colour and player."""
    colours = seat_colours(match.game, match.rules)
    parts = []
    for seat, kind in enumerate(match.players):
        colour = colours[seat] if seat < len(colours) else ""
        who = PLAYER_WORDS.get(kind, kind)
        name = names.get(seat)
        parts.append(f"{name} ({colour}, {who})" if name else f"{colour}: {who}".lstrip(": "))
    return ", ".join(parts) or "not recorded"


def match_html(
    match: MatchRow,
    rounds: list[RoundRow],
    names: dict[int, str] | None = None,
    analyses: dict[int, list[JsonValue]] | None = None,
) -> str:
    """One match: its game and time, the result in words, the players, every round (with the
    coach's analysis where the history keeps one)."""
    until = f"\N{EN DASH}{_clock(match.finished)}" if match.finished is not None else ""
    players = players_words(match, names or {})
    rounds_html = "".join(_round_html(match, r, (analyses or {}).get(r.number)) for r in rounds)
    return (
        f'<section class="match" id="match-{match.id}"><h2>{_esc(game_label(match))}, '
        f"{_clock(match.started)}{until}</h2>"
        f'<p class="result">{_esc(result_words(match, rounds))}</p>'
        f'<p class="about">Players: {_esc(players)}</p>{rounds_html}</section>'
    )


def day_html(games: Day) -> str:
    """The day in numbers: matches finished, rounds played (and lost on time), and per game the
    average match length and the wins of each colour; then the move notation of the games
    played."""
    finished = [(m, r) for m, r in games if m.finished is not None]
    played = sum(1 for _, rounds in games for r in rounds if r.status != "in_progress")
    match_word = "match" if len(finished) == 1 else "matches"
    round_word = "round" if played == 1 else "rounds"
    on_time = sum(1 for _, rounds in games for r in rounds if r.reason == "time")
    lost = f", {on_time} lost on time" if on_time else ""  # said only on a day that had some
    gone = sum(1 for m, _ in games if m.abandoned is not None)  # put away: not played out
    left = f"; {gone} abandoned" if gone else ""
    lines = [
        f"<p>{len(finished)} {match_word} finished, {played} {round_word} played{lost}{left}.</p>"
    ]
    per_game: dict[str, list[tuple[MatchRow, list[RoundRow]]]] = defaultdict(list)
    for match, rounds in games:
        per_game[match.game].append((match, rounds))
    for game, entries in sorted(per_game.items()):
        lines.append(_game_table(game, entries))
    if per_game:
        lines.append(_legends(sorted(per_game)))
    return f'<section class="day" aria-label="The day">{"".join(lines)}</section>'


def _game_table(game: str, entries: list[tuple[MatchRow, list[RoundRow]]]) -> str:
    done = [m for m, _ in entries if m.finished is not None]
    lengths = [(m.finished or m.started) - m.started for m in done]
    average = f"a match took {_minutes(sum(lengths) / len(lengths))} on average" if done else ""
    matches = Counter(m.winner for m in done if m.winner is not None)
    rounds = Counter[str]()
    for _, played in entries:
        rounds.update(round_wins(played))
    colours = sorted(set(matches) | set(rounds), key=lambda c: (-matches[c], -rounds[c], c))
    rows = "".join(
        f"<tr><th>{_esc(_title(c))}</th><td>{matches[c]}</td><td>{rounds[c]}</td></tr>"
        for c in colours
    )
    caption = f"{_esc(_title(game))}: {len(done)} finished" + (f", {average}" if average else "")
    head = "<tr><th>Colour</th><th>Matches won</th><th>Rounds won</th></tr>"
    return f'<table class="wins"><caption>{caption}</caption>{head}{rows}</table>'


def _legends(games: list[str]) -> str:
    parts = []
    for game in games:
        try:
            notation = board_adapter(game).notation
        except (InvalidRecordError, TypeError):
            continue
        items = "".join(
            f"<dt><code>{_esc(token)}</code></dt><dd>{_esc(means)}</dd>"
            for token, means in notation
        )
        name = _esc(_title(game))
        parts.append(f"<div><h3>{name} moves in records</h3><dl>{items}</dl></div>")
    return f'<details class="legend"><summary>Move notation</summary>{"".join(parts)}</details>'
