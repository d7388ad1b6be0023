"""Running as a system service: the systemd notify protocol, the installer, and the lock that
keeps one board per state directory."""
