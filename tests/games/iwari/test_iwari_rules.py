"""Every numbered rule of docs/rules/iwari.md on concrete positions, its scenarios, the setup and
what stays hidden.

Positions are on the rules page's scenario map (see iwari_positions) unless a shipped map is
named. Tribes: 0 Red, 1 Blue, 2 Yellow (the neutral tribe with two players), 3 Green.
"""

from __future__ import annotations

import pytest
from iwari_positions import (
    BLUE,
    GREEN,
    NEUTRAL,
    RED,
    SCENARIO_MAP,
    YELLOW,
    map_with,
    moves_in,
    play,
    position,
)

from tabletop.engine import IllegalAction, Rng
from tabletop.games.iwari import GAME
from tabletop.games.iwari.board import describe, load_map
from tabletop.games.iwari.rules import (
    DISCOVERY,
    DRAW,
    FEAT,
    HONOUR,
    MOVE,
    RESPECT,
    UNION,
    extra_area_scoring,
    settlement_scoring,
    tent_points,
    tent_scoring,
    totem_scoring,
)
from tabletop.games.iwari.rules import (
    NEUTRAL as NEUTRAL_PHASE,
)
from tabletop.games.iwari.state import IwariState

FLAT = [1, 1, 1]
"""Territory factors without feats."""


def tents_of(state: IwariState, territory: str) -> list[int]:
    base = state.map.territory_index[territory] * state.tribes
    return state.tents[base : base + state.tribes]


def totems_of(state: IwariState, territory: str) -> list[int]:
    base = state.map.territory_index[territory] * state.tribes
    return state.totems[base : base + state.tribes]


# -- setup (2.2, 2.5) ---------------------------------------------------------------------


@pytest.mark.parametrize(("players", "cards", "mountains"), [(2, 47, 4), (3, 47, 3), (4, 52, 2), (5, 57, 1)])
def test_setup_deals_three_cards_lays_four_face_up_and_places_mountains_by_player_count(
    players: int, cards: int, mountains: int
) -> None:
    # 2.2: 57 cards less one (4 players) or two (2-3 players) of each biome; 2.5: 3 cards
    # each, a display of 4, one mountain per peak count k >= P - 1
    state = IwariState.new(GAME, players, GAME.resolve_options(None), 11)
    in_play = len(state.deck) + sum(state.display) + sum(map(sum, state.hands))
    assert in_play == cards
    assert all(sum(hand) == 3 for hand in state.hands) and sum(state.display) == 4
    assert sum(state.covered) == mountains
    peaks = sorted(state.map.connections[i].peaks for i, covered in enumerate(state.covered) if covered)
    assert peaks == list(range(max(players - 1, 1), 5))
    assert state.tent_supply == [20] * state.tribes and state.totem_supply == [8] * state.tribes
    assert state.tribes == (3 if players == 2 else players)


def test_the_option_map_picks_a_map_and_auto_goes_by_player_count() -> None:
    assert IwariState.new(GAME, 2, GAME.resolve_options(None), 1).map.id == "valley"
    assert IwariState.new(GAME, 5, GAME.resolve_options(None), 1).map.id == "archipelago"
    chosen = IwariState.new(GAME, 2, GAME.resolve_options({"map": "archipelago"}), 1)
    assert chosen.map.id == "archipelago"


@pytest.mark.parametrize("map_id", ["valley", "archipelago"])
def test_our_maps_are_labelled_ours_and_have_every_peak_count(map_id: str) -> None:
    m = load_map(map_id)
    assert "Tabletop's own" in m.source
    assert {link.peaks for link in m.connections} == {0, 1, 2, 3, 4}
    assert len(set(m.biomes)) == 5


# -- the turn -----------------------------------------------------------------------------


