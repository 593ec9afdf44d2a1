"""Who has each table open, for the "N people watching" line of the table page.

Every WebSocket of a table page registers here while it is open. The count shown is of
the distinct people watching without a seat: a player by their id (two tabs are one
person), a visitor who has not acted yet by their connection. It is this process's count:
with several server processes behind a load balancer (Redis hub), each counts the
connections it serves, so a page shows at least the spectators on its own process, not
all of them (docs/protocol.md, "viewers").
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Collection
from dataclasses import dataclass, field

Notify = Callable[[], Awaitable[None]]

ANNOUNCE_SECONDS = 0.1
"""How long a change of a table's count waits for more before every connection is told.

Telling every connection at each arrival would send n² messages while n spectators open a
table at once (500 people watching a final: 125,000 messages, and arrivals timed out)."""


@dataclass(eq=False)
class Watcher:
    """One open connection: the player behind it (None for a visitor) and how to tell it."""

    player_id: int | None
    notify: Notify


@dataclass
class Watchers:
    """The open connections of every table in this process."""

    _tables: dict[str, set[Watcher]] = field(default_factory=dict)
    _counts: dict[str, tuple[frozenset[int], int]] = field(default_factory=dict)
    """The last count of each table, with the seated players it was counted without: every
    connection asks for it after every move, so with 500 spectators counting afresh would
    cost 500 × 500 steps a move."""

    _announcements: dict[str, asyncio.Task[None]] = field(default_factory=dict)

    def add(self, table_id: str, watcher: Watcher) -> None:
        """Registers a connection that has just opened."""
        self._tables.setdefault(table_id, set()).add(watcher)
        self._counts.pop(table_id, None)

    def remove(self, table_id: str, watcher: Watcher) -> None:
        """Forgets a connection that has closed."""
        watchers = self._tables.get(table_id, set())
        watchers.discard(watcher)
        self._counts.pop(table_id, None)
        if not watchers:
            self._tables.pop(table_id, None)

    def announce(self, table_id: str) -> None:
        """Tells the table's connections the count soon (after a connection came or went),
        unless a telling is already on its way: it will carry this change too."""
        if table_id not in self._announcements and table_id in self._tables:
            self._announcements[table_id] = asyncio.get_running_loop().create_task(self._announce(table_id))

    async def _announce(self, table_id: str) -> None:
        """Every connection of the table learns the count, once for a burst of comings and goings.

        A connection that is closing meanwhile may fail to send; its own loop ends it, and
        the others are told all the same.
        """
        try:
            await asyncio.sleep(ANNOUNCE_SECONDS)
        finally:
            self._announcements.pop(table_id, None)
        await asyncio.gather(*(watcher.notify() for watcher in self.of(table_id)), return_exceptions=True)

    def of(self, table_id: str) -> list[Watcher]:
        """The table's open connections."""
        return list(self._tables.get(table_id, ()))

    def spectators(self, table_id: str, seated: Collection[int]) -> int:
        """How many distinct people watch the table without one of its `seated` player ids.

        >>> watchers = Watchers()
        >>> async def nothing() -> None: ...
        >>> visitor = Watcher(None, nothing)
        >>> for watcher in (Watcher(1, nothing), Watcher(2, nothing), Watcher(2, nothing), visitor):
        ...     watchers.add("t", watcher)
        >>> watchers.spectators("t", seated={1}), watchers.spectators("t", seated={1, 2})
        (2, 1)
        >>> watchers.remove("t", visitor)
        >>> watchers.spectators("t", seated={1})
        1
        """
        key = frozenset(seated)
        counted = self._counts.get(table_id)
        if counted is not None and counted[0] == key:
            return counted[1]
        people: set[object] = set()
        for watcher in self._tables.get(table_id, ()):
            if watcher.player_id is None:
                people.add(watcher)
            elif watcher.player_id not in seated:
                people.add(watcher.player_id)
        self._counts[table_id] = (key, len(people))
        return len(people)
