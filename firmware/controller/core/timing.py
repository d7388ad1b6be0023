"""How long the table's moments last and how it sounds: error flashes, the score screens, beeps."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class TableTiming:
    """Seconds (and beep pitches in Hz) the table waits for or shows things."""

    error_flash: float = 0.6
    error_shown: float = 5.0  # how long a rejected action stays in the scoreboard's "error"
    line_show: float = 3.0  # the winning line alone, before the scores are shown
    confirm_guard: float = 1.0  # the rematch cell waits this long after a match ends
    hint_show: float = 4.0  # how long a hint's cells stay lit
    error_beep_hz: float = 220.0
    error_beep_s: float = 0.15
    win_beep_hz: float = 880.0  # a bright chirp when a round or the match is won
    win_beep_s: float = 0.3


TABLE_TIMING = TableTiming()
