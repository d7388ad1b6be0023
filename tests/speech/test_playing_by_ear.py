"""A whole Culls round played by ear: every move is chosen from the spoken sentences alone.

The listener keeps its own picture of the board from what it hears (placed, moved), learns
whose turn it is and what they must do from the prompts, and answers with a tap. It never looks
at the lights, the scoreboard or the match; at the end its picture must be the real board.
A whole match is played blind too: the board READ at every turn, each cell explored (a long
press) before it is tapped, from the first setup chip to the match's end.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from firmware.controller.modes.read import EXPLORE_HOLD_S
from firmware.rules.grid import cell_name
from tests.controller.conftest import Rig
from tests.speech.test_what_is_said import heard

CELL = r"[a-o](?:1[0-5]|[1-9])"
PLACED = re.compile(rf"^(\w+) placed ({CELL})\b")
MOVED = re.compile(rf"^(\w+) moved the flipped chip from ({CELL}) to ({CELL})\b")
TURN = re.compile(r"^(Blue|Red): (.*)$")
FLIP = re.compile(rf"flip it: ({CELL})")
# Where each side would like its chips, best first: Blue opens h8 i8 (Red traps them at g8 and
# j8), then builds the m column; Red keeps to the bottom edge once its trap is laid.
WANTS = {
    "Blue": ["h8", "i8", "m3", "m4", "m5", "m6", "m7", "m8", "m9", "m10", "m11"],
    "Red": ["g8", "j8", "a1", "c1", "e1", "a3", "c3", "e3", "a5", "c5", "e5", "a7"],
}
ALL = [cell_name((x, y)) for y in range(15) for x in range(15)]


@dataclass
class Listener:
    """What one blind player at the table knows: only what was said."""

    chips: dict[str, str] = field(default_factory=dict)  # cell -> the colour heard placing it
    said: list[str] = field(default_factory=list)
    won: str | None = None

    def hear(self, sentences: list[str]) -> str | None:
        """Take in the sentences; return the cell to tap next, or None when no one is asked."""
        ask: str | None = None
        for sentence in sentences:
            self.said.append(sentence)
            if placed := PLACED.match(sentence):
                self.chips[placed.group(2)] = placed.group(1)
            elif moved := MOVED.match(sentence):
                colour = self.chips.pop(moved.group(2))
                self.chips[moved.group(3)] = colour
            if "wins the round" in sentence:
                self.won = sentence.split(": ")[-1].split()[0]
            if TURN.match(sentence):
                ask = sentence
        return None if ask is None or self.won else self.answer(ask)

    def answer(self, prompt: str) -> str:
        turn = TURN.match(prompt)
        assert turn is not None
        side, task = turn.groups()
        if flip := FLIP.search(task):
            return flip.group(1)  # the first chip the prompt offers
        if "move your flipped chip" in task:
            return self._empty([*WANTS[side], *ALL])
        assert "place a chip" in task, prompt
        return self._empty([*WANTS[side], *ALL])

    def _empty(self, cells: list[str]) -> str:
        return next(cell for cell in cells if cell not in self.chips)


def _board_cells(rig: Rig) -> set[str]:
    position = rig.score["position"]
    assert isinstance(position, dict) and isinstance(position["board"], list)
    rows = [str(row) for row in position["board"]]
    return {
        cell_name((x, len(rows) - 1 - y))
        for y, row in enumerate(rows)
        for x, mark in enumerate(row)
        if mark != "."
    }


def test_a_culls_round_is_played_from_the_spoken_sentences_alone(rig: Rig) -> None:
    rig.start("culls", {"mode": "duel"}, first="blue")
    listener = Listener()
    tap = listener.hear(heard(rig))
    taps = 0
    while tap is not None and taps < 80:
        rig.tap(tap)
        taps += 1
        tap = listener.hear(heard(rig))
    assert listener.won == "Blue", listener.said[-3:]
    assert any("trapped" in s for s in listener.said), "the round had a cull"
    assert any("moved the flipped chip" in s for s in listener.said), "and a flipped chip moved"
    assert not any(s.startswith("Not ") for s in listener.said), "no tap was refused"
    assert set(listener.chips) == _board_cells(rig), "what was heard is the board"


READ_SAID = re.compile(r"^(Blue|Red): (?:row \d+|no chips)")
CENTRE = "h8"  # the centre of the 15x15 board, which a round's end asks to tap


@dataclass
class BlindPlayer:
    """Plays a whole match with no lights: asks READ for the board at every turn and explores a
    cell (a long press) before tapping it; every decision comes from what was said."""

    rig: Rig
    said: list[str] = field(default_factory=list)

    def listen(self) -> list[str]:
        sentences = heard(self.rig)
        self.said += sentences
        return sentences

    def read(self) -> set[str]:
        """READ the board: every cell it names before whose turn it is holds a chip."""
        self.rig.table.button("read", self.rig.clock.now())
        self.rig.controller.step()
        reading = next(s for s in reversed(self.listen()) if READ_SAID.match(s))
        assert " to play: " in reading and "Match: " in reading, reading
        return set(re.findall(CELL, reading.split(" to play: ")[0].rsplit(". ", 1)[0]))

    def explore(self, cell: str) -> str:
        self.rig.board.touch.down(self.rig.cell(cell))
        self.rig.controller.step()
        self.rig.advance(EXPLORE_HOLD_S + 0.1)
        self.rig.board.touch.up(self.rig.cell(cell))
        self.rig.controller.step()
        return self.listen()[-1]

    def empty_cell(self, side: str, taken: set[str]) -> str:
        for cell in [*WANTS[side], *ALL]:
            if cell not in taken and self.explore(cell).startswith(f"{cell}: empty."):
                return cell
        raise AssertionError("no empty cell")

    def turn(self, prompt: str) -> str:
        turn = TURN.match(prompt)
        assert turn is not None
        side, task = turn.groups()
        if flip := FLIP.search(task):
            return flip.group(1)
        return self.empty_cell(side, self.read())


def test_a_whole_match_is_played_blind_from_read_explore_and_the_prompts(rig: Rig) -> None:
    rig.table.context.explore = True  # as a board with speech.explore is built
    rig.start("culls", {"mode": "duel"}, first="blue")
    player = BlindPlayer(rig)
    sentences = player.listen()
    for _ in range(600):
        if any("wins the match" in s or "match is drawn" in s for s in sentences):
            break
        prompts = [s for s in sentences if TURN.match(s) and not READ_SAID.match(s)]
        if any("tap the green centre cell" in s for s in sentences[-1:]):
            rig.tap(CENTRE)  # the round's end: on to the next round
        elif prompts:
            rig.tap(player.turn(prompts[-1]))
        else:
            raise AssertionError(f"nothing asked: {sentences}")
        sentences = player.listen()
    else:
        raise AssertionError(player.said[-5:])
    assert rig.score["phase"] == "match_over", rig.score["phase"]
    assert not any(s.startswith("Not ") for s in player.said), "no tap was refused"
    assert sum("wins the round" in s for s in player.said) >= 3
    assert any("Clocks" not in s and s.endswith("rounds win.") for s in player.said)
