"""Lessons and puzzles: their data in each game's folder, read through the registry; the board
plays them (``firmware/controller/lesson_run.py``, ``puzzle_run.py``)."""
