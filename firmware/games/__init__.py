"""The games, one package each: rules, board adapter and record samples together."""
