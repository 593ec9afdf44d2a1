"""The bare WebSocket relay that `tabletop bench server --baseline` measures Tabletop against.

It speaks just enough of Tabletop's HTTP API and table protocol (`docs/protocol.md`) for
the load client of `server_load` to play against it unchanged: guests, a table of two
seats, and a WebSocket per viewer that answers each move with a `moved` to the mover and
a small `view` to every viewer of the table. There is no game, no database and no
rendering behind it: what it sustains is what uvicorn and the WebSocket transport allow on
this machine, the ceiling for the server's own figures.

Run it as `python -m tabletop.bench.relay --port N`; a "game" ends after `--moves` moves.
"""

from __future__ import annotations

import argparse
import json
import secrets
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass, field
from typing import Any

import uvicorn

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]

MOVES_PER_GAME = 42
"""About a random game of Kalah's length (41.9 moves in `tabletop bench engine kalah`)."""


@dataclass
class _Room:
    """One relayed table: who sits where, how far it has got, and who is watching."""

    seats: list[str]
    seq: int = 0
    viewers: dict[int, tuple[Send, int | None]] = field(default_factory=dict)

    def view(self, seat: int | None, moves_per_game: int) -> str:
        finished = self.seq >= moves_per_game
        to_move = self.seq % len(self.seats)
        actions = [] if finished or seat != to_move else [{"id": "m", "label": "Move", "path": []}]
        status = "finished" if finished else "playing"
        return json.dumps(
            {"type": "view", "seq": self.seq, "status": status, "seat": seat, "actions": actions}
        )


class Relay:
    """A raw ASGI application: a few HTTP routes and the table WebSocket, kept in memory."""

    def __init__(self, moves_per_game: int = MOVES_PER_GAME) -> None:
        self.moves_per_game = moves_per_game
        self.tokens: set[str] = set()
        self.rooms: dict[str, _Room] = {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            await self._http(scope, receive, send)
        elif scope["type"] == "websocket":
            await self._websocket(scope, receive, send)

    async def _http(self, scope: Scope, receive: Receive, send: Send) -> None:
        body = b""
        while True:
            message = await receive()
            body += message.get("body", b"")
            if not message.get("more_body"):
                break
        status, answer = self._route(scope["path"], _token(scope), body)
        payload = json.dumps(answer).encode()
        headers = [(b"content-type", b"application/json"), (b"content-length", str(len(payload)).encode())]
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": payload})

    def _route(self, path: str, token: str | None, body: bytes) -> tuple[int, dict[str, Any]]:
        if path == "/api/guests":
            token = secrets.token_hex(8)
            self.tokens.add(token)
            return 200, {"token": token}
        if token not in self.tokens:
            return 401, {"error": {"code": "not_logged_in", "message": "no token"}}
        if path == "/api/tables":
            seats = len(json.loads(body or b"{}").get("seats", [None, None]))
            table_id = secrets.token_hex(5)
            self.rooms[table_id] = _Room([token] + [""] * (seats - 1))
            return 200, {"id": table_id}
        parts = path.strip("/").split("/")
        room = self.rooms.get(parts[2]) if len(parts) == 4 and parts[3] == "join" else None
        if room is None or "" not in room.seats:
            return 404, {"error": {"code": "not_found", "message": path}}
        room.seats[room.seats.index("")] = token
        return 200, {"id": parts[2]}

    async def _websocket(self, scope: Scope, receive: Receive, send: Send) -> None:
        parts = scope["path"].strip("/").split("/")
        room = self.rooms.get(parts[1]) if len(parts) == 3 else None
        await receive()  # websocket.connect
        await send({"type": "websocket.accept"})
        if room is None:
            await send({"type": "websocket.close", "code": 4404})
            return
        token = _token(scope)
        seat = room.seats.index(token) if token in room.seats else None
        key = id(send)
        room.viewers[key] = (send, seat)
        try:
            await send({"type": "websocket.send", "text": room.view(seat, self.moves_per_game)})
            while (message := await receive())["type"] == "websocket.receive":
                await self._move(room, seat, send, json.loads(message.get("text") or "{}"))
        finally:
            del room.viewers[key]

    async def _move(self, room: _Room, seat: int | None, send: Send, message: dict[str, Any]) -> None:
        """The same checks as a real table's cheapest ones: the right seat, at the right seq."""
        to_move = room.seq % len(room.seats)
        if seat != to_move or message.get("seq") != room.seq or room.seq >= self.moves_per_game:
            error = {"type": "error", "code": "stale", "message": "not your move", "seq": room.seq}
            await send({"type": "websocket.send", "text": json.dumps(error)})
            return
        room.seq += 1
        moved = json.dumps({"type": "moved", "seq": room.seq, "action": message.get("action")})
        # Every view is written before the first send yields: another viewer's move handled
        # during a send must not make this move's views show its later seq (a viewer would
        # then be offered the same turn twice and its second answer refused as stale).
        views = [
            (viewer_send, room.view(viewer_seat, self.moves_per_game))
            for viewer_send, viewer_seat in room.viewers.values()
        ]
        await send({"type": "websocket.send", "text": moved})
        for viewer_send, text in views:
            await viewer_send({"type": "websocket.send", "text": text})


def _token(scope: Scope) -> str | None:
    for name, value in scope.get("headers", []):
        if name == b"authorization" and value.startswith(b"Bearer "):
            return str(value[len(b"Bearer ") :].decode())
    return None


def main() -> None:
    """`python -m tabletop.bench.relay --port N [--moves M]`."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--moves", type=int, default=MOVES_PER_GAME)
    arguments = parser.parse_args()
    uvicorn.run(
        Relay(arguments.moves), host="127.0.0.1", port=arguments.port, log_level="warning", lifespan="off"
    )


if __name__ == "__main__":
    main()
