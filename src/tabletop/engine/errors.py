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
