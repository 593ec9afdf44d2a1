"""Every numbered rule of docs/rules/tuned.md (sections 2.3, 2.4, R1 … R10), the decisions of
the package docstring (D1, D2 and section 4's Q2, Q4, Q5, Q6) and the scenarios of section 6,
each on a concrete position; then Tuned through the engine contract (declarations,
invariants over random games, copies, views).
"""

from __future__ import annotations

import json
from itertools import combinations_with_replacement

import pytest
from tuned_positions import play, position, rows_of, start, winner

from tabletop import games
from tabletop.engine import IllegalAction, InvalidOptions, People, Rng
from tabletop.games.tuned import GAME
from tabletop.games.tuned.board import (
    ACCEPTS,
    CAT,
    CODE_OF_STACK,
    DOG,
    DONKEY,
    EMPTY,
    KINDS,
    STACKS,
    kind_of,
    owner,
)
from tabletop.games.tuned.rules import NO_REVERSAL, board_moves
from tabletop.games.tuned.state import TunedState

# -- section 2: components, placement and setup ---------------------------------------------


def test_the_placement_table_of_section_2_3() -> None:
    # Section 2.3, written out: which stacks accept each kind.
    accepted = {
        DONKEY: {()},
        DOG: {(), (DONKEY,)},
        CAT: {(), (DOG,), (DONKEY, DOG)},
    }
    for stack, code in CODE_OF_STACK.items():
        for kind, stacks in accepted.items():
            assert ACCEPTS[code][kind] == (stack in stacks), (stack, kind)


def test_setup_of_section_2_4() -> None:
    # Section 2.4: empty barn, 2 Donkeys, 2 Dogs, 2 Cats per player, both Roosters on MOVE.
    view = GAME.new_state(2, None, 11).view(None)
    assert all(cell["pieces"] == [] for cell in view["cells"])
    for seat, info in enumerate(view["seats"]):
        assert [piece["kind"] for piece in info["supply"]] == ["donkey", "donkey", "dog", "dog", "cat", "cat"]
        assert all(piece["id"].startswith(f"piece-{seat}-") for piece in info["supply"])
        assert info["rooster"] == "move" and info["must_add"]


def test_the_first_player_is_drawn_from_the_seed() -> None:
    # Section 2.4: first player random (BGA); the same seed always gives the same one.
    firsts = {GAME.new_state(2, None, seed).current_players() for seed in range(40)}
    assert firsts == {(0,), (1,)}
    assert GAME.new_state(2, None, 5).current_players() == GAME.new_state(2, None, 5).current_players()


# -- R1 … R3: turns and the Rooster ---------------------------------------------------------


def test_r1_players_alternate_one_action_each() -> None:
    # R1
    state = start(first_player=1)
    for action_id, mover in [("Db2", 1), ("Da1", 0), ("Gb2", 1), ("Db2c3", 0)]:
        assert state.current_players() == (mover,)
        played = state.played
        state.apply(mover, action_id)
        assert state.played == played + 1 and state.current_players() == (1 - mover,)


def test_r2_the_rooster_cycle() -> None:
    # R2 (and Q4: one Add action whichever Add space is free).
    state = start(first_player=0)
    roosters = []
    for action_id in ["Da1", "Dc3", "Gb2", "Dc1", "Cb2", "Dc1b3"]:
        state.apply(state.current_players()[0], action_id)
        roosters.append([seat["rooster"] for seat in state.view(None)["seats"]])
    assert roosters == [
        ["add-1", "move"],
        ["add-1", "add-1"],
        ["add-2", "add-1"],
        ["add-2", "add-2"],
        ["add-1", "add-2"],
        ["add-1", "move"],
    ]
    assert state.must_add(1) and not state.must_add(0)
    assert any(len(action_id) == 5 for action_id in state.legal_action_ids(0))


def test_r2_a_rooster_on_move_allows_only_adds() -> None:
    # R2: seat 0 just moved; with animals in supply, it has Adds only.
    state = position("D . . / . G . / . . C", ("DGGC", "DDGCC"), roosters=("move", "add-1"))
    ids = state.legal_action_ids(0)
    assert ids and all(len(action_id) == 3 for action_id in ids)
    prompt = People().resolve(state.view(None)["prompt"])
    assert prompt == "Player 1 to move: add an animal (the Rooster is on Move)"


