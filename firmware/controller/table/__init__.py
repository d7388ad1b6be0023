"""The table: its match, menu, strip and modes, and what it is set up with."""
