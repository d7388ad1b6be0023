"""One connection to the broker (paho-mqtt, MQTT 5): reconnects by itself, backing off, and logs
once.

paho's network thread never touches the game: every callback is handed to ``post``, which runs
it where the caller's state lives (the controller's loop for a board, the page's loop for the
fleet). ``publish`` and ``subscribe`` may be called from any thread.
"""

from __future__ import annotations

import contextlib
import logging
import ssl
from collections.abc import Callable
from dataclasses import dataclass

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion
from paho.mqtt.packettypes import PacketTypes
from paho.mqtt.properties import Properties
from paho.mqtt.reasoncodes import ReasonCode

log = logging.getLogger("cullsboard.link")

KEEPALIVE_S = 15  # the broker sends the last will this long (x1.5) after a board goes silent
RECONNECT_MIN_S = 1
RECONNECT_MAX_S = 30
# A dated message (an offline status) is sent with this message expiry, which the broker counts
# down on its own clock while it keeps the message: what is left when a reader gets it says how
# long the broker has kept it (MQTT 5), whatever the sender's or the reader's clock says.
KEPT_S = 10 * 365 * 24 * 3600

Post = Callable[[Callable[[], None]], None]
Handler = Callable[[str, bytes], None]
# ``handler(topic, payload, age)``: ``age`` is 0 for a message sent while subscribed, the seconds
# the broker has kept a retained dated one, None for a retained one of unknown age
AgedHandler = Callable[[str, bytes, float | None], None]


@dataclass(frozen=True, slots=True)
class Endpoint:
    """Where the broker is and how to log in."""

    host: str
    port: int
    tls: bool = False
    ca_file: str | None = None
    username: str | None = None
    password: str | None = None


@dataclass(frozen=True, slots=True)
class Will:
    """What the broker publishes (retained) when this client vanishes; ``dated``: with the
    expiry that tells a later reader how long the broker has kept it (``KEPT_S``)."""

    topic: str
    payload: str
    dated: bool = False