def test_r1_a_turn_is_a_regular_move_or_an_exchange() -> None:
    # R1: at the start of a turn every action is a placement or an exchange
    state = position(hands=["FDT"] * 4, deck="CC")
    ids = state.legal_action_ids(RED)
    assert all("=" in action or action.startswith("swap:") for action in ids)
    assert {"swap:F", "swap:D", "swap:T"} <= set(ids)
    play(state, "swap:T")
    assert state.phase == DRAW and all(owner == -1 for owner in state.occupant)  # R1 b: nothing placed


def test_r2_pieces_all_go_in_one_territory_and_at_least_one_is_placed() -> None:
    # R2 and scenario 4: two pieces split between F1 and F2 are refused
    state = position(tents={"F1a": BLUE, "F2a": BLUE})
    with pytest.raises(IllegalAction):
        state.apply(RED, "F1b+F2b=FF")
    with pytest.raises(IllegalAction):
        state.apply(RED, "=F")
    assert "F1b+F1c=FF" in state.legal_action_ids(RED)


def test_r3_one_matching_card_or_a_pair_pays_for_a_piece() -> None:
    # R3, scenario 2: Desert, Desert, Forest pays two pieces in explored F1; Desert, Tundra,
    # Forest only one (two different biomes pay for nothing)
    state = position(tents={"F1a": BLUE}, hands=["FDD", "F", "F", "F"])
    assert "F1b+F1c=FDD" in moves_in(state, "F1")
    state = position(tents={"F1a": BLUE}, hands=["FDT", "F", "F", "F"])
    moves = moves_in(state, "F1")
    assert moves == {"F1b=F", "F1c=F", "F1d=F", "F1*=F"}


def test_r3_two_pieces_need_a_matching_card() -> None:
    # R3
    # scenario 3: Desert, Desert, Tundra in explored F1: one piece, paid by the Desert pair
    state = position(tents={"F1a": BLUE}, hands=["DDT", "F", "F", "F"])
    assert moves_in(state, "F1") == {"F1b=DD", "F1c=DD", "F1d=DD", "F1*=DD"}


def test_r4_an_unexplored_territory_takes_exactly_one_tent() -> None:
    # R4
    # scenario 1: D1 is empty, the hand is three Deserts: one tent for one card, no totem
    state = position(hands=["DDD", "F", "F", "F"])
    assert moves_in(state, "D1") == {"D1a=D", "D1b=D", "D1c=D"}
    with pytest.raises(IllegalAction):
        state.apply(RED, "D1*=D")
    with pytest.raises(IllegalAction):
        state.apply(RED, "D1a+D1b=DD")


def test_r5_an_explored_territory_takes_two_pieces_in_any_mix() -> None:
    # R5
    state = position(tents={"D1a": RED}, hands=["DDD", "F", "F", "F"])
    moves = moves_in(state, "D1")
    assert {"D1b+D1c=DD", "D1b+D1*=DD", "D1b=D", "D1*=D"} <= moves
    assert "D1*+D1*=DD" not in moves  # R7: one tent allows only one totem


def test_r6_a_full_territory_takes_totems_but_no_tent() -> None:
    # R6
    state = position(tents={"D1a": RED, "D1b": BLUE, "D1c": BLUE}, hands=["DDD", "F", "F", "F"])
    assert moves_in(state, "D1") == {"D1*=D", "D1*+D1*=DD"}


def test_r7_r8_totems_never_outnumber_the_largest_tent_count() -> None:
    # R7, R8
    # scenario 5: F1 tents Red 2, Blue 1
    tents = {"F1a": RED, "F1b": RED, "F1c": BLUE}
    blue = position(tents=tents, current=BLUE)
    assert "F1*+F1*=FF" in moves_in(blue, "F1")  # Blue may reach 2 totems
    blue = position(tents=tents, totems={"F1": [0, 2, 0, 0]}, current=BLUE)
    assert "F1*=F" not in moves_in(blue, "F1")  # a third is refused
    red = position(tents=tents, totems={"F1": [2, 0, 0, 0]})
    assert "F1*=F" not in moves_in(red, "F1")
    play(red, "F1d+F1*=FF")  # R8: the third tent first, then the third totem
    assert totems_of(red, "F1")[RED] == 3 and tents_of(red, "F1")[RED] == 3


