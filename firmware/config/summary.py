"""A few lines that say what a config describes, for ``check-config`` and ``diag``."""

from __future__ import annotations

from firmware.config.addressing import hex_address
from firmware.config.chips import expected_chips
from firmware.config.schema import BUTTON_NAMES, Config


def _touch_line(config: Config) -> str:
    touch = config.touch
    irq = f"IRQ on GPIO{touch.irq_gpio}" if touch.irq_gpio is not None else "no IRQ (polling)"
    if touch.layout == "direct" and touch.direct.irq_gpios:
        irq = "an IRQ per channel on GPIO" + ", ".join(str(p) for p in touch.direct.irq_gpios)
    chips = expected_chips(config)
    if touch.layout == "matrix":
        where = ", ".join(hex_address(chip) for _, chip in chips)
        return f"{touch.backend}, matrix layout: {len(chips)} MPR121 ({where}), {irq}"
    mux = hex_address(touch.direct.mux_address)
    channels = len(touch.direct.channels)
    return (
        f"{touch.backend}, direct layout: {len(chips)} MPR121 on {channels} channels "
        f"of the TCA9548A at {mux}, {irq}"
    )


def _leds_line(config: Config) -> str:
    leds = config.leds
    grid = config.board.columns * config.board.rows
    return (
        f"{leds.backend} on GPIO{leds.gpio}, {leds.count} LEDs ({grid} cells + "
        f"{leds.status_count} status), {leds.order} from {leds.start_corner}, "
        f"limit {leds.max_current_ma} mA"
    )


def _buttons_line(config: Config) -> str:
    buttons = config.buttons
    if buttons.backend == "none":
        return "none"
    pins = [
        f"{name} GPIO{pin}" for name in BUTTON_NAMES if (pin := getattr(buttons, name)) is not None
    ]
    return f"{buttons.backend}: {', '.join(pins) or 'none wired'}"


PIECES = {
    "auto": "auto (by hand on a real board where a game has real ones; lights when simulated)",
    "physical": "physical (by hand where a game has real ones: a move made elsewhere waits)",
    "virtual": "virtual (the lights are the pieces)",
}


def summary_lines(config: Config) -> list[str]:
    """One line per part of the board."""
    buzzer = config.buzzer
    beeper = "none" if buzzer.backend == "none" else f"{buzzer.backend} on GPIO{buzzer.gpio}"
    if buzzer.backend != "none" and not buzzer.enabled:
        beeper += ", kept quiet"
    web = config.web
    kiosk = config.kiosk
    idle = f": attract after {kiosk.attract_minutes:g} min, put away after "
    idle += f"{kiosk.abandon_minutes:g} min, {len(kiosk.brightness_schedule)} brightness steps"
    play = config.play
    level = "3, a middle one" if play.computer_level is None else str(play.computer_level)
    return [
        f"board    {config.board.columns} x {config.board.rows}",
        f"touch    {_touch_line(config)}",
        f"leds     {_leds_line(config)}",
        f"buttons  {_buttons_line(config)}",
        f"buzzer   {beeper}",
        f"voice    {_voice_line(config)}",
        f"web      http://{web.host}:{web.port}/ {'with a PIN' if web.pin else 'without a PIN'}",
        f"kiosk    {'on' + idle if kiosk.enabled else 'off'}",
        f"pieces   {PIECES[config.pieces]}",
        f"play     computer level {level}, hints {'on' if play.hints else 'off'}",
        f"state    {config.state_dir}",
    ]


def _voice_line(config: Config) -> str:
    """The voice's backend, device and what it says."""
    speech = config.speech
    if speech.backend == "none":
        return "none"
    where = f" on ALSA {speech.device}" if speech.backend == "espeak" else ""
    quiet = ", kept quiet" if not speech.enabled else ""
    return f"{speech.backend}{where}, says {speech.verbosity}{quiet}"
