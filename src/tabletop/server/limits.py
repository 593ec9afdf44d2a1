"""A cap on request bodies: a client cannot make the server read megabytes into memory."""

from __future__ import annotations

import json

from starlette.types import ASGIApp, Message, Receive, Scope, Send


class BodyTooLarge(Exception):
    """The request body passed the limit."""


class BodySizeLimit:
    """Answers 413 to an HTTP request whose body is larger than `max_bytes`.

    A declared Content-Length is refused before reading; a chunked body is counted as it
    arrives and refused once it passes the limit.
    """

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers", [])).get(b"content-length", b"0")
        if declared.isdigit() and int(declared) > self.max_bytes:
            await self._refuse(send)
            return
        received = 0

        async def counting_receive() -> Message:
            nonlocal received
            message = await receive()
            received += len(message.get("body", b""))
            if received > self.max_bytes:
                raise BodyTooLarge
            return message

        try:
            await self.app(scope, counting_receive, send)
        except BodyTooLarge:
            await self._refuse(send)

    async def _refuse(self, send: Send) -> None:
        body = json.dumps(
            {"error": {"code": "too_large", "message": f"a request body has at most {self.max_bytes} bytes"}}
        ).encode()
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})
