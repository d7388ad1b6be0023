"""``Frozen``: the base of the small value classes the commands read at start (records, outcomes,
clocks, and the engine's: its searches' styles and results, its choices and levels).

It gives what ``@dataclass(frozen=True, slots=True)`` gives them (equality and hash over the
fields, a repr naming each field, no assignment after ``__init__``, copying, pickling and
``replaced``) without importing ``dataclasses``, whose import (``inspect``, ``ast``, ``dis``...)
and per-class code generation are most of a short command's start-up (``cullsboard replay``,
``cullsboard engine``: bench/bench_startup.py). The board's larger values (its config, views and
history) stay dataclasses: the board imports far more than that anyway.

A subclass names its fields in order in ``FIELDS`` (also its ``__slots__``) and sets each once in
its ``__init__`` through ``_init``; its ``__init__`` takes the fields by those names, which
``replaced`` relies on.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Self


class Frozen:
    """A value: its fields are set once, compared, hashed and shown as a dataclass's would be."""

    __slots__ = ()
    FIELDS: tuple[str, ...] = ()

    def _init(self, *values: object) -> None:
        """Set the fields, in the order of ``FIELDS`` (only from ``__init__``)."""
        for name, value in zip(self.FIELDS, values, strict=True):
            object.__setattr__(self, name, value)

    def replaced(self, **changes: object) -> Self:
        """A copy with the named fields changed (what ``dataclasses.replace`` gives)."""
        unknown = changes.keys() - set(self.FIELDS)
        if unknown:
            raise TypeError(f"{type(self).__qualname__} has no field {sorted(unknown)[0]!r}")
        values = {name: changes.get(name, getattr(self, name)) for name in self.FIELDS}
        return type(self)(**values)

    def _values(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in self.FIELDS)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Frozen)
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.FIELDS)
        return f"{type(self).__qualname__}({shown})"

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r}")

    def __getstate__(self) -> tuple[object, ...]:
        return self._values()

    def __setstate__(self, state: tuple[object, ...]) -> None:
        self._init(*state)
