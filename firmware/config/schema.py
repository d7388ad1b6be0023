"""Every configuration option, with its type, range and default, in one place.

The YAML files in config/ mirror these classes: a section is a class, a key is a field. Fields
without a default are required. Maps that are empty by default (the electrode assignments) are
generated in order when the file leaves them out; see ``firmware.config.addressing``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, TypeAlias

from firmware.config import readers
from firmware.config.clock_option import CLOCK_HINT, CLOCK_PATTERN, read_clock
from firmware.config.options import (
    GPIO_HIGH,
    GPIO_LOW,
    MPR121_HIGH,
    MPR121_LOW,
    gpio,
    option,
    rule,
)
from firmware.config.pads import CellPad, Electrode
from hal.interfaces import Cell


@dataclass(frozen=True, slots=True)
class BoardConfig:
    """The grid of cells."""

    columns: int = option(15, low=7, high=19, doc="cells across, lettered from a")
    rows: int = option(15, low=7, high=19, doc="cells up, numbered from 1")


REFERENCE_CHANNELS: dict[int, tuple[int, ...]] = {
    **dict.fromkeys(range(4), (0x5A, 0x5B, 0x5C, 0x5D)),
    4: (0x5A, 0x5B, 0x5C),
}


@dataclass(frozen=True, slots=True)
class MatrixConfig:
    """Matrix layout: one electrode per row and per column, on up to four chips."""

    chips: tuple[int, ...] = option(
        (0x5A, 0x5B, 0x5C), low=MPR121_LOW, high=MPR121_HIGH, hex=True, doc="chip addresses"
    )
    rows: dict[int, Electrode] = field(
        default_factory=dict,
        metadata=rule(reader=readers.read_row_map, doc="row -> [chip, electrode]; none = in order"),
    )
    columns: dict[int, Electrode] = field(
        default_factory=dict,
        metadata=rule(reader=readers.read_column_map, doc="column -> [chip, electrode]"),
    )


@dataclass(frozen=True, slots=True)
class DirectConfig:
    """Direct layout: one electrode per cell, chips behind a TCA9548A I2C mux."""

    mux_address: int = option(0x70, low=0x70, high=0x77, hex=True, doc="TCA9548A address")
    channels: dict[int, tuple[int, ...]] = field(
        default_factory=REFERENCE_CHANNELS.copy,
        metadata=rule(reader=readers.read_channels, doc="mux channel -> chip addresses"),
    )
    cells: dict[Cell, CellPad] = field(
        default_factory=dict,
        metadata=rule(reader=readers.read_cell_map, doc="cell -> [channel, chip, electrode]"),
    )
    irq_gpios: tuple[int, ...] = option(
        (), low=GPIO_LOW, high=GPIO_HIGH, doc="an IRQ wire per channel, in channel order"
    )


@dataclass(frozen=True, slots=True)
class RetryConfig:
    """What the touch driver does when the I2C bus fails: retries with doubling pauses."""

    attempts: int = option(4, low=1, high=10, doc="tries of one transfer before a chip is failed")
    first_delay_seconds: float = option(0.001, low=0, high=1, doc="pause after the first failure")
    max_delay_seconds: float = option(0.02, low=0, high=1, doc="the longest pause between tries")
    dead_retry_seconds: float = option(5.0, low=0.1, high=600, doc="a failed chip's rest")


@dataclass(frozen=True, slots=True)
class FilterStageConfig:
    """One set of MPR121 baseline filter registers (datasheet section 5.5)."""

    max_half_delta: int = option(1, low=0, high=63, doc="a change this small is taken at once")
    noise_half_delta: int = option(1, low=0, high=63, doc="the step for a larger change")
    noise_count_limit: int = option(0, low=0, high=255, doc="samples before that step")
    delay_limit: int = option(0, low=0, high=255, doc="samples between filter runs")


@dataclass(frozen=True, slots=True)
class RisingStageConfig(FilterStageConfig):
    """The filter for a reading above the baseline: the pad lost load (LEDs off, drift, a
    finger lifted), followed at once."""


@dataclass(frozen=True, slots=True)
class FallingStageConfig(FilterStageConfig):
    """The filter for a reading below the baseline, slow so a finger is not learned as rest."""

    noise_count_limit: int = option(3, low=0, high=255, doc="samples before that step")
    delay_limit: int = option(7, low=0, high=255, doc="samples between filter runs")


@dataclass(frozen=True, slots=True)
class TouchedStageConfig(FilterStageConfig):
    """The filter while touched: 0 holds the baseline still."""

    max_half_delta: int = option(0, low=0, high=63, doc="unused by the chip while touched")
    noise_half_delta: int = option(0, low=0, high=63, doc="the step while touched")


@dataclass(frozen=True, slots=True)
class FilterConfig:
    """How the MPR121 samples and tracks each pad's resting level (the baseline)."""

    first_samples: int = option(34, low=6, high=34, doc="first filter: 6, 10, 18 or 34")
    second_samples: int = option(6, low=4, high=18, doc="second filter: 4, 6, 10 or 18")
    period_ms: int = option(1, low=1, high=128, doc="sample interval: 1, 2, 4 .. 128 ms")
    rising: RisingStageConfig = field(default_factory=RisingStageConfig)
    falling: FallingStageConfig = field(default_factory=FallingStageConfig)
    touched: TouchedStageConfig = field(default_factory=TouchedStageConfig)


