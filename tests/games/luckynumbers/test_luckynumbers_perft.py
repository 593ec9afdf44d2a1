"""Move-generation counts (perft) through the public contract, pinned and checked independently,
and the fit table that move generation reads.

Where the figures come from:
- "hand": counted by hand from the rules, the reasoning written next to the row;
- "reference": `luckynumbers_positions.perft(..., reference=True)`, whose move lists come from
  a generator written from the rules page alone and differently from the engine (pairwise INV
  checks on the board after the move); every such row is recomputed in the test, so the
  engine and the reference must agree at every node, not only on the total.
A draw is a ply; the drawn tile is fixed by the position's pile (`pile_top`), so the counts
are exact, not averages. Copies of a number on the table count once (one action per number).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from luckynumbers_positions import is_ordered, perft, position

from tabletop.engine import Rng, State
from tabletop.games.luckynumbers import GAME
from tabletop.games.luckynumbers.board import NO_TILE, NUMBER_OF
from tabletop.games.luckynumbers.fitting import FIELD_WIDTH, fit_table, garden_fits, refit
from tabletop.games.luckynumbers.state import LuckyNumbersState

DIAGONAL_3_9_9_14 = "3 . . . / . 9 . . / . . 9 . / . . . 14"
EMPTY = ". . . . / . . . . / . . . . / . . . ."


def _hand_12() -> State:
    # Seat 0 holds 12. It fits (0,0) (3 replaced), (0,3), (1,1) (9 replaced), (1,3), (2,2)
    # (9 replaced), (2,3), (3,0), (3,1), (3,2), (3,3) (14 replaced): 10 places + discard = 11.
    return position([DIAGONAL_3_9_9_14, EMPTY], hand=12, pile_top=[7, 1])


def _table_5_5_20() -> State:
    # Seat 0 to play: draw; 5 fits (0,0) (0,1) (0,2) (0,3) (1,0) (1,1) (2,0) (2,2) (3,0) (3,3) = 10;
    # 20 fits only by exchanging a diagonal tile (0,0) (1,1) (2,2) (3,3) = 4. Total 15.
    return position([DIAGONAL_3_9_9_14, EMPTY], table=[5, 5, 20], pile_top=[7, 1])


def _midgame_two_players() -> State:
    return position(
        [
            "2 5 . 12 / . 7 10 . / 6 . 11 15 / . 14 . 19",
            "1 . 8 . / . 3 . 16 / . . 9 17 / 4 . . 20",
        ],
        table=[4, 13, 13, 18],
        pile_top=[10, 3, 16],
    )


def _midgame_three_players_in_hand() -> State:
    return position(
        [
            "1 4 . . / . 6 9 . / 5 . 12 . / . 13 . 20",
            ". 2 . 15 / 3 . 11 . / . 10 . 18 / 8 . . 19",
            "2 . 7 . / . 5 . 14 / 6 . 13 . / . 16 17 .",
        ],
        table=[9, 1, 20, 12],
        hand=10,
        current=2,
        pile_top=[11, 4, 15],
    )


def _midgame_four_players() -> State:
    return position(
        [
            "3 . . . / . 7 . . / . . 12 . / . . . 18",
            "1 . 6 . / . 8 . . / 4 . 14 . / . . . 20",
            "2 5 9 13 / . . . . / . . 15 . / . . . 19",
            ". . . . / . 4 . . / . . 10 . / . . . 16",
        ],
        table=[11, 17, 2, 6, 6],
        current=1,
        pile_top=[5, 19, 1],
    )


def _standard_start() -> State:
    return GAME.new_state(2, {}, 7)


def _michael_start() -> State:
    return GAME.new_state(2, {"setup": "michael"}, 7)


HAND_COUNTED = [
    # The start of a standard game: the table is empty, so drawing is the only move (R1, R3).
    (_standard_start, 1, 1),
    # Michael's setup (2.4.3): 4 free start cells for each player, then 3 each.
    (_michael_start, 1, 4),
    (_michael_start, 2, 16),
    (_michael_start, 3, 48),
    (_michael_start, 4, 144),
    (_hand_12, 1, 11),
    # After the 6 placements on empty cells seat 1 can only draw (1 each); after the 4
    # exchanges and the discard one tile lies face up and seat 1's empty garden takes it on
    # any of 16 cells, or draws (17 each): 6 + 5 * 17 = 91.
    (_hand_12, 2, 91),
    # Depth 3: after the 6 placements seat 1 draws the 7 and puts it on any of 16 cells or the
    # table (6 * 17 = 102); after the other 5 moves seat 1 either draws (17 each) or takes the
    # face-up tile to one of 16 cells, after which seat 0 can only draw (16 each): 5 * 33 = 165.
    (_hand_12, 3, 267),
    (_table_5_5_20, 1, 15),
    # Draw; 4 fits (0,0) (0,1) (1,0) (2,0); 13 fits (0,3) (1,3) (2,2) (2,3) (3,0) (3,1); 18 fits
    # (2,3) (3,1) (3,2) (3,3): 1 + 4 + 6 + 4 = 15 (the two 13s count once).
    (_midgame_two_players, 1, 15),
]


@pytest.mark.parametrize(("make", "depth", "expected"), HAND_COUNTED)
def test_hand_counted_move_counts(make: Callable[[], State], depth: int, expected: int) -> None:
    assert perft(make(), depth) == expected
    assert perft(make(), depth, reference=True) == expected


REFERENCE_COUNTED = [
    (_table_5_5_20, 2, 537),
    (_table_5_5_20, 3, 5481),
    (_midgame_two_players, 2, 274),
    (_midgame_two_players, 3, 3916),
    (_midgame_three_players_in_hand, 1, 11),
    (_midgame_three_players_in_hand, 2, 163),
    (_midgame_three_players_in_hand, 3, 3276),
    (_midgame_four_players, 1, 32),
    (_midgame_four_players, 2, 792),
    (_midgame_four_players, 3, 24639),
]


@pytest.mark.parametrize(("make", "depth", "expected"), REFERENCE_COUNTED)
def test_move_counts_agree_with_the_reference_generator(
    make: Callable[[], State], depth: int, expected: int
) -> None:
    assert perft(make(), depth, reference=True) == expected
    assert perft(make(), depth) == expected


# -- the fit table that move generation reads (`fitting`) -------------------------------------
# It answers "which numbers fit which cells" for a whole garden at once, and the state keeps
# one per garden, updated a row and a column at a time. These tests hold it to the pairwise
# INV check of `luckynumbers_positions` (written from the rules page alone), and hold the
# update to a computation from scratch, on gardens reached in seeded random games.


def _random_games(games: int) -> Iterator[tuple[LuckyNumbersState, int, str]]:
    """Every (state before the move, mover, move) of seeded random games of 2-4 players, each
    setup, and tournaments (whose new rounds lay new gardens)."""
    for seed in range(games):
        players = 2 + seed % 3
        options = {"setup": "michael" if seed % 2 else "sorted", "tournament": seed % 5 in (2, 3)}
        state = GAME.new_state(players, options, seed)
        assert isinstance(state, LuckyNumbersState)
        chooser = Rng(seed)
        while seats := state.current_players():
            action_id = chooser.choice(state.legal_action_ids(seats[0]))
            yield state, seats[0], action_id
            state.apply(seats[0], action_id)


def _reference_fits(numbers: list[int | None], number: int, cell: int) -> bool:
    # R4: the number goes on the cell (replacing what is there, never by the same number) and
    # the garden must still be in order (INV), checked pair by pair.
    changed = list(numbers)
    changed[cell] = number
    return numbers[cell] != number and is_ordered(changed)


def test_the_fit_table_says_what_the_rules_say_for_every_cell_and_number() -> None:
    # INV, R4: checked on every 7th garden to move of 12 random games (2 to 4 players).
    checked = 0
    for step, (state, seat, _) in enumerate(_random_games(12)):
        if step % 7:
            continue
        garden = state.gardens[seat]
        numbers = [None if tile == NO_TILE else NUMBER_OF[tile] for tile in garden]
        table = fit_table(garden_fits(tuple(garden)))
        for cell in range(16):
            for number in range(1, 21):
                fits = bool(table >> FIELD_WIDTH * cell + number & 1)
                assert fits == _reference_fits(numbers, number, cell), (numbers, number, cell)
        checked += 1
    assert checked > 100


def test_refitting_the_changed_row_and_column_equals_fitting_the_whole_garden() -> None:
    # R4: a placement or an exchange changes one cell; the update must match a fresh computation.
    refits = 0
    for state, seat, action_id in _random_games(12):
        before = tuple(state.gardens[seat])
        after_move = state.clone()
        after_move.apply(seat, action_id)
        after = tuple(after_move.gardens[seat])
        changed = [cell for cell in range(16) if before[cell] != after[cell]]
        if changed and len(after_move.results) == len(state.results):  # not a new round's gardens
            fresh_before, fresh_after = garden_fits.__wrapped__(before), garden_fits.__wrapped__(after)
            assert refit(fresh_before, after, changed[0]) == fresh_after
            refits += 1
    assert refits > 1000


def test_a_stored_position_lists_the_same_moves_as_the_game_it_came_from() -> None:
    # The state keeps its gardens' fit tables; a position loaded from JSON has none and must
    # still list exactly the moves of the original, before and after more moves on both.
    for step, (state, _, _) in enumerate(_random_games(6)):
        if step % 25:
            continue
        loaded = GAME.state_from_json(state.to_json())
        original = state.clone()
        chooser = Rng(step)
        for _ in range(12):
            if not (seats := original.current_players()):
                break
            legal = original.legal_action_ids(seats[0])
            assert loaded.legal_action_ids(seats[0]) == legal
            action_id = chooser.choice(legal)
            original.apply(seats[0], action_id)
            loaded.apply(seats[0], action_id)