def test_r3_once_the_supply_is_empty_the_rooster_stays_and_every_action_is_a_move() -> None:
    # R3: seat 0 adds its last animal (its Rooster goes to an Add space), then only moves.
    state = position("DG . . / . D . / GC C .", ("C", "DDGGC"), roosters=("add-1", "add-1"))
    play(state, "Cc1", "Dc3")
    seat_0 = state.view(None)["seats"][0]
    assert seat_0["rooster"] == "add-2" and not seat_0["rooster_in_use"] and not seat_0["must_add"]
    assert state.legal_action_ids(0) and all(len(action_id) == 5 for action_id in state.legal_action_ids(0))
    play(state, "Cc1c2", "Gb1", "Cc2c1")
    assert state.view(None)["seats"][0]["rooster"] == "add-2"
    assert People().resolve(state.view(None)["prompt"]) == "Player 2 to move: add or move an animal"


# -- R4 … R7: Add and Move ------------------------------------------------------------------


def test_r4_an_add_takes_one_of_your_own_animals() -> None:
    # R4: seat 1 adds a Dog: its own first Dog leaves its supply, seat 0's supply is untouched.
    state = play(start(first_player=0), "Db2")
    before = [len(state.supplies[seat]) for seat in range(2)]
    play(state, "Ga1")
    assert state.view(None)["cells"][0]["pieces"] == [{"id": "piece-1-dog-1", "kind": "dog"}]
    assert [len(state.supplies[seat]) for seat in range(2)] == [before[0], before[1] - 1]


def test_r4_you_cannot_add_an_animal_you_do_not_have() -> None:
    # R4: seat 0 has no Cat left.
    state = position("D C . / . C . / . . .", ("DGG", "DDGGCC"))
    assert not any(
        action_id.startswith("C") and len(action_id) == 3 for action_id in state.legal_action_ids(0)
    )
    with pytest.raises(IllegalAction, match="no Cat left in the supply"):
        state.apply(0, "Cc3")


def test_r5_lifted_animals_keep_their_order() -> None:
    # R5: [G,C] onto [D] gives [D,G,C]; [D,G] only onto empty cells; [C] from [D,G,C] onto a Dog.
    state = position("GC D DG / DGC G . / . . .", ("", "DCC"))
    ids = set(state.legal_action_ids(0))
    assert rows_of(play(state.clone(), "Ga1b1")) == ". DGC DG / DGC G . / . . ."
    assert {action_id[3:] for action_id in ids if action_id.startswith("Dc1")} == {"c2", "a3", "b3", "c3"}
    cat_targets = {action_id[3:] for action_id in ids if action_id.startswith("Ca2")}
    assert cat_targets == {"c1", "b2", "c2", "a3", "b3", "c3"}


def test_r6_anyone_may_move_any_animal() -> None:
    # R6 (Q6): seat 1 moves the Donkey that seat 0 added.
    state = play(start(first_player=0), "Db2", "Da1", "Gc3")
    play(state, "Db2a3")
    assert state.view(None)["cells"][6]["pieces"] == [{"id": "piece-0-donkey-1", "kind": "donkey"}]


def test_r7_forbids_exactly_the_reversal_of_the_opponents_move() -> None:
    # R7 (Q1): seat 0 moves the Dog of a1 onto the Donkey of b2; seat 1 may not move it back,
    # but may move both animals of b2 to a1, or the Dog elsewhere.
    state = position("G . . / . D . / . . C", ("DGCC", "DDGGC"))
    play(state, "Ga1b2")
    ids = set(state.legal_action_ids(1))
    assert "Gb2a1" not in ids
    assert {"Db2a1", "Gb2c1"} <= ids
    assert state.view(1)["forbidden"] == {"from": "b2", "to": "a1", "animals": "Dog"}
    with pytest.raises(IllegalAction, match="R7"):
        state.apply(1, "Gb2a1")


def test_q2_r7_does_not_bind_your_own_previous_move() -> None:
    # R7, Q2: with empty supplies seat 0 moves a Cat, seat 1 moves one, and seat 0 moves its Cat
    # back; only seat 1's move may not be reversed.
    state = position("DGC . DGC / . . . / DGC . DGC", ("", ""))
    play(state, "Ca1b1", "Cc3b3")
    assert "Cb1a1" in state.legal_action_ids(0)
    assert "Cb3c3" not in state.legal_action_ids(0)
    play(state, "Cb1a1")
    assert rows_of(state) == "DGC . DGC / . . . / DGC C DG"


# -- R8 … R10: winning and losing -----------------------------------------------------------


