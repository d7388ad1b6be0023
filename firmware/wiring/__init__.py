"""From the config to the HAL: which devices, settings and wiring the board is built from."""
