"""What changed between two drawings of a board, as a few runs of its elements.

A move changes a few pits, cards or pieces of a drawing that is otherwise the same, so an
update sends those elements instead of the whole SVG (with 500 spectators every byte is
sent 500 times). The diff is of the `<svg>`'s child elements, which the browser's parser
sees exactly as `Drawing.split` splits them here; the client replaces each run in the DOM
it holds (`table.js`). Where an element changed but kept its opening tag (a group of seeds
that gained one, a pit whose tooltip changed), the run goes inside it instead: a drawing
that groups what changes together is sent as little more than what changed. When the two
drawings do not split cleanly (another root tag, markup this scanner does not follow),
there is no diff and the whole drawing is sent.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from difflib import SequenceMatcher
from html import unescape
from typing import Any, TypeVar

RUN_COST = 12
"""About what a run's brackets and numbers add to the JSON of its markup: an element is
patched inside only when that is smaller than sending it whole."""


@dataclass(frozen=True)
class Drawing:
    """A drawing's `<svg>`, or an element in it, split into its opening tag and its child elements."""

    root: str
    children: tuple[str, ...]

    @classmethod
    def split(cls, markup: str, like: Drawing | None = None) -> Drawing | None:
        """The element's parts, or None when it is not one element of elements this scanner follows.

        Drawings escape `<` and `>` in text and attributes, so every `<` opens a tag. A
        child that `like` (the drawing before, split) has at the same place is recognised
        without scanning its tags: most of a drawing is what it was before the move.

        >>> Drawing.split('<svg a="1"><g id="x"><title>X</title></g><circle r="2"/></svg>')
        Drawing(root='<svg a="1">', children=('<g id="x"><title>X</title></g>', '<circle r="2"/>'))
        >>> Drawing.split('<svg><g></svg>') is None, Drawing.split('<svg><a/> text</svg>') is None
        (True, True)
        >>> Drawing.split('<g/>') is None, Drawing.split('<text x="1">4</text>') is None
        (True, True)
        """
        open_end = markup.find(">")
        if not markup.startswith("<") or open_end < 2 or markup[open_end - 1] == "/":
            return None
        root = markup[: open_end + 1]
        closing = f"</{root[1:-1].split(' ', 1)[0]}>"
        if not markup.endswith(closing):
            return None
        known = like.children if like is not None and like.root == root else ()
        children: list[str] = []
        position, stop = open_end + 1, len(markup) - len(closing)
        while position < stop:
            index = len(children)
            if index < len(known) and markup.startswith(known[index], position):
                end: int | None = position + len(known[index])
            else:
                end = _element_end(markup, position, stop)
            if end is None or end > stop:
                return None
            children.append(markup[position:end])
            position = end
        return cls(root, tuple(children))


def _element_end(markup: str, start: int, stop: int) -> int | None:
    """Where the element that begins at `start` ends, before `stop`; None unless an element
    begins there that this scanner follows (no comments, declarations or stray `<`)."""
    if markup[start] != "<":
        return None  # text between the root's children
    depth, position = 0, start
    while position < stop:
        following = markup.find("<", position + 1)
        end = markup.find(">", position, following)
        if end < position + 2 or markup[position + 1] in "!?":
            return None
        depth += -1 if markup[position + 1] == "/" else 0 if markup[end - 1] == "/" else 1
        if depth <= 0:
            return end + 1 if depth == 0 else None
        position = following if following >= 0 else stop
    return None


Run = tuple[int, int, "str | list[Run]"] | tuple[int, dict[str, str], str | None]
"""(the first child replaced, how many children are removed there, the markup put in their
place), or (a child kept, how many children it has, the runs of its own children), or (a
child kept, the new values of its attributes that changed, its new text or None)."""


def changes(before: Drawing | None, after: Drawing | None) -> dict[str, Any] | None:
    """How `after` differs from `before`: the number of children `before` has (for the client
    to check it holds that drawing) and the runs that turn its children into those of
    `after`, in the order of `before`; None when the whole drawing must be sent instead.

    >>> changes(Drawing.split('<svg><a/><b/><c/></svg>'), Drawing.split('<svg><a/><B/><c/><d/></svg>'))
    {'children': 3, 'runs': [(1, 1, '<B/>'), (3, 0, '<d/>')]}
    >>> seeds = '<circle r="1"/><circle r="2"/>'
    >>> before, after = f'<svg><a/><g>{seeds}</g></svg>', f'<svg><a/><g>{seeds}<circle r="3"/></g></svg>'
    >>> changes(Drawing.split(before), Drawing.split(after))
    {'children': 2, 'runs': [(1, 2, [(2, 0, '<circle r="3"/>')])]}
    """
    if before is None or after is None or before.root != after.root:
        return None
    return {"children": len(before.children), "runs": _runs(before.children, after.children)}


def _runs(old: tuple[str, ...], new: tuple[str, ...], in_place: bool = False) -> list[Run]:
    """The runs that turn the children `old` into `new`.

    The children both begin and end with are skipped before matching the rest: most of a
    drawing stays, and the matcher's time grows with what it is given. Where as many remain
    on both sides and each kept its opening tag, or they are the children of a group that
    kept its own (`in_place`: a layer of a fixed set of places), each is compared with the
    one in its place and the matcher is not needed.
    """
    head = 0
    while head < min(len(old), len(new)) and old[head] == new[head]:
        head += 1
    tail = 0
    while tail < min(len(old), len(new)) - head and old[-1 - tail] == new[-1 - tail]:
        tail += 1
    middle_old, middle_new = old[head : len(old) - tail], new[head : len(new) - tail]
    if len(middle_old) == len(middle_new) and (in_place or _same_tags(middle_old, middle_new)):
        return _replaced(middle_old, middle_new, head)
    matcher = SequenceMatcher(None, middle_old, middle_new, autojunk=False)
    runs: list[Run] = []
    for tag, first, last, start, end in matcher.get_opcodes():
        if tag == "replace" and last - first == end - start:
            runs += _replaced(middle_old[first:last], middle_new[start:end], head + first)
        elif tag != "equal":
            runs.append((head + first, last - first, "".join(middle_new[start:end])))
    return runs


