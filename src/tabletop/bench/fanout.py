"""What the Redis hub costs: PUBLISHes per move, subscribers per table, Redis CPU per delivery.

Redis counts its own work for the whole server (`INFO commandstats`, `INFO cpu`), so these
figures mean something only on a Redis nobody else uses during the run: point the
benchmarks at a Redis of their own (`redis-server --port 18151 --save ''`).

`fanout_cost` publishes hub-sized events to one channel with a given number of subscribers
(each a connection of its own, as each server process holds one per table it follows) and
reads the Redis CPU time each published message cost: what one more server process
following a table adds to every move.
"""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass

from redis import Redis

from tabletop.server.hub import CHANNEL_PREFIX

SAMPLE_EVENT = {"id": "0" * 32, "origin": "0" * 32, "kind": "move", "table": "k3x9q0p2ab", "seq": 41}
"""A move event as `TableService` publishes it (the same fields and lengths)."""
FANOUT_CHANNEL = CHANNEL_PREFIX + "fanout-bench"
READ_LIMIT_SECONDS = 120.0


def publishes(client: Redis) -> float:
    """PUBLISH commands Redis has run since it started."""
    stats = client.info("commandstats")
    return float(stats.get("cmdstat_publish", {}).get("calls", 0))


def redis_cpu_seconds(client: Redis) -> float:
    """The Redis server's user + system CPU time so far."""
    cpu = client.info("cpu")
    return float(cpu["used_cpu_user"]) + float(cpu["used_cpu_sys"])


def subscribers_per_table(client: Redis) -> float:
    """The mean number of subscriptions (one per server process following it) of each table's channel."""
    channels = client.pubsub_channels(CHANNEL_PREFIX + "*")
    if not channels:
        return 0.0
    counts = client.pubsub_numsub(*channels)
    return sum(count for _channel, count in counts) / len(counts)


@dataclass(frozen=True)
class FanoutCost:
    """Redis CPU per published message, at one number of subscribers."""

    subscribers: int
    messages: int
    redis_cpu_seconds: float
    event_bytes: int

    @property
    def microseconds_per_message(self) -> float:
        return self.redis_cpu_seconds / self.messages * 1e6


def fanout_cost(url: str, subscribers: int, messages: int = 20_000) -> FanoutCost:
    """Publishes `messages` events to a channel that `subscribers` connections read."""
    client = Redis.from_url(url)
    readers = [_Reader(url, messages) for _ in range(subscribers)]
    while sum(count for _, count in client.pubsub_numsub(FANOUT_CHANNEL)) < subscribers:
        time.sleep(0.01)
    payload = json.dumps(SAMPLE_EVENT)
    started = redis_cpu_seconds(client)
    for _ in range(messages):
        client.publish(FANOUT_CHANNEL, payload)
    for reader in readers:
        reader.thread.join()
    spent = redis_cpu_seconds(client) - started
    client.close()
    return FanoutCost(subscribers, messages, spent, len(payload))


class _Reader:
    """One subscriber on a thread of its own, reading until it has every message."""

    def __init__(self, url: str, messages: int) -> None:
        self._pubsub = Redis.from_url(url).pubsub(ignore_subscribe_messages=True)  # type: ignore[no-untyped-call]
        self._pubsub.subscribe(FANOUT_CHANNEL)
        self._left = messages
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        deadline = time.monotonic() + READ_LIMIT_SECONDS
        while self._left and time.monotonic() < deadline:
            if self._pubsub.get_message(timeout=1.0) is not None:
                self._left -= 1
        self._pubsub.close()


def describe(cost: FanoutCost) -> str:
    """One line per number of subscribers."""
    return (
        f"{cost.subscribers:3} subscribers  {cost.microseconds_per_message:6.1f} us Redis CPU per "
        f"published {cost.event_bytes}-byte event  ({cost.messages} events)"
    )
