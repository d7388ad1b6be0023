"""Every configuration option, with its type, range and default: a class per section, and the
whole ``Config``.

The YAML files in config/ mirror these classes: a section is a class, a key is a field. Fields
without a default are required. Maps that are empty by default (the electrode assignments) are
generated in order when the file leaves them out; see ``firmware.config.addressing``. The
``touch`` section's classes are in ``firmware.config.touch_schema``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, TypeAlias

from firmware.config import readers
from firmware.config.clock_option import CLOCK_HINT, CLOCK_PATTERN, read_clock
from firmware.config.options import Staff, gpio, option
from firmware.config.touch_schema import TouchConfig
from hal.interfaces import Cell


@dataclass(frozen=True, slots=True)
class BoardConfig:
    """The grid of cells."""

    columns: int = option(15, low=7, high=19, doc="cells across, lettered from a")
    rows: int = option(15, low=7, high=19, doc="cells up, numbered from 1")


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
    enabled: bool = option(
        True, doc="false = a fitted buzzer stays quiet", staff=Staff("Buzzer on", "sound")
    )


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
    enabled: bool = option(
        True,
        doc="false = the voice stays quiet (a staff setting)",
        staff=Staff("Voice on (the board says every action aloud)", "sound"),
    )
    verbosity: Literal["moves", "prompts", "all"] = option(
        "prompts",
        doc="moves: what was played, refusals and results; prompts: also whose turn it is and "
        "what to do; all: also the menu and every notice",
        staff=Staff("What the voice says: moves, prompts too, or all", "sound"),
    )
    rate: int = option(
        160,
        low=80,
        high=450,
        doc="words a minute",
        staff=Staff("Voice speed (words a minute)", "sound"),
    )
    volume: int = option(
        50,
        low=0,
        high=100,
        doc="50 = espeak-ng's normal loudness",
        staff=Staff("Voice volume (0 to 100)", "sound"),
    )
    voice: str = option(
        "en",
        pattern=r"[A-Za-z0-9_+-]{1,40}",
        pattern_hint="an espeak-ng voice like en, en-us or de",
        doc="espeak-ng --voices lists them",
        staff=Staff("Voice (an espeak-ng voice such as en or en-us)", "sound"),
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
        None,
        pattern=r"[0-9]{4,8}",
        pattern_hint="4 to 8 digits",
        doc="asked before play",
        staff=Staff(
            "Control PIN (phones and the board page)", "access", restart=False, empty="no PIN"
        ),
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
    attract_minutes: float = option(
        3.0,
        low=0.5,
        high=240,
        doc="idle time before attract mode",
        staff=Staff("Idle minutes before the attract show", "cafe"),
    )
    abandon_minutes: float = option(
        20.0,
        low=1,
        high=1440,
        doc="idle time before a game ends",
        staff=Staff("Idle minutes before a game is put away", "cafe"),
    )
    brightness_schedule: tuple[BrightnessStep, ...] = option(
        (), doc="times of day, sorted", staff=Staff("Brightness schedule", "cafe")
    )
    staff_pin: str | None = option(
        None,
        pattern=r"[0-9]{4,8}",
        pattern_hint="4 to 8 digits",
        doc="opens the staff menu",
        staff=Staff("Staff PIN", "access", restart=False),
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
        None,
        low=1,
        high=6,
        doc="the computer's level; null = 3, a middle one",
        staff=Staff(
            "The computer's level (1 gentle to 6 strongest)", "play", empty="3, a middle one"
        ),
    )
    hints: bool = option(
        True, doc="HINT lights the strongest move", staff=Staff("Hints offered", "play")
    )
    clock: str = option(
        "none",
        reader=read_clock,
        pattern=CLOCK_PATTERN,
        pattern_hint=CLOCK_HINT,
        doc="the time control: none, 10 (minutes), 5+3 (and seconds a turn), turn:30",
        staff=Staff(
            "The clock: none, 10 (minutes), 5+3, turn:30",
            "play",
            when="after a restart (a match in progress: from its next round)",
        ),
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
        staff=Staff(
            "Pieces: placed by hand (physical), the lights (virtual), or auto (by hand on a real "
            "board where the game has real pieces, the lights when simulated)",
            "play",
        ),
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
