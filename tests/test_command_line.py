"""The command line: each command imports only what it uses; options that name a seat, a game
or a level are refused up front in one line that lists what is allowed."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from firmware.cli import main

SAMPLE = Path("firmware/games/culls/samples/culls-sample.json")
# The parser's own modules: the commands' arguments, how a command's run is found, and the
# collector's pause while it is imported.
PARSER = {
    "firmware.commands.parser",
    "firmware.commands.arguments",
    "firmware.commands.play_arguments",
    "firmware.commands.lazy_run",
    "firmware.commands.collector",
}
HEAVY = ("aiohttp", "paho", "hal.sim", "firmware.web", "firmware.link", "sqlite3", "yaml")


def _imported(argv: list[str], stdin: str = "") -> list[str]:
    """The modules loaded after running ``cullsboard ARGV`` in a fresh interpreter."""
    program = (
        "import sys, json\n"
        "from firmware.cli import main\n"
        f"code = main({argv!r})\n"
        "print(json.dumps(sorted(sys.modules)), file=sys.stderr)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", program], input=stdin, capture_output=True, text=True, timeout=60
    )
    loaded: list[str] = json.loads(done.stderr.splitlines()[-1])
    return loaded


def test_building_the_parser_imports_no_command() -> None:
    program = (
        "import sys, json\n"
        "from firmware.cli import build_parser\n"
        "build_parser()\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True)
    loaded = json.loads(done.stdout)
    commands = {m for m in loaded if m.startswith("firmware.commands.")}
    assert commands == PARSER


@pytest.mark.parametrize(
    ("argv", "stdin"),
    [
        (["replay", str(SAMPLE)], ""),
        (["engine"], "isready\nquit\n"),
        (["layout", "--game", "culls"], ""),
    ],
)
def test_a_command_imports_only_what_it_uses(argv: list[str], stdin: str) -> None:
    loaded = _imported(argv, stdin)
    assert [m for m in loaded if m.startswith(HEAVY)] == []
    others = {f"firmware.commands.{argv[0]}"} | PARSER
    shared = {"firmware.commands.errors"}  # the command's own failures, where it has any
    assert {m for m in loaded if m.startswith("firmware.commands.")} - shared == others


def test_check_config_loads_no_web_server_chip_or_broker() -> None:
    loaded = _imported(["check-config", "config/default.yaml"])
    assert [m for m in loaded if m.startswith(HEAVY[:5])] == []


@pytest.mark.parametrize(
    ("flags", "says"),
    [
        (
            ["--game", "culls", "--computer", "purple"],
            "--computer: no seat 'purple' in culls (seats: blue, red; with --mode teams also "
            "blueA, redA, blueB, redB)",
        ),
        (
            ["--game", "culls", "--mode", "duel", "--computer", "redA"],
            "--computer: no seat 'redA' in culls (seats: blue, red; with --mode teams also "
            "blueA, redA, blueB, redB)",
        ),
        (
            ["--game", "cubulus", "--computer", "white"],
            "--computer: no seat 'white' in cubulus (seats: red, black; with --players 3 also "
            "white)",
        ),
        (
            ["--computer", "red,purple"],
            "--computer: no seat 'purple' in any game (culls: blue, red, blueA, redA, blueB, "
            "redB; cubulus: red, black, white)",
        ),
        (["--game", "chess"], "--game: unknown game 'chess' (games: culls, cubulus)"),
        (["--game", "culls", "--computer", "red", "--level", "9"], "--level must be 1 to 6"),
        (["--game", "culls", "--mode", "trio"], '--mode must be "duel" or "teams"'),
        (["--game", "culls", "--level", "x"], "argument --level: invalid int value: 'x'"),
    ],
)
def test_an_option_naming_nothing_there_is_one_line_listing_what_is(
    flags: list[str], says: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["--mock-hal", *flags, "--script", "-", "--state-dir", str(tmp_path)]
    try:
        code = main(argv)
    except SystemExit as stopped:
        code = int(str(stopped.code))
    err = capsys.readouterr().err
    assert code == 2
    assert err.count("\n") == 1 and says in err, err
    assert not (tmp_path / "journal.jsonl").exists()


def test_right_seats_start_the_game_with_the_computer(tmp_path: Path) -> None:
    argv = ["--mock-hal", "--game", "culls", "--mode", "teams", "--computer", "redA,blue"]
    assert main([*argv, "--script", "/dev/null", "--state-dir", str(tmp_path)]) == 0
    first = json.loads((tmp_path / "journal.jsonl").read_text().splitlines()[0])
    assert first["players"].count("computer") == 3


def test_with_standard_input_closed_the_board_runs_until_stopped(tmp_path: Path) -> None:
    argv = ["--mock-hal", "--web", "off", "--state-dir", str(tmp_path)]
    board = subprocess.Popen(
        [sys.executable, "-m", "firmware", *argv],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert board.stderr is not None
    said = board.stderr.readline()  # once it is said, SIGTERM stops the board cleanly
    with pytest.raises(subprocess.TimeoutExpired):
        board.wait(2)  # still running: it did not take the closed input for "quit"
    board.send_signal(signal.SIGTERM)
    _, rest = board.communicate(timeout=30)
    assert board.returncode == 0
    assert said + rest == (
        "cullsboard: standard input is closed: typed commands are off; the board runs until it"
        " is stopped (Ctrl-C or SIGTERM)\n"
    )
