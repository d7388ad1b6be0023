"""How each game is drawn and touched on the 15x15 board: pure maps between cells and tokens."""
