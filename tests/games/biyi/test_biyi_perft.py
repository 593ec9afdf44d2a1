"""Move counts (perft) from the start and from hand-made positions, against independent figures.

Where the figures come from:
- depth 1 from every start is counted by hand below (26 on `tabletop` whatever the card,
  14 on `quick`);
- depth 2 is depth 1 squared: in two plies the camps cannot touch, so neither player's
  move changes the other's options;
- depth 3 and every hand-made position: `biyi_reference.perft`, a generator written from
  docs/rules/biyi.md alone and differently from the engine (see that module).
"""

from __future__ import annotations

import random

import pytest
from biyi_positions import position
from biyi_reference import from_view
from biyi_reference import perft as reference_perft
from biyi_reference import play as reference_play
from biyi_reference import river_ok as reference_river_ok
from biyi_reference import turns as reference_turns

from perft import perft
from tabletop.games.biyi import GAME, BiyiState
from tabletop.games.biyi.rules import (
    COLUMN_CODES,
    UNIFORM_HEIGHT,
    _movements_from,
    movements_from,
    number_of_key,
    position_key,
    position_number,
    river_holds,
    river_region,
)

START_TABLE = [
    # (board, Light's card, Dark's card, first player, counts at depth 1, 2, 3)
    ("quick", "test", "test", 0, [14, 196, 2578]),
    ("quick", "test", "test", 1, [14, 196, 2578]),
    ("tabletop", "phalanx", "phalanx", 0, [26, 676, 16484]),
    ("tabletop", "wedge", "wedge", 0, [26, 676, 16615]),
    ("tabletop", "flanks", "flanks", 0, [26, 676, 16642]),
    ("tabletop", "flanks", "flanks", 1, [26, 676, 16642]),
    ("tabletop", "phalanx", "wedge", 0, [26, 676, 16484]),
    ("tabletop", "phalanx", "wedge", 1, [26, 676, 16614]),
]
"""Light's 14 on `quick` by hand: a1 2 (a2, climb b1), b1 2 (climb b2, a1; c1 is the bird),
d1 2, e1 2, b2 3 (b3, a2, c2), d2 3. Light's 26 with `phalanx`: a1 2, b1 3, c1 2 (d1 is the
bird), e1 2, f1 3, g1 2, b2 3, c2 3, e2 3, f2 3. Dark's counts mirror Light's."""


def start(board: str, light_card: str, dark_card: str, first: int) -> BiyiState:
    """The start with these cards (section 2.3), set up square by square."""
    stacks = {}
    layout = GAME.new_state(options={"board": board}).board
    for square in layout.cards[light_card]:
        stacks[layout.name_of(square)] = "L"
    for square in layout.cards[dark_card]:
        stacks[layout.name_of(layout.mirror(square))] = "D"
    return position(stacks, first, board)


@pytest.mark.parametrize(("board", "light", "dark", "first", "counts"), START_TABLE)
def test_perft_from_the_start(board: str, light: str, dark: str, first: int, counts: list[int]) -> None:
    # Setup of section 2.3; R1-R7 and R28 at depth 3.
    state = start(board, light, dark, first)
    assert [perft(state, depth) for depth in (1, 2, 3)] == counts
    assert counts[1] == counts[0] ** 2


@pytest.mark.parametrize(("board", "light", "dark", "first", "counts"), START_TABLE)
def test_the_reference_agrees_from_the_start(
    board: str, light: str, dark: str, first: int, counts: list[int]
) -> None:
    state = start(board, light, dark, first)
    reference = from_view(state.board, state.view(None), first)
    assert [reference_perft(reference, depth) for depth in (1, 2, 3)] == counts


@pytest.mark.parametrize("seed", range(4))
def test_a_dealt_start_counts_as_its_cards_say(seed: int) -> None:
    # Section 2.3: the dealt start is the hand-set one with the same cards and first player.
    dealt = GAME.new_state(options={"board": "tabletop", "cards": "separate"}, seed=seed)
    assert isinstance(dealt, BiyiState)
    same = start("tabletop", dealt.cards[0], dealt.cards[1], dealt.to_move)
    assert [perft(dealt, depth) for depth in (1, 2)] == [perft(same, depth) for depth in (1, 2)]


HAND_MADE = [
    # Stacks, jumps (R10, R11), the river (R20), dragons (R25, R26), the birds (R7, R30).
    ({"b2": "LLLL", "c3": "LLL", "c4": "D", "d5": "DDD", "d6": "DD"}, 0, "quick"),
    ({"a2": "LLL", "b2": "LLL", "c6": "L", "b4": "D", "b5": "DD"}, 0, "quick"),
    ({"e6": "LLLL", "d7": "LLL", "a5": "D", "a4": "L", "a3": "D"}, 0, "quick"),
    ({"c3": "DLL", "c4": "LD", "d4": "D", "b3": "LDDL", "d2": "DDLD"}, 1, "quick"),
    ({"c3": "DLL", "c5": "LDD", "d5": "DL", "d4": "LLLD", "e4": "L", "b6": "DDL"}, 0, "tabletop"),
]


@pytest.mark.parametrize(("stacks", "to_move", "board"), HAND_MADE)
def test_hand_made_positions_agree_with_the_reference(
    stacks: dict[str, str], to_move: int, board: str
) -> None:
    state = position(stacks, to_move, board)
    reference = from_view(state.board, state.view(None), to_move)
    assert [perft(state, depth) for depth in (1, 2, 3)] == [
        reference_perft(reference, depth) for depth in (1, 2, 3)
    ]


