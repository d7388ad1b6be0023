"""``Protocol``, the base of the rules' interfaces (a game, its states, its player).

The type checker gets typing's: it checks every game against them. At run time nothing
subclasses them or asks ``isinstance`` of them, so they are plain classes there, and every
command that reads a record (``replay``, the engine) is spared importing typing.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Protocol as Protocol
else:
    Protocol = object
