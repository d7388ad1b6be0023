"""The game clock: each side's time under a time control, with every instant passed in."""
