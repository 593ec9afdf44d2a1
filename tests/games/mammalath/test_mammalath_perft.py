"""Move-count tables (perft) through the public contract, against independent figures.

Where the figures come from:
- depth 1 and 2 from the start: counted by hand. The first action places (R6) on any of
  36 cells; the reply may place on 35, release any of the 6 kinds (R3) or any of the 80
  triples (R4, every cell holds an animal), or swap (R7): 36 · 122 = 4,392, and 36 · 121
  = 4,356 without the swap rule;
- depth 3 from the start: by the formula of `test_depth_3_from_the_start_by_counting_triples`,
  which counts triples directly from coordinates and the layout;
- depth 1 of the hand-made positions: counted by hand (in the comments of `POSITIONS`);
- every row: `mammalath_reference.perft`, written from the rules file alone and differently
  from the engine (see that module), which must agree on the sets of action ids too.
A finished game has no further actions, so a winning or losing place is a leaf.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from mammalath_positions import play, position, start
from mammalath_reference import TRIPLES, board_of_view, moves
from mammalath_reference import perft as reference_perft

from perft import perft
from tabletop.engine import State
from tabletop.games.mammalath import GAME
from tabletop.games.mammalath.board import BLACK


def sparse() -> State:
    """Black to move; hand count: 32 places, 5 kinds (no elephant), 2 lines (B2–D2, A4–C4) = 39."""
    return position(
        "B. .. .a .. W. ..",
        ".. Wb .b .b .. ..",
        ".. .. .. .. .. ..",
        ".c .c .c .. B. ..",
        ".. .. .. .. .. ..",
        ".d .. .. .. .. .f",
        to_move=BLACK,
    )


def threats() -> State:
    """Black to move and can win on C1; White would lose on D4 (B2, C3, D4 with a badger on C3).

    Hand count: 31 places, 4 kinds (a, b, c, d), 1 line (A5–C5) = 36.
    """
    return position(
        "B. B. .. .. W. ..",
        ".. W. .a .. .. ..",
        ".b .. Wb .. .. ..",
        ".. .. .. .. .. ..",
        ".c .c .c .. .. ..",
        ".. .. .. .. .. .d",
        to_move=BLACK,
    )


def seeded_midgame() -> State:
    """Six actions into the game of seed 7: places, a kind release (fox) and a line release."""
    return play(GAME.new_state(2, seed=7), "C3", "D4", "fox", "B2", "A1-C1", "E5")


POSITIONS: dict[str, tuple[Callable[[], State], bool, list[int]]] = {
    "start": (lambda: start(0), True, [36, 4_392, 464_976]),
    "start-no-swap": (lambda: start(0, swap_rule=False), False, [36, 4_356, 460_620]),
    "sparse": (sparse, True, [39, 1_478, 54_390, 1_912_864]),
    "threats": (threats, True, [36, 1_223, 39_140, 1_244_232]),
    "seeded-midgame": (seeded_midgame, True, [68, 4_234, 240_130]),
}


@pytest.mark.parametrize("name", POSITIONS)
def test_engine_perft_matches_the_table(name: str) -> None:
    # R2 – R7 (which actions exist), R8 – R10 (which actions end the game).
    make, _, expected = POSITIONS[name]
    state = make()
    assert [perft(state, depth) for depth in range(1, len(expected) + 1)] == expected


@pytest.mark.parametrize("name", POSITIONS)
def test_the_reference_agrees_on_the_action_ids_and_the_first_three_depths(name: str) -> None:
    make, swap_rule, expected = POSITIONS[name]
    state = make()
    reference = board_of_view(state.view(None), swap_rule=swap_rule)
    assert sorted(moves(reference)) == sorted(state.legal_action_ids(state.current_players()[0]))
    assert [reference_perft(reference, depth) for depth in range(1, 4)] == expected[:3]


@pytest.mark.slow
@pytest.mark.parametrize("name", ["sparse", "threats"])
def test_the_reference_agrees_at_depth_4(name: str) -> None:
    make, swap_rule, expected = POSITIONS[name]
    assert reference_perft(board_of_view(make().view(None), swap_rule=swap_rule), 4) == expected[3]


def test_the_hand_counts() -> None:
    # R6, R7 and the board's 80 triples give the start's first two depths; the docstrings of
    # `sparse` and `threats` count their first depth.
    assert POSITIONS["start"][2][:2] == [36, 36 * (35 + 1 + 6 + 80)]
    assert POSITIONS["start-no-swap"][2][:2] == [36, 36 * (35 + 6 + 80)]
    assert POSITIONS["sparse"][2][0] == 32 + 5 + 2
    assert POSITIONS["threats"][2][0] == 31 + 4 + 1


def test_depth_3_from_the_start_by_counting_triples() -> None:
    # Black's first place never changes what follows (releases ignore tokens), so depth 3 is
    # 36 × (the replies' counts): after a white place 34 + 6 + 80; after the swap 35 + 6 + 80;
    # after a line release 35 + 6 + the triples disjoint from it; after a kind release
    # 35 + 5 + the triples avoiding that kind's six cells.
    state = start(0)
    view = state.view(None)
    triples = [frozenset(walk) for walk in TRIPLES]
    cells_of_kind: dict[str, set[tuple[int, int]]] = {}
    for r, row in enumerate(view["animals"]):
        for c, kind in enumerate(row):
            cells_of_kind.setdefault(kind, set()).add((r, c))
    after_lines = sum(35 + 6 + sum(not (t & other) for other in triples) for t in triples)
    after_kinds = sum(35 + 5 + sum(not (t & cells) for t in triples) for cells in cells_of_kind.values())
    replies = 35 * (34 + 6 + 80) + (35 + 6 + 80) + after_lines + after_kinds
    assert len(triples) == 80 and len(cells_of_kind) == 6
    assert perft(state, 3) == 36 * replies == POSITIONS["start"][2][2]
