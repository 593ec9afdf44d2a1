"""A drawing sent as changes: the runs, applied to the drawing before, give the drawing after."""

from __future__ import annotations

import itertools
import json
import random
from html import escape, unescape

import pytest

from tabletop import games
from tabletop.engine.svg import SvgElement
from tabletop.server.board_changes import Drawing, Run, changes


def _applied(before: Drawing, runs: list[Run]) -> str:
    """The children of `before` with the runs applied from the last, as the browser applies
    them (a nested run to the children of the child it names)."""
    children = list(before.children)
    for first, removed, inner in reversed(runs):
        if isinstance(removed, dict):
            children[first] = _retouched(children[first], removed, inner)
        elif isinstance(inner, str):
            children[first : first + removed] = [inner]
        else:
            child = Drawing.split(children[first])
            assert child is not None and len(child.children) == removed
            children[first] = (
                child.root + _applied(child, inner) + children[first][children[first].rfind("<") :]
            )
    return "".join(children)


def _retouched(element: str, values: dict[str, str], text: str | None) -> str:
    """`element` with the attribute values and the text of a run as the browser sets them
    (escaped as markup again, which may differ in the entities chosen: compare unescaped)."""
    for name, value in values.items():
        start = element.index(f' {name}="') + len(name) + 3
        element = element[:start] + escape(value) + element[element.index('"', start) :]
    if text is not None:
        element = element[: element.find(">") + 1] + escape(text, quote=False) + element[element.rfind("<") :]
    return element


SENT_AS_CHANGES = ("kalah", "luckynumbers", "iwari")
"""Games whose drawings split into elements (the others' are sent whole)."""


@pytest.mark.parametrize("game_id", [game.id for game in games.all()])
def test_the_runs_turn_each_drawing_of_a_game_into_the_next(game_id: str) -> None:
    game, rng = games.load(game_id), random.Random(4)
    state = game.new_state(2, {}, 4)
    drawings = [game.draw_svg(state.view(0), ("Ann", "Bob"), 0)]
    for _move in range(30):
        if state.is_over():
            break
        seat = state.current_players()[0]
        state.apply(seat, rng.choice(state.legal_action_ids(seat)))
        drawings.append(game.draw_svg(state.view(0), ("Ann", "Bob"), 0))
    pairs = list(itertools.pairwise(drawings))
    diffs = [changes(Drawing.split(before), Drawing.split(after)) for before, after in pairs]
    for (before, after), diff in zip(pairs, diffs, strict=True):
        if diff is None:
            continue
        old, new = Drawing.split(before), Drawing.split(after)
        assert old is not None and new is not None and diff["children"] == len(old.children)
        assert unescape(_applied(old, diff["runs"])) == unescape("".join(new.children))
        assert len(json.dumps(diff["runs"])) < len(json.dumps(after))
    if game_id in SENT_AS_CHANGES:
        assert any(diff is not None for diff in diffs)


def _changes(before: str, after: str) -> dict[str, object] | None:
    return changes(Drawing.split(before), Drawing.split(after))


def test_a_drawing_the_scanner_does_not_follow_is_sent_whole() -> None:
    assert _changes("<svg><a/></svg>", '<svg viewBox="0 0 2 2"><a/></svg>') is None  # another root
    assert _changes("<svg><!-- a --><a/></svg>", "<svg><a/></svg>") is None  # a comment
    assert _changes("<svg><a/>loose text</svg>", "<svg><a/></svg>") is None  # text beside the children
    assert _changes("<svg><g></svg>", "<svg><g></g></svg>") is None  # an element left open
    assert _changes("<svg><a/></svg>", "<svg><a/></svg>") == {"children": 1, "runs": []}


def test_the_children_both_drawings_share_at_either_end_are_kept() -> None:
    before, after = "<svg><a/><b/><c/><b/><e/></svg>", "<svg><a/><b/><x/><b/><e/></svg>"
    assert _changes(before, after) == {"children": 5, "runs": [(2, 1, "<x/>")]}


def test_an_element_that_keeps_its_opening_tag_is_changed_inside() -> None:
    seeds = "".join(f'<use href="#seed" x="{x}" y="0"/>' for x in range(6))
    before, after = (
        f'<svg><a/><g id="pit">{seeds}</g></svg>',
        f'<svg><a/><g id="pit">{seeds}<use href="#seed"/></g></svg>',
    )
    assert _changes(before, after) == {"children": 2, "runs": [(1, 6, [(6, 0, '<use href="#seed"/>')])]}
    # Another opening tag, or a change as big as the element: it is sent whole.
    renamed = f'<g id="pot">{seeds}<use href="#seed"/></g>'
    assert _changes(before, f"<svg><a/>{renamed}</svg>") == {"children": 2, "runs": [(1, 1, renamed)]}
    assert _changes("<svg><g><a/></g></svg>", "<svg><g><b/></g></svg>") == {
        "children": 1,
        "runs": [(0, 1, "<g><b/></g>")],
    }


