"""The commands: the one registry, and the command strip that offers them."""
