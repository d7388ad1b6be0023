"""Running as a system service: the systemd notify protocol and the installer."""