def test_r9_pieces_come_from_the_supply() -> None:
    # R9
    no_tents = position(tents={"F1a": BLUE}, supply=[(0, 8), (19, 8), (20, 8), (20, 8)])
    assert moves_in(no_tents, "F1") == {"F1*=F"}
    no_totems = position(tents={"F1a": BLUE}, supply=[(20, 0), (19, 8), (20, 8), (20, 8)])
    assert all("*" not in move for move in moves_in(no_totems, "F1"))
    assert "F1b+F1c=FF" in moves_in(no_totems, "F1")


def test_r13_cards_played_go_to_the_discard_pile() -> None:
    # R13
    state = position(tents={"F1a": BLUE}, hands=["FDD", "F", "F", "F"], deck="TTT")
    play(state, "F1b+F1*=FDD")
    assert state.discard == [0, 1, 0, 0, 2] and sum(state.hands[RED]) == 0


def test_r14_refill_card_by_card_from_the_deck_or_the_display() -> None:
    # R14
    state = position(hands=["FFF", "F", "F", "F"], deck="CT", display="TGGD")
    play(state, "F1a=F")
    assert state.phase == DRAW
    assert state.legal_action_ids(RED) == ["deck", "take:T", "take:G", "take:D"]
    play(state, "take:G")  # replaced at once by the top of the deck, a Coast
    assert state.display == [1, 0, 1, 1, 1] and state.hands[RED] == [0, 2, 1, 0, 0]
    assert state.current == BLUE and state.phase == MOVE  # the hand is 3 again


def test_r15_exchange_discards_one_card_and_draws_one() -> None:
    # R15
    # scenario 9
    state = position(hands=["FDT", "F", "F", "F"], deck="CC", display="TGGD")
    play(state, "swap:D", "deck")
    assert state.hands[RED] == [1, 1, 0, 1, 0] and state.discard == [0, 0, 0, 0, 1]
    assert all(owner == -1 for owner in state.occupant) and state.current == BLUE


# -- journeys and the end -------------------------------------------------------------------


def test_r20_the_first_exhaustion_scores_tents_once_and_reshuffles() -> None:
    # R20
    # scenario 10: the last deck card is drawn; the refill ends from the display; then the
    # half-journey scoring and a new deck from the discard pile
    state = position(
        players=3, hands=["FFF", "TTT", "GGG"], tents={"F1a": RED}, deck="C", display="DDTT", discard="GGGGG"
    )
    play(state, "F1b+F1c=FF")
    assert state.legal_action_ids(RED) == ["deck", "take:T", "take:D"]
    play(state, "deck")
    assert state.exhaustions == 1 and state.legal_action_ids(RED) == ["take:T", "take:D"]
    play(state, "take:T")
    assert state.half_scores == [3, 0, 0] and state.scores == [3, 0, 0]
    # the new deck: 5 Glaciers and the 2 Forests played, less one to fill the display again
    assert len(state.deck) == 6 and sum(state.display) == 4 and sum(state.discard) == 0
    assert state.current == BLUE and state.exhaustions == 1


def test_r21_the_second_exhaustion_ends_the_game_after_the_round() -> None:
    # R21
    # scenario 10: seat 1 empties the deck a second time; seat 2 (before the first player) still plays
    state = position(
        players=3, hands=["FFF", "FFF", "FFF"], deck="C", display="DD", current=BLUE, exhaustions=1
    )
    state.half_scores = [0, 0, 0]
    play(state, "F1a=F", "deck")
    assert state.end_triggered and state.current == YELLOW and not state.is_over()
    play(state, "F2a=F", "take:D")
    assert state.is_over() and state.turns == 2


