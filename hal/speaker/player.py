"""The voice's own process: it reads a sentence a line and says it, espeak-ng's WAV piped
straight into aplay, and answers a line: ``ok``, ``aplay MESSAGE`` or ``espeak MESSAGE``.

``EspeakVoice`` starts it once, not once a sentence, so the board's process never spawns a
program nor moves audio while it plays: a spawn holds the interpreter until the child runs, and
on a loaded machine that held the board's loop for tens of milliseconds.

Run: ``python -m hal.speaker.player ESPEAK-COMMAND... -- APLAY-COMMAND...``
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Sequence


def say(text: str, synth: Sequence[str], play: Sequence[str]) -> str:
    """Say ``text``: ``synth`` writes its WAV into ``play``'s input; the answer line."""
    read, write = os.pipe()
    try:
        player = subprocess.Popen(
            play, stdin=read, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
        )
    finally:
        os.close(read)
    try:
        synthesis = subprocess.Popen(
            synth, stdin=subprocess.PIPE, stdout=write, stderr=subprocess.PIPE
        )
    except OSError:
        player.kill()
        player.wait()
        raise
    finally:
        os.close(write)
    _, synth_errors = synthesis.communicate(text.encode())
    _, play_errors = player.communicate()
    if player.returncode != 0:  # aplay first: a device that fails also breaks espeak's pipe
        return f"aplay {_last_line(play_errors)}"
    if synthesis.returncode != 0:
        return f"espeak {_last_line(synth_errors)}"
    return "ok"


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if "--" not in args:
        print("player: usage: ESPEAK-COMMAND... -- APLAY-COMMAND...", file=sys.stderr)
        return 2
    at = args.index("--")
    synth, play = args[:at], args[at + 1 :]
    for line in sys.stdin:
        try:
            answer = say(line.rstrip("\n"), synth, play)
        except OSError as error:
            answer = f"espeak {error}"
        sys.stdout.write(answer.replace("\n", " ") + "\n")
        sys.stdout.flush()
    return 0


def _last_line(stderr: bytes) -> str:
    lines = [line for line in stderr.decode(errors="replace").splitlines() if line.strip()]
    return lines[-1].strip() if lines else "no message"


if __name__ == "__main__":
    sys.exit(main())
