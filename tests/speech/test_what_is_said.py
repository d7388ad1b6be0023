"""What the board says, heard on the simulated voice: every kind of action in both games (a
Cubulus full line turned, a Culls teams game by seat), a cull and its flip, a refusal, a win and
the score, a lesson's step, a hint, a resumed match, in order, and stale sentences dropped when
the moves come faster than speech."""

from __future__ import annotations

from pathlib import Path

from firmware.controller.computer.computer import Seating
from firmware.controller.core.events import EventLog, MoveApplied
from firmware.learn.library import load_lessons
from firmware.players import level
from hal.interfaces import ButtonEvent
from hal.speaker import MockSpeaker
from tests.controller.conftest import Rig
from tests.controller.games import culls_round_taps
from tests.controller.test_cubulus import BLACK_PUSHES, RED_SQUARE, TOP_LAYER
from tests.controller.test_hint_inputs import OPEN_FOUR, WAIT_S

SPEECH_S = 30.0  # long enough for any sentence and the prompt after it


def _voice(rig: Rig) -> MockSpeaker:
    assert rig.board.speaker is not None
    return rig.board.speaker


def heard(rig: Rig) -> list[str]:
    """Everything said until the voice is quiet; then the voice starts afresh."""
    rig.advance(SPEECH_S)
    voice = _voice(rig)
    texts = voice.texts
    voice.clear()
    return texts


def _tap_slowly(rig: Rig, *names: str) -> list[str]:
    said: list[str] = []
    for name in names:
        rig.tap(name)
        said += heard(rig)
    return said


def _acted(log: EventLog) -> list[str]:
    """Each action as the voice says it: the move's own words (``MoveApplied.said``)."""
    return [f"{event.said.rstrip('.')}." for event in log.of(MoveApplied)]


def test_culls_placements_a_cull_its_flip_the_flipped_chip_moved_and_a_refusal(rig: Rig) -> None:
    log = EventLog(rig.events)
    rig.start("culls", {"mode": "duel"}, first="blue")
    assert heard(rig) == ["Blue: place a chip and tap its cell (chip 1 of 2)"]
    said = _tap_slowly(rig, "h8", "i8", "g8", "j8", "h8", "k10", "k10")
    acted = _acted(log)
    assert acted[0] == "Blue placed h8." and "trapped h8 and i8" in acted[3]
    assert "flipped h8" in acted[4] and "from h8 to k10" in acted[5]
    assert said == [
        acted[0],
        "Blue: place a chip and tap its cell (chip 2 of 2)",
        acted[1],
        "Red: place a chip and tap its cell (chip 1 of 2)",
        acted[2],
        "Red: place a chip and tap its cell (chip 2 of 2)",
        acted[3],  # the cull
        "Red: tap the blinking chip to flip it: h8 or i8",
        acted[4],  # the flip
        "Blue: move your flipped chip from h8 to an empty cell and tap it",
        acted[5],  # the flipped chip moved
        "Red: place a chip and tap its cell",
        "Not k10: k10 is taken.",
    ]


def test_a_culls_win_is_said_once_with_why_then_the_score_and_what_to_do(rig: Rig) -> None:
    log = EventLog(rig.events)
    rig.start("culls", {"mode": "duel"}, first="blue")
    heard(rig)
    said = _tap_slowly(rig, *culls_round_taps("blue", "blue"))
    winning = _acted(log)[-1]
    assert "made five in a row, h8 to h12" in winning and "Blue wins the round" in winning
    assert said[-3:] == [
        winning,
        "Blue 1, Red 0.",
        "Touch the board for the score; clear it, then tap the green centre cell",
    ]
    assert sum("wins" in sentence for sentence in said) == 1, "the win is said once"


