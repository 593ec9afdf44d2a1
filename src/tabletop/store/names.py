"""Display names: what makes two of them the same, and the free variant of a taken one.

A display name is unique among players, ignoring case and Unicode look-alikes (NFKC), so
"ann" and "ＡＮＮ" cannot both play. A guest's generated name that is taken becomes the first
free "Guest 2756 (2)", "(3)"...; a name a person chooses is refused when taken instead.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Container

from tabletop.store.models import NAME_LENGTH


def name_key(name: str) -> str:
    """The key two names share when they are the same name.

    >>> name_key("Ａnn") == name_key("ANN") == name_key(" ann")
    True
    """
    return unicodedata.normalize("NFKC", name).strip().casefold()


def next_free_name(name: str, taken: Container[str]) -> str:
    """`name (2)`, `name (3)`... the first whose key is not in `taken`, cut to fit NAME_LENGTH.

    >>> next_free_name("Guest 2756", {"guest 2756", "guest 2756 (2)"})
    'Guest 2756 (3)'
    """
    number = 2
    while True:
        suffix = f" ({number})"
        candidate = name[: NAME_LENGTH - len(suffix)].rstrip() + suffix
        if name_key(candidate) not in taken:
            return candidate
        number += 1
