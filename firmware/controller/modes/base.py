"""What every board mode and every layer is: the handlers, lights and words it owns.

A mode is what the board is doing (the menu, a round, a review, a lesson ...): it takes the taps
and presses, says its lights, its scoreboard keys and its strip commands, and knows when its own
moments end. Modes stack: a review or a lesson is opened over a game and MENU goes back to it. A
layer (the command strip) lies over the mode on top: it sees inputs first and draws over it.
"""

from firmware.controller.modes.context import BoardMode, Fields, Layer, Phase

__all__ = ["BoardMode", "Fields", "Layer", "Phase"]
