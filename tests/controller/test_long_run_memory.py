"""A long run of the simulated board keeps a bounded record of the frames it sent: an hour of
the kiosk's attract show (20 frames a second) does not pile every frame up in memory."""

from __future__ import annotations

import random
from pathlib import Path

from firmware.config import parse_config
from firmware.kiosk.setup import kiosk_section
from firmware.wiring.assemble import bare_simulation
from firmware.wiring.drive import advance
from firmware.wiring.session import FRAMES_KEPT, build_session


def test_an_hour_of_attract_keeps_a_bounded_frame_record(tmp_path: Path) -> None:
    config = parse_config('kiosk: {enabled: true, attract_minutes: 0.5, staff_pin: "48260"}\n')
    session = build_session(
        config=bare_simulation(config),
        settings=("culls", {}),
        rng=random.Random(1),
        scripted=True,
        state_dir=tmp_path / "state",
        frames_path=None,
        complain=lambda text: None,
        kiosk=kiosk_section(config.kiosk, forced=False),
    )
    try:
        advance(session.controller, session.fake_clock(), 3600.0)
        sent = session.board.leds.sent
        assert session.board.leds.last is not None
        assert len(sent) <= 2 * FRAMES_KEPT, len(sent)  # an hour is 72,000 attract frames
        assert sent[-1].frame == session.board.leds.last
    finally:
        session.finish(None)
