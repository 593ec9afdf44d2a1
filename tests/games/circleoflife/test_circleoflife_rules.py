"""Every numbered rule of docs/rules/circleoflife.md (R1-R12), the board (§2.1), the species
(§2.3), the food chain (§2.4) and the scenarios of its section 6.

In the scenarios, `W` (to move) is Black (seat 0) and `K` is White (seat 1). Positions are
built with `position` (lists of cell names, through `CircleOfLifeState.from_position`) or
from board pictures (`X` Black, `o` White).

The expected values of the board and species tests come from the rules page and from
`circleoflife_reference`, which finds shapes and symmetries its own way (sets of (row,
column) pairs, linear maps, the "fast classification" of §2.3), never from the engine's
table.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from circleoflife_reference import (
    ALL_CELLS,
    FOOD_CHAIN_PAIRS,
    Hex,
    Reference,
    classify,
    fixed_polyhexes,
    free_polyhexes,
    images,
    name,
    neighbours,
    on_board,
    parse,
    picture_cells,
    picture_reference,
    position,
)

from tabletop.engine import IllegalAction, People, Rng
from tabletop.games.circleoflife import GAME
from tabletop.games.circleoflife.board import (
    BOARD,
    CELL_BY_NAME,
    CELLS,
    SHAPES,
    Species,
    adjacent_to,
    cell_name,
    cell_set,
    cells_of,
    critters,
    species_of,
)
from tabletop.games.circleoflife.rules import FOOD_CHAIN, PREY
from tabletop.games.circleoflife.state import CircleOfLifeState

BLACK, WHITE = 0, 1


def stones_of(state: CircleOfLifeState, seat: int) -> set[str]:
    """The names of the cells holding `seat`'s stones, read from the public view."""
    critters = state.view(None)["critters"]
    return {cell for critter in critters if critter["seat"] == seat for cell in critter["cells"]}


def legal_cells(state: CircleOfLifeState) -> set[str]:
    return {action.id for action in state.legal_actions(state.to_move)}


# R1 Turn ---------------------------------------------------------------------------------------


def test_players_alternate_starting_with_the_seeded_first_player() -> None:
    # R1, §2.5: the first player is drawn from the seed; then the seats take turns
    starters = {GAME.new_state(2, None, seed).current_players() for seed in range(20)}
    assert starters == {(BLACK,), (WHITE,)}
    state = GAME.new_state(2, None, 7)
    assert GAME.new_state(2, None, 7).current_players() == state.current_players()
    first = state.current_players()[0]
    for move, cell in enumerate(["A0", "I8", "E4", "C2"]):
        mover = first if move % 2 == 0 else 1 - first
        assert state.current_players() == (mover,)
        assert state.legal_actions(1 - mover) == []
        state.apply(mover, cell)
    assert state.current_players() == (first,)


def test_a_turn_places_then_feeds_then_checks_the_win() -> None:
    # R1: the placed stone is on the board, its meal is gone and the counter is up, in one action
    state = position(black=["E6"], white=["E4"], eaten=(19, 0))
    state.apply(BLACK, "E5")
    assert stones_of(state, BLACK) == {"E5", "E6"} and stones_of(state, WHITE) == set()
    assert state.eaten == [20, 0] and state.winner == BLACK


# R2 Evolve -------------------------------------------------------------------------------------


def test_a_stone_goes_on_an_empty_cell_and_nowhere_else() -> None:
    # R2: one stone of the mover's colour on the chosen empty cell; occupied cells are refused
    state = position(black=["E4"], white=["E5"])
    assert legal_cells(state) == {name(cell) for cell in Reference().legal(BLACK)} - {"E4", "E5"}
    state.apply(BLACK, "A0")
    assert stones_of(state, BLACK) == {"E4", "A0"}
    for occupied in ("E4", "E5", "A0"):
        with pytest.raises(IllegalAction, match="occupied"):
            state.apply(WHITE, occupied)


# R3 Size limit ---------------------------------------------------------------------------------


def test_a_critter_may_not_grow_beyond_four_stones() -> None:
    # R3, section 6 scenario 5: beside a 4-line, D3 and E4 would make five stones
    state = position(black=["E0", "E1", "E2", "E3"], white=["A4"])
    legal = legal_cells(state)
    assert "D3" not in legal and "E4" not in legal
    # the nine empty cells around the 4-line are closed: 61 - 5 stones - 9 = 47
    assert len(legal) == 47
    with pytest.raises(IllegalAction, match=r"more than 4 stones \(R3\)"):
        state.apply(BLACK, "E4")


