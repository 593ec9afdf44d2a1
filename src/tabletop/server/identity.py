"""Who is asking: a session token in the signed cookie (browsers) or in a header (scripts).

Signing in opens a session: a random token whose SHA-256 the store keeps with an expiry.
A browser keeps the token in Starlette's signed session cookie (SameSite=Lax, HttpOnly);
a script gets it from `POST /api/guests`, `/api/login` or `/api/register` and sends
`Authorization: Bearer <token>`. Logging out revokes the session; registering or a new
password revokes every session of the player. A visitor who only looks is nobody: a guest
player is created the first time they act (create or join a table, chat, rename). Forms
carry a per-session CSRF token besides the SameSite cookie.
"""

from __future__ import annotations

import base64
import hmac
import secrets
import unicodedata
from collections.abc import Callable
from datetime import timedelta
from typing import ParamSpec, TypeVar

from starlette.requests import HTTPConnection

from tabletop.server import errors
from tabletop.server.context import context_of
from tabletop.store import PlayerRecord
from tabletop.store.models import NAME_LENGTH
from tabletop.store.passwords import MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH

P = ParamSpec("P")
R = TypeVar("R")

SESSION_KEY = "session"
CSRF_KEY = "csrf"
SESSION_LIFETIME = timedelta(days=30)
_UNKNOWN = object()
"""Marks a request whose player has not been looked up yet (see `current_player`)."""
TOKEN_PREFIX = "Bearer "
MAX_TOKEN_LENGTH = 100
GUEST_NUMBERS = 9000


def guest_name() -> str:
    """A name for a new guest, e.g. "Guest 4821"."""
    return f"Guest {1000 + secrets.randbelow(GUEST_NUMBERS)}"


def _presented_token(connection: HTTPConnection) -> tuple[str | None, bool]:
    """The session token this request carries, and whether it came as an API header."""
    header = connection.headers.get("authorization", "")
    if header.startswith(TOKEN_PREFIX):
        return header[len(TOKEN_PREFIX) :].strip() or None, True
    stored = connection.session.get(SESSION_KEY)
    return (stored if isinstance(stored, str) else None), False


def session_token(connection: HTTPConnection) -> str | None:
    """The token of the session this request belongs to (what the API hands back)."""
    return _presented_token(connection)[0]


async def current_player(connection: HTTPConnection) -> PlayerRecord | None:
    """The player of this request's live session, or None; looked up once per request.

    An API token that is unknown, expired or revoked is refused outright; a stale cookie
    just makes the visitor nobody again.
    """
    found = getattr(connection.state, "player", _UNKNOWN)
    if found is not _UNKNOWN:
        return found  # type: ignore[return-value]
    token, from_header = _presented_token(connection)
    player = None
    if token is not None and len(token) <= MAX_TOKEN_LENGTH:
        context = context_of(connection)
        player = await context.run(context.store.session_player, token)
    if player is None and from_header:
        raise errors.NotLoggedIn("the API token is not valid: it expired, was revoked or never existed")
    connection.state.player = player
    return player


async def required_player(connection: HTTPConnection) -> PlayerRecord:
    """The player behind this request; raises `NotLoggedIn` when there is none."""
    player = await current_player(connection)
    if player is None:
        raise errors.NotLoggedIn("log in or create a guest first (POST /api/guests)")
    return player


async def ensure_player(connection: HTTPConnection) -> PlayerRecord:
    """The player behind this request, or a new guest signed in for the rest of the visit.

    Only requests that act call this (never a page view), so looking creates no player.
    """
    player = await current_player(connection)
    if player is None:
        context = context_of(connection)
        await context.limits.check(connection, "guest")
        player = await context.run(context.store.create_guest, guest_name())
        await log_in(connection, player)
    return player


def username_of(text: str) -> str:
    """The account name as stored: NFKC-normalised, so look-alikes are one name, and lowercase.

    >>> username_of(" Ａｄｍｉｎ ")
    'admin'
    """
    return unicodedata.normalize("NFKC", text).strip().lower()


def is_username(username: str) -> bool:
    """3 to NAME_LENGTH letters, digits, '.', '_' or '-' (after `username_of`)."""
    return 3 <= len(username) <= NAME_LENGTH and all(c.isalnum() or c in "_.-" for c in username)