def test_cubulus_neutral_balls_pushes_and_a_square_that_wins_the_match(rig: Rig) -> None:
    log = EventLog(rig.events)
    rig.start("cubulus", {"players": 2}, first="red")
    assert heard(rig) == ["Black: place a white ball and tap its cell (1 of 9)"]
    rig.neutral(TOP_LAYER[0])
    placed = _acted(log)[0]
    assert "white ball" in placed and "e11" in placed
    assert heard(rig) == [placed, "Black: place a white ball and tap its cell (2 of 9)"]
    for cube_cell in TOP_LAYER[1:]:
        rig.neutral(cube_cell)
    heard(rig)
    log.clear()
    said: list[str] = []
    for red, black in zip(RED_SQUARE, [*BLACK_PUSHES, None], strict=True):
        rig.push(red)
        said += heard(rig)
        if black is not None:
            rig.push(black)
            said += heard(rig)
    acted = _acted(log)
    assert "pushed a ball in" in acted[0] and "e9" in acted[0]
    assert said[:4] == [
        acted[0],
        "Black: push a ball in: tap the face cell you push into",
        acted[1],
        "Red: push a ball in: tap the face cell you push into",
    ]
    assert "made a square" in acted[-1] and "Red wins" in acted[-1]
    assert said[-3:] == [
        acted[-1],
        "Red wins the match, Red 1, Black 0.",
        "Tap the green centre cell for a rematch",
    ]


def test_moves_faster_than_speech_drop_the_stale_sentences_never_a_refusal(rig: Rig) -> None:
    rig.start("culls", {"mode": "duel"}, first="blue")
    heard(rig)
    for name in ("h8", "i8", "g8", "h8", "j8"):  # h8 again: refused, at once
        rig.tap(name)
        rig.advance(0.2)
    voice = _voice(rig)
    assert [u.text for u in voice.dropped] == [
        "Blue: place a chip and tap its cell (chip 2 of 2)",
        "Blue placed i8.",
        "Red: place a chip and tap its cell (chip 1 of 2)",
        "Red placed g8.",
        "Red: place a chip and tap its cell (chip 2 of 2)",
    ]
    assert heard(rig) == [
        "Blue placed h8.",  # being said when the others came
        "Not h8: h8 is taken.",  # a refusal goes first and is never stale
        "Red placed j8 and trapped h8 and i8: Red flips one.",
        "Red: tap the blinking chip to flip it: h8 or i8",
    ]


def test_a_resumed_match_is_said_where_it_was_left(tmp_path: Path) -> None:
    live = Rig(tmp_path)
    live.start("culls", {"mode": "duel"}, first="blue")
    for name in ("h8", "i8", "g8"):
        live.tap(name)
    live.board.close()
    resumed = Rig(tmp_path)
    resumed.start()
    assert heard(resumed) == [
        "The culls match is back as it was left: Blue against Red.",
        "Round 1, 3 actions played so far.",
        "Red: place a chip and tap its cell (chip 2 of 2)",
    ]


def test_a_hint_is_said(tmp_path: Path) -> None:
    seating = Seating(clock=lambda: 0.0, level=level(1), seed=5)
    rig = Rig(tmp_path, seating=seating)
    rig.start("culls", {}, first="blue")
    for name in OPEN_FOUR:
        rig.tap(name)
    heard(rig)
    rig.controller.post(ButtonEvent(rig.clock.now(), "hint", True))
    rig.controller.post(ButtonEvent(rig.clock.now(), "hint", False))
    said: list[str] = []
    for _ in range(10):  # the search runs beside the loop: give a loaded machine its time
        seating.thinker.join(WAIT_S)
        rig.controller.step()
        said += heard(rig)
        if said:
            break
    assert len(said) == 1 and said[0].startswith("Hint: "), said
    assert said[0].removeprefix("Hint: ").split()[0] in ("g8", "l8"), "the hint's cell is said"


def test_a_lesson_says_each_step_and_the_praise_for_a_right_touch(rig: Rig) -> None:
    lesson = load_lessons()[0]
    rig.start()
    heard(rig)  # the menu's voice cell, said as the menu opens
    rig.controller.lesson(lesson.full_name)
    rig.controller.step()
    first = heard(rig)
    assert first == [lesson.steps[0].say]
    lit = rig.score["lesson"]
    assert isinstance(lit, dict) and isinstance(lit["cells"], list)
    rig.tap(str(lit["cells"][0]))
    right = (lesson.steps[0].right or "Right.").rstrip(".")
    said = heard(rig)
    assert len(said) == 1 and said[0].startswith(f"{right}."), said
    go_on = said[0].split("Tap ")[-1].split()[0]  # "... Tap g8 to go on."
    rig.tap(go_on)
    assert heard(rig) == [lesson.steps[1].say]


