"""The espeak-ng voice: the sentence is synthesised to a WAV, then played on an ALSA device.

``espeak-ng --stdout`` writes the WAV (with the streaming header it uses for a pipe: its sizes are
set right here) and ``aplay -D DEVICE`` plays it, so a missing or busy device is an error this
code sees (espeak-ng's own audio output exits 0 when no card opens). Both are Debian's and
Raspberry Pi OS's packages ``espeak-ng`` and ``alsa-utils``.
"""

from __future__ import annotations

import shutil
import struct
import subprocess
import threading
from pathlib import Path

from hal.errors import HardwareError

SYNTH_TIMEOUT_S = 30.0
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
        wav = self.synthesize(text)
        with self._lock:
            self._cut = False
            player = subprocess.Popen(
                [self._aplay, "-q", "-D", self.device],
                stdin=subprocess.PIPE,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
                close_fds=False,
            )
            self._player = player
        try:
            _, errors = player.communicate(wav)
        finally:
            with self._lock:
                self._player = None
        with self._lock:
            cut = self._cut
        if player.returncode != 0 and not cut:  # stop() cut it short: no failure
            raise OSError(f"aplay on {self.device!r} failed: {_last_line(errors)}")

    def stop(self) -> None:
        """Cut the sentence being played short."""
        with self._lock:
            if self._player is not None and self._player.poll() is None:
                self._cut = True
                self._player.terminate()

    def __repr__(self) -> str:
        return f"<EspeakVoice {self.voice} at {self.rate} wpm, volume {self.volume}, {self.device}>"


def _last_line(stderr: bytes) -> str:
    lines = [line for line in stderr.decode(errors="replace").splitlines() if line.strip()]
    return lines[-1].strip() if lines else "no message"
