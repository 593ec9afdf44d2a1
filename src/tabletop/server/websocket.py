"""The live connection of one table page: one WebSocket per open page (docs/protocol.md).

Life cycle: connect (origin checked, table found, player from the session or token) ->
a "view" snapshot -> then, concurrently, the client's messages ("move", "chat", "sync") and
the hub's events (a move answered with this viewer's "update" from the seq it holds, any
other change with its fresh "view", or a "chat" line; a spectator hears them through its
table's paced feed, `spectator_feed.py`) -> close. Every view and update the
client gets is `views.live_message` or `views.update_message` for its seat; the seat comes
from the session, never from the client. Each connection also counts as a watcher of its table
(`watchers.py`), and every connection of the table hears the spectator count change.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any
from urllib.parse import urlsplit

import orjson
from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from starlette.websockets import WebSocketState

from tabletop.server import errors
from tabletop.server.context import Context, context_of
from tabletop.server.hub import Subscription, table_channel
from tabletop.server.identity import current_player
from tabletop.server.live import LiveTable
from tabletop.server.views import can_update, live_message, update_message
from tabletop.server.watchers import Watcher
from tabletop.store import PlayerRecord

router = APIRouter()

CLOSE_UNSUPPORTED_DATA = 1003
CLOSE_POLICY_VIOLATION = 1008
CLOSE_MESSAGE_TOO_BIG = 1009
CLOSE_TABLE_NOT_FOUND = 4404
MAX_MESSAGE_BYTES = 4096


@router.websocket("/t/{table_id}/ws")
async def table_socket(websocket: WebSocket, table_id: str) -> None:
    """One viewer of one table, seated or spectating."""
    context = context_of(websocket)
    await websocket.accept()  # refusals come as close codes a browser can read, not HTTP 403
    if not _same_origin(websocket):
        await websocket.close(CLOSE_POLICY_VIOLATION, "cross-site WebSocket refused")
        return
    try:
        player = await current_player(websocket)
        await context.service.table(table_id)
    except errors.NotLoggedIn:
        await websocket.close(CLOSE_POLICY_VIOLATION, "invalid API token")
        return
    except errors.TableNotFound:
        await websocket.close(CLOSE_TABLE_NOT_FOUND, "no such table")
        return
    await TableConnection(websocket, context, table_id, player).run()


def _same_origin(websocket: WebSocket) -> bool:
    """Browsers send Origin: a page of another site may not open a socket with our cookie."""
    origin = websocket.headers.get("origin")
    return origin is None or urlsplit(origin).netloc == websocket.headers.get("host")


class TableConnection:
    """The two halves of one connection: what the client sends, and what the hub announces."""

    def __init__(
        self, websocket: WebSocket, context: Context, table_id: str, player: PlayerRecord | None
    ) -> None:
        self.websocket = websocket
        self.context = context
        self.table_id = table_id
        self.player = player
        self._send_lock = asyncio.Lock()
        self._sent_seq: int | None = None
        """The seq of the last view or update sent: an update applies only on top of it."""
        self._full_seq: int | None = None
        """The seq of the last whole view sent: a "sync" at that seq has nothing to add."""
        self._sent_version: int | None = None
        """The table's `LiveTable.version` when the last whole view was read: a change announced
        after it was read (another process's join, heard late) has nothing to add to it."""
        self._last_watching: int | None = None

    async def run(self) -> None:
        """Serves the connection until the client leaves."""
        watcher = Watcher(self.player.id if self.player else None, self.send_watchers)
        async with await self._subscribe() as subscription:
            forwarding = asyncio.create_task(self._forward_events(subscription))
            try:
                self.context.watchers.add(self.table_id, watcher)
                await self.context.service.table_as_stored(self.table_id)  # subscribed, now read
                await self.send_view()
                self.context.watchers.announce(self.table_id)
                await self._receive_messages()
            except WebSocketDisconnect:
                return
            finally:
                forwarding.cancel()
                await asyncio.gather(forwarding, return_exceptions=True)
                self.context.watchers.remove(self.table_id, watcher)
                self.context.watchers.announce(self.table_id)

    async def _subscribe(self) -> contextlib.AbstractAsyncContextManager[Subscription]:
        """The table's events: every move at once for a player, paced for a spectator (the
        seat it has on connecting: a page reloads when its viewer takes a seat)."""
        if self._seat(await self.context.service.table(self.table_id)) is None:
            return self.context.spectator_feeds.subscribe(self.table_id)
        return self.context.hub.subscribe(table_channel(self.table_id))

    async def send_view(self) -> None:
        """Sends this viewer's whole current view (on connect, on asking, when the table changes)."""
        live = await self.context.service.table(self.table_id)
        self._last_watching = self._spectators(live)
        self._sent_seq = self._full_seq = live.seq
        self._sent_version = live.version
        await self._send_text(live_message(live, self._seat(live), watching=self._last_watching))

    async def send_move(self) -> None:
        """After a move: an update from the seq this client holds (one move for a player, maybe
        several for a spectator), the whole view when an update cannot say it all, and nothing
        when the client already has this seq."""
        live = await self.context.service.table(self.table_id)
        since = self._sent_seq
        if since == live.seq:
            return
        if since is None or not 0 <= since < live.seq or not can_update(live):
            await self.send_view()
            return
        self._last_watching = self._spectators(live)
        self._sent_seq = live.seq
        message = update_message(live, self._seat(live), since=since, watching=self._last_watching)
        await self._send_text(message)

    async def send_change(self) -> None:
        """After another change (a seat, the status): the whole view, unless the last one sent
        showed this version of the table already. A second view of the same seq would offer a
        player the move it has just sent again, which the table then refuses as stale."""
        live = await self.context.service.table(self.table_id)
        if self._sent_version != live.version:
            await self.send_view()

    def _seat(self, live: LiveTable) -> int | None:
        return live.record.seat_of(self.player.id if self.player else None)

    async def send_watchers(self) -> None:
        """Sends how many people watch the table without a seat, when it has changed since
        the last view or count this connection was sent."""
        watching = self._spectators(await self.context.service.table(self.table_id))
        if watching != self._last_watching:
            self._last_watching = watching
            await self._send({"type": "viewers", "watching": watching})

    def _spectators(self, live: LiveTable) -> int:
        seated = {seat.player_id for seat in live.record.seats if seat.player_id is not None}
        return self.context.watchers.spectators(self.table_id, seated)

    async def _send_text(self, text: str) -> None:
        async with self._send_lock:
            if self.websocket.application_state == WebSocketState.CONNECTED:
                await self.websocket.send_text(text)

    async def _send(self, message: dict[str, Any]) -> None:
        await self._send_text(orjson.dumps(message).decode())

    async def _forward_events(self, subscription: Subscription) -> None:
        while True:
            event = await subscription.get()
            await self.context.service.sync(event)
            if event.get("kind") == "chat":
                await self._send({"type": "chat", **event.get("chat", {})})
            elif event.get("kind") == "rematch":
                await self._send({"type": "rematch", "table": event.get("rematch")})
            elif event.get("kind") == "move":
                await self.send_move()
            else:
                await self.send_change()

    async def _receive_messages(self) -> None:
        while True:
            message = await self.websocket.receive()
            if message["type"] == "websocket.disconnect":
                return
            if message.get("bytes") is not None:
                await self._refuse("bad_message", "send JSON text, not binary", CLOSE_UNSUPPORTED_DATA)
                return
            text = message.get("text") or ""
            if len(text.encode()) > MAX_MESSAGE_BYTES:
                await self._refuse("message_too_big", f"a message has at most {MAX_MESSAGE_BYTES} bytes")
                return
            await self._handle(text)

    async def _refuse(self, code: str, text: str, close_code: int = CLOSE_MESSAGE_TOO_BIG) -> None:
        await self._send({"type": "error", "code": code, "message": text})
        await self.websocket.close(close_code, text)

    async def _handle(self, text: str) -> None:
        try:
            message = json.loads(text)
            if not isinstance(message, dict):
                raise errors.BadRequest('a message is a JSON object with a "type"')
            await self._dispatch(message)
        except (json.JSONDecodeError, RecursionError):
            await self._error(errors.BadRequest("the message is not valid JSON (or nested too deep)"))
        except errors.ServiceError as error:
            await self._error(error)

    async def _dispatch(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "sync":  # a client that missed an update asks for the whole view
            if self._full_seq != (await self.context.service.table(self.table_id)).seq:
                await self.send_view()
            return
        if kind not in ("move", "chat"):
            raise errors.BadRequest(f'unknown message type {kind!r}; expected "move", "chat" or "sync"')
        if self.player is None:
            raise errors.NotLoggedIn("spectators cannot move or chat; join the table first")
        await self.context.limits.check(self.websocket, kind, self.player.id)
        if kind == "move":
            entry = await self.context.service.play_as(
                self.table_id, self.player.id, message.get("action"), message.get("seq")
            )
            await self._send({"type": "moved", "seq": entry.seq, "action": entry.action_id})
        else:
            chat = message.get("text")
            await self.context.service.say(
                self.table_id, self.player.id, chat if isinstance(chat, str) else ""
            )

    async def _error(self, error: errors.ServiceError) -> None:
        live = await self.context.service.table(self.table_id)
        await self._send({"type": "error", "code": error.code, "message": str(error), "seq": live.seq})
