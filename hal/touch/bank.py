"""The chips of one board: start them, read the ones that changed, survive errors and resets."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

from hal.interfaces import Clock, FaultEvent
from hal.touch.chip import ELECTRODES, OVER_CURRENT, ChipHealth, ChipUnavailableError, Mpr121Chip
from hal.touch.settings import Pad


class ChipBank:
    """Keeps the last good touch bits of every chip; a failing chip never changes them."""

    def __init__(
        self,
        chips: Sequence[Mpr121Chip],
        *,
        clock: Clock,
        dead_retry_s: float,
        recent_first: bool = False,
    ) -> None:
        """``recent_first`` reads the chip that changed last before the others: with many chips
        a release is then found in one read, as it comes from the chip of its touch."""
        self.chips = list(chips)
        self._recent_first = recent_first
        self._last_changed: int | None = None
        self._clock = clock
        self._dead_retry_s = dead_retry_s
        # read mux chips channel by channel, so each channel is selected once per pass
        self._order = sorted(
            range(len(self.chips)),
            key=lambda i: (self.chips[i].spec.channel or 0, self.chips[i].spec.address),
        )

    def start(self) -> list[FaultEvent]:
        """Configure every chip; a chip that fails is reported and retried later."""
        faults: list[FaultEvent] = []
        for index in self._order:
            chip = self.chips[index]
            try:
                chip.start()
            except ChipUnavailableError as error:
                faults.append(self._dead(chip, str(error)))
        return faults

    def refresh(
        self,
        *,
        thorough: bool,
        revive: bool = False,
        line_low: Callable[[], bool] | None = None,
        only: Collection[int] | None = None,
    ) -> tuple[bool, list[FaultEvent]]:
        """Read every working chip's status; ``thorough`` also checks configs and dead chips.

        ``revive`` tries each dead chip once early, whatever its retry time. With ``line_low``
        the pass stops once the IRQ line is released: every chip that changed has then been
        read, since a chip asserts on each change until its status is read. ``only`` limits
        the pass to those chips (the ones on one IRQ wire). Returns whether any touch bit
        changed, and the faults seen.
        """
        changed = False
        faults: list[FaultEvent] = []
        for index in self._reading_order(only):
            if line_low is not None and not line_low():
                break
            chip = self.chips[index]
            if not chip.ok:
                due = thorough and self._clock.now() >= chip.retry_at
                early = revive and not chip.early_retry_used
                if not (due or early):
                    continue
                chip.early_retry_used |= early and not due
                revived = self._revive(chip)
                if revived is None:
                    continue
                faults.append(revived)
            try:
                status = chip.read_status()
                if status & OVER_CURRENT:
                    faults.append(self._reinitialise(chip, "flagged over-current"))
                    status = chip.read_status()
                elif (thorough or chip.suspect) and not chip.configured():
                    faults.append(self._reinitialise(chip, "lost its settings (a reset?)"))
                    status = chip.read_status()
            except ChipUnavailableError as error:
                faults.append(self._dead(chip, str(error)))
                continue
            touched = status & ((1 << ELECTRODES) - 1)
            if touched != chip.touched:
                chip.touched = touched
                changed = True
                if self._recent_first:
                    self._last_changed = index
        return changed, faults

    def any_dead(self, among: Collection[int]) -> bool:
        """Whether any of the chips ``among`` is given up on."""
        return not all(self.chips[index].ok for index in among)

    def active_pads(self) -> frozenset[Pad]:
        """Every electrode whose last good status says touched."""
        return frozenset(
            Pad(index, electrode)
            for index, chip in enumerate(self.chips)
            for electrode in range(ELECTRODES)
            if chip.touched >> electrode & 1
        )

    def stale_pads(self) -> frozenset[Pad]:
        """Electrodes of dead chips: their bits are only the last good ones."""
        return frozenset(
            Pad(index, electrode)
            for index, chip in enumerate(self.chips)
            if not chip.ok
            for electrode in range(ELECTRODES)
        )

    def levels(self) -> dict[Pad, float]:
        """Each working chip's electrodes: how far below the baseline they read, in touch
        thresholds (a chip that fails the read is left out, as if stale)."""
        result: dict[Pad, float] = {}
        for index, chip in enumerate(self.chips):
            if not chip.ok:
                continue
            try:
                values = chip.levels()
            except ChipUnavailableError:
                continue
            result.update((Pad(index, e), level) for e, level in enumerate(values))
        return result

    def health(self) -> list[ChipHealth]:
        return [chip.health() for chip in self.chips]

    def _reading_order(self, only: Collection[int] | None) -> list[int]:
        first = [] if self._last_changed is None else [self._last_changed]
        order = first + [i for i in self._order if i != self._last_changed]
        return order if only is None else [i for i in order if i in only]

    def _reinitialise(self, chip: Mpr121Chip, why: str) -> FaultEvent:
        chip.resets_seen += 1
        chip.start()  # ChipUnavailableError propagates: the chip is then reported dead
        return FaultEvent(self._clock.now(), chip.name, f"{why}; re-initialised", recovered=True)

    def _revive(self, chip: Mpr121Chip) -> FaultEvent | None:
        try:
            chip.start()
        except ChipUnavailableError:
            chip.retry_at = self._clock.now() + self._dead_retry_s
            return None
        return FaultEvent(
            self._clock.now(), chip.name, "answering again; re-initialised", recovered=True
        )

    def _dead(self, chip: Mpr121Chip, why: str) -> FaultEvent:
        chip.ok = False
        chip.early_retry_used = False
        chip.retry_at = self._clock.now() + self._dead_retry_s
        return FaultEvent(
            self._clock.now(),
            chip.name,
            f"{why}; keeping its last touches, retrying every {self._dead_retry_s:g} s",
        )
