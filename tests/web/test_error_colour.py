"""The error flash is a colour no player uses, on the LEDs and on the pages alike."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from firmware.controller.core.adapter import board_adapters
from firmware.render import palette
from firmware.rules.registry import find_game
from hal.interfaces import RGB

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "firmware" / "web" / "static"
CUBULUS_PAGE = ROOT / "firmware" / "games" / "cubulus" / "web" / "page.js"
APART = 180  # the least RGB distance between the error colour and any piece's look


def distance(a: RGB, b: RGB) -> float:
    return float(sum((x - y) ** 2 for x, y in zip(a, b, strict=True)) ** 0.5)


def rgb(hex_colour: str) -> RGB:
    value = int(hex_colour.lstrip("#"), 16)
    return (value >> 16 & 255, value >> 8 & 255, value & 255)


def seat_colours() -> set[str]:
    """Every colour a seat plays, in every menu choice of every game, and the neutral balls."""
    colours = {"white"}  # Cubulus's neutral balls
    for adapter in board_adapters():
        game = find_game(adapter.name)
        for choice in adapter.menu:
            rules = game.parse_rules(choice.rules)
            colours.update(seat.colour for seat in adapter.seats(rules, game.colours(rules)))
    return colours


def test_both_games_and_the_neutral_balls_are_covered() -> None:
    assert {"blue", "red", "black", "white"} <= seat_colours()


@pytest.mark.parametrize("colour", sorted(seat_colours()))
def test_the_led_error_flash_is_no_piece_colour(colour: str) -> None:
    piece = palette.piece(colour)
    looks = [piece, *palette.flipped_looks(piece), palette.dim(piece, 0.5)]
    for look in looks:
        assert distance(palette.ERROR, look) >= APART, (colour, look)


def page_colours(text: str, table: str) -> dict[str, RGB]:
    """The ``name: "#rrggbb"`` entries of a JS object literal named ``table``."""
    body = re.search(table + r"\s*=\s*\{(.*?)\}", text, re.S)
    assert body, table
    return {m[1]: rgb(m[2]) for m in re.finditer(r'(\w+):\s*"(#[0-9a-fA-F]{6})"', body[1])}


def css_error(path: Path) -> RGB:
    found = re.search(r"--error:\s*(#[0-9a-fA-F]{6})", path.read_text())
    assert found, f"{path.name} sets no --error colour"
    return rgb(found[1])


def test_the_pages_error_colour_is_no_piece_colour_of_the_pages() -> None:
    pieces = page_colours((STATIC / "live.js").read_text(), "COLOUR_NAMES")
    pieces |= {f"ball {k}": v for k, v in page_colours(CUBULUS_PAGE.read_text(), "BALLS").items()}
    assert set(seat_colours()) <= {name.removeprefix("ball ") for name in pieces}
    for css in ("common.css", "scoreboard.css"):
        error = css_error(STATIC / css)
        assert distance(error, palette.ERROR) < 80, f"{css}: the pages show the LEDs' error colour"
        for name, look in pieces.items():
            assert distance(error, look) >= APART, (css, name)
