"""Bit sets of small numbers (cells, squares, plots) and the names of their members, fast.

Games keep sets of cells as Python ints, one bit per cell, and many list their legal moves
as the names of a set's members. Walking the set bit by bit costs a few Python steps per
member, at every move of every playout; `BitNames` reads the names a byte at a time from
tables made once instead, so a set of 40 cells costs 8 lookups.
"""

from __future__ import annotations

from collections.abc import Sequence

_BYTE = 8
_BYTE_MASK = (1 << _BYTE) - 1


class BitNames:
    """The names of the members of a bit set, lowest number first.

    >>> names = BitNames(["a1", "b1", "c1", "", "", "", "", "", "a2", "b2"])
    >>> names(0b1100000101)
    ['a1', 'c1', 'a2', 'b2']
    """

    __slots__ = ("_tables",)

    def __init__(self, names: Sequence[str]) -> None:
        """`names[i]` is the name of member i; a number that is never a member may have any name."""
        self._tables = tuple(
            tuple(
                tuple(names[base + bit] for bit in range(min(_BYTE, len(names) - base)) if byte >> bit & 1)
                for byte in range(_BYTE_MASK + 1)
            )
            for base in range(0, len(names), _BYTE)
        )

    def __call__(self, bits: int) -> list[str]:
        found: list[str] = []
        for table in self._tables:
            if not bits:
                break
            found += table[bits & _BYTE_MASK]
            bits >>= _BYTE
        return found
