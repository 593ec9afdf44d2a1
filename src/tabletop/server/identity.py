"""Who is asking: the signed session cookie (browsers) or an API token (scripts).

A browser gets a guest player with a generated name on its first page; the player id is
kept in Starlette's signed session cookie (SameSite=Lax, HttpOnly). Scripts ask for a
token (`POST /api/guests` or `/api/login`) and send `Authorization: Bearer <token>`; a
token is the player id signed with the server's secret. Forms carry a per-session CSRF
token besides the SameSite cookie.
"""

from __future__ import annotations

import hmac
import secrets
import unicodedata

from itsdangerous import BadSignature
from starlette.requests import HTTPConnection

from tabletop.server import errors
from tabletop.server.context import context_of
from tabletop.store import PlayerRecord
from tabletop.store.models import NAME_LENGTH
from tabletop.store.passwords import MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH

PLAYER_KEY = "player"
CSRF_KEY = "csrf"
TOKEN_PREFIX = "Bearer "
GUEST_NUMBERS = 9000


def guest_name() -> str:
    """A name for a new guest, e.g. "Guest 4821"."""
    return f"Guest {1000 + secrets.randbelow(GUEST_NUMBERS)}"


def token_for(connection: HTTPConnection, player: PlayerRecord) -> str:
    """An API token for `player` (the id signed with the server's secret)."""
    return str(context_of(connection).tokens.dumps(player.id))


def _token_player_id(connection: HTTPConnection) -> int | None:
    header = connection.headers.get("authorization", "")
    token = header[len(TOKEN_PREFIX) :].strip() if header.startswith(TOKEN_PREFIX) else None
    if not token:
        return None
    try:
        player_id = context_of(connection).tokens.loads(token)
    except BadSignature as error:
        raise errors.NotLoggedIn("the API token is not valid") from error
    return player_id if isinstance(player_id, int) else None


async def current_player(connection: HTTPConnection) -> PlayerRecord | None:
    """The player behind this request (token first, then session), or None."""
    player_id = _token_player_id(connection)
    if player_id is None:
        stored = connection.session.get(PLAYER_KEY)
        player_id = stored if isinstance(stored, int) else None
    if player_id is None:
        return None
    context = context_of(connection)
    return await context.run(context.store.player, player_id)


async def required_player(connection: HTTPConnection) -> PlayerRecord:
    """The player behind this request; raises `NotLoggedIn` when there is none."""
    player = await current_player(connection)
    if player is None:
        raise errors.NotLoggedIn("log in or create a guest first (POST /api/guests)")
    return player


async def ensure_player(connection: HTTPConnection) -> PlayerRecord:
    """The player behind this request, or a new guest remembered in the session."""
    player = await current_player(connection)
    if player is None:
        context = context_of(connection)
        player = await context.run(context.store.create_guest, guest_name())
        log_in(connection, player)
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
    if not is_username(name) or len(password) > MAX_PASSWORD_LENGTH or "\x00" in password:
        return None
    context = context_of(connection)
    return await context.run(context.store.authenticate, name, password)


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


def log_in(connection: HTTPConnection, player: PlayerRecord) -> None:
    """Remembers `player` in the session (a new CSRF token too: no fixation)."""
    connection.session.clear()
    connection.session[PLAYER_KEY] = player.id
    connection.session[CSRF_KEY] = secrets.token_urlsafe(24)


def log_out(connection: HTTPConnection) -> None:
    """Forgets the player; the next page makes a new guest."""
    connection.session.clear()


def csrf_token(connection: HTTPConnection) -> str:
    """This session's CSRF token, created on first use."""
    token = connection.session.get(CSRF_KEY)
    if not isinstance(token, str):
        token = secrets.token_urlsafe(24)
        connection.session[CSRF_KEY] = token
    return token


def check_csrf(connection: HTTPConnection, submitted: object) -> None:
    """Refuses a form whose token is not this session's."""
    expected = connection.session.get(CSRF_KEY)
    if not isinstance(expected, str) or not isinstance(submitted, str):
        raise errors.Forbidden("the form has expired; reload the page and try again")
    if not hmac.compare_digest(expected, submitted):
        raise errors.Forbidden("the form has expired; reload the page and try again")
