"""A long run of the simulated board keeps a bounded record of the frames it sent: an hour of
the kiosk's attract show (20 frames a second) does not pile every frame up in memory."""

from __future__ import annotations

from pathlib import Path

from firmware.config import parse_config
from firmware.kiosk.setup import kiosk_section
from firmware.rules.game_and_rules import GameAndRules
from firmware.wiring.assemble import bare_simulation
from firmware.wiring.drive import advance
from firmware.wiring.session import FRAMES_KEPT, build_session
from firmware.wiring.spec import RunSpec, plan_board


def test_an_hour_of_attract_keeps_a_bounded_frame_record(tmp_path: Path) -> None:
    config = parse_config('kiosk: {enabled: true, attract_minutes: 0.5, staff_pin: "48260"}\n')
    spec = RunSpec(simulated=True, seed=1, game=GameAndRules("culls", {}), script="-")
    plan = plan_board(spec, bare_simulation(config))
    assert plan.kiosk == kiosk_section(config.kiosk, forced=False)
    session = build_session(plan, state_dir=tmp_path / "state", complain=lambda text: None)
    try:
        advance(session.controller, session.fake_clock(), 3600.0)
        sent = session.board.leds.sent
        assert session.board.leds.last is not None
        assert len(sent) <= 2 * FRAMES_KEPT, len(sent)  # an hour is 72,000 attract frames
        assert sent[-1].frame == session.board.leds.last
    finally:
        session.finish(None)