def test_r8_q5_whoever_acts_when_the_line_appears_wins() -> None:
    # R8, Q5: seat 1 completes row 3 by moving a Cat that seat 0 added; seat 1 wins.
    state = position("C . . / . . . / C . C", ("DDGG", "DDGGC"), to_move=1)
    play(state, "Ca1b3")
    assert state.view(None)["last_move"]["pieces"] == ["piece-0-cat-1"]
    assert winner(state) == 1 and state.outcome().scores == (0.0, 1.0)


def test_r8_an_add_that_makes_a_line_wins_at_once() -> None:
    # R8: seat 1 puts a second Cat in column b; seat 0 adds the third and wins.
    state = play(start(first_player=0), "Cb1", "Cb2")
    assert not state.is_over()
    play(state, "Cb3")
    assert winner(state) == 0 and state.current_players() == ()


def test_r9_only_when_the_rooster_is_on_move() -> None:
    # R9: the full barn of scenario 10, but seat 0's Rooster is on an Add space: it may move.
    state = position("DG C G / C D C / G C G", ("DD", ""), roosters=("add-1", "add-1"))
    assert not state.is_over()
    assert state.legal_action_ids(0) and all(len(action_id) == 5 for action_id in state.legal_action_ids(0))


def test_r10_never_arises_every_barn_leaves_at_least_two_moves() -> None:
    """R10 (Q3): a player without any action loses; this test shows it cannot happen.

    A barn with an empty cell lets every stack move there, and every full barn allows
    two moves or more, so R7's single forbidden move never leaves a player stuck. The
    number of moves depends only on which stacks are in the barn, not where, so every
    multiset of nine stacks (at most four animals of a kind) is checked.
    """
    checked = 0
    for codes in combinations_with_replacement(range(len(CODE_OF_STACK)), 9):
        counts = [sum(STACKS[code].count(kind) for code in codes) for kind in KINDS]
        if max(counts) > 4 or all(code == EMPTY for code in codes):
            continue
        assert len(board_moves(list(codes), NO_REVERSAL)) >= 2, codes
        checked += 1
    assert checked > 500


# -- decisions where the rules are silent (package docstring) -------------------------------


def _cycle(state: TunedState, rounds: int) -> None:
    for _ in range(rounds):
        play(state, "Ca1b1", "Cc3b3", "Cb1a1", "Cb3c3")


def test_d1_the_third_repetition_of_a_position_is_a_draw() -> None:
    # D1: the barn after seat 0's first Cat move comes back after actions 5 and 9.
    state = position("DGC . DGC / . . . / DGC . DGC", ("", ""))
    _cycle(state, 2)
    assert not state.is_over()
    play(state, "Ca1b1")
    assert state.is_over() and state.outcome().scores == (0.5, 0.5)
    assert state.outcome().reason == "Draw: the same position came up for the third time"


def test_d1_the_history_survives_json() -> None:
    # D1: a state rebuilt from JSON remembers the positions seen.
    state = position("DGC . DGC / . . . / DGC . DGC", ("", ""))
    _cycle(state, 1)
    rebuilt = GAME.state_from_json(json.loads(json.dumps(state.to_json())))
    assert isinstance(rebuilt, TunedState)
    _cycle(rebuilt, 1)
    play(rebuilt, "Ca1b1")
    assert rebuilt.is_over()


def test_d1_an_add_starts_a_new_history() -> None:
    # D1: positions before an Add can never come back, so the count starts again.
    state = position("DGC . DG / . . . / DGC . DGC", ("", "C"))
    play(state, "Ca1b1", "Cc3b3", "Cb1a1")
    assert len(state.to_json()["history"]) == 4
    play(state, "Cb2")
    assert len(state.to_json()["history"]) == 1


def test_d2_the_game_is_drawn_after_200_actions() -> None:
    # D2: a position one action short of the limit; the next action that makes no line draws.
    data = position("DGC D GC / DG . G / C D C", ("", "")).to_json()
    data["played"] = 199
    state = GAME.state_from_json(data)
    assert GAME.max_length(2) == 200 and not state.is_over()
    play(state, "Db1b2")
    assert (
        state.is_over() and state.outcome().reason == "Draw: 200 actions were played without a line of three"
    )


# -- section 6: the scenarios, one test each, on the positions it describes -----------------