def test_a_kalah_move_is_sent_as_its_changed_places() -> None:
    # From the start, South sows pit 3: its four seeds go to pits 4-6 and the store.
    game = games.load("kalah")
    state = game.new_state(2)
    before = game.draw_svg(state.view(None))
    state.apply(0, "3")
    diff = _changes(before, game.draw_svg(state.view(None)))
    assert diff is not None
    sent = json.dumps(diff["runs"])
    assert len(sent) < len(before) / 8
    assert sent.count("#kalah-pit-seeds-") == 4  # pits 3 to 6; the store gains one seed
    assert sent.count("#kalah-seed-") == 1


@pytest.mark.parametrize(
    "after",
    [
        '<svg><a/><g id="pit"><b x="1"/><c/></g><d/></svg>',  # a child changed inside
        '<svg><a/><g id="pit"><b/>loose<c/></g><d/></svg>',  # text in it: found by its tags
        '<svg><a/><g id="pit"><b/><c/></h><d/></svg>',  # closed by another name
        '<svg><a/><g id="pot"><b/><c/></g><d/></svg>',  # another opening tag
        '<svg><a/><g id="pit"><b/><c/></g></svg>',  # a child fewer
        '<svg><a/><g id="pit"><b/><c/><!-- x --></g><d/></svg>',  # markup it does not follow
    ],
)
def test_a_drawing_split_like_the_one_before_is_split_as_if_alone(after: str) -> None:
    # A changed child that kept its opening tag is read through the split of the one it
    # replaced; whatever it holds, the parts are those of a split that knows nothing before.
    before = Drawing.split('<svg><a/><g id="pit"><b/><c/></g><d/></svg>')
    assert Drawing.split(after, before) == Drawing.split(after)


def test_a_drawing_split_like_the_one_before_finds_the_same_parts_over_a_game() -> None:
    game, rng = games.load("kalah"), random.Random(9)
    state = game.new_state(2, {}, 9)
    before = Drawing.split(game.draw_svg(state.view(1), ("Ann", "Bob"), 1))
    while not state.is_over():
        seat = state.current_players()[0]
        state.apply(seat, rng.choice(state.legal_action_ids(seat)))
        drawing = str(game.draw_svg(state.view(1), ("Ann", "Bob"), 1))  # its markup, scanned
        after = Drawing.split(drawing, before)
        assert after == Drawing.split(drawing)
        before = after


@pytest.mark.parametrize("viewer", [0, 1, None])
def test_a_drawing_that_knows_its_parts_is_diffed_as_its_markup_scanned(viewer: int | None) -> None:
    # Kalah draws its board as an SvgElement of layers: the split and the runs read from its
    # parts (names resolved in them for each reader) are those of the markup scanned.
    game, rng = games.load("kalah"), random.Random(11)
    state = game.new_state(2, {}, 11)
    view = state.view(viewer)
    before = game.draw_svg(view, ("Ann", "Bob"), viewer)
    assert isinstance(before, SvgElement) and "⟦" not in before
    assert ("Ann (South)" if viewer == 1 else "Bob (North)") in before
    while not state.is_over():
        seat = state.current_players()[0]
        state.apply(seat, rng.choice(state.legal_action_ids(seat)))
        after = game.draw_svg(state.view(viewer), ("Ann", "Bob"), viewer)
        assert isinstance(after, SvgElement)
        known, scanned = Drawing.split(after), Drawing.split(str(after))
        assert known == scanned and known is not None
        assert changes(Drawing.split(before), known) == changes(Drawing.split(str(before)), scanned)
        before = after


def test_children_that_change_alike_are_each_patched_at_their_own_place() -> None:
    # The same change of the same element is worked out once and sent for every place it is at.
    was, now = '<text x="1">a long tooltip before</text>', '<text x="1">a long tooltip after</text>'
    diff = _changes(f"<svg>{was}<a/>{was}</svg>", f"<svg>{now}<a/>{now}</svg>")
    assert diff == {"children": 3, "runs": [(0, {}, "a long tooltip after"), (2, {}, "a long tooltip after")]}
