"""The bookkeeping move generation uses agrees with the plain rules it stands for.

A seat's open boxes are followed write by write (`reopened`) instead of looked for on the
whole postcard (`open_boxes`, R4–R7), and a box that takes any number offers the prepared
ids of every group of the free dice (`Postcard.every_write`). Both are checked here against
the direct computation along many random fillings of every postcard.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.games.rolltothetop.board import SUBMASKS, Postcard, catalogue
from tabletop.games.rolltothetop.rules import group_sums, open_boxes, reopened, writes

POSTCARDS = list(catalogue().values())


@settings(max_examples=60)
@given(st.sampled_from(POSTCARDS), st.lists(st.tuples(st.integers(0, 59), st.integers(0, 19)), max_size=40))
def test_following_writes_gives_the_open_boxes_of_the_sheet(
    postcard: Postcard, picks: list[tuple[int, int]]
) -> None:
    # R4–R7: after each write, the boxes that may be filled and their least numbers.
    sheet = [0] * len(postcard)
    opened = open_boxes(postcard, tuple(sheet))
    for which, extra in picks:
        if not opened:
            break
        box, least = opened[which % len(opened)]
        sheet[box] = least + extra
        opened = reopened(postcard, sheet, opened, box)
        assert opened == open_boxes(postcard, tuple(sheet))


@settings(max_examples=60)
@given(
    st.sampled_from(POSTCARDS),
    st.lists(st.integers(1, 20), min_size=5, max_size=5),
    st.integers(0, 31),
    st.lists(st.integers(0, 20), max_size=60),
)
def test_writes_are_every_free_group_whose_sum_fits_an_open_box(
    postcard: Postcard, faces: list[int], free: int, numbers: list[int]
) -> None:
    # R3–R7: a group of free (so rolled) dice into an open box, when its sum is at least the box's least.
    sheet = [0] * len(postcard)
    for box, number in enumerate(numbers[: len(sheet)]):
        sheet[box] = number
    sums = group_sums(faces)
    opened = open_boxes(postcard, tuple(sheet))
    expected = [
        postcard.write_ids[box][group]
        for box, least in opened
        for group in SUBMASKS[free]
        if sums[group] >= least
    ]
    assert writes(postcard, opened, free, sums) == expected
