"""Bot specs as people type them on a command line: `random`, `mcts`, `mcts:4`, `mcts@0.2s`, `mcts#400`.

A spec is a bot name, optionally followed by one of: `:LEVEL` (1 = weakest … 5 = strongest),
`@SECONDS` (thinking time per move, an `s` may follow) or `#ITERATIONS` (search iterations
per move). `tabletop.bots.from_spec` turns a spec into a bot.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

MIN_LEVEL, MAX_LEVEL = 1, 5
DEFAULT_LEVEL = 3

_SPEC = re.compile(
    r"(?P<name>[a-z][a-z0-9_-]*)"
    r"(?::(?P<level>\d+)|@(?P<seconds>\d+(?:\.\d*)?|\.\d+)s?|#(?P<iterations>\d+))?"
)


@dataclass(frozen=True)
class BotSpec:
    """A parsed spec: the bot's name and either a level or an explicit budget."""

    name: str
    level: int = DEFAULT_LEVEL
    seconds: float | None = None
    iterations: int | None = None

    @property
    def has_budget(self) -> bool:
        """True when the spec names a time or an iteration count rather than a level."""
        return self.seconds is not None or self.iterations is not None


def parse_spec(text: str) -> BotSpec:
    """The spec written in `text`; raises `ValueError` saying what is wrong.

    >>> parse_spec("mcts")
    BotSpec(name='mcts', level=3, seconds=None, iterations=None)
    >>> parse_spec("mcts:4").level
    4
    >>> parse_spec("mcts@0.2s").seconds
    0.2
    >>> parse_spec("mcts#400").iterations
    400
    >>> parse_spec("mcts:9")
    Traceback (most recent call last):
    ...
    ValueError: bot levels are 1 to 5; got 9 in 'mcts:9'
    >>> parse_spec("mcts@fast")
    Traceback (most recent call last):
    ...
    ValueError: bad bot spec 'mcts@fast': write NAME, NAME:LEVEL, NAME@SECONDS or NAME#ITERATIONS
    """
    match = _SPEC.fullmatch(text.strip().lower())
    if match is None:
        raise ValueError(f"bad bot spec {text!r}: write NAME, NAME:LEVEL, NAME@SECONDS or NAME#ITERATIONS")
    name, level, seconds, iterations = match.group("name", "level", "seconds", "iterations")
    if level is not None and not MIN_LEVEL <= int(level) <= MAX_LEVEL:
        raise ValueError(f"bot levels are {MIN_LEVEL} to {MAX_LEVEL}; got {level} in {text!r}")
    if seconds is not None and float(seconds) <= 0:
        raise ValueError(f"a bot needs a positive thinking time; got {text!r}")
    if iterations is not None and int(iterations) < 1:
        raise ValueError(f"a bot needs at least one iteration; got {text!r}")
    return BotSpec(
        name,
        DEFAULT_LEVEL if level is None else int(level),
        None if seconds is None else float(seconds),
        None if iterations is None else int(iterations),
    )
