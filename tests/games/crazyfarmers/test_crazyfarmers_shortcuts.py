"""The shortcuts of Crazy Farmers' move generation give exactly what the plain rules gave.

Four things are no longer recomputed at every step (issue 15): the mover's legal ids are
listed once per position (`_legal`), the crossroads a tractor may not enter once per turn
until a cut, an elimination or a card (`_blocked`), and an annexation is looked for only when
the fence grows to a crossroad by the own field; and the fields are counted against the goal
only after an annexation or a Bribe. Each is checked here on every position of
seeded random games at two, three and four players, with and without the Game Over card,
and the legal ids of those games against a digest taken before the shortcuts existed.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator

import pytest

from tabletop.engine import Rng
from tabletop.games.crazyfarmers import GAME
from tabletop.games.crazyfarmers.farm import Farm
from tabletop.games.crazyfarmers.rules import closing_index
from tabletop.games.crazyfarmers.state import CrazyFarmersState

BEFORE_THE_SHORTCUTS = "725854ace322714d623c0a6d8d790c12917af03c13fd2bc9dd0c71ae18bbda5a"
"""The digest of `_legal_id_digest()` from the engine of commit 6c068a5, which listed every
move, blocked crossroad and annexation from scratch at every step."""


def _random_games(seeds: range) -> Iterator[tuple[CrazyFarmersState, Rng]]:
    for players in (2, 3, 4):
        for seed in seeds:
            state = GAME.new_state(players, {"game_over_card": seed % 2 == 1}, seed)
            assert isinstance(state, CrazyFarmersState)
            yield state, Rng(seed)


def _positions(seeds: range) -> Iterator[CrazyFarmersState]:
    """Every position of random games (the state itself, played on after each yield)."""
    for state, rng in _random_games(seeds):
        while seats := state.current_players():
            yield state
            state.apply(seats[0], rng.choice(state.legal_action_ids(seats[0])))


def _legal_id_digest() -> str:
    digest = hashlib.sha256()
    for state, rng in _random_games(range(50)):
        while seats := state.current_players():
            ids = state.legal_action_ids(seats[0])
            digest.update(" ".join(ids).encode() + b"|")
            state.apply(seats[0], rng.choice(ids))
        digest.update(repr(state.outcome()).encode())
    return digest.hexdigest()


def test_150_seeded_random_games_list_the_same_ids_as_before_the_shortcuts() -> None:
    # R1–R66: every legal id list of every step, and each outcome, as the plain engine had them.
    assert _legal_id_digest() == BEFORE_THE_SHORTCUTS


@pytest.mark.parametrize("seeds", [range(0, 15), range(15, 30)])
def test_the_kept_ids_and_blocked_crossroads_equal_a_fresh_listing(seeds: range) -> None:
    # R3, R11–R14, R50–R58: what is kept for a position is what listing it anew gives.
    for state in _positions(seeds):
        fresh = state.clone()
        fresh._legal = fresh._blocked = None
        assert state.legal_action_ids(state.current) == fresh.legal_action_ids(fresh.current)
        assert state.blocked(state.current) == state._find_blocked(state.current)


@pytest.mark.parametrize("seeds", [range(0, 15), range(15, 30)])
def test_no_fence_touches_its_main_field_but_at_its_start(seeds: range) -> None:
    # R25: a fence reaching the main field is annexed at once, so between actions no crossroad
    # of a fence but its first touches the main field; hence only a growing fence's new end
    # can close it, which is all `_drive` looks at.
    for state in _positions(seeds):
        for seat in range(state.players):
            fence = state.fences[seat]
            assert not fence or closing_index(state.main_field(seat), fence) == 0


def _goal_reached(state: CrazyFarmersState) -> bool:
    """R62, R64 counted from scratch: one farmer left, or the fields at the goal."""
    totals = [field.bit_count() for field in state.fields]
    reached = sum(totals) if state.players == 2 else max(totals)
    return state.eliminated.count(False) == 1 or reached >= state.goal


@pytest.mark.parametrize("seeds", [range(0, 15), range(15, 30)])
def test_a_game_goes_on_only_while_no_goal_is_reached(seeds: range) -> None:
    # R62, R64: the fields are counted only after an annexation or a Bribe, yet no position
    # of a game still going on has a goal reached or a single farmer left.
    for state in _positions(seeds):
        assert not _goal_reached(state)


def test_a_clone_copies_every_slot_of_the_position() -> None:
    # `clone` names each slot rather than looping over them: none may be forgotten.
    for state in _positions(range(0, 3)):
        twin = state.clone()
        for name in Farm.__slots__:
            if name != "rng":
                assert getattr(twin, name) == getattr(state, name), name
        assert twin.rng.state == state.rng.state