def test_r21_a_players_last_tent_ends_the_game_after_the_round() -> None:
    # R21
    # scenario 11
    state = position(hands=["FFF"] * 4, deck="CCCCCCCC", supply=[(1, 8), (20, 8), (20, 8), (20, 8)])
    play(state, "F1a=F", "deck")
    assert state.end_triggered and not state.is_over()
    play(state, "F1b=F", "deck", "F1c=F", "deck")
    assert not state.is_over()
    play(state, "F1d=F", "deck")
    assert state.is_over()


def test_r21_with_deck_and_display_empty_hands_stay_short_and_an_empty_hand_passes() -> None:
    # R21
    state = position(players=3, hands=["F", "", "FF"], exhaustions=2, end_triggered=True)
    play(state, "F1a=F")
    assert state.hands[RED] == [0, 0, 0, 0, 0] and state.current == BLUE
    assert state.legal_action_ids(BLUE) == ["pass"]
    play(state, "pass")
    assert state.current == YELLOW and not state.is_over()


def test_r22_final_scoring_adds_tents_totems_settlements_and_the_map_specials() -> None:
    # R22
    state = position(
        players=3,
        hands=["F", "F", "D"],
        tents={"F1c": RED, "F1d": RED, "F2a": RED, "F2b": RED},
        totems={"F1": [1, 0, 0], "F2": [1, 0, 0]},
        current=YELLOW,
        end_triggered=True,
        exhaustions=2,
    )
    play(state, "D1a=D")
    assert state.is_over()
    assert state.final_parts == {
        "tents": [4, 0, 1],
        "totems": [2, 0, 0],
        "settlements": [4, 0, 0],
        "area": [0, 0, 0],
    }
    assert state.scores == [10, 0, 1]


# -- the neutral tribe ----------------------------------------------------------------------


def test_r30_the_cards_left_move_the_neutral_tribe() -> None:
    # R30
    # scenario 12: one Forest for Red's tent; the two Deserts left go to the neutral tribe
    state = position(players=2, hands=["FDD", "FFF"], deck="CCCCC")
    play(state, "F1a=F")
    assert state.phase == NEUTRAL_PHASE
    ids = state.legal_action_ids(RED)
    assert "D1a=D" in ids and "F1b=DD" in ids and "F1b+F1c=DD" not in ids
    play(state, "D1a=D")
    assert state.occupant[state.map.space_index["D1a"]] == NEUTRAL
    assert sum(state.hands[RED]) == 0 and state.discard[4] == 2  # the Desert left is discarded
    play(state, "deck", "deck", "deck")
    assert sum(state.hands[RED]) == 3 and state.current == BLUE


def test_r30_no_neutral_move_after_an_exchange_or_a_move_using_every_card() -> None:
    # R30
    state = position(players=2, hands=["FDD", "FFF"], deck="CCCCC", tents={"F1a": BLUE})
    play(state, "swap:F")
    assert state.phase == DRAW
    state = position(players=2, hands=["FDD", "FFF"], deck="CCCCC", tents={"F1a": BLUE})
    play(state, "F1b+F1*=FDD")
    assert state.phase == DRAW


def test_r30_cards_the_neutral_tribe_cannot_use_are_discarded() -> None:
    # R30
    # no Tundra territory on the scenario map: a Tundra alone pays for nothing
    state = position(players=2, hands=["FT", "FFF"], deck="CCCCC")
    play(state, "F1a=F")
    assert state.legal_action_ids(RED) == ["discard"]
    play(state, "discard")
    assert state.phase == DRAW and state.discard[0] == 1


