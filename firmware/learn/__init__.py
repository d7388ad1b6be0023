"""Lessons and puzzles: their data in each game's folder, read through the registry; the board
plays them (``firmware/controller/learning/lesson_run.py``, ``puzzle_run.py``)."""