async def authenticate(connection: HTTPConnection, username: str, password: str) -> PlayerRecord | None:
    """The account these credentials open, or None.

    A name that cannot be a username is refused before the store is asked, so no input
    (a NUL byte, a megabyte) reaches the database or the password hasher.
    """
    name = username_of(username)
    context = context_of(connection)
    await context.limits.check(connection, "login", name)
    if not is_username(name) or len(password) > MAX_PASSWORD_LENGTH or "\x00" in password:
        return None
    return await hashing(connection, context.store.authenticate, name, password)


async def hashing(
    connection: HTTPConnection, function: Callable[P, R], *args: P.args, **kwargs: P.kwargs
) -> R:
    """Runs a store call that hashes a password, a few at a time (argon2id: 64 MiB each)."""
    context = context_of(connection)
    async with context.limits.hashing:
        return await context.run(function, *args, **kwargs)


def registration_problem(username: str, password: str) -> str | None:
    """What is wrong with a new account's username (as `username_of` gives it) or password, or None.

    >>> registration_problem("ann", "short")
    'A password has 8 to 200 characters.'
    """
    if not is_username(username):
        return f"A username has 3 to {NAME_LENGTH} letters, digits, '.', '_' or '-'."
    if not MIN_PASSWORD_LENGTH <= len(password) <= MAX_PASSWORD_LENGTH:
        return f"A password has {MIN_PASSWORD_LENGTH} to {MAX_PASSWORD_LENGTH} characters."
    return None


async def log_in(connection: HTTPConnection, player: PlayerRecord) -> str:
    """Opens a new session for `player` in this cookie and returns its token.

    The token and the CSRF token are new: no session fixation. A session the cookie held
    before is left to its own token (an API client may still use it) until it expires.
    """
    context = context_of(connection)
    token = await context.run(context.store.open_session, player.id, SESSION_LIFETIME)
    connection.session.clear()
    connection.session[SESSION_KEY] = token
    connection.session[CSRF_KEY] = secrets.token_urlsafe(24)
    connection.state.player = player
    return token


async def log_out(connection: HTTPConnection) -> None:
    """Revokes the session this request carries (cookie or API token) and forgets it."""
    token = session_token(connection)
    if token is not None:
        context = context_of(connection)
        await context.run(context.store.revoke_session, token)
    connection.session.clear()
    connection.state.player = None


async def start_over(connection: HTTPConnection, player: PlayerRecord) -> str:
    """Revokes every session of `player` (after registering or a new password), then signs in here."""
    context = context_of(connection)
    await context.run(context.store.revoke_sessions, player.id)
    return await log_in(connection, player)


def csrf_token(connection: HTTPConnection) -> str:
    """This session's CSRF token, masked afresh for every page.

    The session keeps one secret; each page gets it XORed with a new random mask, the mask
    in front. A compressed page then never repeats the same token bytes, so a
    compression-oracle attack (BREACH) cannot guess it byte by byte from response sizes.
    """
    secret = _csrf_secret(connection)
    mask = secrets.token_bytes(len(secret))
    return base64.urlsafe_b64encode(mask + bytes(a ^ b for a, b in zip(mask, secret, strict=True))).decode()


def check_csrf(connection: HTTPConnection, submitted: object) -> None:
    """Refuses a form whose token does not unmask to this session's secret."""
    expected = connection.session.get(CSRF_KEY)
    valid = isinstance(expected, str) and isinstance(submitted, str) and _unmasks_to(submitted, expected)
    if not valid:
        raise errors.Forbidden("the form has expired; reload the page and try again")


def _csrf_secret(connection: HTTPConnection) -> bytes:
    token = connection.session.get(CSRF_KEY)
    if not isinstance(token, str):
        token = secrets.token_urlsafe(24)
        connection.session[CSRF_KEY] = token
    return token.encode()


def _unmasks_to(submitted: str, expected: str) -> bool:
    try:
        both = base64.urlsafe_b64decode(submitted.encode("ascii"))
    except (ValueError, UnicodeEncodeError):
        return False
    half = len(both) // 2
    mask, masked = both[:half], both[half:]
    if len(mask) != len(masked):
        return False
    return hmac.compare_digest(bytes(a ^ b for a, b in zip(mask, masked, strict=True)), expected.encode())
