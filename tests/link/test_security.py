"""Per-board users with the ACL of docs/mqtt/acl, TLS with a test CA, nothing secret retained."""

from __future__ import annotations

import logging
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from firmware.config.schema import LinkConfig
from firmware.link import topics
from firmware.rules.game_and_rules import GameAndRules
from tests.link.boards import LinkedBoard
from tests.link.broker import Mosquitto, Observer, wait_for
from tests.link.certs import make_ca

ACL = Path(__file__).resolve().parents[2] / "docs" / "mqtt" / "acl"
PASSWORDS = {"table-1": "secret-one-7731", "table-2": "secret-two-5519", "fleet": "fleet-4402"}
DUEL = GameAndRules("culls", {"mode": "duel"})


def password_file(folder: Path, user: str) -> Path:
    path = folder / f"{user}.password"
    path.write_text(PASSWORDS[user] + "\n", encoding="utf-8")
    return path


@pytest.fixture
def locked_broker(tmp_path: Path) -> Iterator[Mosquitto]:
    passwords = tmp_path / "passwords"
    for user, secret in PASSWORDS.items():
        subprocess.run(
            [shutil.which("mosquitto_passwd") or "/usr/bin/mosquitto_passwd",
             *(["-c"] if not passwords.exists() else []), "-b", str(passwords), user, secret],
            check=True, capture_output=True,
        )  # fmt: skip
    server = Mosquitto(
        tmp_path,
        extra=f"allow_anonymous false\npassword_file {passwords}\nacl_file {ACL}\n",
    )
    server.start()
    yield server
    server.kill()


def test_a_board_writes_only_its_own_topics_and_retains_no_secret(
    locked_broker: Mosquitto, tmp_path: Path
) -> None:
    fleet = Observer(locked_broker.port, "cullsboard/#", username="fleet",
                     password=PASSWORDS["fleet"])  # fmt: skip
    section = LinkConfig(username="table-1", password_file=str(password_file(tmp_path, "table-1")))
    board = LinkedBoard(locked_broker.url, "table-1", tmp_path / "state", game=DUEL,
                        section=section)  # fmt: skip
    rogue = Observer(locked_broker.port, "cullsboard/v1/none", username="table-1",
                     password=PASSWORDS["table-1"])  # fmt: skip
    try:
        wait_for("online", lambda: fleet.latest(topics.board_status("table-1")) == b"online")
        forged = rogue.client.publish(topics.board_state("table-2"), b"{}", qos=1, retain=True)
        forged.wait_for_publish(5)
        marker = rogue.client.publish(topics.board_events("table-1"), b'{"marker":1}', qos=1)
        marker.wait_for_publish(5)
        wait_for("the marker", lambda: fleet.on(topics.board_events("table-1")) != [])
        assert fleet.on(topics.board_state("table-2")) == [], "the ACL kept table-1 out"
        wait_for("a state", lambda: fleet.latest(topics.board_state("table-1")) is not None)
    finally:
        board.close()
        rogue.close()
    late = Observer(locked_broker.port, "cullsboard/#", username="fleet",
                    password=PASSWORDS["fleet"])  # fmt: skip
    try:
        wait_for(
            "the retained state", lambda: late.latest(topics.board_state("table-1")) is not None
        )
        retained = b"".join(payload for _, payload, kept in late.drain() if kept)
        assert all(secret.encode() not in retained for secret in PASSWORDS.values())
    finally:
        late.close()
        fleet.close()


def test_a_wrong_password_is_one_log_line_and_the_board_plays_on(
    locked_broker: Mosquitto, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING, logger="cullsboard.link")
    wrong = tmp_path / "wrong"
    wrong.write_text("not-the-password\n", encoding="utf-8")
    section = LinkConfig(username="table-2", password_file=str(wrong))
    board = LinkedBoard(locked_broker.url, "table-2", tmp_path / "state", game=DUEL,
                        section=section)  # fmt: skip
    try:
        wait_for("the refusal logged", lambda: "refused" in caplog.text)
        board.tap("h8")
        wait_for("local play", lambda: board.score["moves"] == ["h8"])
        assert board.link.link.down
    finally:
        board.close()
    assert sum("cannot be reached" in r.getMessage() for r in caplog.records) == 1


def test_tls_with_the_cafes_own_ca(tmp_path: Path) -> None:
    ca = make_ca(tmp_path / "ca")
    server = Mosquitto(tmp_path, extra=f"cafile {ca.ca}\ncertfile {ca.cert}\nkeyfile {ca.key}\n")
    server.start()
    try:
        url = f"mqtts://127.0.0.1:{server.port}"
        board = LinkedBoard(url, "secure-1", tmp_path / "state", game=DUEL,
                            section=LinkConfig(ca_file=str(ca.ca)))  # fmt: skip
        try:
            wait_for("connected over TLS", lambda: not board.link.link.down)
        finally:
            board.close()
        other = make_ca(tmp_path / "other", name="other")
        stranger = LinkedBoard(url, "secure-2", tmp_path / "state2", game=DUEL,
                               section=LinkConfig(ca_file=str(other.ca)))  # fmt: skip
        try:
            stranger.tap("h8")
            wait_for("local play", lambda: stranger.score["moves"] == ["h8"])
            assert stranger.link.link.down, "a broker certificate from another CA is refused"
        finally:
            stranger.close()
    finally:
        server.kill()
