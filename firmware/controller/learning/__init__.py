"""Lessons and puzzles at the table."""
