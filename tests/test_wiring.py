"""wiring.md and docs/wiring.svg agree with the reference configs, table by table."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest
import yaml

from firmware.config import Config, load_config
from firmware.config.cells import block_order
from firmware.config.checks import IDLE_MA_PER_LED
from firmware.config.load import config_from_data
from firmware.rules.grid import cell_name, parse_board_cell
from firmware.wiring.settings import direct_layout, led_mapping
from hal.leds import LedMapping

ROOT = Path(__file__).resolve().parent.parent
WIRING = (ROOT / "wiring.md").read_text(encoding="utf-8")
MATRIX = load_config(ROOT / "config" / "matrix-board.yaml")
DIRECT = load_config(ROOT / "config" / "direct-board.yaml")
BOARDS = {"matrix": MATRIX, "direct": DIRECT}
# The 40-pin header: BCM GPIO -> physical pin (a fact of every Pi since the B+).
HEADER_PIN = {
    2: 3, 3: 5, 4: 7, 17: 11, 27: 13, 22: 15, 10: 19, 9: 21, 11: 23, 5: 29, 6: 31, 13: 33,
    19: 35, 26: 37, 14: 8, 15: 10, 18: 12, 23: 16, 24: 18, 25: 22, 8: 24, 7: 26, 12: 32,
    16: 36, 20: 38, 21: 40,
}  # fmt: skip
STRAPS = {0x5A: "GND", 0x5B: "3V3", 0x5C: "SDA", 0x5D: "SCL"}  # hardware.md
FULL_WHITE_MA = 55
DASH, ARROW, TIMES = "\u2013", "\u2192", "\u00d7"  # as wiring.md writes them


def table_after(heading: str, first_column: str) -> list[dict[str, str]]:
    """The rows of the first table under ``heading`` whose first column is ``first_column``."""
    section = WIRING.split(f"\n{heading}\n", 1)[1]
    lines = iter(section.splitlines())
    for line in lines:
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if line.startswith("|") and cells[0] == first_column:
            header = cells
            break
    else:
        raise AssertionError(f"no table starting with {first_column!r} under {heading!r}")
    next(lines)  # the |---| line
    rows = []
    for line in lines:
        if not line.startswith("|"):
            break
        rows.append(
            dict(zip(header, [c.strip() for c in line.strip().strip("|").split("|")], strict=True))
        )
    return rows


def address(text: str) -> int:
    assert re.fullmatch(r"0x[0-9A-F]{2}", text), text
    return int(text, 16)


def config_value(config: Config, path: str) -> object:
    value: object = config
    for name in path.split("."):
        value = getattr(value, name)
    return value


def test_the_pi_pin_table_matches_both_configs_and_the_header() -> None:
    rows = table_after("## Raspberry Pi pins", "function")
    keyed = [row for row in rows if "." in row["config key"]]
    assert {row["config key"] for row in keyed} == {
        "touch.irq_gpio", "leds.gpio", "buttons.undo", "buttons.new", "buttons.menu",
        "buttons.read", "buzzer.gpio",
    }  # fmt: skip
    for row in keyed:
        optional = "(optional)" in row["function"]
        for name, config in BOARDS.items():
            value = config_value(config, row["config key"])
            if optional and value is None:
                continue  # a part the reference board may leave out; where fitted, on this pin
            assert value == int(row["GPIO"]), (name, row)
    for row in rows:
        if row["GPIO"] != DASH:
            assert HEADER_PIN[int(row["GPIO"])] == int(row["header pin"]), row
    i2c = {row["function"]: int(row["GPIO"]) for row in rows if row["function"].startswith("I2C")}
    assert i2c == {"I2C SDA": 2, "I2C SCL": 3}
    assert all(config.touch.i2c_bus == 1 for config in BOARDS.values())


def test_the_address_straps_are_the_mpr121_ones_and_cover_every_chip() -> None:
    rows = table_after("## MPR121 address straps", "address")
    straps = {address(row["address"]): row["ADDR to"] for row in rows}
    assert straps == STRAPS
    chips = set(MATRIX.touch.matrix.chips)
    chips |= {chip for on_channel in DIRECT.touch.direct.channels.values() for chip in on_channel}
    assert chips <= set(straps)


def test_the_matrix_electrode_table_is_the_matrix_config() -> None:
    rows = table_after("## Matrix layout (config/matrix-board.yaml)", "chip")
    written: dict[tuple[int, int], str] = {}
    for row in rows:
        chip = address(row["chip"])
        assert row["ADDR to"] == STRAPS[chip]
        for electrode in range(12):
            line = row[f"E{electrode}"]
            if line != DASH:
                written[(chip, electrode)] = line
    matrix = MATRIX.touch.matrix
    configured = {(pad.chip, pad.electrode): f"row {row + 1}" for row, pad in matrix.rows.items()}
    configured |= {
        (pad.chip, pad.electrode): f"col {chr(ord('a') + column)}"
        for column, pad in matrix.columns.items()
    }
    assert written == configured
    assert [address(row["chip"]) for row in rows] == list(matrix.chips)


def test_the_direct_tables_are_the_direct_config() -> None:
    (mux,) = table_after("## Direct layout (config/direct-board.yaml)", "part")
    assert (mux["part"], address(mux["address"])) == ("TCA9548A", DIRECT.touch.direct.mux_address)
    rows = table_after("## Direct layout (config/direct-board.yaml)", "channel")
    order = block_order(DIRECT.board.columns, DIRECT.board.rows)
    cells = DIRECT.touch.direct.cells
    covered: list[str] = []
    channels: dict[int, list[int]] = {}
    for row in rows:
        channel, chip = int(row["channel"]), address(row["chip"])
        channels.setdefault(channel, []).append(chip)
        assert row["ADDR to"] == STRAPS[chip]
        first = order.index(parse_board_cell(row["first cell (E0)"], 15, 15))
        last = order.index(parse_board_cell(row["last cell"], 15, 15))
        expected = order[first : last + 1]
        on_chip = sorted(
            (cell for cell, pad in cells.items() if (pad.channel, pad.chip) == (channel, chip)),
            key=lambda cell: cells[cell].electrode,
        )
        assert on_chip == expected, row
        assert [cells[cell].electrode for cell in on_chip] == list(range(len(on_chip)))
        covered += [cell_name(cell) for cell in on_chip]
    assert len(covered) == len(set(covered)) == len(order)
    assert {channel: tuple(chips) for channel, chips in channels.items()} == (
        DIRECT.touch.direct.channels
    )


@pytest.mark.parametrize("name", BOARDS)
def test_the_led_chain_table_is_the_configured_chain(name: str) -> None:
    config = BOARDS[name]
    rows = table_after("## LEDs", "LEDs")
    grid = config.board.columns * config.board.rows
    chain = [cell_name(cell) for cell in config.leds.chain]
    for row in rows:
        first, last = (int(n) for n in row["LEDs"].split(DASH))
        start, end = (part.strip() for part in row["cells"].split(ARROW))
        if start.startswith("status"):
            assert (first, last) == (grid, (config.leds.count or 0) - 1)
            assert end == f"status {config.leds.status_count}"
            continue
        assert chain[first] == start and chain[last] == end, row
        row_cells = chain[first : last + 1]
        assert len({cell[1:] for cell in row_cells}) == 1, row  # one board row per table row
    assert int(rows[-2]["LEDs"].split(DASH)[1]) == grid - 1
    assert f"{config.leds.count} WS2812B" in WIRING


def test_the_power_arithmetic_and_the_budget() -> None:
    grid = MATRIX.board.columns * MATRIX.board.rows
    count = MATRIX.leds.count or 0
    full = grid * FULL_WHITE_MA
    assert f"{grid} {TIMES} {FULL_WHITE_MA} mA = {full:,} mA".replace(",", " ") in WIRING
    assert f"≈ {full / 1000:.1f} A" in WIRING
    assert (
        f"{count} {TIMES} {FULL_WHITE_MA} mA = {count * FULL_WHITE_MA:,} mA".replace(",", " ")
        in WIRING
    )
    assert f"idle {count} {TIMES} 1 mA = {count * IDLE_MA_PER_LED} mA" in WIRING
    for config in BOARDS.values():
        assert f"max_current_ma: {config.leds.max_current_ma}" in WIRING
        assert config.leds.max_current_ma <= 4000  # the 5 V 4 A supply


def test_the_drawing_is_svg_and_names_the_reference_parts() -> None:
    tree = ElementTree.parse(ROOT / "docs" / "wiring.svg")
    assert tree.getroot().tag == "{http://www.w3.org/2000/svg}svg"
    text = " ".join(tree.getroot().itertext())
    for chip in MATRIX.touch.matrix.chips:
        assert f"MPR121 0x{chip:02X}" in text
    for gpio in (2, 3, MATRIX.touch.irq_gpio, MATRIX.leds.gpio, MATRIX.buzzer.gpio):
        assert f"GPIO{gpio}" in text
    for pin in (MATRIX.buttons.undo, MATRIX.buttons.new, MATRIX.buttons.menu):
        assert f"GPIO{pin}" in text
    assert "74AHCT125" in text
    assert f"max_current_ma: {MATRIX.leds.max_current_ma}" in text
    assert "docs/wiring.svg" in WIRING


def test_the_led_sentence_names_the_first_leds_of_the_chain() -> None:
    for config in BOARDS.values():
        chain = [cell_name(cell) for cell in config.leds.chain]
        assert chain[0] == "a1" and "LED 0 is under a1, the bottom-left cell" in WIRING
        assert f"LED 15 under {chain[15]}, LED 29 under {chain[29]}" in WIRING
        # the HAL's default chain (the simulated board's) is the same serpentine
        assert led_mapping(config) == LedMapping.serpentine(15, 15)


def test_the_irq_wire_per_channel_table_is_a_valid_direct_config() -> None:
    heading = "### One IRQ wire per channel (optional, faster)"
    rows = table_after(heading, "channel")
    direct = DIRECT.touch.direct
    assert [int(row["channel"]) for row in rows] == sorted(direct.channels)
    for row in rows:
        chips = tuple(address(chip) for chip in row["chips"].split())
        assert chips == direct.channels[int(row["channel"])], row
        assert HEADER_PIN[int(row["IRQ GPIO"])] == int(row["header pin"]), row
    wires = [int(row["IRQ GPIO"]) for row in rows]
    snippet = f"irq_gpios: [{', '.join(str(pin) for pin in wires)}]"
    assert snippet in WIRING.split(heading, 1)[1]
    assert snippet in (ROOT / "config" / "direct-board.yaml").read_text(encoding="utf-8")
    data = yaml.safe_load((ROOT / "config" / "direct-board.yaml").read_text(encoding="utf-8"))
    data["touch"]["irq_gpio"] = None
    data["touch"]["direct"]["irq_gpios"] = wires
    layout = direct_layout(config_from_data(data))  # the pins clash with nothing on the board
    assert layout.irq_pins == tuple(zip(sorted(direct.channels), wires, strict=True))
    svg = " ".join(ElementTree.parse(ROOT / "docs" / "wiring.svg").getroot().itertext())
    assert f"GPIO{'/'.join(str(pin) for pin in wires)}" in svg
