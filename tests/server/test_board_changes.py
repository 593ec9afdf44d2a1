"""A drawing sent as changes: the runs, applied to the drawing before, give the drawing after."""

from __future__ import annotations

import itertools
import random

import pytest

from tabletop import games
from tabletop.server.board_changes import Drawing, changes


def _applied(before: Drawing, runs: list[tuple[int, int, str]]) -> str:
    """The children of `before` with the runs applied from the last, as the browser applies them."""
    children = list(before.children)
    for first, removed, markup in reversed(runs):
        children[first : first + removed] = [markup]
    return "".join(children)


@pytest.mark.parametrize("game_id", ["kalah", "luckynumbers", "iwari"])
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
        assert _applied(old, diff["runs"]) == "".join(new.children)
        assert sum(len(markup) for _first, _removed, markup in diff["runs"]) < len(after)
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
