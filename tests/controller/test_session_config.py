"""The simulated board built from a config: its chain order, and every key diag honours."""

from __future__ import annotations

from pathlib import Path

from firmware.cli import build_parser
from firmware.commands.play import mock_session, run_spec
from firmware.config.load import load_config, parse_config
from firmware.rules.game_and_rules import GameAndRules
from firmware.wiring.session import build_session
from firmware.wiring.settings import simulated
from firmware.wiring.simrig import SimulatedRig
from firmware.wiring.spec import RunSpec, plan_board
from hal.interfaces import Board, Frame
from hal.mock import MockLeds


def _lit_leds(order: str, tmp_path: Path) -> list[int]:
    config = parse_config(f"leds:\n  order: {order}\n")
    spec = RunSpec(simulated=True, seed=3, game=GameAndRules("culls", {"mode": "duel"}), script="-")
    session = build_session(
        plan_board(spec, simulated(config)), state_dir=tmp_path / order, complain=lambda _: None
    )
    session.board.touch.tap((14, 1))  # o2: the last cell of row 2
    session.controller.step()
    pixels = session.board.leds.pixels[: 15 * 15]
    session.board.close()
    return [index for index, colour in enumerate(pixels) if colour != (0, 0, 0)]


def test_a_rows_chain_puts_o2_at_led_29_and_a_serpentine_at_led_15(tmp_path: Path) -> None:
    assert _lit_leds("rows", tmp_path) == [29]
    assert _lit_leds("serpentine", tmp_path) == [15]


# Every device key diag's simulated board honours, set away from the defaults.
EVERY_KEY = """
board: {columns: 11, rows: 9}
leds:
  backend: mock
  order: rows
  start_corner: top-right
  status_count: 2
  gamma: 2.2
  brightness: 0.5
  max_current_ma: 900
buttons: {backend: none}
buzzer: {backend: none}
"""


def _devices(board: Board) -> tuple[object, ...]:
    """What a board's devices do with one bright frame, and which devices it has."""
    leds = board.leds
    assert isinstance(leds, MockLeds)
    frame = Frame.blank(leds.columns, leds.rows, leds.status_count)
    cells = tuple(tuple((255, 255, 255) for _ in row) for row in frame.cells)
    leds.show(Frame(cells, tuple((0, 200, 0) for _ in frame.status)))
    buttons = None if board.buttons is None else tuple(board.buttons.names)
    return (
        leds.columns,
        leds.rows,
        leds.status_count,
        leds.last,
        leds.pixels,
        buttons,
        board.buzzer,
    )


def test_mock_hal_with_a_config_builds_the_board_diag_tests(tmp_path: Path) -> None:
    path = tmp_path / "board.yaml"
    path.write_text(EVERY_KEY, encoding="utf-8")
    config = load_config(str(path))
    diag_board = SimulatedRig.for_config(config).board()
    args = build_parser().parse_args(
        ["--mock-hal", "--config", str(path), "--script", "-", "--state-dir", str(tmp_path / "s")]
    )
    session = mock_session(run_spec(args), config)
    bare = mock_session(run_spec(build_parser().parse_args(args_without_config(tmp_path))), None)
    try:
        played = _devices(session.board)
        assert played == _devices(diag_board)
        assert played[:3] == (11, 9, 2) and played[5:] == (None, None)
        assert played[3:5] != _devices(bare.board)[3:5], "brightness, gamma or order was dropped"
    finally:
        for board in (diag_board, session.board, bare.board):
            board.close()


def args_without_config(tmp_path: Path) -> list[str]:
    return ["--mock-hal", "--script", "-", "--state-dir", str(tmp_path / "bare")]
