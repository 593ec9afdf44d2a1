"""The engine's exceptions: each names what was expected and what came instead."""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action id that is not legal for that seat in that state.

    Raised by `State.apply`; the state is left exactly as it was.
    """


class InvalidOptions(ValueError):
    """Table options that a game does not accept (unknown name, bad value, bad player count)."""


class UnknownGame(LookupError):
    """A game id that is not in the registry."""


def shown(value: object, limit: int = 40) -> str:
    """`repr(value)` cut to `limit` characters: how an error message echoes what came.

    Input can be huge (a 5,000-digit "number"); the message says what it began with.

    >>> shown("9" * 100)
    "'99999999999999999999999999999999999999…"
    """
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"
