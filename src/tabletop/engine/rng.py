"""The seeded random generator every game draws from.

A game's randomness must replay exactly from (seed, moves), survive `to_json`, and be
cheap to copy because MCTS clones states thousands of times a second. `random.Random`
carries 625 words of state; SplitMix64 carries one integer, so cloning and serialising
it costs nothing, and its output is good enough for dice and shuffles.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN_GAMMA = 0x9E3779B97F4A7C15


class Rng:
    """SplitMix64: a 64-bit counter passed through a mixing function.

    >>> a, b = Rng(7), Rng(7)
    >>> [a.below(6) for _ in range(5)] == [b.below(6) for _ in range(5)]
    True
    """

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def next_u64(self) -> int:
        """The next 64 random bits."""
        self.state = (self.state + _GOLDEN_GAMMA) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias (rejects the uneven tail)."""
        if n <= 0:
            raise ValueError(f"below() needs a positive bound, got {n}")
        value = self.next_u64()
        if value > _MASK - n:  # the uneven tail lies within the top n values: most draws skip the sum
            limit = _MASK - (_MASK + 1) % n
            while value > limit:
                value = self.next_u64()
        return value % n

    def random(self) -> float:
        """A uniform float in [0, 1)."""
        return (self.next_u64() >> 11) * (1.0 / (1 << 53))

    def choice(self, items: Sequence[T]) -> T:
        """One element of a non-empty sequence, uniformly."""
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffles in place (Fisher–Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def spawn(self) -> Rng:
        """An independent generator seeded from this one (for bots and determinizations)."""
        return Rng(self.next_u64())

    def copy(self) -> Rng:
        """A generator that will produce exactly the same numbers as this one."""
        return Rng(self.state)
