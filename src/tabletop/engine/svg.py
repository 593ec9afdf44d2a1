"""SVG markup that keeps the parts it was built from.

A live table's update sends only the elements of the board's drawing that changed
(`tabletop.server.board_changes`), which means splitting each new drawing into its
elements. A game that builds its drawing from parts anyway (layers of pits, rows of cards)
can hand those parts over: `SvgElement` is the markup itself, a `str` like any other
drawing, that also carries its opening tag and its child elements, so the diff reads them
instead of scanning the markup. Opting in is per game and changes no byte of the drawing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable


class SvgElement(str):
    """One element's markup, with its opening tag and child elements (each a str, or an
    `SvgElement` again).

    >>> layer = SvgElement('<g fill="red">', ['<circle r="1"/>', '<rect/>'])
    >>> layer, layer.opening, layer.children
    ('<g fill="red"><circle r="1"/><rect/></g>', '<g fill="red">', ('<circle r="1"/>', '<rect/>'))
    """

    opening: str
    children: tuple[str, ...]

    def __new__(cls, opening: str, children: Iterable[str]) -> SvgElement:
        parts = tuple(children)
        name = opening[1:-1].split(" ", 1)[0]
        element = super().__new__(cls, f"{opening}{''.join(parts)}</{name}>")
        element.opening, element.children = opening, parts
        return element

    def with_each(self, change: Callable[[str], str]) -> SvgElement:
        """The element with `change` applied to each child, itself when no child changed:
        names are resolved for each reader this way, and the parts stay known.

        >>> layer = SvgElement("<g>", ["<a/>", "<b/>"])
        >>> layer.with_each(lambda child: child.upper()), layer.with_each(str) is layer
        ('<g><A/><B/></g>', True)
        """
        children = tuple(change(child) for child in self.children)
        if all(new is old for new, old in zip(children, self.children, strict=True)):
            return self
        return SvgElement(self.opening, children)
