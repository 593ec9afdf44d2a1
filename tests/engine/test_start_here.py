"""`State.start_here` and `Game.replay(..., start=...)`: a new table begun at a recorded position.

For every registered game a seeded random game is stopped halfway; the new table's first
position keeps what the table showed, deals anew what nobody could see, takes its dice from
its own seed, survives JSON, and plays on from there exactly as the original would have
wherever neither chance nor hidden information comes in.
"""

from __future__ import annotations

import json

import pytest

from tabletop import games
from tabletop.engine import ActionId, Game, IllegalAction, Rng, Seat, State

NEW_TABLE_SEED = 20_261_201
MoveList = list[tuple[Seat, ActionId]]


def _random_game(game: Game, seed: int) -> tuple[State, MoveList]:
    """A seeded random game of two players (or the game's least count above), played to the end."""
    players = max(game.min_players, min(2, game.max_players))
    state = game.new_state(players, seed=seed)
    moves: MoveList = []
    chooser = Rng(seed + 1)
    while not state.is_over():
        seat = chooser.choice(state.current_players())
        action_id = chooser.choice(state.legal_action_ids(seat))
        state.apply(seat, action_id)
        moves.append((seat, action_id))
    return game.new_state(players, seed=seed), moves


def _halfway(game: Game, seed: int = 11) -> tuple[State, MoveList]:
    """The position after half of a random game's moves, and the moves the original played next."""
    start, moves = _random_game(game, seed)
    half = len(moves) // 2
    state = game.replay(start.players, None, seed, moves[:half])
    return state, moves[half:]


def _json(state: State) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


@pytest.mark.parametrize("game_id", games.ids())
def test_the_new_table_shows_what_the_old_one_showed(game_id: str) -> None:
    game = games.load(game_id)
    origin, _ = _halfway(game)
    start = origin.start_here(NEW_TABLE_SEED)
    assert start.view(None) == origin.view(None)
    assert start.current_players() == origin.current_players()
    if not game.capabilities.hidden_information:
        for seat in range(origin.players):
            assert start.view(seat) == origin.view(seat)
            assert start.legal_action_ids(seat) == origin.legal_action_ids(seat)


@pytest.mark.parametrize("game_id", games.ids())
def test_the_snapshot_replays_through_json_and_plays_to_the_end(game_id: str) -> None:
    game = games.load(game_id)
    origin, rest = _halfway(game)
    start = origin.start_here(NEW_TABLE_SEED)
    stored = json.loads(_json(start))
    played = game.replay(origin.players, None, 0, [], start=stored)
    assert _json(played) == _json(start)
    chooser, moves = Rng(5), []
    while not played.is_over():
        seat = chooser.choice(played.current_players())
        moves.append((seat, chooser.choice(played.legal_action_ids(seat))))
        played.apply(*moves[-1])
        assert len(moves) <= len(rest) + game.max_length(origin.players)
    replayed = games.replay(game_id, origin.players, None, 0, moves, start=stored)
    assert _json(replayed) == _json(played)


@pytest.mark.parametrize("game_id", [g.id for g in games.all() if not g.capabilities.hidden_information])
def test_without_hidden_information_play_continues_exactly_as_the_original(game_id: str) -> None:
    """Given the original's dice to come, the new table is the original: only the generator differs."""
    game = games.load(game_id)
    origin, rest = _halfway(game)
    start = origin.start_here(NEW_TABLE_SEED)
    if game.capabilities.chance:
        start.rng = origin.rng.copy()
    assert _json(start) == _json(origin)
    for seat, action_id in rest:
        start.apply(seat, action_id)
        origin.apply(seat, action_id)
        assert _json(start) == _json(origin)
    assert start.outcome() == origin.outcome()


@pytest.mark.parametrize("game_id", [g.id for g in games.all() if g.capabilities.chance])
def test_the_dice_to_come_belong_to_the_new_tables_seed(game_id: str) -> None:
    origin, _ = _halfway(games.load(game_id))
    first, again, other = (origin.start_here(seed) for seed in (1, 1, 2))
    assert _json(first) == _json(again)
    assert first.rng.state != origin.rng.state
    assert first.rng.state != other.rng.state


def test_the_undrawn_pile_is_shuffled_again() -> None:
    """Lucky Numbers' face-down pile: whoever watched the original learns nothing of its order."""
    origin, _ = _halfway(games.load("luckynumbers"))
    start = origin.start_here(NEW_TABLE_SEED)
    origin_pile, new_pile = origin.to_json()["pile"], start.to_json()["pile"]
    assert sorted(new_pile) == sorted(origin_pile)
    assert new_pile != origin_pile


def test_a_finished_game_cannot_be_played_on() -> None:
    game = games.load("kalah")
    start, moves = _random_game(game, 3)
    over = game.replay(start.players, None, 3, moves)
    with pytest.raises(IllegalAction, match="the game is over"):
        over.start_here(NEW_TABLE_SEED)
