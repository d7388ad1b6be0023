"""Fixtures for the browser tests of every folder: Chromium, its windows and the real product."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from tests.browser_support import (
    PAGE_TIMEOUT_MS,
    PRODUCT_PIN,
    SCREENSHOTS,
    OpenWindow,
    Product,
    StartProduct,
    launch_chromium,
    launch_product,
    require_chromium,
)

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page


@pytest.fixture(scope="module")
def chromium() -> Iterator[Browser]:
    require_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        yield browser
        browser.close()


@pytest.fixture
def open_window(chromium: Browser) -> Iterator[OpenWindow]:
    """Open pages in windows of their own (1280x860 unless told), each closed after the test.

    Keyword options go to the window's browser context (``has_touch=True``, ...).
    """
    contexts: list[BrowserContext] = []

    def open_page(width: int = 1280, height: int = 860, **options: Any) -> Page:
        context = chromium.new_context(viewport={"width": width, "height": height}, **options)
        context.set_default_timeout(PAGE_TIMEOUT_MS)
        contexts.append(context)
        return context.new_page()

    yield open_page
    for context in contexts:
        context.close()


@pytest.fixture
def screenshot_folder(tmp_path: Path) -> Path:
    """docs/screenshots when CULLSBOARD_SCREENSHOTS=1, else a folder thrown away after the test."""
    folder = SCREENSHOTS if os.environ.get("CULLSBOARD_SCREENSHOTS") else tmp_path / "shots"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture
def start_product(tmp_path: Path) -> Iterator[StartProduct]:
    """Start the real product on a free port; ``start("--game", "culls", ...)``.

    It has the web PIN ``PRODUCT_PIN`` unless told ``web_pin=None``; ``staff_pin=`` sets the
    staff PIN, ``frames=True`` records the LED frames and ``state=`` reuses a state directory.
    It returns at once; the product's ``url`` waits until the product has printed it.
    """
    started: list[Product] = []

    def start(
        *arguments: str,
        web_pin: str | None = PRODUCT_PIN,
        staff_pin: str | None = None,
        frames: bool = False,
        state: Path | None = None,
    ) -> Product:
        folder = tmp_path / f"run{len(started)}"
        product = launch_product(
            folder, arguments, web_pin=web_pin, staff_pin=staff_pin, frames=frames, state=state
        )
        started.append(product)
        return product

    yield start
    for product in started:
        product.kill_if_running()