@dataclass(frozen=True, slots=True)
class PadConfig:
    """One electrode's own settings; null keeps the touch section's value."""

    touch_threshold: int | None = option(None, low=1, high=255)
    release_threshold: int | None = option(None, low=0, high=254)
    charge_current_ua: int | None = option(None, low=1, high=63, doc="needs auto_config off")
    charge_time_us: float | None = option(None, low=0.5, high=32, doc="needs auto_config off")


@dataclass(frozen=True, slots=True)
class SimConfig:
    """A realistic simulated board: pads differ, LEDs add noise, baselines drift, hands are
    big. Used by diag and calibrate with --mock-hal (or the mock backend)."""

    seed: int = option(1, low=0, high=2**31, doc="the same seed builds the same board")
    led_noise: float = option(1.0, low=0, high=10, doc="scale of the LED-induced noise")
    drift: float = option(1.0, low=0, high=10, doc="scale of the slow baseline drift")
    cover_mm: float = option(3.0, low=0.5, high=20, doc="the cover over the pads (acrylic)")
    cover_permittivity: float = option(2.6, low=1, high=10, doc="acrylic 2.6 to 3.5")
    hole_mm: float = option(6.0, low=0, high=20, doc="the light hole in each pad")
    piece_mm: float = option(3.0, low=0, high=20, doc="a game piece's thickness")
    piece_permittivity: float = option(2.0, low=1, high=10, doc="dry wood 1.4 to 2.9")
    piece_diameter_mm: float = option(20.0, low=5, high=33, doc="a game piece's diameter")


@dataclass(frozen=True, slots=True)
class TouchConfig:
    """The touch pads."""

    backend: Literal["mock", "mpr121"] = option("mock", doc="mock = the simulated board")
    layout: Literal["matrix", "direct"] = option("matrix", doc="see wiring.md")
    i2c_bus: int = option(1, low=0, high=22, doc="the Linux I2C bus number (/dev/i2c-N)")
    irq_gpio: int | None = gpio(4, "the wired-OR IRQ line; null = poll only or per channel")
    poll_seconds: float = option(1.0, low=0.005, high=60, doc="safety poll if an IRQ is missed")
    touch_threshold: int = option(10, low=1, high=255, doc="MPR121 touch threshold")
    release_threshold: int = option(7, low=1, high=255, doc="MPR121 release threshold")
    touch_debounce: int = option(1, low=0, high=7, doc="MPR121 samples before a touch counts")
    release_debounce: int = option(1, low=0, high=7, doc="MPR121 samples before a release")
    charge_current_ua: int = option(16, low=1, high=63, doc="MPR121 CDC, every electrode")
    charge_time_us: float = option(0.5, low=0.5, high=32, doc="MPR121 CDT: 0.5, 1, 2 .. 32")
    auto_config: bool = option(True, doc="the chip finds each electrode's charge itself")
    supply_voltage: float = option(3.3, low=1.71, high=3.6, doc="for the auto-config limits")
    filter: FilterConfig = field(default_factory=FilterConfig)
    pads: dict[str, PadConfig] = field(
        default_factory=dict,
        metadata=rule(reader=readers.read_pad_map, doc="'row 3', 'column c' or h8 -> settings"),
    )
    sim: SimConfig | None = field(
        default=None, metadata=rule(doc="a realistic simulated board; null = a clean one")
    )
    retry: RetryConfig = field(default_factory=RetryConfig)
    matrix: MatrixConfig = field(default_factory=MatrixConfig)
    direct: DirectConfig = field(default_factory=DirectConfig)


