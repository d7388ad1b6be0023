"""Kiosk mode for an unattended board: attract, idle policy, brightness, power-off, staff PIN."""
