"""Checks for text and numbers that come from outside: forms, JSON bodies, WebSocket frames.

Everything a person types passes one of these before it reaches the store, a game or a
log line, so that no input can make the server fail: a NUL byte (PostgreSQL refuses it), a
lone surrogate (no encoding can send it), a digit that is not ASCII ("²" passes
`str.isdigit` but not `int`), a number of 5,000 digits, or a control or bidi-override
character that would make a name look like another. Each refusal is a `BadRequest` that
says what was expected.
"""

from __future__ import annotations

import re
import unicodedata

from tabletop.engine.errors import shown
from tabletop.server import errors

_ASCII_WHOLE_NUMBER = re.compile(r"[0-9]{1,9}")
_INVISIBLE_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})
"""Control, format (bidi overrides, zero-width joiners), surrogate, private-use, unassigned."""


def whole_number(text: object, what: str, low: int, high: int) -> int:
    """`text` as a whole number in [low, high]; only ASCII digits, at most nine of them.

    >>> whole_number("12", "players", 1, 20)
    12
    >>> whole_number("²", "players", 1, 20)
    Traceback (most recent call last):
    ...
    tabletop.server.errors.BadRequest: players must be a whole number from 1 to 20; got '²'
    """
    if isinstance(text, str) and _ASCII_WHOLE_NUMBER.fullmatch(text.strip()):
        number = int(text)
        if low <= number <= high:
            return number
    raise errors.BadRequest(f"{what} must be a whole number from {low} to {high}; got {shown(text)}")


def clean_line(text: object, what: str, max_length: int) -> str:
    """One line of text (a chat message), stripped, with no invisible or control character."""
    if not isinstance(text, str):
        raise errors.BadRequest(f"{what} must be text")
    line = text.strip()
    if not 0 < len(line) <= max_length:
        raise errors.BadRequest(f"{what} has 1 to {max_length} characters")
    if any(unicodedata.category(character) in _INVISIBLE_CATEGORIES for character in line):
        raise errors.BadRequest(f"{what} may not contain control or invisible characters")
    return line


def clean_name(text: object, what: str, max_length: int) -> str:
    """A name people will read: NFKC-normalised, so look-alikes are one name.

    >>> clean_name(" Ａｄｍｉｎ ", "a name", 40)
    'Admin'
    >>> clean_name("ann\\u202eevil", "a name", 40)
    Traceback (most recent call last):
    ...
    tabletop.server.errors.BadRequest: a name may not contain control or invisible characters
    """
    if not isinstance(text, str):
        raise errors.BadRequest(f"{what} must be text")
    return clean_line(unicodedata.normalize("NFKC", text), what, max_length)
