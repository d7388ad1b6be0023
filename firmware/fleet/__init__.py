"""The café's fleet page: every board seen on the broker, from its retained status and state."""