def test_scenario_1_placement() -> None:
    # Section 2.3, R4: a1 = [D], b1 = [G], b2 = [D,G], the rest empty.
    state = position("D G . / . DG . / . . .", ("DGCC", "DGCC"))
    legal = set(state.legal_action_ids(0))
    assert "Ga1" in legal  # Dog onto [D]
    assert "Gb1" not in legal  # Dog onto [G]
    assert "Ca1" not in legal  # Cat onto [D]
    assert "Cb2" in legal  # Cat onto [D,G]
    assert not {"Da1", "Db1", "Db2"} & legal  # Donkey onto any non-empty cell
    assert rows_of(play(state.clone(), "Ga1")) == "DG G . / . DG . / . . ."
    assert rows_of(play(state.clone(), "Cb2")) == "D G . / . DGC . / . . ."
    with pytest.raises(IllegalAction, match="may not go onto the stack Dog in b1"):
        state.apply(0, "Gb1")


def test_scenario_2_the_first_action_of_each_player_is_an_add() -> None:
    # R2: both Roosters start on MOVE (section 2.4).
    state = start(first_player=0)
    assert all(len(action_id) == 3 for action_id in state.legal_action_ids(0))  # Adds only
    play(state, "Db2")
    with pytest.raises(IllegalAction, match="Rooster is on MOVE"):
        state.apply(1, "Db2a1")
    play(state, "Ga1")
    assert state.current_players() == (0,)


def test_scenario_3_no_double_move() -> None:
    # R2: seat 0 moved last turn and still has animals, so it must add; after an Add it may move.
    state = play(start(first_player=0), "Db2", "Da1", "Db2c3", "Gb2")
    with pytest.raises(IllegalAction, match="Rooster is on MOVE"):
        state.apply(0, "Dc3b3")
    play(state, "Cb1")  # seat 0 adds
    play(state, "Ca3")  # seat 1 adds
    play(state, "Dc3b3")  # seat 0 may move again
    assert rows_of(state) == "D C . / . G . / C D ."


def test_scenario_4_an_empty_supply_means_a_move_every_turn() -> None:
    # R3: seat 0 has nothing left to add; it moves, and moves again on its next turn.
    state = position("DG . C / . D . / GC . .", ("", "DDGGCC"))
    assert state.legal_action_ids(0) and all(len(action_id) == 5 for action_id in state.legal_action_ids(0))
    with pytest.raises(IllegalAction, match="supply is empty"):
        state.apply(0, "Cb1")
    play(state, "Db2b1", "Db2")
    play(state, "Ca3c2")
    assert rows_of(state) == "DG D C / . D C / G . ."


def test_scenario_5_moving_part_of_a_stack() -> None:
    # R5: a1 = [D,G,C], b2 empty; c3 = [D] for the second half.
    state = position("DGC . . / . . . / . . D", ("DGGCC", "DGC"))
    assert rows_of(play(state.clone(), "Ga1b2")) == "D . . / . GC . / . . D"
    assert rows_of(play(state.clone(), "Ga1c3")) == "D . . / . . . / . . DGC"
    # Only top portions can be lifted: whatever leaves a1, what stays is its bottom part.
    for action_id in state.legal_action_ids(0):
        if action_id[1:3] == "a1":
            assert rows_of(play(state.clone(), action_id)).split()[0] in {".", "D", "DG"}


def test_scenario_6_no_inversion() -> None:
    # R7: seat 1 has just moved [G,C] from a1 to b2.
    state = position(
        "D . . / . GC . / . . .", ("DDGGC", "DGCC"), roosters=("add-1", "move"), last_move="Ga1b2"
    )
    with pytest.raises(IllegalAction, match="invert the opponent's last Move"):
        state.apply(0, "Gb2a1")
    with pytest.raises(IllegalAction, match="may not go onto the stack Donkey in a1"):
        state.apply(0, "Cb2a1")
    assert "Cb2c3" in state.legal_action_ids(0)
    # After the opponent's Add (the Cat on b2), the same move is allowed.
    after_add = position(
        "D . . / . GC . / . . .", ("DDGGC", "DGCC"), roosters=("add-1", "add-1"), last_move="Cb2"
    )
    assert "Gb2a1" in after_add.legal_action_ids(0)


def test_scenario_7_win_by_adding() -> None:
    # R8: row 1 (r = 0) has Cat, Cat, empty; seat 0 adds a Cat at c1.
    state = position("C C . / . . . / . . .", ("DDGGC", "DDGGC"))
    play(state, "Cc1")
    assert winner(state) == 0 and "three Cats on top in row 1" in state.outcome().reason


