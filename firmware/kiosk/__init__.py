"""Kiosk mode for an unattended board: attract, idle policy, day stats, brightness, staff PIN."""
