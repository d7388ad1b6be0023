"""A real Mosquitto for the tests: its own config on 127.0.0.1 and a free port, killable."""

from __future__ import annotations

import json
import os
import queue
import shutil
import socket
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

MOSQUITTO = shutil.which("mosquitto") or "/usr/sbin/mosquitto"
PATIENCE_S = 15.0  # how long a test waits for something that should come at once, before failing
# libfaketime (Debian's faketime), for a broker whose clock a test moves on
FAKETIME_LIBS = ("/usr/lib/x86_64-linux-gnu/faketime", "/usr/lib/aarch64-linux-gnu/faketime",
                 "/usr/lib/faketime")  # fmt: skip


def faketime_library() -> str | None:
    for folder in FAKETIME_LIBS:
        if (Path(folder) / "libfaketime.so.1").exists():
            return str(Path(folder) / "libfaketime.so.1")
    return None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def wait_for(what: str, ready: Callable[[], bool], patience: float = PATIENCE_S) -> None:
    """Poll ``ready`` until it holds; fail the test naming ``what`` if it never does."""
    end = time.monotonic() + patience
    while not ready():
        if time.monotonic() > end:
            raise AssertionError(f"never happened: {what}")
        time.sleep(0.02)


class Mosquitto:
    """One broker process; ``kill`` (SIGKILL, its memory lost) and ``start`` again on the port.
    With ``fake_clock`` its wall clock (what it counts a message's expiry on) runs under
    libfaketime, and ``advance`` moves it on; its keep-alive timing stays on the real clock."""

    def __init__(
        self, folder: Path, *, extra: str = "", port: int | None = None, fake_clock: bool = False
    ) -> None:
        self.port = port or free_port()
        self.folder = folder
        self.fake_clock = folder / "mosquitto.faketime" if fake_clock else None
        self._ahead_s = 0.0
        if self.fake_clock is not None:
            self.fake_clock.write_text("+0\n", encoding="utf-8")
        self.config = folder / "mosquitto.conf"
        self.log = folder / "mosquitto.log"
        self.config.write_text(
            f"listener {self.port} 127.0.0.1\n"
            + ("allow_anonymous true\n" if "allow_anonymous" not in extra else "")
            + "persistence false\n"
            + "user root\n"  # run as root (CI), keep root: the test's files are private to it
            + extra,
            encoding="utf-8",
        )
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"mqtt://127.0.0.1:{self.port}"

    def start(self) -> None:
        env = dict(os.environ)
        if self.fake_clock is not None:
            library = faketime_library()
            if library is None:
                raise AssertionError("libfaketime is not installed (apt-get install faketime)")
            env.update(LD_PRELOAD=library, FAKETIME_TIMESTAMP_FILE=str(self.fake_clock),
                       FAKETIME_NO_CACHE="1", FAKETIME_DONT_FAKE_MONOTONIC="1")  # fmt: skip
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                [MOSQUITTO, "-c", str(self.config)], stdout=log, stderr=subprocess.STDOUT, env=env
            )
        wait_for("mosquitto listening", self._listening)

    def advance(self, seconds: float) -> None:
        """Move the broker's wall clock on by ``seconds`` (``fake_clock`` only)."""
        assert self.fake_clock is not None, "Mosquitto(..., fake_clock=True)"
        self._ahead_s += seconds
        self.fake_clock.write_text(f"+{self._ahead_s:.0f}\n", encoding="utf-8")

    def kill(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            self.process = None

    def stop(self) -> None:
        """Stop it as its service does (SIGTERM): it sends its clients' wills as it goes."""
        if self.process is not None:
            self.process.terminate()
            self.process.wait()
            self.process = None

    def _listening(self) -> bool:
        if self.process is not None and self.process.poll() is not None:
            raise AssertionError(f"mosquitto exited: {self.log.read_text(errors='replace')}")
        with socket.socket() as probe:
            return probe.connect_ex(("127.0.0.1", self.port)) == 0


class Observer:
    """A plain MQTT client that records every message under a pattern (retained ones too)."""

    def __init__(self, port: int, pattern: str = "cullsboard/#", **login: str) -> None:
        self.messages: queue.SimpleQueue[tuple[str, bytes, bool]] = queue.SimpleQueue()
        self.seen: list[tuple[str, bytes, bool]] = []
        self.client = mqtt.Client(CallbackAPIVersion.VERSION2)
        if login:
            self.client.username_pw_set(login["username"], login.get("password"))
        self.client.on_connect = lambda c, *_: c.subscribe(pattern, qos=1)
        self.client.on_message = lambda c, u, m: self.messages.put(
            (m.topic, bytes(m.payload), bool(m.retain))
        )
        self.client.connect("127.0.0.1", port, keepalive=10)
        self.client.loop_start()

    def drain(self) -> list[tuple[str, bytes, bool]]:
        while True:
            try:
                self.seen.append(self.messages.get_nowait())
            except queue.Empty:
                return self.seen

    def latest(self, topic: str) -> bytes | None:
        found = [payload for t, payload, _ in self.drain() if t == topic]
        return found[-1] if found else None

    def latest_json(self, topic: str) -> dict[str, object] | None:
        payload = self.latest(topic)
        return None if payload is None else dict(json.loads(payload))

    def on(self, topic: str) -> list[bytes]:
        return [payload for t, payload, _ in self.drain() if t == topic]

    def close(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()
