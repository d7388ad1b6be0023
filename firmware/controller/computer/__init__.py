"""The computer player: its seats, the engine process and the thinker."""
