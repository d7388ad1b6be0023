"""Cubulus (rules.md): push balls into a 3x3x3 cube, three in a row wins."""