def test_a_stone_may_not_merge_critters_into_five() -> None:
    # R3, section 6 scenario 5: pairs E1-E2 and E4-E5 would merge through E3 into five stones
    state = position(black=["E1", "E2", "E4", "E5"])
    assert "E3" not in legal_cells(state)


def test_merging_is_legal_up_to_four_stones() -> None:
    # R3: three singletons round E4 merge with it into a propeller of four
    state = position(black=["E3", "D4", "F5"])
    assert "E4" in legal_cells(state)
    state.apply(BLACK, "E4")
    assert [critter["species"] for critter in state.view(None)["critters"]] == ["propeller"]
    # with a pair instead of the singleton at D4 the same stone would make five
    assert "E4" not in legal_cells(position(black=["E3", "D4", "C4", "F5"]))


# R4 No pass ------------------------------------------------------------------------------------


def test_a_player_who_can_place_must_place() -> None:
    # R4: the only actions are placements, even when a single cell is left
    board = """
        o X X o X
       X o X o X X
      o X o . o X o
     o X o . X . o X
    X o X . X o o . o
     X . o o X X . X
      o o X . o o X
       X X o X o o
        X o X X X
    """
    state = position(*picture_cells(board), to_move=BLACK)
    assert [action.id for action in state.legal_actions(BLACK)] == ["E7"]
    assert picture_reference(board).legal(BLACK) == [parse("E7")]
    for refused in ("pass", "", "E3"):
        with pytest.raises(IllegalAction):
            state.apply(BLACK, refused)


# R5-R8 Feed ------------------------------------------------------------------------------------


def test_pair_eats_singleton() -> None:
    # R6, section 6 scenario 1
    state = position(black=["E6"], white=["E4"])
    state.apply(BLACK, "E5")
    assert stones_of(state, WHITE) == set() and state.eaten == [1, 0]


def test_wrong_prey_is_safe() -> None:
    # R6, section 6 scenario 2: a triangle eats 3-lines, not the pair it touches
    state = position(black=["E3", "D3"], white=["F3", "F4"])
    state.apply(BLACK, "E4")
    assert stones_of(state, WHITE) == {"F3", "F4"} and state.eaten == [0, 0]


def test_singleton_eats_four_line() -> None:
    # R6, R8, section 6 scenario 3
    state = position(white=["E0", "E1", "E2", "E3"])
    state.apply(BLACK, "D0")
    assert stones_of(state, WHITE) == set() and state.eaten == [4, 0]


def test_every_touching_prey_is_eaten_at_once() -> None:
    # R6, R7, R8, section 6 scenario 4: a 3-line eats two 3-bends in one turn
    state = position(black=["E3", "E5"], white=["C0", "C1", "D2", "C3", "C4", "D5"])
    state.apply(BLACK, "E4")
    assert stones_of(state, WHITE) == set() and state.eaten == [6, 0]
    assert sorted(victim["cell"] for victim in state.view(None)["last_move"]["devoured"]) == [
        "C0",
        "C1",
        "C3",
        "C4",
        "D2",
        "D5",
    ]


def test_a_predator_of_the_evolved_critter_is_untouched() -> None:
    # R6: the new pair touches a white singleton (its prey) and a white 3-bend (its predator)
    state = position(black=["E6"], white=["E4", "C5", "D6", "D7"])
    assert picture_species(state, WHITE) == {"singleton", "3-bend"}
    state.apply(BLACK, "E5")
    assert stones_of(state, WHITE) == {"C5", "D6", "D7"} and state.eaten == [1, 0]


def picture_species(state: CircleOfLifeState, seat: int) -> set[str]:
    return {critter["species"] for critter in state.view(None)["critters"] if critter["seat"] == seat}


def test_only_the_evolved_critter_feeds() -> None:
    # R5, section 6 scenario 6: a pair beside a singleton does not eat when A0 is played
    state = position(black=["E5", "E6"], white=["E4"])
    state.apply(BLACK, "A0")
    assert stones_of(state, WHITE) == {"E4"} and state.eaten == [0, 0]


