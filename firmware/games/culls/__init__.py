"""Culls (rules.md): five in a row with culls, duel or 2-vs-2 teams."""