@dataclass(frozen=True, slots=True)
class LedsConfig:
    """The WS2812 chain: one LED per cell, then the status LEDs."""

    backend: Literal["mock", "ws281x", "spi"] = option("mock", doc="spi = neopixel_spi (Pi 5)")
    gpio: int = gpio(10, "data pin: 10 = SPI MOSI (ws281x and spi), 18 = PWM (ws281x, root)")
    frequency_hz: int = option(800_000, low=400_000, high=800_000, doc="WS2812 bit rate")
    dma: int = option(10, low=0, high=14, doc="rpi_ws281x DMA channel")
    invert: bool = option(False, doc="true if the level shifter inverts")
    strip_type: Literal["GRB", "RGB", "BRG", "RBG", "GBR", "BGR"] = option("GRB")
    count: int | None = option(None, low=1, high=1000, doc="null = columns x rows + status")
    order: Literal["serpentine", "rows", "explicit"] = option("serpentine", doc="chain order")
    start_corner: Literal["bottom-left", "bottom-right", "top-left", "top-right"] = option(
        "bottom-left", doc="the cell of the first LED"
    )
    chain: tuple[Cell, ...] = option((), reader=readers.read_chain, doc="cells in chain order")
    status_count: int = option(4, low=0, high=64, doc="LEDs after the grid")
    gamma: float = option(2.8, low=1.0, high=4.0)
    brightness: float = option(1.0, low=0.0, high=1.0, doc="scale before the current limit")
    max_current_ma: int = option(3500, low=100, high=60_000, doc="the supply budget for LEDs")
    sim_chain_file: str | None = option(
        None, doc="mock only: append every frame sent to this file (a chain that outlives us)"
    )


BUTTON_NAMES = ("undo", "new", "menu", "hint", "read")  # ButtonsConfig's buttons, in order


@dataclass(frozen=True, slots=True)
class ButtonsConfig:
    """The push buttons, active low with pull-ups; null leaves a button out."""

    backend: Literal["mock", "gpio", "none"] = option("mock")
    undo: int | None = gpio(17, "UNDO")
    new: int | None = gpio(27, "NEW game")
    menu: int | None = gpio(22, "MENU")
    hint: int | None = gpio(None, "HINT (optional): light the strongest move")
    read: int | None = gpio(None, "READ (optional): say the board aloud (speech.backend)")
    bounce_seconds: float = option(0.05, low=0.0, high=1.0)


@dataclass(frozen=True, slots=True)
class BuzzerConfig:
    """The optional beeper."""

    backend: Literal["none", "mock", "gpio"] = option("none")
    gpio: int = gpio(13, "gpiozero TonalBuzzer pin")
    enabled: bool = option(True, doc="false = a fitted buzzer stays quiet")


@dataclass(frozen=True, slots=True)
class SpeechConfig:
    """The board's voice: what it says aloud, and through which backend."""

    backend: Literal["none", "mock", "espeak"] = option(
        "none", doc="espeak = espeak-ng played by aplay on speech.device"
    )
    device: str = option(
        "default",
        pattern=r"[A-Za-z0-9_:,.=-]{1,100}",
        pattern_hint="an ALSA device name like default or plughw:1,0",
        doc="the ALSA device the voice plays on (aplay -L lists them)",
    )
    enabled: bool = option(True, doc="false = the voice stays quiet (a staff setting)")
    verbosity: Literal["moves", "prompts", "all"] = option(
        "prompts",
        doc="moves: what was played, refusals and results; prompts: also whose turn it is and "
        "what to do; all: also the menu and every notice",
    )
    rate: int = option(160, low=80, high=450, doc="words a minute")
    volume: int = option(50, low=0, high=100, doc="50 = espeak-ng's normal loudness")
    voice: str = option(
        "en",
        pattern=r"[A-Za-z0-9_+-]{1,40}",
        pattern_hint="an espeak-ng voice like en, en-us or de",
        doc="espeak-ng --voices lists them",
    )
    explore: bool = option(
        False, doc="a long press on a cell says what is there and what a tap would do"
    )


@dataclass(frozen=True, slots=True)
class WebConfig:
    """The web page that shows the board and takes remote taps."""

    host: str = option("127.0.0.1", doc="listen address; 0.0.0.0 = the whole network")
    port: int = option(8080, low=1, high=65535)
    pin: str | None = option(
        None, pattern=r"[0-9]{4,8}", pattern_hint="4 to 8 digits", doc="asked before play"
    )
    allowed_hosts: tuple[str, ...] = option(
        (),
        pattern=r"[A-Za-z0-9]([A-Za-z0-9.-]{0,251}[A-Za-z0-9])?",
        pattern_hint="a host name like cullsboard.local",
        doc="more names the pages answer to (besides localhost, host and any address)",
    )


@dataclass(frozen=True, slots=True)
class BrightnessStep:
    """From this time of day on, the LEDs run at this brightness."""

    at: str = option(pattern=r"([01][0-9]|2[0-3]):[0-5][0-9]", pattern_hint="a time HH:MM")
    brightness: float = option(low=0.0, high=1.0)


