"""The simulated board: scripted touches, presses and beeps, and LEDs through the real pipeline."""

from __future__ import annotations

import pytest

from hal.clock import FakeClock
from hal.interfaces import Board, ButtonEvent, FaultEvent, Frame, HalEvent, TouchEvent, TouchKind
from hal.leds.mapping import LedMapping
from hal.mock import MockBoard, MockButtons, MockBuzzer, SentFrame, mock_board


def buttons_of(board: MockBoard) -> MockButtons:
    assert board.buttons is not None, "mock_board always has buttons"
    return board.buttons


def buzzer_of(board: MockBoard) -> MockBuzzer:
    assert board.buzzer is not None, "mock_board always has a buzzer"
    return board.buzzer


RED = (255, 0, 0)


def started_board(
    *, columns: int = 15, rows: int = 15, max_current_ma: float = 6000.0
) -> tuple[MockBoard, FakeClock, list[HalEvent]]:
    clock, events = FakeClock(10.0), list[HalEvent]()
    board = mock_board(clock, columns=columns, rows=rows, max_current_ma=max_current_ma)
    board.touch.start(events.append)
    buttons_of(board).start(events.append)
    return board, clock, events


def lit(cells: dict[tuple[int, int], tuple[int, int, int]], status: int = 4) -> Frame:
    return Frame(
        tuple(tuple(cells.get((c, r), (0, 0, 0)) for c in range(15)) for r in range(15)),
        ((0, 0, 0),) * status,
    )


def test_a_tap_is_down_then_up_at_the_clock_time() -> None:
    board, clock, events = started_board()
    board.touch.down((7, 7))
    assert board.touch.held == {(7, 7)}
    clock.advance(0.5)
    board.touch.up((7, 7))
    board.touch.tap((0, 14))
    assert events == [
        TouchEvent(10.0, TouchKind.DOWN, (7, 7)),
        TouchEvent(10.5, TouchKind.UP, (7, 7)),
        TouchEvent(10.5, TouchKind.DOWN, (0, 14)),
        TouchEvent(10.5, TouchKind.UP, (0, 14)),
    ]
    assert board.touch.held == frozenset()


def test_touch_reports_edges_only() -> None:
    board, _, events = started_board()
    board.touch.down((1, 1))
    board.touch.down((1, 1))
    board.touch.up((1, 1))
    board.touch.up((1, 1))
    assert [event.kind for event in events if isinstance(event, TouchEvent)] == [
        TouchKind.DOWN,
        TouchKind.UP,
    ]


def test_ghosts_and_faults_are_reported_as_the_real_backends_do() -> None:
    board, _, events = started_board()
    board.touch.ambiguous("rows 3,4 col 7")
    board.touch.fault("mpr121@0x5B", "no answer")
    board.touch.fault("mpr121@0x5B", "back", recovered=True)
    assert events == [
        TouchEvent(10.0, TouchKind.AMBIGUOUS, None, "rows 3,4 col 7"),
        FaultEvent(10.0, "mpr121@0x5B", "no answer"),
        FaultEvent(10.0, "mpr121@0x5B", "back", recovered=True),
    ]


def test_touch_refuses_cells_off_the_board_and_events_before_start() -> None:
    board, _, _ = started_board(columns=9, rows=9)
    with pytest.raises(ValueError, match=r"cell \(9, 0\) is off the 9x9 board"):
        board.touch.tap((9, 0))
    with pytest.raises(ValueError, match=r"cell \(0, -1\)"):
        board.touch.down((0, -1))
    fresh = mock_board(FakeClock())
    with pytest.raises(RuntimeError, match="call start"):
        fresh.touch.tap((0, 0))
    with pytest.raises(RuntimeError, match="call start"):
        fresh.touch.ambiguous()


def test_buttons_press_by_name_and_refuse_unknown_names() -> None:
    board, clock, events = started_board()
    buttons_of(board).down("menu")
    assert buttons_of(board).held == {"menu"}
    clock.advance(2.0)
    buttons_of(board).up("menu")
    buttons_of(board).press("undo")
    assert events == [
        ButtonEvent(10.0, "menu", True),
        ButtonEvent(12.0, "menu", False),
        ButtonEvent(12.0, "undo", True),
        ButtonEvent(12.0, "undo", False),
    ]
    with pytest.raises(ValueError, match="unknown button 'reset': the board has undo, new, menu"):
        buttons_of(board).press("reset")
    with pytest.raises(RuntimeError, match="call start"):
        buttons_of(mock_board(FakeClock())).press("undo")


