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

It runs for every viewer's drawing after every move, so it is kept cheap (docs/scaling.md,
"cpu"): the drawing before is kept split, a new drawing's children that are the old ones
are recognised without being scanned and a changed one is scanned once for both its end and
its parts (`_changed_end`), and how a changed child is patched is kept by the pair of its
markups, since the same pit changes the same way at every table (`_patch`).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from difflib import SequenceMatcher
from functools import lru_cache
from html import unescape
from typing import Any, Generic, TypeVar

from tabletop.engine.svg import SvgElement

KEPT = 4096
"""How many split children, read elements and patches are kept, the least recently used
forgotten first: the same pits, counts and tooltips recur across moves and tables, so most
are found (about 15 MB at most with Kalah's drawings)."""

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

        A drawing built as an `SvgElement` is not scanned: it knows its parts.
        """
        if isinstance(markup, SvgElement):
            return cls(markup.opening, markup.children)
        open_end = markup.find(">")
        if not markup.startswith("<") or open_end < 2 or markup[open_end - 1] == "/":
            return None
        root = markup[: open_end + 1]
        closing = f"</{root[1:-1].split(' ', 1)[0]}>"
        if not markup.endswith(closing):
            return None
        known = like.children if like is not None and like.root == root else ()
        found = _children(markup, open_end + 1, len(markup) - len(closing), known)
        return None if found is None else cls(root, found[0])


def _children(
    markup: str, position: int, stop: int, known: tuple[str, ...], closing: str | None = None
) -> tuple[tuple[str, ...], int] | None:
    """The elements from `position` to `stop` (a root's content), or with `closing` to the
    tag that closes the element they are in, with where they end; None unless they are
    elements one after the other.

    A child that `known` has at the same place is recognised without scanning its tags. A
    child of a root (`closing` None) that kept the opening tag of the one it replaced is read
    through that one's split (`_changed_end`): only its own changed children are scanned.
    """
    children: list[str] = []
    while position < stop:
        was = known[len(children)] if len(children) < len(known) else None
        if was is not None and markup.startswith(was, position):
            # The child before itself, not a copy: comparing it with it later is then an
            # identity check, and its hash is known.
            child = was
        else:
            if closing is not None and markup.startswith("</", position):
                return (tuple(children), position) if markup.startswith(closing, position) else None
            end = _changed_end(markup, position, stop, was) if was is not None and closing is None else None
            if end is None:
                end = _element_end(markup, position, stop)
            if end is None:
                return None
            child = markup[position:end]
        position += len(child)
        if position > stop:
            return None
        children.append(child)
    return None if closing is not None else (tuple(children), position)


def _changed_end(markup: str, position: int, stop: int, was: str) -> int | None:
    """Where the element at `position` ends when it kept the opening tag of `was`, the child
    it replaced, and splits like it; None when it does not (it is then scanned whole).

    Its split is kept for `changes`, which compares it with that of `was`: each changed part
    of a drawing is scanned once, not once to find its end and again to compare it.
    """
    open_end = was.find(">") + 1
    if (
        not markup.startswith(was[:open_end], position)
        or not was.startswith("<", open_end)
        or was[open_end + 1] == "/"
    ):
        return None  # another opening tag, or an element without children
    old = _split_child(was)
    if old is None:
        return None
    closing = f"</{old.root[1:-1].split(' ', 1)[0]}>"
    found = _children(markup, position + open_end, stop, old.children, closing)
    if found is None:
        return None
    children, end = found
    end += len(closing)
    _SPLITS.keep(markup[position:end], Drawing(old.root, children))
    return end


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

Sized = tuple[list[Run], int]
"""Runs, with about how many characters they take in a message (`RUN_COST` each, plus their
markup): each level adds up its runs as it makes them, so no run is measured twice."""


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
    return {"children": len(before.children), "runs": _runs(before, after)[0]}


def _runs(before: Drawing, after: Drawing, in_place: bool = False) -> Sized:
    """The runs that turn the children of `before` into those of `after`.

    The children both begin and end with are skipped before matching the rest: most of a
    drawing stays, and the matcher's time grows with what it is given. Where as many remain
    on both sides and each kept its opening tag, or they are the children of a group that
    kept its own (`in_place`: a layer of a fixed set of places), each is compared with the
    one in its place and the matcher is not needed.
    """
    old, new = before.children, after.children
    shorter = min(len(old), len(new))
    head = 0
    while head < shorter and old[head] == new[head]:
        head += 1
    tail = 0
    while tail < shorter - head and old[-1 - tail] == new[-1 - tail]:
        tail += 1
    middle_old, middle_new = old[head : len(old) - tail], new[head : len(new) - tail]
    if len(middle_old) == len(middle_new) and (in_place or _same_tags(middle_old, middle_new)):
        return _replaced(middle_old, middle_new, head, in_place)
    runs: list[Run] = []
    size = 0
    matcher = SequenceMatcher(None, middle_old, middle_new, autojunk=False)
    for tag, first, last, start, end in matcher.get_opcodes():
        if tag == "replace" and last - first == end - start:
            replaced, replaced_size = _replaced(
                middle_old[first:last], middle_new[start:end], head + first, in_place
            )
            runs += replaced
            size += replaced_size
        elif tag != "equal":
            markup = "".join(middle_new[start:end])
            runs.append((head + first, last - first, markup))
            size += RUN_COST + len(markup)
    return runs, size


def _same_tags(old: tuple[str, ...], new: tuple[str, ...]) -> bool:
    """Whether each child has the opening tag of the one in its place: the same elements, changed inside."""
    return all(
        before[: before.find(">")] == after[: after.find(">")] for before, after in zip(old, new, strict=True)
    )


def _replaced(old: tuple[str, ...], new: tuple[str, ...], offset: int, in_place: bool) -> Sized:
    """Runs for children replaced one for one from index `offset`: each changed child
    patched inside where that is smaller, neighbouring ones sent whole as one run.

    The patches of the places of a layer (`in_place`) are kept (`_patch`); the layers of a
    whole drawing change together into a new position, which no other pair repeats.
    """
    patch_of = _patch if in_place else _patch.__wrapped__
    runs: list[Run] = []
    size = 0
    whole: list[str] = []  # the children sent whole just before `index`, not yet in a run
    for index, (before, after) in enumerate(zip(old, new, strict=True), start=offset):
        patch = None if before == after else patch_of(before, after)
        if whole and (patch is not None or before == after):
            markup = "".join(whole)
            runs.append((index - len(whole), len(whole), markup))
            size += RUN_COST + len(markup)
            whole = []
        if patch is not None:
            runs.append(_placed(index, patch[0]))
            size += patch[1]
        elif before != after:
            whole.append(after)
    if whole:
        markup = "".join(whole)
        runs.append((offset + len(old) - len(whole), len(whole), markup))
        size += RUN_COST + len(markup)
    return runs, size


Body = tuple[int, "list[Run]"] | tuple[dict[str, str], str | None]
Patch = tuple[Body, int]
"""A run for one changed child without the child's index (its body), and its size (see `Sized`)."""


@lru_cache(maxsize=KEPT)
def _patch(before: str, after: str) -> Patch | None:
    """How a child that changed from `before` to `after` is patched, unless it is sent whole.

    Kept by the pair: a pit going from 4 seeds to 5 changes the same way at every table
    and in every viewer's drawing, and a cached pair costs one look-up instead of splitting
    and comparing both (most changed children are found here).
    """
    return _inside(before, after) or _retouched(before, after)


def _placed(index: int, body: Body) -> Run:
    """The run of `body` for the child at `index` (a patch is kept for the pair, whatever its place)."""
    if isinstance(body[0], dict):  # the two kinds of run, for the type checker
        return (index, body[0], body[1])
    return (index, body[0], body[1])


def _inside(before: str, after: str) -> Patch | None:
    """The runs of the changed child's own children, when it kept its opening tag and they
    are smaller than it."""
    open_end = after.find(">") + 1
    if (
        not after.startswith(before[:open_end])
        or not after.startswith("<", open_end)
        or after[open_end + 1] == "/"
    ):
        return None  # another opening tag, or an element without children (text, or nothing)
    old = _split_child(before)
    if old is None:
        return None
    new = _split_child(after, old)
    if new is None:
        return None
    runs, size = _runs(old, new, in_place=True)
    return ((len(old.children), runs), RUN_COST + size) if size < len(after) else None


def _retouched(before: str, after: str) -> Patch | None:
    """The changed child's new attribute values and text, when it has no children, the same
    attributes in the same order, and they are smaller than it (a count, a tooltip)."""
    old, new = _read_leaf(before), _read_leaf(after)
    if old is None or new is None or old.name != new.name or old.names != new.names:
        return None
    values = {
        name: unescape(value)
        for name, value, was in zip(old.names, new.values, old.values, strict=True)
        if value != was
    }
    text = None if new.text == old.text else unescape(new.text or "")
    size = RUN_COST + sum(len(name) + len(value) + 6 for name, value in values.items()) + len(text or "")
    return ((values, text), size) if size < len(after) else None


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


Read = TypeVar("Read")


class _Kept(Generic[Read]):
    """What was read of the children of earlier drawings, by markup, the least recently used
    forgotten first: the same pits, counts and tooltips recur across moves and tables."""

    def __init__(self) -> None:
        self._read: OrderedDict[str, Read] = OrderedDict()

    def keep(self, markup: str, value: Read) -> None:
        """Keeps what was read of `markup` some other way (unless it is kept already)."""
        if markup not in self._read:
            self.get(markup, lambda _markup: value)

    def get(self, markup: str, read: Callable[[str], Read]) -> Read:
        """`read(markup)`, kept for the next time it is asked."""
        kept = self._read
        if markup in kept:
            kept.move_to_end(markup)
            return kept[markup]
        if len(kept) >= KEPT:
            kept.popitem(last=False)
        kept[markup] = value = read(markup)
        return value


_SPLITS: _Kept[Drawing | None] = _Kept()
_LEAVES: _Kept[_Leaf | None] = _Kept()


def _split_child(markup: str, like: Drawing | None = None) -> Drawing | None:
    """`Drawing.split` of a child, kept: what one move changes inside an element is what the
    next one changes from, so each is scanned once (and then only where it changed)."""
    if isinstance(markup, SvgElement):
        return Drawing(markup.opening, markup.children)
    return _SPLITS.get(markup, lambda markup: Drawing.split(markup, like))


def _read_leaf(markup: str) -> _Leaf | None:
    """`_Leaf.read`, kept as `_split_child` keeps splits."""
    return _LEAVES.get(markup, _Leaf.read)