@dataclass(frozen=True, slots=True)
class KioskConfig:
    """Unattended running, e.g. in a game cafe."""

    enabled: bool = option(False)
    attract_minutes: float = option(3.0, low=0.5, high=240, doc="idle time before attract mode")
    abandon_minutes: float = option(20.0, low=1, high=1440, doc="idle time before a game ends")
    brightness_schedule: tuple[BrightnessStep, ...] = option((), doc="times of day, sorted")
    staff_pin: str | None = option(
        None, pattern=r"[0-9]{4,8}", pattern_hint="4 to 8 digits", doc="opens the staff menu"
    )
    power_off_buttons: tuple[str, ...] = option(
        ("menu", "undo"),
        pattern=r"undo|new|menu|hint",
        pattern_hint="undo, new, menu or hint",
        doc="held together for power_off_seconds: the Pi powers off; [] = staff page only",
    )
    power_off_seconds: float = option(10.0, low=3.0, high=60.0, doc="how long to hold them")
    day_ends: str = option(
        "04:00",
        pattern=r"([01][0-9]|2[0-3]):[0-5][0-9]",
        pattern_hint="a time HH:MM",
        doc="when the cafe's day ends: rounds before it count for the day before",
    )


@dataclass(frozen=True, slots=True)
class LinkConfig:
    """The MQTT broker the board reports to and plays other boards through (none: off)."""

    broker: str | None = option(
        None,
        pattern=r"mqtts?://[^\s/:]+(:[0-9]{1,5})?/?",
        pattern_hint="mqtt://HOST:PORT or mqtts://HOST:PORT",
        doc="null = no broker, the board plays alone",
    )
    ca_file: str | None = option(None, doc="the CA certificate that signed the broker's (mqtts)")
    username: str | None = option(None, pattern=r"[A-Za-z0-9_.-]{1,64}", pattern_hint="a name")
    password_file: str | None = option(None, doc="a file holding the password (never the config)")
    board_id: str | None = option(
        None,
        pattern=r"[a-z0-9][a-z0-9-]{0,31}",
        pattern_hint="lower-case letters, digits and dashes",
        doc="null = the host name",
    )
    cafe: str | None = option(None, doc="shown on the fleet page")


# Who puts the pieces of a move on the board (docs/glossary.md: "pieces" setting).
Pieces: TypeAlias = Literal["auto", "physical", "virtual"]


@dataclass(frozen=True, slots=True)
class PlayConfig:
    """What the board offers players."""

    computer_level: int | None = option(
        None, low=1, high=6, doc="the computer's level; null = 3, a middle one"
    )
    hints: bool = option(True, doc="HINT lights the strongest move")
    clock: str = option(
        "none",
        reader=read_clock,
        pattern=CLOCK_PATTERN,
        pattern_hint=CLOCK_HINT,
        doc="the time control: none, 10 (minutes), 5+3 (and seconds a turn), turn:30",
    )


@dataclass(frozen=True, slots=True)
class ComputerConfig:
    """Where the computer player's searches run (docs/players.md)."""

    engine: str | None = option(
        None,
        reader=readers.command_line,
        doc="the engine's command line (docs/players.md, the engine protocol); "
        "null = the built-in cullsboard engine",
    )
    workers: int | None = option(
        None,
        low=1,
        high=64,
        doc="processes the built-in engine's top level searches in; null = the cores less one",
    )
    coach: bool = option(
        True,
        doc="false: finished rounds are not analysed in the background and the board offers "
        'no "show my mistakes"',
    )


@dataclass(frozen=True, slots=True)
class Config:
    """A whole board configuration."""

    board: BoardConfig = field(default_factory=BoardConfig)
    touch: TouchConfig = field(default_factory=TouchConfig)
    leds: LedsConfig = field(default_factory=LedsConfig)
    buttons: ButtonsConfig = field(default_factory=ButtonsConfig)
    buzzer: BuzzerConfig = field(default_factory=BuzzerConfig)
    speech: SpeechConfig = field(default_factory=SpeechConfig)
    web: WebConfig = field(default_factory=WebConfig)
    kiosk: KioskConfig = field(default_factory=KioskConfig)
    pieces: Pieces = option(  # noqa: RUF009 - a text, immutable (ruff cannot see through the alias)
        "auto",
        doc="physical: a game's real pieces are placed by hand, so a move made elsewhere waits "
        "for its piece; virtual: the lights are the pieces; auto: physical on a real board "
        "for the games whose adapter says pieces_by_hand, virtual on the simulated one",
    )
    play: PlayConfig = field(default_factory=PlayConfig)
    computer: ComputerConfig = field(default_factory=ComputerConfig)
    link: LinkConfig = field(default_factory=LinkConfig)
    state_dir: str = option(
        "~/.local/state/cullsboard",
        pattern=r"\s*\S.*",
        pattern_hint="a directory (not empty)",
        doc="saved games and logs",
    )
