"""The menu and the rows other parts add to it."""
