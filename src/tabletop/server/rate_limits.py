"""Rate limits per player and per address, with the `limits` library.

Without them one guest with a loop could create players, tables and chat lines faster
than the server could store them, or try passwords without end. Each kind of request has
a limit per player and a looser one per address (several people may share one); the
counters live in memory, or in Redis when `TABLETOP_REDIS_URL` is set so that every
process counts the same requests. Limits are moving windows: no burst at a window's edge.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from dataclasses import dataclass

from limits import RateLimitItem, parse
from limits.aio.storage import MemoryStorage, RedisStorage, Storage
from limits.aio.strategies import MovingWindowRateLimiter
from starlette.requests import HTTPConnection

from tabletop.server import errors


@dataclass(frozen=True)
class Rule:
    """How often one kind of request may come: per player and per address."""

    per_player: str
    per_address: str


RULES: Mapping[str, Rule] = {
    "guest": Rule(per_player="5/minute", per_address="30/minute"),
    "table": Rule(per_player="10/minute", per_address="40/minute"),
    "join": Rule(per_player="30/minute", per_address="120/minute"),
    "chat": Rule(per_player="10/10seconds", per_address="40/10seconds"),
    "move": Rule(per_player="20/second", per_address="200/second"),
    "login": Rule(per_player="5/minute", per_address="20/minute"),
    "register": Rule(per_player="5/minute", per_address="10/minute"),
}
"""For "login" the player is the account name tried, so guessing one account is slow from anywhere."""

MAX_OPEN_TABLES = 10
"""Tables a player may have created that are still waiting or being played."""

MAX_CONCURRENT_HASHING = 2
"""Password hashes computed at once: argon2id takes 64 MiB and a core's worth of time each."""


class RateLimits:
    """Counts requests by kind, player and address; `check` refuses what is over the limit."""

    def __init__(self, redis_url: str | None = None, *, enabled: bool = True) -> None:
        self.enabled = enabled
        storage: Storage = (
            RedisStorage(_async_uri(redis_url), implementation="redispy") if redis_url else MemoryStorage()
        )
        self._limiter = MovingWindowRateLimiter(storage)
        self._items: dict[str, RateLimitItem] = {}
        self.hashing = asyncio.Semaphore(MAX_CONCURRENT_HASHING)

    async def check(self, connection: HTTPConnection, kind: str, player: object | None = None) -> None:
        """Counts one request of `kind`; raises `TooManyRequests` if it is one too many."""
        if not self.enabled:
            return
        rule = RULES[kind]
        address = connection.client.host if connection.client else "unknown"
        if player is not None and not await self._hit(rule.per_player, kind, f"player:{player}"):
            raise errors.TooManyRequests(f"too many {kind} requests; wait a moment ({rule.per_player})")
        if not await self._hit(rule.per_address, kind, f"address:{address}"):
            raise errors.TooManyRequests(
                f"too many {kind} requests from your address; wait a moment ({rule.per_address})"
            )

    async def _hit(self, limit: str, *keys: str) -> bool:
        item = self._items.get(limit)
        if item is None:
            item = self._items[limit] = parse(limit)
        return await self._limiter.hit(item, *keys)


def _async_uri(redis_url: str) -> str:
    """The `limits` spelling of a Redis URL for its asyncio storage.

    >>> _async_uri("redis://127.0.0.1:6379/0")
    'async+redis://127.0.0.1:6379/0'
    """
    return redis_url if redis_url.startswith("async+") else f"async+{redis_url}"