def test_verbosity_moves_says_no_prompts_and_a_voice_turned_off_says_nothing(rig: Rig) -> None:
    parts = rig.announcer
    assert parts is not None
    parts.verbosity = "moves"
    rig.start("culls", {"mode": "duel"}, first="blue")
    assert _tap_slowly(rig, "h8", "h8") == ["Blue placed h8.", "Not h8: h8 is taken."]
    parts.enabled = False
    assert _tap_slowly(rig, "i8", "i8") == []


def test_the_running_clock_warns_at_a_minute_30_and_10_seconds_left_once_each(
    tmp_path: Path,
) -> None:
    from firmware.rules.time_control import parse_time_control

    rig = Rig(tmp_path, time_control=parse_time_control("1.5"))  # 90 s each
    rig.start("culls", {"mode": "duel"}, first="blue")
    for name in ("h8", "i8", "a1", "c1", "e5"):  # the untimed setup, then Blue's turn
        rig.tap(name)
    voice = _voice(rig)
    voice.clear()
    for _ in range(9):  # Red's clock runs: 80 s past, 10 s left
        rig.advance(9.0)
    warnings = [said.text for said in voice.said if said.text.endswith(" left.")]
    assert warnings == ["Red: one minute left.", "Red: 30 seconds left.", "Red: 10 seconds left."]
    assert all(said.urgent for said in voice.said if said.text in warnings)


def test_a_cubulus_full_line_turned_and_the_turn_back_refused(rig: Rig) -> None:
    log = EventLog(rig.events)
    rig.start("cubulus", {"players": 2}, first="red")
    for cube_cell in TOP_LAYER:  # the top layer full of white balls: each of its lines is full
        rig.neutral(cube_cell)
    heard(rig)
    log.clear()
    rig.push("F002")  # into the full line 002-012-022: it turns
    turned = _acted(log)
    assert turned == [
        "Red turned the full line from the front at e11: "
        "the white ball at the far end came in at e11."
    ]
    assert heard(rig) == [turned[0], "Black: push a ball in: tap the face cell you push into"]
    rig.push("B022")  # the same line from the back: turning it back is refused, at once
    assert heard(rig) == ["Not o11: that would undo the last move."]
    assert len(_acted(log)) == 1


def test_a_culls_teams_game_names_the_seat_that_acts_and_the_one_that_moves_the_chip(
    rig: Rig,
) -> None:
    log = EventLog(rig.events)
    rig.start("culls", {"mode": "teams"}, first="blue")
    said = heard(rig)
    said += _tap_slowly(rig, "h8", "i8", "a1", "j8", "k8", "i8", "m3")
    acted = _acted(log)
    assert acted == [
        "Blue A placed h8.",
        "Red A placed i8.",
        "Blue B placed a1.",
        "Red B placed j8.",
        "Blue A placed k8 and trapped i8 and j8: Blue A flips one.",
        "Blue A placed k8 and trapped i8 and j8; Blue A flipped i8: Red A moves it next.",
        "Red A moved the flipped chip from i8 to m3.",
    ]
    assert said == [
        "Blue A: place a chip and tap its cell",
        acted[0],
        "Red A: place a chip and tap its cell",
        acted[1],
        "Blue B: place a chip and tap its cell",
        acted[2],
        "Red B: place a chip and tap its cell",
        acted[3],
        "Blue A: place a chip and tap its cell",
        acted[4],  # the cull
        "Blue A: tap the blinking chip to flip it: i8 or j8",
        acted[5],  # the flip, and the seat that moves the chip
        "Red A: move your flipped chip from i8 to an empty cell and tap it",
        acted[6],
        "Blue B: place a chip and tap its cell",
    ]
