"""The table service's refusals: each has a stable `code` (for the API, the WebSocket and
scripts) and an HTTP status, and its message says what was expected and what came.

A refused request changes nothing: the checks run before anything is written.
"""

from __future__ import annotations

from typing import ClassVar


class ServiceError(Exception):
    """A request the table service refused."""

    code: ClassVar[str] = "error"
    http_status: ClassVar[int] = 400


class BadRequest(ServiceError):
    """Malformed or invalid input (options, seats, player count, message shape)."""

    code = "bad_request"
    http_status = 400


class NotLoggedIn(ServiceError):
    """The request needs a player (a session cookie or an API token)."""

    code = "not_logged_in"
    http_status = 401


class Forbidden(ServiceError):
    """A form without this session's CSRF token, or a WebSocket from another site."""

    code = "forbidden"
    http_status = 403


class TableNotFound(ServiceError):
    """No table with that id."""

    code = "table_not_found"
    http_status = 404


class NotFound(ServiceError):
    """No such page (a game without a rules page, say)."""

    code = "not_found"
    http_status = 404


class TooManyRequests(ServiceError):
    """Over a rate limit (per player or per address), or over the cap of open tables."""

    code = "too_many_requests"
    http_status = 429


class NotSeated(ServiceError):
    """The player has no seat at this table, or acts for a seat that is not theirs."""

    code = "wrong_seat"
    http_status = 403


class TableUnreadable(ServiceError):
    """The table's stored moves no longer replay; an operator has to look at it."""

    code = "table_unreadable"
    http_status = 500


class SeatUnavailable(ServiceError):
    """The seat asked for is taken, does not exist, or the player already has a seat."""

    code = "seat_unavailable"
    http_status = 409


class UsernameUnavailable(ServiceError):
    """Another account has that username."""

    code = "username_taken"
    http_status = 409


class NameUnavailable(ServiceError):
    """Another player shows that display name (names are unique, ignoring case)."""

    code = "name_taken"
    http_status = 409


class NotStarted(ServiceError):
    """The table still waits for players."""

    code = "not_started"
    http_status = 409


class GameOver(ServiceError):
    """The game has ended; no more moves."""

    code = "game_over"
    http_status = 409


class NotYourTurn(ServiceError):
    """The seat is not among the seats that must act now."""

    code = "not_your_turn"
    http_status = 409


class StaleSeq(ServiceError):
    """The move was chosen on an older position than the table's current one."""

    code = "stale_seq"
    http_status = 409


class DuplicateMove(ServiceError):
    """The same move was already played at that seq (a resent submission)."""

    code = "duplicate_move"
    http_status = 409


class IllegalMove(ServiceError):
    """The action id is not legal for that seat now (the engine's message says why)."""

    code = "illegal_action"
    http_status = 422