def test_r31_the_neutral_tribe_counts_in_majorities_but_cannot_win() -> None:
    # R31
    state = position(
        players=2,
        hands=["F", "F"],
        tents={"F1a": NEUTRAL, "F1b": NEUTRAL, "F1c": RED, "F2a": BLUE},
        current=BLUE,
        end_triggered=True,
        exhaustions=2,
    )
    play(state, "F2b=F")
    assert state.scores == [2, 2, 3]  # the neutral tribe leads F1 (2 of 3 tents): Red scores 2
    outcome = state.outcome()
    assert outcome is not None and outcome.scores == (2.0, 2.0)  # the neutral's 3 does not win
    assert outcome.ranks == (1, 2)  # R55: Red has a piece more left


# -- scoring --------------------------------------------------------------------------------


def test_r40_tent_majorities_score_the_total_and_the_next_count_up() -> None:
    # R40
    # scenario 6: Red 3, Blue 2, Green 2, Yellow 1 -> 8, 3, 3, 2; Red 2 and Blue 2 -> 4 each
    assert tent_points([3, 2, 1, 2]) == [8, 3, 2, 3]
    assert tent_points([2, 2, 0, 0]) == [4, 4, 0, 0]
    state = position(
        tents={"F1a": RED, "F1b": RED, "F1c": RED, "F1d": BLUE, "F2a": BLUE, "F2b": GREEN, "F2c": YELLOW}
    )
    # F1: Red 3, Blue 1 -> 4, 3; F2: Blue, Green, Yellow 1 each -> 3 each
    assert tent_scoring(SCENARIO_MAP, state.tents, 4, FLAT) == [4, 6, 3, 3]
    assert tent_scoring(SCENARIO_MAP, state.tents, 4, [2, 1, 1]) == [8, 9, 3, 3]  # R70 factor


def test_r42_r43_totem_majorities_at_both_ends_score_every_totem_there() -> None:
    # R42, R43
    # scenario 7: F1 Red 2 Blue 1, F2 Red 1 Blue 1: Red leads F1 and ties F2 -> 5
    state = position(totems={"F1": [2, 1, 0, 0], "F2": [1, 1, 0, 0]})
    assert totem_scoring(SCENARIO_MAP, state.totems, 4, [False, False], [1, 1]) == [5, 0, 0, 0]
    assert totem_scoring(SCENARIO_MAP, state.totems, 4, [True, False], [1, 1]) == [0, 0, 0, 0]  # R43


def test_r52_four_road_linked_tents_make_a_settlement() -> None:
    # R52
    # scenario 8
    state = position(tents={"F1c": RED, "F1d": RED, "F2a": RED, "F2b": RED})
    assert settlement_scoring(SCENARIO_MAP, state.occupant, 4) == [4, 0, 0, 0]
    state = position(tents={"F1c": RED, "F1d": RED, "F2a": RED, "F2c": RED})
    assert settlement_scoring(SCENARIO_MAP, state.occupant, 4) == [0, 0, 0, 0]


def test_r55_equal_scores_go_to_the_most_pieces_left() -> None:
    # R55
    # scenario 13: A has 3 pieces left, B 5: B wins
    state = position(
        players=3,
        hands=["F", "F", "D"],
        supply=[(2, 1), (3, 2), (10, 8)],
        scores=[20, 20, 0],
        current=YELLOW,
        end_triggered=True,
        exhaustions=2,
    )
    play(state, "D1a=D")
    outcome = state.outcome()
    assert outcome is not None and outcome.scores == (20.0, 20.0, 1.0) and outcome.ranks == (2, 1, 3)


def test_r55_equal_scores_and_pieces_share_the_win() -> None:
    # R55
    state = position(
        players=3,
        hands=["F", "F", "D"],
        supply=[(3, 2), (3, 2), (10, 8)],
        scores=[20, 20, 0],
        current=YELLOW,
        end_triggered=True,
        exhaustions=2,
    )
    play(state, "D1a=D")
    outcome = state.outcome()
    assert outcome is not None and outcome.ranks == (1, 1, 3)


# -- map specials ---------------------------------------------------------------------------