def test_the_merged_critters_species_is_what_counts() -> None:
    # R5, R7, section 6 scenario 7: E4 makes a 3-line, which eats the 3-bend, not the 4-line
    state = position(black=["E3", "E5"], white=["C0", "C1", "D2", "F5", "F6", "F7", "F8"])
    state.apply(BLACK, "E4")
    assert stones_of(state, WHITE) == {"F5", "F6", "F7", "F8"} and state.eaten == [3, 0]


def test_eating_never_triggers_more_eating() -> None:
    # R7, section 6 scenario 8: once the singleton E4 is gone, nothing else happens: the black
    # singleton E3 touches the white 4-line B2-E2 (its prey) but is not the evolved critter
    state = position(black=["E6", "E3"], white=["E4", "B2", "C2", "D2", "E2", "H7", "H8"])
    state.apply(BLACK, "E5")
    assert stones_of(state, WHITE) == {"B2", "C2", "D2", "E2", "H7", "H8"}
    assert stones_of(state, BLACK) == {"E3", "E5", "E6"} and state.eaten == [1, 0]
    assert state.current_players() == (WHITE,)


def test_the_eaten_counter_counts_removed_stones_for_the_mover() -> None:
    # R8: each turn adds the stones removed to the mover's counter only
    state = position(black=["E6"], white=["E4", "A0", "A1", "A2", "A3"], eaten=(5, 7))
    state.apply(BLACK, "E5")  # the pair eats the singleton E4
    assert state.eaten == [6, 7]
    state.apply(WHITE, "I8")
    state.apply(BLACK, "B0")  # a singleton eats the 4-line A0-A3
    assert state.eaten == [10, 7]


# R9 Win by eating ------------------------------------------------------------------------------


def test_reaching_the_target_wins_at_once() -> None:
    # R9, section 6 scenario 9: 18 + a 3-line of 3 = 21 >= 20; the 3-line A0-A2 is eaten
    # by the triangle B1-B2-C2 completed at B1 (B1 touches A0 and A1)
    state = position(black=["B2", "C2"], white=["A0", "A1", "A2"], eaten=(18, 0))
    state.apply(BLACK, "B1")
    assert state.eaten == [21, 0]
    assert state.is_over() and state.current_players() == () and state.legal_actions(WHITE) == []
    outcome = state.outcome()
    assert outcome is not None and outcome.winners() == (BLACK,)
    assert People(("Ann", "Bob")).resolve(outcome.reason) == "Ann ate 21 stones (the target is 20)"
    assert outcome.scores == (21.0, 0.0)
    with pytest.raises(IllegalAction, match="game is over"):
        state.apply(WHITE, "I8")


def test_the_target_is_a_table_option() -> None:
    # R9, §4 Q7: with a target of 10, a ninth and tenth stone end the game
    state = position(black=["E6"], white=["E4"], eaten=(9, 0), target=10)
    state.apply(BLACK, "E5")
    assert state.winner == BLACK
    assert GAME.new_state(2, {"target": 15}).view(None)["target"] == 15


def test_below_the_target_the_game_goes_on() -> None:
    # R9: 18 + 1 = 19 < 20
    state = position(black=["E6"], white=["E4"], eaten=(18, 0))
    state.apply(BLACK, "E5")
    assert not state.is_over() and state.current_players() == (WHITE,)


# R10 Win by being stuck ------------------------------------------------------------------------

BLACK_STUCK = """
    o o . X o
   X o X o o X
  o X . X X . X
 X o o X o . . X
o X o . . X o X o
 X . X X o o . o
  o o . o X . X
   o o X . X o
    X X X o X
"""
"""The end of a seeded random game: every empty cell would give Black a critter of five.

Section 6 scenario 10 asks for a board whose *only* empty cell is closed to the mover, but no
legal board has a single empty cell. If the gap is not E4: E4's critter (4 stones at most)
cannot reach the edge, and the stones round it, all of the other colour, make one critter of
5 or more. If it is E4: every critter must then reach the edge, which forces the six cells
round E4 to alternate colours and each to start a 4-stone line outwards, and the six cells
two steps out in line with them then have no colour left. So the scenario is played on a
real end position, with 11 empty cells."""


