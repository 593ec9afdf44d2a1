"""Bots: programs that play any game through the engine contract.

`make("random")`, `make("mcts", level=3)`: every bot has `name` and
`choose(state, seat) -> action id`, and sees no more than its seat may.
"""

from __future__ import annotations

from collections.abc import Callable

from tabletop.bots.base import Bot
from tabletop.bots.random_bot import RandomBot

BotFactory = Callable[[int, int], Bot]

_FACTORIES: dict[str, BotFactory] = {
    "random": lambda level, seed: RandomBot(seed),
}


def names() -> list[str]:
    """Every bot name `make` accepts."""
    return sorted(_FACTORIES)


def make(name: str, *, level: int = 3, seed: int = 0) -> Bot:
    """A new bot by name, at a strength level (1 = weakest, 5 = strongest), seeded."""
    if name not in _FACTORIES:
        raise ValueError(f"no bot {name!r}; known bots: {', '.join(names())}")
    return _FACTORIES[name](level, seed)


__all__ = ["Bot", "RandomBot", "make", "names"]
