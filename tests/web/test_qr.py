"""The board page's address for a phone: worked out from the network, served as a QR code that
Debian's zbarimg reads back, shown on the board page and the scoreboard; ``NAME.local`` answered."""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from firmware.web import serve_in_thread
from firmware.web.address import NetworkFacts, page_address
from firmware.web.hosts import HostAllowList
from tests.browser_support import OpenWindow, StartProduct
from tests.web.client import request
from tests.web.fake_board import FakeLiveBoard

CAFE = NetworkFacts("Cafe-Table", mdns=True, lan_address="192.168.1.20")
NO_AVAHI = NetworkFacts("cafe-table", mdns=False, lan_address="192.168.1.20")
NO_NETWORK = NetworkFacts("cafe-table", mdns=False, lan_address=None)


@pytest.mark.parametrize(
    ("bind", "facts", "expected"),
    [
        ("0.0.0.0", CAFE, "http://cafe-table.local:8080/"),
        ("192.168.1.20", CAFE, "http://cafe-table.local:8080/"),
        ("0.0.0.0", NO_AVAHI, "http://192.168.1.20:8080/"),
        ("10.0.0.5", NO_AVAHI, "http://10.0.0.5:8080/"),
        ("::", NO_NETWORK, "http://cafe-table:8080/"),
        ("127.0.0.1", CAFE, "http://127.0.0.1:8080/"),
        ("::1", CAFE, "http://[::1]:8080/"),
    ],
)
def test_the_address_a_phone_opens(bind: str, facts: NetworkFacts, expected: str) -> None:
    assert page_address(bind, 8080, facts) == expected


def test_the_board_answers_to_its_own_mdns_name_without_allowed_hosts() -> None:
    hosts = HostAllowList("0.0.0.0", (), hostname="cafe-table")
    assert hosts.allows_host("cafe-table.local:8080")
    assert hosts.allows_host("CAFE-TABLE.local.")
    assert hosts.allows_host("cafe-table")
    assert not hosts.allows_host("cafe-table.example")
    assert not hosts.allows_host("other-table.local")
    assert not HostAllowList("0.0.0.0").allows_host("cafe-table.local")


@pytest.fixture
def cafe_server(board: FakeLiveBoard) -> Iterator[str]:
    with serve_in_thread(board, host="127.0.0.1", port=0, network=CAFE) as web:
        yield web.url


def test_a_request_to_name_local_is_answered(cafe_server: str) -> None:
    port = cafe_server.rsplit(":", 1)[1].strip("/")
    reply = request(cafe_server + "api/address", headers={"Host": f"cafe-table.local:{port}"})
    assert reply.status == 200, reply.body
    assert request(cafe_server, headers={"Host": f"elsewhere.local:{port}"}).status == 421


def decode(image: Path) -> str:
    """What Debian's zbarimg reads in ``image`` (one QR code)."""
    zbarimg = shutil.which("zbarimg")
    if zbarimg is None:
        if os.environ.get("CI"):
            pytest.fail("zbarimg is missing: CI must install zbar-tools", pytrace=False)
        pytest.skip("zbarimg is missing (apt-get install zbar-tools)")
    done = subprocess.run(
        [zbarimg, "--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", str(image)],
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def shot(page: Page, selector: str, path: Path) -> Path:
    element = page.locator(selector)
    expect(element).to_be_visible()
    page.wait_for_function(f"document.querySelector('{selector}').complete")
    element.screenshot(path=str(path))
    return path


@pytest.mark.browser
def test_the_qr_code_decodes_to_the_board_page(
    open_window: OpenWindow, start_product: StartProduct, tmp_path: Path
) -> None:
    product = start_product("--game", "culls", web_pin=None)
    page = open_window(400, 400)
    page.goto(product.url + "qr.svg")
    page.screenshot(path=str(tmp_path / "served.png"))
    assert decode(tmp_path / "served.png") == product.url

    # Served on loopback only: no phone can reach it, so the pages offer no code to scan and
    # say what to do instead.
    reply = request(product.url + "api/address")
    assert reply.json()["phones"] is False
    for path, size in (("", (390, 844)), ("scoreboard", (1280, 800))):
        page = open_window(*size)
        page.goto(product.url + path)
        caption = page.locator(".phone-link figcaption")
        expect(caption).to_contain_text("Phones cannot open this board")
        expect(caption).to_contain_text("--web 0.0.0.0:8080")
        expect(page.locator("#qr")).to_be_hidden()
    code, stderr = product.stop()
    assert code == 0, stderr


@pytest.mark.browser
def test_a_board_on_the_network_shows_a_qr_code_of_its_name(
    open_window: OpenWindow, board: FakeLiveBoard, tmp_path: Path
) -> None:
    with serve_in_thread(board, host="0.0.0.0", port=0, network=CAFE) as web:
        port = web.url.rsplit(":", 1)[1].strip("/")
        here, phones = f"http://127.0.0.1:{port}/", f"http://cafe-table.local:{port}/"
        assert request(here + "api/address").json() == {"url": phones, "phones": True}
        for path, size in (("", (390, 844)), ("scoreboard", (1280, 800))):
            page = open_window(*size)
            page.goto(here + path)
            expect(page.locator("#address")).to_have_text(phones)
            assert decode(shot(page, "#qr", tmp_path / f"qr-{size[0]}.png")) == phones
