"""Subcommands of ``cullsboard``; each module has ``register(subparsers)`` setting ``run``."""
