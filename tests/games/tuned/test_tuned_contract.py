"""Tuned through the engine contract: declarations, invariants over random games, copies, views."""

from __future__ import annotations

import json

import pytest
from tuned_positions import play, position

from tabletop import games
from tabletop.engine import InvalidOptions, Rng
from tabletop.games.tuned import GAME
from tabletop.games.tuned.barn import CODE_OF_STACK, STACKS, kind_of, owner
from tabletop.games.tuned.state import TunedState


def test_declarations() -> None:
    assert games.load("tuned") is GAME
    assert (GAME.min_players, GAME.max_players, dict(GAME.options)) == (2, 2, {})
    assert not GAME.capabilities.chance and not GAME.capabilities.hidden_information
    with pytest.raises(InvalidOptions, match="players"):
        GAME.new_state(3)


def _check_invariants(state: TunedState) -> None:
    """Every animal is in exactly one place; supplies hold their owner's animals; stacks are legal."""
    placed = [piece for stack in state.stacks for piece in stack]
    supplies = [piece for seat in range(2) for piece in state.supply(seat)]
    assert sorted(placed + supplies) == list(range(12))
    assert all(owner(piece) == seat for seat in range(2) for piece in state.supply(seat))
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
