"""The game clock: its timing, its file, its ticks."""
