"""The board speaks: what happens at the table, said aloud in the game's own words."""
