"""The config's touch and LED wiring as the HAL counts it: layouts, tuning, the chain order."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from firmware.config.addressing import direct_chips
from firmware.config.cells import all_cells
from firmware.config.schema import Config
from firmware.config.touch_schema import FilterStageConfig
from firmware.config.tuning import effective_thresholds
from firmware.controller.core.adapter import board_adapter
from firmware.rules.grid import cell_name
from hal.leds import LedMapping
from hal.touch import Debounce, PadThresholds, RetryPolicy, TouchSettings
from hal.touch.settings import ChipSpec, DirectLayout, MatrixLayout, Pad
from hal.touch.tuning import AutoConfig, BaselineFilter, Charge, FilterStage


def simulated(config: Config) -> Config:
    """The same board with every device simulated: what ``--mock-hal`` runs."""
    buttons = config.buttons
    buzzer = config.buzzer
    speech = config.speech
    return dataclasses.replace(
        config,
        touch=dataclasses.replace(config.touch, backend="mock"),
        leds=dataclasses.replace(config.leds, backend="mock"),
        buttons=buttons
        if buttons.backend == "none"
        else dataclasses.replace(buttons, backend="mock"),
        buzzer=buzzer if buzzer.backend == "none" else dataclasses.replace(buzzer, backend="mock"),
        speech=speech if speech.backend == "none" else dataclasses.replace(speech, backend="mock"),
    )


def hand_placed(config: Config, *, real_board: bool) -> Callable[[str], bool]:
    """Whether a game's pieces are put on the board by hand, as the config's ``pieces`` says.

    ``physical``: the games with real pieces (``real_pieces``); ``virtual``: none, the lights are
    the pieces; ``auto``: physical on a real board, virtual on the simulated one."""
    if config.pieces == "virtual" or (config.pieces == "auto" and not real_board):
        return no_pieces
    return real_pieces


def real_pieces(game: str) -> bool:
    """Whether the game's adapter says its pieces are real ones (``pieces_by_hand``)."""
    return bool(board_adapter(game).pieces_by_hand)


def no_pieces(game: str) -> bool:
    """No game's pieces are placed by hand: the lights are the pieces."""
    return False


def pad_by_name(config: Config) -> dict[str, Pad]:
    """The electrode behind each name ``touch.pads`` uses: ``row 3``, ``column c`` or ``h8``."""
    if config.touch.layout == "matrix":
        layout = matrix_layout(config)
        names = {f"row {r + 1}": pad for r, pad in enumerate(layout.rows)}
        letters = "abcdefghijklmnopqrs"
        return names | {f"column {letters[c]}": pad for c, pad in enumerate(layout.columns)}
    return {cell_name(cell): pad for cell, pad in direct_layout(config).cells}


def _stage(stage: FilterStageConfig) -> FilterStage:
    return FilterStage(
        stage.max_half_delta, stage.noise_half_delta, stage.noise_count_limit, stage.delay_limit
    )


def touch_settings(config: Config) -> TouchSettings:
    """The MPR121 tuning and fault handling of ``touch``."""
    touch = config.touch
    retry = touch.retry
    pads = pad_by_name(config) if touch.pads else {}
    charge = Charge(touch.charge_current_ua, touch.charge_time_us)
    own_charges = [
        (
            pads[name],
            Charge(
                pad.charge_current_ua or charge.current_ua, pad.charge_time_us or charge.time_us
            ),
        )
        for name, pad in touch.pads.items()
        if pad.charge_current_ua is not None or pad.charge_time_us is not None
    ]
    filters = touch.filter
    return TouchSettings(
        thresholds=PadThresholds(touch.touch_threshold, touch.release_threshold),
        pad_thresholds=tuple(
            (pads[name], PadThresholds(*effective_thresholds(config, pad)))
            for name, pad in touch.pads.items()
        ),
        debounce=Debounce(touch.touch_debounce, touch.release_debounce),
        charge=charge,
        pad_charges=tuple(own_charges),
        baseline_filter=BaselineFilter(
            _stage(filters.rising),
            _stage(filters.falling),
            _stage(filters.touched),
            filters.first_samples,
            filters.second_samples,
            filters.period_ms,
        ),
        auto_config=AutoConfig(touch.auto_config, touch.supply_voltage),
        retry=RetryPolicy(
            attempts=retry.attempts,
            first_delay_s=retry.first_delay_seconds,
            max_delay_s=retry.max_delay_seconds,
            dead_retry_s=retry.dead_retry_seconds,
        ),
        irq_pin=touch.irq_gpio,
        safety_poll_s=touch.poll_seconds,
    )


def matrix_layout(config: Config) -> MatrixLayout:
    """The row and column electrodes of ``touch.matrix`` as the touch driver counts them."""
    matrix = config.touch.matrix
    index = {chip: i for i, chip in enumerate(matrix.chips)}
    rows = tuple(matrix.rows[r] for r in range(config.board.rows))
    columns = tuple(matrix.columns[c] for c in range(config.board.columns))
    return MatrixLayout(
        chips=tuple(ChipSpec(chip) for chip in matrix.chips),
        rows=tuple(Pad(index[pad.chip], pad.electrode) for pad in rows),
        columns=tuple(Pad(index[pad.chip], pad.electrode) for pad in columns),
    )


def direct_layout(config: Config) -> DirectLayout:
    """The cell electrodes and IRQ wires of ``touch.direct`` as the touch driver counts them."""
    direct = config.touch.direct
    places = direct_chips(direct)
    index = {place: i for i, place in enumerate(places)}
    cells = []
    for cell in all_cells(config.board.columns, config.board.rows):
        pad = direct.cells[cell]
        cells.append((cell, Pad(index[(pad.channel, pad.chip)], pad.electrode)))
    return DirectLayout(
        chips=tuple(ChipSpec(chip, channel) for channel, chip in places),
        cells=tuple(cells),
        mux_address=direct.mux_address,
        irq_pins=tuple(zip(sorted(direct.channels), direct.irq_gpios, strict=False)),
    )


def led_mapping(config: Config) -> LedMapping:
    """The resolved LED chain of the config, as cell indices in chain order."""
    columns = config.board.columns
    return LedMapping.explicit(
        columns, config.board.rows, [row * columns + column for column, row in config.leds.chain]
    )
