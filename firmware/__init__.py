"""cullsboard: Culls and Cubulus on a smart 15x15 board with a touch pad and an LED per cell."""

__version__ = "0.1.0"
