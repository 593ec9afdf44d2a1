"""An independent, slow enumeration of Iwari's regular moves (R2–R9), for the move-count tables.

It shares nothing with the engine's move generator: it tries every set of pieces in one
territory, in every order, against the placement rules one piece at a time, and every
sub-multiset of the hand against every way of splitting it into payments (one matching
card or a pair of one other biome per piece, R3). A move is its result: the territory, the
tent spaces, the number of totems and the cards paid.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations, permutations

from tabletop.games.iwari.board import IwariMap

Outcome = tuple[int, frozenset[int], int, tuple[int, ...]]
"""(territory, tent spaces, totems, cards paid sorted)."""


def _pays(cards: Sequence[int], pieces: int, biome: int) -> bool:
    """Whether `cards`, all of them, split into `pieces` payments for a territory of `biome`."""
    if pieces == 0:
        return not cards
    if biome in cards:
        rest = list(cards)
        rest.remove(biome)
        if _pays(rest, pieces - 1, biome):
            return True
    for other in set(cards) - {biome}:
        if cards.count(other) >= 2:
            rest = list(cards)
            rest.remove(other)
            rest.remove(other)
            if _pays(rest, pieces - 1, biome):
                return True
    return False


def _sub_hands(hand: Sequence[int]) -> set[tuple[int, ...]]:
    return {tuple(sorted(pick)) for size in range(1, len(hand) + 1) for pick in combinations(hand, size)}


def _order_is_legal(
    pieces: Sequence[int | None], counts: Counter[int], my_totems: int, tribe: int, supply: tuple[int, int]
) -> bool:
    """One order of pieces (a space, or None for a totem) placed one by one: R4, R7, R9."""
    counts = Counter(counts)
    tents_left, totems_left = supply
    explored = sum(counts.values()) > 0
    if not explored and (len(pieces) != 1 or pieces[0] is None):
        return False
    for piece in pieces:
        if piece is None:
            if totems_left == 0 or my_totems + 1 > max(counts.values(), default=0):
                return False
            my_totems, totems_left = my_totems + 1, totems_left - 1
        else:
            if tents_left == 0:
                return False
            counts[tribe] += 1
            tents_left -= 1
    return True


def regular_moves(
    m: IwariMap,
    occupant: Sequence[int],
    *,
    totems: dict[tuple[int, int], int],
    tribe: int,
    supply: tuple[int, int],
    hand: Sequence[int],
) -> set[Outcome]:
    """Every distinct result of a regular move of `tribe` holding `hand` (cards as biome numbers)."""
    results: set[Outcome] = set()
    for territory, spaces in enumerate(m.territory_spaces):
        empty = [space for space in spaces if occupant[space] < 0]
        counts = Counter(occupant[space] for space in spaces if occupant[space] >= 0)
        choices: list[tuple[int | None, ...]] = [(space,) for space in empty] + [(None,)]
        choices += list(combinations(empty, 2)) + [(space, None) for space in empty] + [(None, None)]
        for pieces in choices:
            orders = set(permutations(pieces))
            mine = totems.get((territory, tribe), 0)
            if not any(_order_is_legal(order, counts, mine, tribe, supply) for order in orders):
                continue
            tents = frozenset(piece for piece in pieces if piece is not None)
            for cards in _sub_hands(hand):
                if _pays(list(cards), len(pieces), m.biomes[territory]):
                    results.add((territory, tents, pieces.count(None), cards))
    return results