def test_a_player_who_cannot_place_wins() -> None:
    # R10, section 6 scenario 10: Black to move with no legal placement wins before placing
    assert picture_reference(BLACK_STUCK).legal(BLACK) == []
    state = position(*picture_cells(BLACK_STUCK), to_move=BLACK)
    assert state.is_over() and state.winner == BLACK and state.current_players() == ()
    outcome = state.outcome()
    assert outcome is not None and outcome.ranks == (1, 2) and "no legal placement" in outcome.reason


def test_the_same_board_with_a_player_who_can_place() -> None:
    # R10, R4, section 6 scenario 10: White to move on that board can place on C5, so must
    assert picture_reference(BLACK_STUCK).legal(WHITE) == [parse("C5")]
    state = position(*picture_cells(BLACK_STUCK), to_move=WHITE)
    assert not state.is_over() and legal_cells(state) == {"C5"}


def test_the_stuck_win_comes_right_after_the_opponents_move() -> None:
    # R10: White's I7 was the move that left Black without a placement; Black has won
    before = BLACK_STUCK.replace("X X X o X", "X X X . X")
    state = position(*picture_cells(before), to_move=WHITE)
    state.apply(WHITE, "I7")
    assert state.winner == BLACK
    prompt = People(("Ann", "Bob"), ("Black", "White")).resolve(state.prompt())
    assert prompt == (
        "Ann (Black) wins: Ann (Black) has no legal placement left, and a player who cannot place wins"
    )


def test_the_stuck_winner_ranks_first_whatever_the_stones_eaten() -> None:
    # R10: the scores are the stones eaten, the ranks say who won, so the result reads winner first
    before = BLACK_STUCK.replace("X X X o X", "X X X . X")
    state = position(*picture_cells(before), to_move=WHITE, eaten=(1, 19))
    state.apply(WHITE, "I7")
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.ranks == (1, 2) and outcome.scores[WHITE] >= 19 > outcome.scores[BLACK]


# R11 Predators next to you ---------------------------------------------------------------------


def test_placing_next_to_a_predator_is_harmless() -> None:
    # R11, section 6 scenario 11: a black singleton beside a white pair (which eats singletons)
    state = position(white=["E4", "E5", "F2"])
    state.apply(BLACK, "E3")
    assert stones_of(state, BLACK) == {"E3"} and state.eaten == [0, 0]
    # only White's own feeding eats it: F3 evolves the white pair F2-F3, which touches E3
    state.apply(WHITE, "F3")
    assert stones_of(state, BLACK) == set() and state.eaten == [0, 1]


# R12 The game always ends ----------------------------------------------------------------------


def test_every_turn_adds_one_stone_and_games_end_within_the_bound() -> None:
    # R12: stones on the board + stones eaten = turns played; at most 61 + 2 * 19 = 99 turns
    assert GAME.max_length(2) == 99 and GAME.max_length(2, {"target": 10}) == 79
    rng = Rng(12)
    for seed in range(30):
        state = GAME.new_state(2, None, seed)
        turns = 0
        while not state.is_over():
            seat = state.current_players()[0]
            state.apply(seat, rng.choice(state.legal_action_ids(seat)))
            turns += 1
            on_board = len(stones_of(state, BLACK)) + len(stones_of(state, WHITE))
            assert on_board + sum(state.eaten) == turns
        assert turns <= GAME.max_length(2)


# The food chain (§2.4) --------------------------------------------------------------------------


def test_the_food_chain_is_the_table_of_the_rules() -> None:
    # §2.4: each species has exactly one prey and one predator, as in the table
    assert {predator.value: prey.value for predator, prey in PREY.items()} == FOOD_CHAIN_PAIRS
    assert set(PREY) == set(PREY.values()) == set(FOOD_CHAIN) and len(FOOD_CHAIN) == 12


def test_devoured_stones_keep_their_ids_in_the_last_move() -> None:
    # R6 + the drawing: the eaten stone's id is reported so the client can fade it out
    state = position(black=["E6"], white=["E4"])
    stone_id = next(c["stones"][0] for c in state.view(None)["critters"] if c["seat"] == WHITE)
    state.apply(BLACK, "E5")
    last = state.view(None)["last_move"]
    assert last["devoured"] == [{"cell": "E4", "stone": stone_id}]
    assert last["species"] == "pair" and last["devoured_species"] == "singleton"


