"""The installed kiosk unit may open the sound card, under a real systemd (the machine of
test_kiosk_service.py: Debian bookworm booted in systemd-nspawn, install-service run in it).

The voice's aplay opens the card's nodes, /dev/snd/controlC0 and /dev/snd/pcmC0D0p: ALSA's
character major 116, group ``audio``, mode 0660, as udev makes them. Here they are made with
mknod. A step put before the board's own start (a drop-in ``ExecStartPre=``, run in the
unit's own cgroup, as its user and groups, under its system-call filter) opens them:

- the installed unit: the open reaches the kernel, which answers ENXIO (this host has no sound
  driver behind major 116; on a Pi the card opens), not EPERM from the device program;
- the same unit with its ``DeviceAllow=`` list emptied: EPERM, so the device policy is in force
  and the first answer means something.

``DeviceAllow=char-alsa`` allows the majors that /proc/devices names ``alsa``, looked up when
the unit starts. A kernel without the sound core (this one) names none; on such a host the
container's /proc/devices is the host's plus ALSA's own line, ``116 alsa`` (sound/core/sound.c
registers major 116 as "alsa"), as a kernel with the sound core shows it.
"""

from __future__ import annotations

import errno
import itertools
from pathlib import Path

from tests.systemd.container import wait_for
from tests.systemd.test_kiosk_service import UNIT, Kiosk, kiosk, wheels

__all__ = ["kiosk", "wheels"]  # the machine, booted and installed once for this module

ALSA_MAJOR = 116
NODES = {"/dev/snd/controlC0": 0, "/dev/snd/pcmC0D0p": 16}  # card 0's control, playback
DROP_IN = f"/etc/systemd/system/{UNIT}.d/sound-probe.conf"
PROBE = (
    "import errno, os\n"
    "for node in {nodes!r}:\n"
    "    try:\n"
    "        os.close(os.open(node, os.O_RDWR | os.O_NONBLOCK))\n"
    "        print('sound probe {run}:', node, 'opened', flush=True)\n"
    "    except OSError as error:\n"
    "        print('sound probe {run}:', node, errno.errorcode[error.errno], flush=True)\n"
)
RUNS = itertools.count(1)  # each probe's lines carry its run: two starts in one second differ
DEVICES = "/var/tmp/devices-with-alsa"  # on the container's disk (its /run is its own tmpfs)
REACHED_THE_DRIVER = {"opened", errno.errorcode[errno.ENXIO], errno.errorcode[errno.ENODEV]}


def _devices_with_alsa(table: str) -> str:
    """/proc/devices as a kernel with the sound core shows it: ALSA's line in the char list."""
    if any(line.split()[1:] == ["alsa"] for line in table.splitlines() if line[:1] == " "):
        return table
    chars, _, blocks = table.partition("\n\n")
    lines = chars.splitlines()
    lines.append(f"{ALSA_MAJOR:3d} alsa")
    head, entries = lines[0], sorted(lines[1:], key=lambda line: int(line.split()[0]))
    return "\n".join([head, *entries]) + "\n\n" + blocks


def _sound_card(kiosk: Kiosk) -> None:
    """Card 0's nodes in the container, and major 116 named alsa in its /proc/devices."""
    for node, minor in NODES.items():
        kiosk.machine.run("mkdir", "-p", str(Path(node).parent))
        kiosk.machine.run("mknod", "-m", "0660", node, "c", str(ALSA_MAJOR), str(minor))
        kiosk.machine.run("chgrp", "audio", node)
    table = Path("/proc/devices").read_text(encoding="utf-8")
    shown = kiosk.file(DEVICES)
    shown.parent.mkdir(parents=True, exist_ok=True)
    shown.write_text(_devices_with_alsa(table), encoding="utf-8")
    if "alsa" not in table:
        kiosk.machine.run("mount", "--bind", DEVICES, "/proc/devices")
    assert f"{ALSA_MAJOR} alsa" in kiosk.machine.run("cat", "/proc/devices").stdout


def _probe(kiosk: Kiosk, *extra: str) -> dict[str, str]:
    """Start the unit with the probe first (and ``extra`` lines); what each open answered."""
    python = "/opt/cullsboard/bin/python"
    run = next(RUNS)
    lines = ["[Service]", *extra, f"ExecStartPre={python} -c {_quoted(PROBE, NODES, run)}"]
    drop_in = kiosk.file(DROP_IN)
    drop_in.parent.mkdir(parents=True, exist_ok=True)
    drop_in.write_text("\n".join(lines) + "\n", encoding="utf-8")
    kiosk.machine.run("systemctl", "daemon-reload")
    since = kiosk.machine.run("date", "+%Y-%m-%d %H:%M:%S").stdout.strip()
    kiosk.machine.run("systemctl", "start", "--no-block", UNIT)
    answers: dict[str, str] = {}

    def probed() -> bool:
        journal = kiosk.machine.run(
            "journalctl", "-u", UNIT, "--since", since, "-o", "cat", "--no-pager"
        ).stdout
        for line in journal.splitlines():
            if line.startswith(f"sound probe {run}: "):
                node, answer = line.removeprefix(f"sound probe {run}: ").split()
                answers[node] = answer
        return set(answers) == set(NODES)

    found = wait_for(probed, 60)
    kiosk.machine.run("systemctl", "stop", UNIT)
    kiosk.machine.run("systemctl", "reset-failed", UNIT, check=False)
    drop_in.unlink()
    kiosk.machine.run("systemctl", "daemon-reload")
    assert found, f"the probe said nothing: {answers}"
    return answers


def _quoted(probe: str, nodes: dict[str, int], run: int) -> str:
    """The probe as one ExecStartPre= argument (systemd's quoting: C escapes in double quotes)."""
    text = probe.format(nodes=tuple(nodes), run=run)
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def test_the_installed_unit_may_open_the_sound_card_and_only_through_its_allow_list(
    kiosk: Kiosk,
) -> None:
    _sound_card(kiosk)
    installed = kiosk.file("/etc/systemd/system/cullsboard.service").read_text(encoding="utf-8")
    assert "DevicePolicy=closed" in installed
    order = kiosk.unit("Wants", "After")  # the sound core loads first, so "alsa" resolves
    assert all("modprobe@snd.service" in order[key].split() for key in ("Wants", "After")), order
    allowed = _probe(kiosk)
    assert set(allowed.values()) <= REACHED_THE_DRIVER, allowed
    closed = _probe(kiosk, "DeviceAllow=")  # the list emptied: only the pseudo devices
    assert set(closed.values()) == {errno.errorcode[errno.EPERM]}, closed
    print(f"installed unit: {allowed}; without its DeviceAllow= list: {closed}")