def test_crowded_random_positions_agree_with_the_reference() -> None:
    # Tall mixed stacks on a few squares: jumps, chains, prisoners, dragons (R2-R30).
    rng = random.Random(2026)
    jumps = 0
    for _ in range(150):
        board = rng.choice(["quick", "tabletop"])
        layout = GAME.new_state(options={"board": board}).board
        names = [name for square, name in enumerate(layout.names) if square not in layout.birds]
        crowd = rng.sample(names, 6)
        stacks: dict[str, str] = {}
        for _ in range(rng.randint(8, 20)):
            square = rng.choice(crowd)
            stacks[square] = stacks.get(square, "") + rng.choice("LLLD" if rng.random() < 0.5 else "DDDL")
        to_move = rng.randint(0, 1)
        state = position(stacks, to_move, board)
        reference = from_view(state.board, state.view(None), to_move)
        assert perft(state, 2) == reference_perft(reference, 2), stacks
        jumps += sum("-" in action for action in state.legal_action_ids(to_move))
    assert jumps > 50  # the sample really exercises R10-R12


def test_kept_movements_agree_with_a_fresh_generation_all_game_long() -> None:
    # The state keeps each square's movements until its neighbourhood changes (rules.turns);
    # a state rebuilt from JSON keeps nothing, so both must always offer the same turns.
    for seed in range(3):
        state = GAME.new_state(options={"board": "quick"}, seed=seed)
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.current_players()[0]
            fresh = GAME.state_from_json(state.to_json())
            assert fresh.legal_action_ids(seat) == state.legal_action_ids(seat)
            state.apply(seat, rng.choice(state.legal_action_ids(seat)))


def test_what_the_state_keeps_square_by_square_matches_a_recount_all_game_long() -> None:
    # The state updates controlled squares, tall squares, column codes, the R29 position
    # number and the R20 river region only where a turn changes columns; each must equal a
    # count from scratch.
    for board, seed in (("tabletop", 0), ("quick", 1), ("tabletop", 2)):
        state = GAME.new_state(options={"board": board}, seed=seed)
        rng = random.Random(seed)
        while not state.is_over():
            stacks = state.stacks
            for seat in (0, 1):
                tops = {square for square, column in enumerate(stacks) if column and column[-1] & 1 == seat}
                assert state._controlled[seat] == tops
            assert state._tall == {
                square for square, column in enumerate(stacks) if len(column) >= UNIFORM_HEIGHT
            }
            assert state._codes == [COLUMN_CODES[column] for column in stacks]
            assert state._position == position_number(state.board, stacks, 0)
            assert state._region == river_region(state.board, stacks)
            seat = state.current_players()[0]
            state.apply(seat, rng.choice(state.legal_action_ids(seat)))


def test_remembered_movements_are_those_of_the_position_at_hand() -> None:
    # The board remembers each square's movements by the owners around it, not the tokens:
    # whatever was remembered from earlier games must be what this position gives afresh.
    for seed in range(4):
        state = GAME.new_state(options={"board": ("tabletop", "quick")[seed % 2]}, seed=seed)
        rng = random.Random(seed)
        while not state.is_over():
            codes = [COLUMN_CODES[column] for column in state.stacks]
            for square, column in enumerate(state.stacks):
                if column:
                    fresh = _movements_from(state.board, state.stacks, square)
                    assert movements_from(state.board, state.stacks, square, codes) == fresh
            seat = state.current_players()[0]
            state.apply(seat, rng.choice(state.legal_action_ids(seat)))


def test_the_position_number_reads_as_the_owners_of_every_column() -> None:
    # R29 compares whole positions: the number is the owners column by column and who moves,
    # and its text (what JSON stores) turns back into the same number.
    state = position({"a2": "LDL", "c3": "DD", "e6": "D"}, 1, "quick")
    number = position_number(state.board, state.stacks, 1)
    text = position_key(state.board, number)
    columns = text.split(":")[0].split(".")
    assert text.endswith(":1") and len(columns) == state.board.size
    assert columns[state.board.square_of("a2")] == "aba"
    assert columns[state.board.square_of("c3")] == "bb"
    assert columns[state.board.square_of("e6")] == "b"
    assert sum(map(len, columns)) == 6
    assert number_of_key(state.board, text) == number
    assert position_number(state.board, state.stacks, 0) != number


@pytest.mark.parametrize("board", ["quick", "tabletop"])
def test_the_river_check_agrees_with_a_fresh_search_on_random_occupancies(board: str) -> None:
    # R20 from the river region's occupancy (remembered per pattern) against the reference's
    # flood fill over the whole grid, on crowded and sparse random boards alike.
    layout = GAME.new_state(options={"board": board}).board
    rng = random.Random(20)
    broken = 0
    for _ in range(3000):
        density = rng.random()
        stacks = [(0,) if rng.random() < density else () for _ in range(layout.size)]
        grid = {(s % layout.width, s // layout.width): "L" for s, column in enumerate(stacks) if column}
        expected = reference_river_ok(layout, grid)
        assert river_holds(layout, river_region(layout, stacks)) == expected, stacks
        broken += not expected
    assert 300 < broken < 2700  # both answers are well represented


@pytest.mark.parametrize("board", ["quick", "tabletop"])
def test_random_games_agree_with_the_reference_turn_by_turn(board: str) -> None:
    # Whole random games played in step by the engine and the reference: at every position
    # the same legal turns (R1-R30, with R28 remembered) and the same end (R29-R33).
    for seed in range(6):
        state = GAME.new_state(options={"board": board}, seed=seed)
        assert isinstance(state, BiyiState)
        reference = from_view(state.board, state.view(None), state.to_move)
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.to_move
            turns = {turn[0]: turn for turn in reference_turns(reference)}
            assert sorted(state.legal_action_ids(seat)) == sorted(turns)
            choice = rng.choice(state.legal_action_ids(seat))
            state.apply(seat, choice)
            reference = reference_play(reference, turns[choice])
            assert reference.over == state.is_over()
