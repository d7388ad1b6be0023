"""Lessons and puzzles: data in each game's folder, read through the registry, played purely."""
