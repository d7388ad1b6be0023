"""The terminal's commands, in the real product through an 80x24 pseudo-terminal: ``help``,
``hint``, ``lesson``, ``puzzle``, ``back``, ``resign``, ``read`` and ``mistakes`` as the board
page's buttons; a typed line's warning gone after the next good one; the menu's sentence whole,
following what is picked."""

from __future__ import annotations

import fcntl
import json
import os
import pty
import re
import struct
import subprocess
import sys
import termios
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from firmware.commands.terminal import HOME
from tests.pty_support import ESCAPE, WAIT_S, read_for, read_until

ROOT = Path(__file__).resolve().parents[1]
SETTLE_S = 1.0  # long enough for the redraws a typed line causes to arrive


@dataclass
class Terminal:
    """The product in a pseudo-terminal of 80 columns and 24 lines."""

    fd: int
    process: subprocess.Popen[bytes]
    seen: bytearray = field(default_factory=bytearray)

    def type(self, line: str, until: str | None = None) -> str:
        """Type ``line``; the screen once ``until`` shows (or after the redraws settle)."""
        os.write(self.fd, line.encode() + b"\n")
        if until is not None:
            read_until(self.fd, until, self.seen)
        read_for(self.fd, self.seen, SETTLE_S)
        return self.screen()

    def wait_for(self, pattern: str) -> str:
        read_until(self.fd, pattern, self.seen)
        read_for(self.fd, self.seen, SETTLE_S)
        return self.screen()

    def screen(self) -> str:
        """The last screen drawn, without escapes or carriage returns."""
        last = self.seen.decode("utf-8", "replace").rsplit(HOME, 1)[-1]
        return ESCAPE.sub("", last).replace("\r", "")

    def score_when(self, key: str, wanted: object) -> dict[str, object]:
        """The board's scoreboard once its ``key`` is ``wanted`` (the redraws read meanwhile)."""
        deadline = time.monotonic() + WAIT_S
        while True:
            score = self.state()["score"]
            assert isinstance(score, dict)
            if score.get(key) == wanted or time.monotonic() > deadline:
                return score
            read_for(self.fd, self.seen, 0.2)

    def state(self) -> dict[str, object]:
        """The board's view from its pages (the address the side panel shows)."""
        text = ESCAPE.sub("", self.seen.decode("utf-8", "replace"))
        address = re.findall(r"web (http://127\.0\.0\.1:\d+/)", text)[-1]
        with urllib.request.urlopen(f"{address}api/state", timeout=WAIT_S) as answer:
            state: dict[str, object] = json.load(answer)
        return state


@contextmanager
def terminal(tmp_path: Path, *arguments: str) -> Iterator[Terminal]:
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    env = dict(os.environ, TERM="xterm", NO_COLOR="1", COLUMNS="80", LINES="24")
    command = [sys.executable, "-m", "firmware", "--mock-hal", *arguments]
    command += ["--web", "127.0.0.1:0", "--state-dir", str(tmp_path / "state")]
    process = subprocess.Popen(
        command, cwd=ROOT, env=env, stdin=follower, stdout=follower, stderr=follower
    )
    os.close(follower)
    shown = Terminal(leader, process)
    try:
        read_until(leader, r"web http://127\.0\.0\.1:\d+/", shown.seen)
        yield shown
        os.write(leader, b"quit\n")
        assert process.wait(WAIT_S) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        os.close(leader)


def below_board(screen: str) -> list[str]:
    """The lines under the board's column letters, the prompt's left out."""
    lines = screen.split("\n")
    letters = max(n for n, line in enumerate(lines) if line.startswith("     a  b  c"))
    return [line.strip() for line in lines[letters + 1 :] if line.strip() not in ("", ">")]


def sentence_lines(screen: str) -> list[str]:
    """The lines under the board but the simulated voice's (which may be cut)."""
    return [line for line in below_board(screen) if not line.startswith("voice: ")]


def beside_board(screen: str) -> list[str]:
    """The side panel's lines (right of the board's 49 columns and a gap)."""
    lines = screen.split("\n")
    letters = max(n for n, line in enumerate(lines) if line.startswith("     a  b  c"))
    return [line[51:].strip() for line in lines[:letters]]


def test_help_lists_every_command_until_the_next_line(tmp_path: Path) -> None:
    with terminal(tmp_path, "--game", "culls") as shown:
        screen = shown.type("help", until="commands:")
        for word, what in (("hint", "light a strong move"), ("lesson puzzle", "learn the game")):
            assert re.search(rf"{word} +{what}", screen), screen
        assert re.search(r"turn +say whose turn it is", screen)
        assert re.search(r"quit +leave", screen)
        screen = shown.type("h8")
        assert "commands:" not in screen
        assert "type a cell like h8, or help" in screen


