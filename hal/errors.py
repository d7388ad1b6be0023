"""The one root of the project's errors and its families, each family also the built-in it is.

It lives here, importing nothing, because every layer may import it: the HAL imports no
``firmware`` module, and the firmware (the rules too, through ``firmware.errors``) may import
this one module of the HAL. Callers catch a family (``except InputError``) or the built-in
(``except ValueError``); the command line catches ``CullsboardError`` once.
"""

from __future__ import annotations


class CullsboardError(Exception):
    """Any error of this project; the command line prints it as one line and exits."""

    exit_status = 2  # a bad option, config, file or setup: waiting cannot mend it


class InputError(CullsboardError, ValueError):
    """Something given cannot be used (an option, a file, a config, a record, a move)."""


class HardwareError(CullsboardError, OSError):
    """A device could not be set up or did not answer."""

    exit_status = 1  # a device that failed while the board ran: the kiosk unit starts it again


class UnavailableError(CullsboardError, RuntimeError):
    """Something a step needs cannot be had now (a busy state directory, a failed system step)."""


class ReportedError(CullsboardError):
    """An answer already worded for whoever asked: a command's exit or a page's HTTP status."""


class StopSignal(CullsboardError):  # noqa: N818 (a signal, not a failure)
    """Not a failure: a search whose budget is spent, a turn too long, a restart asked for."""