class BrokerClient:
    """A paho client run on its own thread; state changes reach the owner through ``post``."""

    def __init__(
        self,
        endpoint: Endpoint,
        client_id: str,
        post: Post,
        *,
        will: Will | None = None,
        on_connect: Callable[[], None] | None = None,
        on_disconnect: Callable[[], None] | None = None,
        meanwhile: str = "playing on here",
    ) -> None:
        self.endpoint = endpoint
        self._meanwhile = meanwhile  # what goes on while the broker is away, for the log
        self._post = post
        self._on_connect = on_connect
        self._on_disconnect = on_disconnect
        self._handlers: dict[str, AgedHandler] = {}
        self.connected = False
        self._complained = False
        self._stopping = False
        self._client = mqtt.Client(
            CallbackAPIVersion.VERSION2, client_id=client_id, protocol=mqtt.MQTTv5
        )
        if will is not None:
            properties = _dated(PacketTypes.WILLMESSAGE) if will.dated else None
            self._client.will_set(
                will.topic, will.payload, qos=1, retain=True, properties=properties
            )
        if endpoint.username is not None:
            self._client.username_pw_set(endpoint.username, endpoint.password)
        if endpoint.tls:
            self._client.tls_set(ca_certs=endpoint.ca_file, cert_reqs=ssl.CERT_REQUIRED)
        self._client.reconnect_delay_set(RECONNECT_MIN_S, RECONNECT_MAX_S)
        self._client.on_connect = self._connected
        self._client.on_connect_fail = self._failed
        self._client.on_disconnect = self._disconnected
        self._client.on_message = self._message

    @property
    def where(self) -> str:
        scheme = "mqtts" if self.endpoint.tls else "mqtt"
        return f"{scheme}://{self.endpoint.host}:{self.endpoint.port}"

    def start(self) -> None:
        """Connect in the background; an unreachable broker is retried, backing off."""
        self._client.connect_async(self.endpoint.host, self.endpoint.port, keepalive=KEEPALIVE_S)
        self._client.loop_start()

    def stop(self, last: Will | None = None) -> None:
        """Publish ``last`` (if connected) and disconnect cleanly."""
        self._stopping = True
        if last is not None and self.connected:
            properties = _dated(PacketTypes.PUBLISH) if last.dated else None
            info = self._client.publish(
                last.topic, last.payload, qos=1, retain=True, properties=properties
            )
            with contextlib.suppress(RuntimeError, ValueError):  # gone already: the will says it
                info.wait_for_publish(timeout=2.0)
        self._client.disconnect()
        self._client.loop_stop()

    def subscribe(self, pattern: str, handler: Handler) -> None:
        """Call ``handler(topic, payload)`` (through ``post``) for each message on ``pattern``."""
        self.subscribe_aged(pattern, lambda topic, payload, age: handler(topic, payload))

    def subscribe_aged(self, pattern: str, handler: AgedHandler) -> None:
        """Call ``handler(topic, payload, age)`` (through ``post``) for each message on
        ``pattern``: ``age`` as ``AgedHandler`` says."""
        self._handlers[pattern] = handler
        if self.connected:
            self._client.subscribe(pattern, qos=1)

    def unsubscribe(self, pattern: str) -> None:
        if self._handlers.pop(pattern, None) is not None and self.connected:
            self._client.unsubscribe(pattern)

    def publish(self, topic: str, payload: str, *, retain: bool = False, qos: int = 1) -> None:
        """Send (QoS 1 by default); while disconnected paho keeps it for the next connection."""
        self._client.publish(topic, payload, qos=qos, retain=retain)

    # -- paho's thread: hand everything over ----------------------------------------------

    def _connected(
        self,
        client: mqtt.Client,
        userdata: object,
        flags: mqtt.ConnectFlags,
        reason: ReasonCode,
        properties: Properties | None,
    ) -> None:
        if reason.is_failure:
            self._post(lambda: self._refused(str(reason)))
            return
        for pattern in list(self._handlers):
            client.subscribe(pattern, qos=1)
        self._post(self._up)

    def _failed(self, client: mqtt.Client, userdata: object) -> None:
        self._post(lambda: self._unreachable("no answer"))

    def _disconnected(
        self,
        client: mqtt.Client,
        userdata: object,
        flags: mqtt.DisconnectFlags,
        reason: ReasonCode,
        properties: Properties | None,
    ) -> None:
        self._post(lambda: self._unreachable(str(reason)))

    def _message(self, client: mqtt.Client, userdata: object, message: mqtt.MQTTMessage) -> None:
        topic, payload, age = message.topic, bytes(message.payload), _age(message)
        for pattern, handler in list(self._handlers.items()):
            if mqtt.topic_matches_sub(pattern, topic):
                self._post(_call(handler, topic, payload, age))

    # -- the owner's thread ---------------------------------------------------------------

    def _up(self) -> None:
        self.connected = True
        if self._complained:
            log.warning("the broker %s answers again", self.where)
        self._complained = False
        if self._on_connect is not None:
            self._on_connect()

    def _refused(self, reason: str) -> None:
        self._unreachable(f"refused: {reason}")

    def _unreachable(self, reason: str) -> None:
        was = self.connected
        self.connected = False
        if not self._complained and not self._stopping:
            log.warning(
                "the broker %s cannot be reached (%s): %s, retrying",
                self.where,
                reason,
                self._meanwhile,
            )
            self._complained = True
        if was and self._on_disconnect is not None:
            self._on_disconnect()


def _call(
    handler: AgedHandler, topic: str, payload: bytes, age: float | None
) -> Callable[[], None]:
    return lambda: handler(topic, payload, age)


def _dated(packet: int) -> Properties:
    """A dated message's properties: the expiry the broker counts down while it keeps it."""
    properties = Properties(packet)  # type: ignore[no-untyped-call]
    properties.MessageExpiryInterval = KEPT_S
    return properties


def _age(message: mqtt.MQTTMessage) -> float | None:
    """How long the broker has kept ``message`` on its own clock: 0 for one sent now, what its
    expiry says for a retained dated one, None for any other retained one."""
    if not message.retain:
        return 0.0
    properties = message.properties
    given = {} if properties is None else properties.json()  # type: ignore[no-untyped-call]
    left = given.get("MessageExpiryInterval")  # only a property that was sent is there
    if not isinstance(left, int) or left > KEPT_S:
        return None
    return float(KEPT_S - left)
