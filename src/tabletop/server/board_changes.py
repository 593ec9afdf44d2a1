"""What changed between two drawings of a board, as a few runs of its top-level elements.

A move changes a few pits, cards or pieces of a drawing that is otherwise the same, so an
update sends those elements instead of the whole SVG (Kalah's is 13 KB; with 500
spectators every byte is sent 500 times). The diff is of the `<svg>`'s child elements,
which the browser's parser sees exactly as `top_level` splits them here; the client
replaces each run in the DOM it holds (`table.js`). When the two drawings do not split
cleanly (another root tag, markup this scanner does not follow), there is no diff and the
whole drawing is sent.
"""

from __future__ import annotations

from dataclasses import dataclass
from difflib import SequenceMatcher
from typing import Any


@dataclass(frozen=True)
class Drawing:
    """An SVG drawing split into its root's opening tag and its top-level child elements."""

    root: str
    children: tuple[str, ...]

    @classmethod
    def split(cls, svg: str) -> Drawing | None:
        """The drawing's parts, or None when it is not one root of elements this scanner follows.

        Drawings escape `<` and `>` in text and attributes, so every `<` opens a tag; the
        scan splits on it (a regular expression's matches cost five times as much).

        >>> Drawing.split('<svg a="1"><g id="x"><title>X</title></g><circle r="2"/></svg>')
        Drawing(root='<svg a="1">', children=('<g id="x"><title>X</title></g>', '<circle r="2"/>'))
        >>> Drawing.split('<svg><g></svg>') is None, Drawing.split('<svg><a/> text</svg>') is None
        (True, True)
        """
        pieces = svg.split("<")
        if pieces[0] or len(pieces) < 3 or not pieces[1].startswith("svg") or pieces[-1] != "/svg>":
            return None
        children: list[str] = []
        element: list[str] = []
        depth = 0
        for piece in pieces[2:-1]:
            end = piece.find(">")
            if end < 1 or piece[0] in "!?":
                return None  # a comment, a declaration or a stray "<": not followed here
            depth += -1 if piece[0] == "/" else 0 if piece[end - 1] == "/" else 1
            element.append(piece)
            if depth < 0 or (depth == 0 and end != len(piece) - 1):
                return None  # closes the root early, or text between the root's children
            if depth == 0:
                children.append("<" + "<".join(element))
                element = []
        if depth or not pieces[1].endswith(">"):
            return None
        return cls("<" + pieces[1], tuple(children))


Run = tuple[int, int, str]
"""(the first child replaced, how many children are removed there, the markup put in their place)."""


def changes(before: Drawing | None, after: Drawing | None) -> dict[str, Any] | None:
    """How `after` differs from `before`: the number of children `before` has (for the client
    to check it holds that drawing) and the runs of children replaced, in the order of
    `before`; None when the whole drawing must be sent instead.

    The children both drawings begin and end with are skipped before matching the rest:
    most of a drawing stays, and the matcher's time grows with what it is given.

    >>> changes(Drawing.split('<svg><a/><b/><c/></svg>'), Drawing.split('<svg><a/><B/><c/><d/></svg>'))
    {'children': 3, 'runs': [(1, 1, '<B/>'), (3, 0, '<d/>')]}
    """
    if before is None or after is None or before.root != after.root:
        return None
    old, new = before.children, after.children
    head = 0
    while head < min(len(old), len(new)) and old[head] == new[head]:
        head += 1
    tail = 0
    while tail < min(len(old), len(new)) - head and old[-1 - tail] == new[-1 - tail]:
        tail += 1
    matcher = SequenceMatcher(None, old[head : len(old) - tail], new[head : len(new) - tail], autojunk=False)
    runs: list[Run] = [
        (head + first, last - first, "".join(new[head + start : head + end]))
        for tag, first, last, start, end in matcher.get_opcodes()
        if tag != "equal"
    ]
    return {"children": len(old), "runs": runs}