def test_r60_connections_act_as_roads_on_such_a_map() -> None:
    # R60
    tents = {"F1a": RED, "F1b": RED, "F2c": RED, "D1b": RED}
    plain = position(tents=tents)
    assert settlement_scoring(SCENARIO_MAP, plain.occupant, 4)[RED] == 0
    linked = map_with(special={"connections_are_roads": True})
    state = position(tents=tents, game_map=linked)
    assert settlement_scoring(linked, state.occupant, 4)[RED] == 4


def test_r61_two_connections_between_the_same_territories_score_separately() -> None:
    # R61
    twice = map_with(
        connections=[
            {"number": 1, "a": "F1", "b": "F2", "kind": "land"},
            {"number": 2, "a": "F2", "b": "D1", "kind": "water"},
            {"number": 11, "a": "F1", "b": "F2", "kind": "water"},
        ]
    )
    state = position(totems={"F1": [2, 0, 0, 0], "F2": [1, 0, 0, 0]}, game_map=twice)
    assert totem_scoring(twice, state.totems, 4, [False] * 3, [1] * 3) == [6, 0, 0, 0]


def test_r62_the_extra_area_is_scored_like_a_territory() -> None:
    # R62
    area = map_with(special={"extra_majority_area": ["F1a", "F2a", "D1a"]})
    state = position(tents={"F1a": RED, "F2a": RED, "D1a": BLUE}, game_map=area)
    assert extra_area_scoring(area, state.occupant, 4) == [3, 2, 0, 0]


# -- feats ----------------------------------------------------------------------------------


def feats_position(**parts: object) -> IwariState:
    return position(options={"feats": True}, deck="CCCCCCCC", **parts)  # type: ignore[arg-type]


def test_r70_union_goes_on_a_territory_of_the_first_settlements() -> None:
    # R70
    state = feats_position(tents={"F1c": RED, "F1d": RED, "F2a": RED})
    play(state, "F2b=F")
    assert state.phase == FEAT and state.legal_action_ids(RED) == ["feat:F1", "feat:F2"]
    play(state, "feat:F2")
    assert state.territory_feats == [0, 1, 0] and state.feat_takers[UNION] == [RED]
    assert state.phase == DRAW


def test_r70_discovery_for_filling_a_territory_goes_elsewhere() -> None:
    # R70
    state = feats_position(tents={"D1a": BLUE, "D1b": BLUE}, hands=["DDD", "F", "F", "F"])
    play(state, "D1c=D")
    assert state.legal_action_ids(RED) == ["feat:F1", "feat:F2"]
    play(state, "feat:F2")
    assert state.territory_feats == [0, 1, 0] and state.feat_takers[DISCOVERY] == [RED]


def test_r70_honour_and_respect_go_on_the_connection_led_at_both_ends() -> None:
    # R70
    state = feats_position(tents={"F1a": RED, "F2a": RED}, totems={"F2": [1, 0, 0, 0]})
    play(state, "F1*=F")
    assert state.connection_feats == [1, 0] and state.feat_takers[HONOUR] == [RED]
    state = feats_position(
        tents={"F2a": RED, "D1a": RED}, totems={"F2": [1, 0, 0, 0]}, hands=["DDD", "F", "F", "F"]
    )
    play(state, "D1*=D")
    assert state.connection_feats == [0, 1] and state.feat_takers[RESPECT] == [RED]


def test_r70_r43_a_covered_connection_earns_no_feat() -> None:
    # R70, R43
    state = feats_position(tents={"F1a": RED, "F2a": RED}, totems={"F2": [1, 0, 0, 0]}, covered=[1])
    play(state, "F1*=F")
    assert state.connection_feats == [0, 0] and state.feat_takers[HONOUR] == []


