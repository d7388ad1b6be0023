"""How a command fails: one line a person can act on, then an exit status (``cli.main``)."""

from __future__ import annotations

from firmware.errors import ReportedError

EXIT_USAGE = 2  # a bad option, config, file or setup: nothing was done


class CommandError(ReportedError):
    """Raised by a command; ``cli.main`` prints ``cullsboard[ COMMAND]: message`` and exits."""

    def __init__(self, message: str, status: int = EXIT_USAGE) -> None:
        super().__init__(" ".join(message.split()))
        self.exit_status = status
