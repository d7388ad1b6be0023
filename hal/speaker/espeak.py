"""The espeak-ng voice: the sentence is synthesised to a WAV, then played on an ALSA device.

``espeak-ng --stdout`` writes the WAV and ``aplay -D DEVICE`` plays it, so a missing or busy
device is an error this code sees (espeak-ng's own audio output exits 0 when no card opens).
Both are Debian's and Raspberry Pi OS's packages ``espeak-ng`` and ``alsa-utils``. Sentences are
said by the voice's own process (``hal.speaker.player``), started once; a WAV file is written
here (its sizes set right: a pipe's WAV has none).
"""

from __future__ import annotations

import contextlib
import os
import select
import shutil
import signal
import struct
import subprocess
import sys
import threading
from pathlib import Path

from hal.errors import HardwareError

SYNTH_TIMEOUT_S = 30.0
SPEAK_TIMEOUT_S = 120.0  # far longer than any sentence takes to say: the voice's process hangs
SYNTH_NICENESS = 10
RIFF_HEADER = 44  # espeak-ng writes the plain 44-byte PCM header


class SpeakerSetupError(HardwareError):
    """The voice's programs are not there; ``str()`` says which and how to install them."""


def sized_wav(wav: bytes) -> bytes:
    """``wav`` with its RIFF and data sizes set to the bytes it holds (a pipe's WAV has none)."""
    if len(wav) < RIFF_HEADER or wav[:4] != b"RIFF" or wav[36:40] != b"data":
        raise OSError("espeak-ng did not write a WAV")
    data = len(wav) - RIFF_HEADER
    return wav[:4] + struct.pack("<I", data + 36) + wav[8:40] + struct.pack("<I", data) + wav[44:]


class EspeakVoice:
    """A ``Voice``: espeak-ng at ``rate`` words a minute, ``volume`` (0 to 100, 50 is espeak's
    normal loudness) and ``voice``, played by aplay on ALSA ``device``."""

    def __init__(
        self,
        *,
        rate: int = 160,
        volume: int = 50,
        voice: str = "en",
        device: str = "default",
        espeak: str = "espeak-ng",
        aplay: str = "aplay",
        timeout: float = SPEAK_TIMEOUT_S,
    ) -> None:
        found = {}
        for program, package in ((espeak, "espeak-ng"), (aplay, "alsa-utils")):
            path = shutil.which(program)
            if path is None:
                raise SpeakerSetupError(
                    f"{program} is not installed: sudo apt install {package} "
                    "(or set speech.backend: none)"
                )
            found[program] = path  # a full path lets subprocess spawn it without a fork
        self.rate = rate
        self.volume = volume
        self.voice = voice
        self.device = device
        self._espeak = found[espeak]
        self._aplay = found[aplay]
        nice = shutil.which("nice")  # coreutils: synthesis yields the CPU to the board's loop
        self._nice = [nice, "-n", str(SYNTH_NICENESS)] if nice is not None else []
        self._lock = threading.Lock()
        self._player: subprocess.Popen[bytes] | None = None
        self._cut = False  # stop() ended the sentence being played
        self.timeout = timeout

    def arguments(self) -> list[str]:
        """The espeak-ng command line that writes a sentence read from stdin as a WAV."""
        amplitude = round(self.volume * 2)  # espeak-ng's -a: 0 to 200, 100 normal
        return [
            *self._nice,
            self._espeak,
            "--stdout",
            "--stdin",
            "-s",
            str(self.rate),
            "-a",
            str(amplitude),
            "-v",
            self.voice,
        ]

    def synthesize(self, text: str) -> bytes:
        """``text`` spoken, as the bytes of a WAV file (OSError if espeak-ng fails)."""
        try:
            done = subprocess.run(
                self.arguments(),
                input=text.encode(),
                capture_output=True,
                timeout=SYNTH_TIMEOUT_S,
                check=False,
                close_fds=False,  # lets Python use posix_spawn, not fork (its fds are CLOEXEC)
            )
        except subprocess.TimeoutExpired as error:
            raise OSError(f"espeak-ng took over {SYNTH_TIMEOUT_S:g} s") from error
        if done.returncode != 0:
            raise OSError(f"espeak-ng failed: {_last_line(done.stderr)}")
        return sized_wav(done.stdout)

    def write_wav(self, text: str, path: Path) -> None:
        """Write ``text`` spoken to the WAV file ``path``."""
        path.write_bytes(self.synthesize(text))

    def speak(self, text: str) -> None:
        """Say ``text`` on the device; returns when it has been played (OSError if it cannot)."""
        with self._lock:
            self._cut = False
            if self._player is None or self._player.poll() is not None:
                self._player = self._start_player()
            player = self._player
        assert player.stdin is not None and player.stdout is not None
        answer: str | None = ""
        try:
            player.stdin.write(" ".join(text.split()).encode() + b"\n")
            player.stdin.flush()
            if select.select([player.stdout], [], [], self.timeout)[0]:
                answer = player.stdout.readline().decode(errors="replace").strip()
            else:
                answer = None
        except (OSError, ValueError):  # its pipes broken, or closed by stop()
            answer = ""
        if answer is None:  # hung: the next sentence starts the voice's process again
            self.stop()
            raise OSError(f"the voice said nothing for {self.timeout:g} s: restarted it")
        with self._lock:
            if self._cut:  # stop() cut it short: no failure
                return
        kind, _, message = answer.partition(" ")
        if kind == "aplay":
            raise OSError(f"aplay on {self.device!r} failed: {message}")
        if kind == "espeak":
            raise OSError(f"espeak-ng failed: {message}")
        if kind != "ok":
            raise OSError("the voice's player process ended")

    def _start_player(self) -> subprocess.Popen[bytes]:
        """The voice's own process (``hal.speaker.player``), in a process group of its own."""
        play = [self._aplay, "-q", "-D", self.device]
        return subprocess.Popen(
            [sys.executable, "-m", "hal.speaker.player", *self.arguments(), "--", *play],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            start_new_session=True,
        )

    def stop(self) -> None:
        """Cut the sentence being played short, and end the voice's process (the next sentence
        starts another)."""
        with self._lock:
            player, self._player = self._player, None
            if player is None or player.poll() is not None:
                return
            self._cut = True
            with contextlib.suppress(ProcessLookupError):  # it ended just now
                os.killpg(player.pid, signal.SIGTERM)
        player.wait(timeout=5.0)
        for pipe in (player.stdin, player.stdout):
            if pipe is not None:
                pipe.close()

    def __repr__(self) -> str:
        return f"<EspeakVoice {self.voice} at {self.rate} wpm, volume {self.volume}, {self.device}>"


def _last_line(stderr: bytes) -> str:
    lines = [line for line in stderr.decode(errors="replace").splitlines() if line.strip()]
    return lines[-1].strip() if lines else "no message"
