"""Touch calibration: measure the pads at rest and under a finger, propose and write settings."""