def _same_tags(old: tuple[str, ...], new: tuple[str, ...]) -> bool:
    """Whether each child has the opening tag of the one in its place: the same elements, changed inside."""
    return all(
        before[: before.find(">")] == after[: after.find(">")] for before, after in zip(old, new, strict=True)
    )


def _replaced(old: tuple[str, ...], new: tuple[str, ...], offset: int) -> list[Run]:
    """Runs for children replaced one for one from index `offset`: each changed child
    patched inside where that is smaller, neighbouring ones sent whole as one run."""
    runs: list[Run] = []
    whole: list[str] = []  # the children sent whole just before `index`, not yet in a run
    for index, (before, after) in enumerate(zip(old, new, strict=True), start=offset):
        patch = None if before == after else _inside(before, after, index) or _retouched(before, after, index)
        if whole and (patch is not None or before == after):
            runs.append((index - len(whole), len(whole), "".join(whole)))
            whole = []
        if patch is not None:
            runs.append(patch)
        elif before != after:
            whole.append(after)
    if whole:
        runs.append((offset + len(old) - len(whole), len(whole), "".join(whole)))
    return runs


def _inside(before: str, after: str, index: int) -> Run | None:
    """The run of child `index`'s own children, when it kept its opening tag and that is smaller than it."""
    open_end = after.find(">") + 1
    if (
        not after.startswith(before[:open_end])
        or not after.startswith("<", open_end)
        or after[open_end + 1] == "/"
    ):
        return None  # another opening tag, or an element without children (text, or nothing)
    old = _split_child(before)
    new = _split_child(after, old)
    if old is None or new is None:
        return None
    runs = _runs(old.children, new.children, in_place=True)
    return (index, len(old.children), runs) if _size(runs) < len(after) else None


def _retouched(before: str, after: str, index: int) -> Run | None:
    """The run of child `index`'s new attribute values and text, when it has no children, the
    same attributes in the same order, and that is smaller than it (a count, a tooltip)."""
    old, new = _kept(_LEAVES, before, _Leaf.read), _kept(_LEAVES, after, _Leaf.read)
    if old is None or new is None or old.name != new.name or old.names != new.names:
        return None
    values = {
        name: unescape(value)
        for name, value, was in zip(old.names, new.values, old.values, strict=True)
        if value != was
    }
    text = None if new.text == old.text else unescape(new.text or "")
    run: Run = (index, values, text)
    return run if _size([run]) < len(after) else None


@dataclass(frozen=True)
class _Leaf:
    """An element without children, read: its name, its attributes in order, its text
    (None for an empty element)."""

    name: str
    names: tuple[str, ...]
    values: tuple[str, ...]
    text: str | None

    @classmethod
    def read(cls, markup: str) -> _Leaf | None:
        """The element, or None when it has children or attributes written otherwise than
        `name="value"` (split on the quotes: a regular expression costs three times as much)."""
        open_end = markup.find(">")
        empty = markup[open_end - 1] == "/"
        pieces = markup[1 : open_end - 1 if empty else open_end].split('"')
        keys, values = pieces[0:-1:2], tuple(pieces[1::2])
        name, _, first = pieces[0].partition(" ")
        names = tuple(key[1:-1] for key in keys[1:])
        if len(pieces) > 1:
            names = (first[:-1], *names)
            if pieces[-1] or not all(
                key[-1] == "=" and " " not in key[1:-1] for key in (" " + first, *keys[1:])
            ):
                return None
        elif first:
            return None
        text = None
        if not empty:
            text, closing = markup[open_end + 1 :].rsplit("<", 1)
            if "<" in text or closing != f"/{name}>":
                return None
        return cls(name, names, values, text)


_SPLITS: dict[str, Drawing | None] = {}
_LEAVES: dict[str, _Leaf | None] = {}
KEPT = 2048
"""How many split children and read elements are kept (then they are all forgotten)."""


def _split_child(markup: str, like: Drawing | None = None) -> Drawing | None:
    """`Drawing.split` of a child, kept: what one move changes inside an element is what the
    next one changes from, so each is scanned once (and then only where it changed)."""
    return _kept(_SPLITS, markup, lambda markup: Drawing.split(markup, like))


Read = TypeVar("Read")


def _kept(kept: dict[str, Read], markup: str, read: Callable[[str], Read]) -> Read:
    """`read(markup)`, kept in `kept` for the next move, whose changes start from this one's."""
    if markup not in kept:
        if len(kept) >= KEPT:
            kept.clear()
        kept[markup] = read(markup)
    return kept[markup]


def _size(runs: list[Run]) -> int:
    """About how many characters `runs` take in a message."""
    return sum(RUN_COST + _run_size(run) for run in runs)


def _run_size(run: Run) -> int:
    _, middle, last = run
    if isinstance(middle, dict):
        return sum(len(name) + len(value) + 6 for name, value in middle.items()) + len(last or "")
    return len(last) if isinstance(last, str) else _size(last or [])
