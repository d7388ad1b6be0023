"""The board's loop: its queue, the touches and presses, the commands sent from afar."""
