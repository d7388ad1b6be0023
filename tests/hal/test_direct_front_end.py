"""The direct board's front end (config/direct-board.yaml) on the simulated electrode: the
weakest finger through a piece is felt, a short peak of the resting noise is not."""

from __future__ import annotations

from pathlib import Path

from firmware.config import load_config
from firmware.config.touch_schema import FilterStageConfig
from hal.sim.mpr121_electrode import Electrode, FilterStep, RunRules

DIRECT = load_config(Path(__file__).resolve().parents[2] / "config" / "direct-board.yaml").touch
REST = 700


def _step(stage: FilterStageConfig) -> FilterStep:
    return FilterStep(
        stage.max_half_delta, stage.noise_half_delta, stage.noise_count_limit, stage.delay_limit
    )


def _rules() -> RunRules:
    stages = DIRECT.filter
    return RunRules(
        (DIRECT.touch_threshold, DIRECT.release_threshold),
        (DIRECT.touch_debounce, DIRECT.release_debounce),
        (_step(stages.rising), _step(stages.falling), _step(stages.touched)),
        0b10,
        False,
        stages.second_samples,
    )


def _electrode_at_rest(baseline: int) -> Electrode:
    electrode = Electrode(8.0)
    electrode.run([REST] * 64, _rules())
    electrode.baseline = baseline
    return electrode


def _touched_by(readings: list[int], baseline: int) -> bool:
    electrode = _electrode_at_rest(baseline)
    rules = _rules()
    for reading in readings:
        electrode.run([reading], rules)
        if electrode.touched:
            return True
    return False


def test_the_weakest_finger_through_a_piece_is_felt_with_the_baseline_a_count_low() -> None:
    # 10 counts through the piece, the baseline 1 under the rest level, an 80 ms hold
    assert _touched_by([REST - 10] * 80, baseline=REST - 1)


def test_a_resting_noise_peak_of_a_few_samples_is_not_a_touch() -> None:
    # the data 9 counts under the baseline for 7 samples (the second-level filter's peak)
    assert not _touched_by([REST - 9] * 7 + [REST] * 40, baseline=REST)