# The food chain link by link (§2.4, R6) ---------------------------------------------------------
#
# For every predator, a position is found by the reference's own shapes: Black's critter of
# that species, completed by the stone played, touches a white critter of its prey and a
# white critter of its own predator. The prey must go, the predator must stay.

PREDATOR_OF = {prey: predator for predator, prey in FOOD_CHAIN_PAIRS.items()}


def shape_of(species: str) -> tuple[Hex, ...]:
    shapes = (shape for size in (1, 2, 3, 4) for shape in free_polyhexes(size))
    return next(shape for shape in shapes if classify(shape) == species)


def placements(species: str) -> Iterator[frozenset[Hex]]:
    """Every way to put the species on the board, in a fixed order."""
    for image in sorted(images(shape_of(species))):
        for row, column in ALL_CELLS:
            cells = frozenset((row + dr, column + dc) for dr, dc in image)
            if all(cell in ALL_CELLS for cell in cells):
                yield cells


def halo(cells: frozenset[Hex]) -> set[Hex]:
    return {other for cell in cells for other in neighbours(cell)} - cells


def white_critter_touching(black: frozenset[Hex], species: str, avoid: set[Hex]) -> frozenset[Hex]:
    """A placement of `species` that touches `black` and neither overlaps nor touches `avoid`."""
    return next(
        cells
        for cells in placements(species)
        if cells & halo(black) and not cells & (black | avoid) and not halo(cells) & avoid
    )


def feeding_position(predator: str) -> tuple[frozenset[Hex], frozenset[Hex], frozenset[Hex]]:
    """Black's critter, the white prey and the white predator next to it."""
    black = next(cells for cells in placements(predator) if (4, 4) in cells)
    prey = white_critter_touching(black, FOOD_CHAIN_PAIRS[predator], set())
    enemy = white_critter_touching(black, PREDATOR_OF[predator], set(prey))
    return black, prey, enemy


@pytest.mark.parametrize("predator", list(FOOD_CHAIN_PAIRS))
def test_each_species_eats_its_prey_and_not_its_predator(predator: str) -> None:
    # R6, §2.4: the evolved critter (completed at E4) eats the touching critter of its prey only
    black, prey, enemy = feeding_position(predator)
    white = prey | enemy
    state = position(
        black=[name(cell) for cell in black - {(4, 4)}],
        white=[name(cell) for cell in white],
    )
    state.apply(BLACK, "E4")
    remaining = {cell for c in state.view(None)["critters"] if c["seat"] == WHITE for cell in c["cells"]}
    assert remaining == {name(cell) for cell in enemy}
    assert state.eaten == [len(prey), 0]
    assert state.view(None)["last_move"]["species"] == predator


def cells_named(cell_set_value: int) -> set[str]:
    return {cell_name(cell) for cell in cells_of(cell_set_value)}


# The board (§2.1) -------------------------------------------------------------------------------


def test_the_board_has_61_cells_in_rows_of_5_to_9() -> None:
    # §2.1: rows A..I of 5, 6, 7, 8, 9, 8, 7, 6, 5 cells; A0-A4, E0-E8, I4-I8
    assert len(CELLS) == BOARD.bit_count() == 61
    rows = [sorted(int(n[1:]) for n in CELL_BY_NAME if n[0] == letter) for letter in "ABCDEFGHI"]
    assert [len(row) for row in rows] == [5, 6, 7, 8, 9, 8, 7, 6, 5]
    assert rows[0] == [0, 1, 2, 3, 4] and rows[4] == list(range(9)) and rows[8] == [4, 5, 6, 7, 8]
    assert set(CELL_BY_NAME) == {name(cell) for cell in ALL_CELLS}


@pytest.mark.parametrize("cell", ALL_CELLS, ids=name)
def test_each_cell_touches_exactly_its_neighbours_of_the_rules(cell: tuple[int, int]) -> None:
    # §2.1: the six neighbours (r, c±1), (r-1, c-1), (r-1, c), (r+1, c), (r+1, c+1) on the board
    around = adjacent_to(cell_set(name(cell)))
    assert cells_named(around) == {name(other) for other in neighbours(cell)}


