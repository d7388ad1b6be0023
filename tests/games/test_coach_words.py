"""A mistake in each game's own words, with board cell names only: what it let the other side
do and what the better move would have done, on hand-made positions."""

from __future__ import annotations

from pathlib import Path

from firmware.controller.coach.mistakes import ExplainsMistakes
from firmware.controller.core.adapter import board_adapter
from firmware.rules import find_game
from firmware.rules.api import GameState, Status
from firmware.rules.records import parse_record

SAMPLES = Path("firmware/games")


def culls_after(moves: list[str]) -> GameState:
    game = find_game("culls")
    state = game.new_state(game.parse_rules({}), "blue")
    for token in moves:
        state.apply(token)
    return state


def explain(before: GameState, token: str, better: str, reply: str, forced: bool = False) -> str:
    adapter = board_adapter(before.game)
    assert isinstance(adapter, ExplainsMistakes)
    return adapter.explain_mistake(before, token, better, reply, forced=forced)


def test_a_missed_block_lets_an_open_four_through() -> None:
    before = culls_after(["h8", "h9", "a1", "c1", "h10"])
    said = explain(before, "e1", "h11", "h11")
    assert said == "Red e1: this let Blue make an open four; h11 would have stopped it"
    assert explain(before, "e1", "h7", "h11").endswith("h7 would have stopped it")


def test_a_missed_cull_lets_five_through_and_the_cull_is_named() -> None:
    before = culls_after(["h8", "h9", "g9", "a1", "i9", "c1", "h10", "e1", "h11"])
    said = explain(before, "m1", "j9", "h12")
    assert said == (
        "Red m1: this let Blue make five in a row, h8 to h12; j9 would have trapped h9 and i9"
    )


def test_a_move_with_no_threat_named_says_the_round_was_lost_by_force_when_it_was() -> None:
    before = culls_after(["h8", "h9", "a1", "c1"])
    assert explain(before, "o1", "h10", "o15") == "Blue o1; h10 would have made an open three"
    assert explain(before, "o1", "h10", "o15", forced=True) == (
        "Blue o1: this let Red win by force; h10 would have made an open three"
    )


def test_a_cubulus_push_that_hands_over_a_square_names_the_square_and_the_push_that_stops_it() -> (
    None
):
    record = parse_record((SAMPLES / "cubulus/samples/cubulus-2p-sample.json").read_bytes())
    before = record.new_state()
    for token in record.moves[:18]:
        before.apply(token)
    after = before.copy()
    after.apply("F200")
    reply = next(t for t in sorted(after.legal_actions()) if _wins(after, t, "red"))
    said = explain(before, "F200", "R211", reply)
    assert said == (
        "Black pushed in from the front at g9: this let Red make a square on the right face "
        "(j9, j10, k9 and k10); the push in at j10 from the right would have stopped it"
    )
    assert "F200" not in said and "R211" not in said


def _wins(state: GameState, token: str, colour: str) -> bool:
    then = state.copy()
    then.apply(token)
    outcome = then.outcome()
    return outcome.status is Status.WON and outcome.winner == colour