def test_r70_each_feat_is_earned_once_per_tribe_and_only_by_two_tribes() -> None:
    # R70
    state = feats_position(tents={"F1c": RED, "F1d": RED, "F2a": RED})
    state.feat_takers[UNION] = [BLUE]
    play(state, "F2b=F", "feat:F1")
    assert state.feat_takers[UNION] == [BLUE, RED]  # the second Union token
    again = feats_position(tents={"F1c": RED, "F1d": RED, "F2a": RED})
    again.feat_takers[UNION] = [RED]
    play(again, "F2b=F")
    assert again.phase == DRAW  # Red has had its Union
    later = feats_position(tents={"F1c": GREEN, "F1d": GREEN, "F2a": GREEN}, current=GREEN)
    later.feat_takers[UNION] = [BLUE, RED]
    play(later, "F2b=F")
    assert later.phase == DRAW  # both Union tokens are gone


def test_r70_feats_are_off_unless_the_table_asks() -> None:
    # R70
    state = position(tents={"F1a": RED, "F1b": RED, "F1c": RED}, deck="CC")
    play(state, "F1d=F")
    assert state.phase == DRAW and state.territory_feats == [0, 0, 0]


def test_r75_expeditions_are_not_offered() -> None:
    # R75
    assert set(GAME.options) == {"map", "feats"}


# -- hidden information ---------------------------------------------------------------------


def _hidden_parts_equal(state: IwariState, viewer: int | None, rng: Rng) -> None:
    """Resampling what `viewer` cannot see changes neither their view, nor its drawing, nor a log line."""
    view = state.view(viewer)
    other = state.determinize(viewer, rng.spawn())
    assert other.view(viewer) == view
    assert GAME.draw_svg(other.view(viewer)) == GAME.draw_svg(view)
    mover = state.current_players()[0]
    neutral = state.phase == NEUTRAL_PHASE
    feat = state.pending[0][0] if state.pending else ""
    for action in state.legal_action_ids(mover):
        label = state.public_label(viewer, mover, action)
        assert label == describe(state.map, action, neutral, feat).label  # from the id alone
        if other.is_legal(mover, action):
            assert other.public_label(viewer, mover, action) == label
        if action == "deck":
            assert label == "Draw from the deck"


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (5, 4)])
def test_no_hand_or_deck_card_shows_in_any_view_drawing_or_log_line(players: int, seed: int) -> None:
    # for every seat and a spectator at every step, resampling what they cannot see changes
    # nothing they are shown; other hands appear only as counts until the game is over
    state = GAME.new_state(players, {"feats": seed % 2 == 1}, seed)
    assert isinstance(state, IwariState)
    rng = Rng(seed)
    while not state.is_over():
        for viewer in [None, *range(players)]:
            _hidden_parts_equal(state, viewer, rng)
            view = state.view(viewer)
            assert [hand is not None for hand in view["hands"]] == [seat == viewer for seat in range(players)]
            assert isinstance(view["deck"], int)
        mover = state.current_players()[0]
        state.apply(mover, rng.choice(state.legal_action_ids(mover)))
    assert all(hand is not None for hand in state.view(None)["hands"])  # shown at the end


def test_determinize_keeps_the_cards_seen_taken_from_the_display() -> None:
    state = position(players=3, hands=["FFF", "TTT", "GG"], deck="CCCDDD", display="DTTT", current=YELLOW)
    play(state, "F1a=GG", "take:D", "deck")
    assert state.known[YELLOW] == [0, 0, 0, 0, 1]
    for seed in range(10):
        copy = state.determinize(RED, Rng(seed))
        assert copy.hands[YELLOW][4] >= 1 and copy.hands[RED] == state.hands[RED]
        every = [sum(c) for c in zip(*copy.hands, copy.display, copy.discard, strict=True)]
        deck = [copy.deck.count(biome) for biome in range(5)]
        original = [sum(c) for c in zip(*state.hands, state.display, state.discard, strict=True)]
        assert [a + b for a, b in zip(every, deck, strict=True)] == [
            a + state.deck.count(biome) for biome, a in enumerate(original)
        ]