def test_hint_lesson_puzzle_and_back_press_what_the_page_presses(tmp_path: Path) -> None:
    with terminal(tmp_path, "--game", "culls", "--seed", "3") as shown:
        shown.type("h8")
        screen = shown.type("hint", until=r"hint: ")
        hint = shown.state()["score"]["hint"]  # type: ignore[index]
        assert isinstance(hint, dict) and str(hint["said"])[:30] in screen.replace("\n", " ")
        assert shown.type("lesson") and shown.score_when("phase", "lesson")["phase"] == "lesson"
        assert shown.type("back") and shown.score_when("phase", "playing")["moves"] == ["h8"]
        assert shown.type("puzzle") and shown.score_when("phase", "puzzle")["phase"] == "puzzle"
        assert "is not a cell" not in shown.screen()


def test_resign_asks_first_and_mistakes_and_read_press_what_the_page_presses(
    tmp_path: Path,
) -> None:
    with terminal(tmp_path, "--game", "culls") as shown:
        shown.type("mistakes")  # no round finished yet: the board says so, as for the page
        nothing = "there is no finished round to look at with the coach"
        assert shown.score_when("error", nothing)["error"] == nothing
        shown.type("h8")
        screen = shown.type("resign", until=r"resigns\?")
        asked = re.search(r"(\w+) resigns\? Tap the blinking cell ([a-o]\d+) to resign", screen)
        assert asked is not None, screen
        side, cell = asked.groups()
        assert shown.state()["score"]["moves"] == ["h8"]  # type: ignore[index]
        shown.type(cell)
        over = shown.score_when("phase", "round_over")
        assert str(over["message"]).startswith(f"{side} resigned: round 1"), over
        assert shown.type("mistakes") and shown.score_when("phase", "review")["phase"] == "review"
        screen = shown.type("read", until=r"row 8: h8")  # no voice: the reading is shown
        assert "! read" not in screen, screen
        assert "is not a cell" not in screen


def test_a_typed_lines_warning_goes_after_the_next_good_line(tmp_path: Path) -> None:
    with terminal(tmp_path, "--game", "culls") as shown:
        screen = shown.type("hello", until=r"! 'hello' is not a cell")
        screen = shown.type("h8")
        assert "'hello' is not a cell" not in screen
        screen = shown.type("h8")  # taken: the board refuses it
        refusal = str(shown.state()["score"]["error"])  # type: ignore[index]
        assert refusal and refusal[:20] in screen
        screen = shown.type("i9")
        assert refusal[:20] not in screen
        assert shown.state()["score"]["moves"] == ["h8", "i9"]  # type: ignore[index]


def test_the_menu_sentence_is_never_cut_and_follows_what_is_picked(tmp_path: Path) -> None:
    with terminal(tmp_path) as shown:
        screen = shown.wait_for("green cell")
        assert not any("…" in line for line in sentence_lines(screen)), screen
        assert "level 3" in " ".join(below_board(screen))
        level_cells = re.search(
            r"\(([a-o]\d+)-([a-o]\d+), 1 weakest", " ".join(below_board(screen))
        )
        assert level_cells is not None, screen
        screen = shown.type(level_cells.group(2))  # the strongest level's cell
        assert "level 6" in " ".join(below_board(screen))
        # The longest sentence: Culls teams, the computer on all four seats, MENU round to it.
        shown.type("e12")
        for seat in ("f6", "h6", "j6", "l6"):
            shown.type(seat)
        for _ in range(4):
            shown.type("menu")
        shown.type("hint")  # no hint on the menu: refused (said for 5 s)
        error = str(shown.score_when("error", "a hint is only given during a game")["error"])
        screen = shown.type("hello")  # and a warning
        message = str(shown.state()["score"]["message"])  # type: ignore[index]
        assert message.startswith("MENU picked Culls teams")
        lines = screen.split("\n")
        assert len(lines) <= 24 and max(len(line) for line in lines) <= 80, screen
        assert " ".join(message.split()) in " ".join(" ".join(below_board(screen)).split())
        assert not any("…" in line for line in sentence_lines(screen)), screen
        aside = " ".join(" ".join(beside_board(screen)).split())
        assert error in aside and "'hello' is not a cell" in aside  # moved beside the board