def test_the_buzzer_remembers_beeps_and_sounds_for_their_length() -> None:
    board, clock, _ = started_board()
    with pytest.raises(ValueError, match="a beep needs a positive tone and length"):
        buzzer_of(board).beep(0.0, 0.1)
    buzzer_of(board).beep(880.0, 0.2)
    assert buzzer_of(board).beeps == [(10.0, 880.0, 0.2)]
    assert buzzer_of(board).sounding
    clock.advance(0.2)
    assert not buzzer_of(board).sounding


def test_leds_record_every_frame_sent_with_its_time_and_skip_repeats() -> None:
    board, clock, _ = started_board()
    hooked: list[SentFrame] = []
    board.leds.on_sent = hooked.append
    assert board.leds.last is None
    assert board.leds.show(lit({(3, 4): RED}))
    clock.advance(1.0)
    assert not board.leds.show(lit({(3, 4): RED}))
    assert board.leds.show(lit({(3, 5): RED}))
    assert board.leds.sent == [
        SentFrame(10.0, lit({(3, 4): RED})),
        SentFrame(11.0, lit({(3, 5): RED})),
    ]
    assert hooked == board.leds.sent
    assert board.leds.last == lit({(3, 5): RED})


def test_led_pixels_are_in_serpentine_chain_order() -> None:
    board, _, _ = started_board()
    board.leds.show(lit({(14, 1): RED, (0, 0): (0, 9, 0)}))
    pixels = board.leds.pixels
    assert len(pixels) == 229
    assert pixels[0] == (0, 9, 0)
    assert pixels[15] == RED  # row 1 starts at the right-hand end


def test_the_limiter_dims_what_the_viewer_sees_on_a_small_budget() -> None:
    board, _, _ = started_board(max_current_ma=1000.0)
    board.leds.show(lit({(c, r): (255, 255, 255) for c in range(15) for r in range(15)}))
    seen = board.leds.sent[-1].frame
    assert seen.cells[7][7][0] < 255
    assert board.leds.scale < 1.0
    assert 229.0 < board.leds.current_ma <= 1000.0


def test_failed_sends_raise_record_nothing_and_then_the_frame_goes_out() -> None:
    board, _, _ = started_board()
    board.leds.fail_next(2)
    for _ in range(2):
        with pytest.raises(OSError, match="simulated LED write failure"):
            board.leds.show(lit({(0, 0): RED}))
    assert board.leds.sent == []
    assert board.leds.show(lit({(0, 0): RED}))
    assert len(board.leds.sent) == 1


def test_closing_the_board_turns_the_leds_off_and_closes_every_device() -> None:
    board, clock, _ = started_board()
    board.leds.show(lit({(5, 5): RED}))
    clock.advance(3.0)
    assert isinstance(board, Board)
    board.close()
    board.close()
    assert board.leds.sent[-1] == SentFrame(13.0, Frame.blank(15, 15, 4))
    assert len(board.leds.sent) == 2
    assert board.leds.closed and board.touch.closed and buttons_of(board).closed
    assert buzzer_of(board).closed


def test_the_board_has_the_asked_for_size() -> None:
    board = mock_board(FakeClock(), columns=7, rows=5, status_count=0)
    assert (board.leds.columns, board.leds.rows, board.leds.status_count) == (7, 5, 0)
    assert (board.touch.columns, board.touch.rows) == (7, 5)
    assert buttons_of(board).names == ("undo", "new", "menu")


def test_the_chain_follows_a1_then_back_along_row_2_by_default() -> None:
    board = mock_board(FakeClock())
    board.leds.show(lit({(0, 0): RED, (14, 1): (0, 255, 0), (0, 1): (0, 0, 255)}))
    pixels = board.leds.pixels
    assert (pixels[0], pixels[15], pixels[29]) == (RED, (0, 255, 0), (0, 0, 255))


def test_the_board_takes_the_configured_chain_order() -> None:
    order = LedMapping.rows_layout(15, 15, start="top-left")  # every row from the left, top first
    board = mock_board(FakeClock(), mapping=order)
    board.leds.show(lit({(0, 14): RED, (0, 13): (0, 0, 255), (14, 0): (0, 255, 0)}))
    pixels = board.leds.pixels
    assert (pixels[0], pixels[15], pixels[224]) == (RED, (0, 0, 255), (0, 255, 0))
    assert board.leds.last == lit({(0, 14): RED, (0, 13): (0, 0, 255), (14, 0): (0, 255, 0)})


def test_a_chain_order_for_another_size_is_refused() -> None:
    with pytest.raises(ValueError, match="mapping is for 7x7 cells, the board has 15x15"):
        mock_board(FakeClock(), mapping=LedMapping.serpentine(7, 7))
