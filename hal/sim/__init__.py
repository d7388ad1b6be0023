"""Simulated touch hardware: an I2C bus, MPR121 chips, a TCA9548A mux and the shared IRQ wire."""
