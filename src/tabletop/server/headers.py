"""Security headers on every HTTP response: what a browser may load, frame or send on.

The pages load scripts, styles and images only from this site and talk to it over
WebSockets; the game drawings carry inline `<style>` blocks, so inline styles are allowed
but inline scripts are not (the pages' JSON data blocks are not scripts). No site may frame
the pages (clickjacking), and other sites learn nothing of the page a link came from.
The interactive API documentation (`/docs`, `/redoc`) loads its viewer from a CDN and is
left out of the content policy.
"""

from __future__ import annotations

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
ALWAYS = {
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
    "X-Content-Type-Options": "nosniff",
}
API_DOCUMENTATION = ("/docs", "/redoc")


class SecurityHeaders:
    """Adds the headers above to every HTTP response of the app."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        with_policy = not str(scope.get("path", "")).startswith(API_DOCUMENTATION)

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in ALWAYS.items():
                    headers.setdefault(name, value)
                if with_policy:
                    headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
            await send(message)

        await self.app(scope, receive, send_with_headers)
