"""Move counts from the seeded starts, checked against an independent enumeration (iwari_reference).

Depth 1 is the first player's regular moves (R2–R9) and exchanges (R15); depth 2 adds what
follows each: the neutral tribe's move with the cards left (R30, two players) or the first
refill draw (R14). Depth 3 is the engine's own count, written down to pin it.
"""

from __future__ import annotations

import pytest
from iwari_positions import RED, position
from iwari_reference import Outcome, regular_moves

from perft import perft
from tabletop.games.iwari import GAME
from tabletop.games.iwari.board import BIOME_OF_LETTER, LETTERS, IwariMap
from tabletop.games.iwari.state import IwariState

SEED = 2026
PERFT = {
    2: (58, 977, 4100),
    3: (31, 155, 9430),
    4: (79, 237, 7026),
    5: (79, 316, 10140),
}
"""Players -> perft at depths 1, 2 and 3 from `GAME.new_state(players, None, SEED)`."""


def outcome_of(m: IwariMap, action_id: str) -> Outcome:
    """The result an engine id names, read without the engine's parser."""
    pieces, cards = action_id.split("=")
    tents = frozenset(m.space_index[piece] for piece in pieces.split("+") if not piece.endswith("*"))
    totems = sum(piece.endswith("*") for piece in pieces.split("+"))
    first = pieces.split("+")[0].rstrip("*")
    territory = (
        m.territory_index[first] if first in m.territory_index else m.space_territory[m.space_index[first]]
    )
    return territory, tents, totems, tuple(sorted(BIOME_OF_LETTER[card] for card in cards))


def reference_moves(state: IwariState, tribe: int, hand: list[int]) -> set[Outcome]:
    totems = {
        (territory, t): state.totems[territory * state.tribes + t]
        for territory in range(len(state.map.territory_ids))
        for t in range(state.tribes)
    }
    supply = (state.tent_supply[tribe], state.totem_supply[tribe])
    return regular_moves(state.map, state.occupant, totems=totems, tribe=tribe, supply=supply, hand=hand)


def hand_cards(state: IwariState, seat: int) -> list[int]:
    return [biome for biome, count in enumerate(state.hands[seat]) for _ in range(count)]


def reference_depth_1(state: IwariState) -> int:
    seat = state.current
    hand = hand_cards(state, seat)
    return len(reference_moves(state, seat, hand)) + len(set(hand))


def reference_depth_2(state: IwariState) -> int:
    """Each first action followed by the count of the next decision, worked out by hand."""
    seat = state.current
    draws = int(bool(state.deck)) + sum(1 for count in state.display if count)
    total = len(set(hand_cards(state, seat))) * draws  # an exchange, then the first draw
    for action in state.legal_action_ids(seat):
        if "=" not in action:
            continue
        child = state.clone()
        child.apply(seat, action)
        left = hand_cards(state, seat)
        for letter in action.split("=")[1]:
            left.remove(BIOME_OF_LETTER[letter])
        if state.players == 2 and left:
            total += len(reference_moves(child, 2, left)) or 1
        else:
            total += draws
    return total


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_depth_1_and_2_agree_with_the_independent_enumeration(players: int) -> None:
    state = GAME.new_state(players, None, SEED)
    assert isinstance(state, IwariState)
    seat = state.current
    engine = {outcome_of(state.map, a) for a in state.legal_action_ids(seat) if "=" in a}
    assert engine == reference_moves(state, seat, hand_cards(state, seat))
    assert perft(state, 1) == reference_depth_1(state) == PERFT[players][0]
    assert perft(state, 2) == reference_depth_2(state) == PERFT[players][1]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_depth_3_is_pinned(players: int) -> None:
    assert perft(GAME.new_state(players, None, SEED), 3) == PERFT[players][2]


@pytest.mark.parametrize(
    ("tents", "totems", "hand"),
    [
        ({}, {}, "FDD"),
        ({"F1a": 1}, {}, "FDD"),
        ({"F1a": 0, "F1b": 0, "F1c": 1}, {"F1": [1, 0, 0, 0]}, "FFD"),
        ({"D1a": 2, "D1b": 2, "F2a": 0}, {"D1": [0, 0, 2, 0]}, "DDD"),
        ({"F1a": 1, "F1b": 1, "F2a": 0}, {"F2": [1, 1, 0, 0]}, "FFF"),
        ({"F1a": 1, "F1b": 0, "F1c": 0, "F1d": 0}, {"F1": [2, 0, 0, 0]}, "TTF"),
    ],
)
def test_mid_game_positions_agree_with_the_independent_enumeration(
    tents: dict[str, int], totems: dict[str, list[int]], hand: str
) -> None:
    state = position(tents=tents, totems=totems, hands=[hand, "F", "F", "F"])
    engine = {outcome_of(state.map, a) for a in state.legal_action_ids(RED) if "=" in a}
    assert engine == reference_moves(state, RED, hand_cards(state, RED))
    assert all(f"swap:{LETTERS[b]}" in state.legal_action_ids(RED) for b in set(hand_cards(state, RED)))
