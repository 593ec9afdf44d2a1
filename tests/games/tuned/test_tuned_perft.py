"""Move-generation counts (perft) through the public contract, against independent figures.

Where the figures come from:
- hand counts, worked out in the comments of `PERFT_TABLE` (the start: 3 kinds on 9 empty
  cells; then the replies, each kind on the 8 other empty cells plus one stacking);
- every deeper figure: `tuned_reference.perft`, written from the rules file alone and
  differently from the engine (see that module), which also reproduces the hand counts
  and must list exactly the engine's action ids at each table position.
Positions are hand-made with a fresh history and at most 3 plies deep, where the draws of
decisions D1 and D2 cannot happen (a position comes back at most twice in 3 plies).
"""

from __future__ import annotations

import pytest
import tuned_reference
from tuned_positions import position, start

from perft import perft
from tabletop.games.tuned.state import TunedState


def _start() -> TunedState:
    return start(first_player=0)


def _m1() -> TunedState:
    """Three singles, both players free to add or move."""
    return position("D . . / . G . / . . C", ("DGGC", "DDGCC"))


def _m2() -> TunedState:
    """Seat 1 has just moved [G,C] from c3 onto b2: R7 forbids moving both back."""
    return position(
        "D . . / . GC . / . . .", ("DDGGC", "DGCC"), roosters=("add-2", "move"), last_move="Gc3b2"
    )


def _m3() -> TunedState:
    """Every animal in the barn, one empty cell: moves only (R3)."""
    return position("DGC D GC / DG . G / C D C", ("", ""))


def _m3_after_a_dog_move() -> TunedState:
    """As M3, seat 1 having just moved the Dog from b2 to c2 (R7 forbids c2 to b2)."""
    return position("DGC D GC / DG . G / C D C", ("", ""), last_move="Gb2c2")


PERFT_TABLE = [
    # start: 3 kinds x 9 empty cells = 27. Replies: after a Donkey, 3 x 8 empty cells + a Dog on it
    # = 25; after a Dog, 24 + a Cat on it = 25; after a Cat, 24. 9 x (25 + 25 + 24) = 666.
    (_start, [27, 666, 24561]),
    # M1 by hand: Adds D 6 (empty cells), G 6 + a1, C 6 + b2 = 20; Moves a1's Donkey to 6 empty
    # cells, b2's Dog to 6 + a1, c3's Cat to 6 + b2 = 20. Total 40.
    (_m1, [40, 1616, 45962]),
    # M2 by hand: Adds D 7, G 7 + a1, C 7 = 22; Moves: a1's Donkey 7, b2's Cat 7, b2's [G,C] to
    # 7 empty cells + a1 minus the forbidden b2 -> c3 = 7. Total 43.
    (_m2, [43, 885, 27819]),
    # M3 by hand (b2 empty; lone Donkeys b1, b3; Dog tops a2, c2): a1 C 3, GC 3, DGC 1; b1 1;
    # c1 C 3, GC 3; a2 G 3, DG 1; c2 G 3; a3 C 3; b3 1; c3 C 3. Total 28.
    (_m3, [28, 437, 8155]),
    # The same barn with R7 forbidding the Dog c2 -> b2: 27.
    (_m3_after_a_dog_move, [27, 410, 7734]),
]


@pytest.mark.parametrize(("make", "counts"), PERFT_TABLE, ids=lambda value: getattr(value, "__name__", ""))
def test_perft_table(make: object, counts: list[int]) -> None:
    # R2 … R7 (the actions), R8 (finished games have no leaves), section 2.3 (placement).
    assert callable(make)
    state = make()
    assert [perft(state, depth) for depth in range(1, len(counts) + 1)] == counts


@pytest.mark.parametrize(("make", "counts"), PERFT_TABLE, ids=lambda value: getattr(value, "__name__", ""))
def test_the_reference_agrees_on_ids_and_counts(make: object, counts: list[int]) -> None:
    """The independent reading lists the same action ids and reaches the same figures."""
    assert callable(make)
    state = make()
    seat = state.current_players()[0]
    reference = tuned_reference.of_view(state.view(None))
    assert sorted(action for action, _ in tuned_reference.actions(reference)) == sorted(
        state.legal_action_ids(seat)
    )
    assert [tuned_reference.perft(reference, depth) for depth in range(1, len(counts) + 1)] == counts
