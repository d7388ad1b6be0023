"""The board's voice: a ``Speaker`` that queues sentences and speaks them beside the loop."""

from hal.speaker.espeak import EspeakVoice, SpeakerSetupError
from hal.speaker.mock import MockSpeaker, Said
from hal.speaker.queue import SpeechQueue, Utterance
from hal.speaker.worker import ThreadedSpeaker, Voice

__all__ = [
    "EspeakVoice",
    "MockSpeaker",
    "Said",
    "SpeakerSetupError",
    "SpeechQueue",
    "ThreadedSpeaker",
    "Utterance",
    "Voice",
]