def test_corner_and_centre_cells_have_three_and_six_neighbours() -> None:
    # §2.1: checked by hand: A0 touches A1, B0, B1; E4 touches D3, D4, E3, E5, F4, F5
    assert cells_named(adjacent_to(cell_set("A0"))) == {"A1", "B0", "B1"}
    assert cells_named(adjacent_to(cell_set("E4"))) == {"D3", "D4", "E3", "E5", "F4", "F5"}
    assert cells_named(adjacent_to(cell_set("I8"))) == {"I7", "H7", "H8"}


def test_critters_are_the_edge_connected_groups() -> None:
    # §1: a critter is an edge-connected group of one colour
    stones = cell_set("A0", "A1", "B1", "E4", "E5", "I8")
    assert sorted(sorted(cells_named(critter)) for critter in critters(stones)) == [
        ["A0", "A1", "B1"],
        ["E4", "E5"],
        ["I8"],
    ]


# Polyhexes (§2.3) --------------------------------------------------------------------------------


def test_there_are_1_1_3_7_free_polyhexes_of_size_1_to_4() -> None:
    # §2.3: 12 species; independently, fixed polyhexes number 1, 3, 11, 44 and free ones
    # 1, 1, 3, 7 (OEIS A001207 and A000228)
    assert [len(fixed_polyhexes(size)) for size in (1, 2, 3, 4)] == [1, 3, 11, 44]
    assert [len(free_polyhexes(size)) for size in (1, 2, 3, 4)] == [1, 1, 3, 7]
    assert len(SHAPES) == len(Species) == 12


def test_the_fast_classification_agrees_with_the_symmetry_classes() -> None:
    # §2.3: the reference's two methods (symmetry classes, fast classification) agree
    for size in (1, 2, 3, 4):
        for shape in fixed_polyhexes(size):
            assert classify(shape) == classify(min(images(shape)))
        assert len({classify(shape) for shape in free_polyhexes(size)}) == len(free_polyhexes(size))


def test_the_twelve_base_shapes_are_the_twelve_free_polyhexes() -> None:
    # section 6 scenario 12: the base shapes of §2.3 are pairwise distinct, and named as the rules name them
    classes = [min(images(offsets)) for offsets in SHAPES.values()]
    assert len(set(classes)) == 12
    assert set(classes) == set().union(*(free_polyhexes(size) for size in (1, 2, 3, 4)))
    assert all(classify(offsets) == species.value for species, offsets in SHAPES.items())


@pytest.mark.parametrize("species", list(Species), ids=lambda species: species.value)
def test_every_rotation_and_mirror_image_is_the_same_species(species: Species) -> None:
    # section 6 scenario 12: the 12 symmetries of each shape, placed on the board, are that species
    for image in images(SHAPES[species]):
        placed = [(row + 3, column + 3) for row, column in image]
        assert all(on_board(cell) for cell in placed)
        assert species_of(cell_set(*(name(cell) for cell in placed))) is species


@pytest.mark.parametrize("size", [1, 2, 3, 4])
def test_every_fixed_polyhex_anywhere_on_the_board_is_recognised(size: int) -> None:
    # §2.3: each of the 1 + 3 + 11 + 44 orientations, at every place it fits on the board
    checked = 0
    for shape in fixed_polyhexes(size):
        expected = classify(shape)
        for row in range(9):
            for column in range(-3, 9):
                placed = [(row + dr, column + dc) for dr, dc in shape]
                if all(on_board(cell) for cell in placed):
                    assert species_of(cell_set(*(name(cell) for cell in placed))).value == expected
                    checked += 1
    assert checked > 20 * len(fixed_polyhexes(size))


def test_the_drawings_of_the_rules_file() -> None:
    # §2.3, drawn with x = 2c - r: "o o o" above " o" under its last two is a key; one
    # further right, under the end only, it is a sled; a chevron is a 3-bend
    assert species_of(cell_set("E2", "E3", "E4", "F4")) is Species.KEY
    assert species_of(cell_set("E2", "E3", "E4", "F5")) is Species.SLED
    assert species_of(cell_set("D4", "E3", "E4")) is Species.BEND_3
    assert species_of(cell_set("D3", "E3", "F3")) is Species.LINE_3  # a column is a line too
    assert species_of(cell_set("C2", "D3", "D4", "E3")) is Species.PROPELLER