def test_scenario_8_win_by_uncovering() -> None:
    # R8: column b has Dog, Dog, Cat on top, b3 = [G,C]; moving the Cat away shows a third Dog.
    state = position(". G . / . G . / . GC .", ("DDGCC", "DDC"))
    play(state, "Cb3a1")
    assert winner(state) == 0 and "three Dogs on top in column b" in state.outcome().reason


def test_scenario_9_empty_cells_never_count() -> None:
    # R8: row 2 has Cat, Cat, empty: no win, and moving one of those Cats away wins nothing.
    state = position(". . . / C C . / . . .", ("DDGGC", "DDGGC"))
    assert not state.is_over()
    play(state, "Cb2c1")
    assert not state.is_over() and rows_of(state) == ". . C / C . . / . . ."


def test_scenario_10_forced_add_impossible() -> None:
    # R9: seat 0 has only Donkeys, its Rooster is on MOVE and every cell is occupied.
    state = position("DG C G / C D C / G C G", ("DD", ""), roosters=("move", "add-1"))
    assert state.is_over() and state.current_players() == ()
    reason = People(("Ann", "Bob")).resolve(state.outcome().reason)
    assert winner(state) == 1 and reason == "Bob wins: Ann must add an animal but none can be placed"


def test_scenario_11_two_lines_at_once() -> None:
    # R8: the Cat leaving a1 uncovers a third Dog in row 1 and lands as a third Cat in row 3.
    state = position("DGC G G / D . D / C . C", ("DGC", ""))
    play(state, "Ca1b3")
    reason = state.outcome().reason
    assert winner(state) == 0
    assert "three Dogs on top in row 1" in reason and "three Cats on top in row 3" in reason
    assert state.view(None)["winning_lines"] == [["a1", "b1", "c1"], ["a3", "b3", "c3"]]


# -- the engine contract ---------------------------------------------------------------------


def test_declarations() -> None:
    assert games.load("tuned") is GAME
    assert (GAME.min_players, GAME.max_players, dict(GAME.options)) == (2, 2, {})
    assert not GAME.capabilities.chance and not GAME.capabilities.hidden_information
    with pytest.raises(InvalidOptions, match="players"):
        GAME.new_state(3)


def _check_invariants(state: TunedState) -> None:
    """Every animal is in exactly one place; supplies hold their owner's animals; stacks are legal."""
    placed = [piece for stack in state.stacks for piece in stack]
    supplies = [piece for seat in range(2) for piece in state.supplies[seat]]
    assert sorted(placed + supplies) == list(range(12))
    assert all(owner(piece) == seat for seat in range(2) for piece in state.supplies[seat])
    for stack, code in zip(state.stacks, state.codes, strict=True):
        assert STACKS[code] == tuple(kind_of(piece) for piece in stack)
        assert STACKS[code] in CODE_OF_STACK  # section 2.2


def test_invariants_hold_through_random_games() -> None:
    rng = Rng(8)
    for seed in range(60):
        state = GAME.new_state(2, None, seed)
        assert isinstance(state, TunedState)
        while not state.is_over():
            _check_invariants(state)
            seat = state.current_players()[0]
            state.apply(seat, rng.choice(state.legal_action_ids(seat)))
        _check_invariants(state)
        assert state.outcome() is not None and state.played <= GAME.max_length(2)


def test_a_clone_is_independent_history_and_all() -> None:
    state = position("DGC . DGC / . . . / DGC . DGC", ("", ""))
    play(state, "Ca1b1", "Cc3b3")
    before = json.dumps(state.to_json(), sort_keys=True)
    copy = state.clone()
    play(copy, "Cb1a1", "Cb3c3", "Ca1b1")
    assert json.dumps(state.to_json(), sort_keys=True) == before
    assert state.legal_action_ids(0) != copy.legal_action_ids(copy.current_players()[0])


def test_json_round_trip_keeps_the_r7_memory_and_the_last_move() -> None:
    state = position("G . . / . D . / . . C", ("DGCC", "DDGGC"))
    play(state, "Ga1b2")
    rebuilt = GAME.state_from_json(json.loads(json.dumps(state.to_json())))
    assert rebuilt.to_json() == state.to_json()
    assert rebuilt.view(1) == state.view(1)
    assert rebuilt.legal_action_ids(1) == state.legal_action_ids(
        1
    ) and "Gb2a1" not in rebuilt.legal_action_ids(1)


def test_everything_is_public() -> None:
    state = play(position("G . . / . D . / . . C", ("DGCC", "DDGGC")), "Ga1b2")
    views = [state.view(viewer) for viewer in (None, 0, 1)]
    assert all({**view, "viewer": None} == views[0] for view in views)
