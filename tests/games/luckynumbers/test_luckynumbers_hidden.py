"""Hidden information: the face-down pile's order and the tile in hand never leak, and
`determinize` resamples exactly them (R2 as the issue reads it: the drawn tile is seen by its
holder alone until it is placed or put on the table)."""

from __future__ import annotations

import json

from luckynumbers_positions import position

from tabletop.engine import Rng, State
from tabletop.games.luckynumbers import GAME

DIAGONAL_3_9_9_14 = "3 . . . / . 9 . . / . . 9 . / . . . 14"
DIAGONAL_2_6_11_17 = "2 . . . / . 6 . . / . . 11 . / . . . 17"


def _after_seat_0_draws() -> State:
    state = position([DIAGONAL_3_9_9_14, DIAGONAL_2_6_11_17], table=[5], pile_top=[12, 7, 19])
    state.apply(0, "draw")
    return state


def _face_down_ids(state: State) -> set[str]:
    """The element ids of the face-down tiles, quoted as they would appear in JSON or SVG."""
    return {f'"tile-{name}"' for name in state.to_json()["pile"]}


def _drawn_id(state: State) -> str:
    return f"tile-{state.to_json()['held']}"


def _quoted(element_id: str) -> str:
    return f'"{element_id}"'


def test_the_drawn_tile_is_in_its_holders_view_only() -> None:
    state = _after_seat_0_draws()
    drawn = _drawn_id(state)
    assert state.view(0)["drawn"] == {"id": drawn, "number": 12, "colour": "yellow"}
    assert _quoted(drawn) in json.dumps(state.view(0))
    for viewer in (1, None):
        view = state.view(viewer)
        assert view["drawn"] is None and view["in_hand"] is True
        assert _quoted(drawn) not in json.dumps(view) and "12" not in view["prompt"]
        assert _quoted(drawn) not in GAME.draw_svg(view) and "12" not in GAME.draw_text(view)
    assert _quoted(drawn) in GAME.draw_svg(state.view(0))


def test_no_view_ever_names_a_face_down_tile_or_the_pile_order() -> None:
    state = _after_seat_0_draws()
    hidden = _face_down_ids(state)
    for viewer in (0, 1, None):
        text = json.dumps(state.view(viewer))
        assert not any(tile in text for tile in hidden)
        assert state.view(viewer)["pile"] == len(hidden)


def test_the_last_move_of_a_draw_names_no_tile() -> None:
    state = _after_seat_0_draws()
    assert state.view(1)["last_move"]["tile"] is None
    assert state.view(1)["last_move"]["text"] == "Player 1 drew a tile"


def test_the_tile_is_revealed_once_placed_or_put_on_the_table() -> None:
    state = _after_seat_0_draws()
    drawn = _drawn_id(state)
    state.apply(0, "discard")
    assert _quoted(drawn) in json.dumps(state.view(1)) and _quoted(drawn) in json.dumps(state.view(None))


def test_views_of_other_seats_do_not_change_when_the_hidden_part_does() -> None:
    # Two positions that differ only in the tile in hand and the pile order look the same to
    # seat 1 and to a spectator, and different to seat 0.
    one = _after_seat_0_draws()
    data = one.to_json()
    data["held"], data["pile"][0] = data["pile"][0], data["held"]
    data["pile"] = data["pile"][::-1]
    other = GAME.state_from_json(data)
    assert other.view(1) == one.view(1) and other.view(None) == one.view(None)
    assert other.view(0) != one.view(0)


def test_determinize_for_another_seat_resamples_the_hand_and_the_pile() -> None:
    state = _after_seat_0_draws()
    before = state.to_json()
    hands, piles = set(), set()
    for seed in range(12):
        world = state.determinize(1, Rng(seed)).to_json()
        # What seat 1 saw is kept: gardens, table, turn, counts.
        for key in ("gardens", "table", "current", "phase", "stall", "totals", "last_move"):
            assert world[key] == before[key]
        assert len(world["pile"]) == len(before["pile"])
        # Tile conservation: hand and pile together hold exactly the same tiles.
        assert sorted([*world["pile"], world["held"]]) == sorted([*before["pile"], before["held"]])
        hands.add(world["held"])
        piles.add(tuple(world["pile"]))
    assert len(hands) > 1 and len(piles) > 1
    assert state.to_json() == before


def test_determinize_for_the_holder_keeps_the_hand_and_shuffles_the_pile() -> None:
    state = _after_seat_0_draws()
    before = state.to_json()
    piles = set()
    for seed in range(6):
        world = state.determinize(0, Rng(seed))
        assert world.to_json()["held"] == before["held"]
        assert sorted(world.to_json()["pile"]) == sorted(before["pile"])
        assert world.view(0) == state.view(0)
        assert world.legal_action_ids(0) == state.legal_action_ids(0)
        piles.add(tuple(world.to_json()["pile"]))
    assert len(piles) > 1


def test_determinize_for_a_spectator_keeps_their_view() -> None:
    state = _after_seat_0_draws()
    for seed in range(4):
        world = state.determinize(None, Rng(seed))
        assert world.view(None) == state.view(None) and world.view(1) == state.view(1)


def test_a_determinized_world_draws_what_the_real_game_does_not_foresee() -> None:
    # The next draw in resampled worlds varies, so a bot cannot read the real pile.
    state = position([DIAGONAL_3_9_9_14, DIAGONAL_2_6_11_17], pile_top=[12])
    drawn = set()
    for seed in range(10):
        world = state.determinize(0, Rng(seed))
        world.apply(0, "draw")
        drawn.add(world.view(0)["drawn"]["id"])
    assert len(drawn) > 1


def test_determinize_reseeds_the_generator_of_later_rounds() -> None:
    # In a tournament the next round's shuffle comes from the state's generator: resampled too.
    state = GAME.new_state(2, {"tournament": True}, 4)
    worlds = {state.determinize(0, Rng(seed)).to_json()["rng"] for seed in range(3)}
    assert state.to_json()["rng"] not in worlds and len(worlds) == 3


def test_michaels_setup_tile_is_hidden_from_the_others_too() -> None:
    state = GAME.new_state(3, {"setup": "michael"}, 2)
    seat = state.current_players()[0]
    drawn = _drawn_id(state)
    assert state.view(seat)["drawn"]["id"] == drawn
    for viewer in [None, *(other for other in range(3) if other != seat)]:
        assert _quoted(drawn) not in json.dumps(state.view(viewer))
