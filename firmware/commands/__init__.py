"""Subcommands of ``cullsboard``: ``parser.py`` declares them; each module has its ``run``."""
