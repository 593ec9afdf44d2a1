"""Iwari's rules as pure functions of a position: payments, legal placements, scoring, feats.

Rules R2–R9, R40–R62 and R70 of docs/rules/iwari.md. A position is given by plain lists:
`occupant` (per tent space, the tribe there or -1), `tents` and `totems` (counts, flat,
``[territory * tribes + tribe]``), and hands as counts per biome (`board.Hand`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from itertools import product
from operator import getitem
from typing import Any

import numpy as np

from tabletop.engine import Tensor
from tabletop.games.iwari.board import HAND_SIZE, LETTERS, Hand, IwariMap

MOVE, NEUTRAL, FEAT, DRAW, OVER = "move", "neutral", "feat", "draw", "over"
"""The phases of a turn: the regular move or exchange (R1), the neutral tribe's move (R30), placing
a feat earned (R70), the refill card by card (R14); and the end."""
PHASES = (MOVE, NEUTRAL, FEAT, DRAW, OVER)
SETTLEMENT_SIZE = 4
"""The fewest tents that make a settlement (R52)."""
UNION, DISCOVERY, HONOUR, RESPECT = "union", "discovery", "honour", "respect"
FEAT_COPIES = {UNION: 2, DISCOVERY: 2, HONOUR: 1, RESPECT: 1}
"""The six feat tokens (R70)."""


def payments(hand: Hand, biome: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The ways `hand` pays for one piece and for two pieces in a territory of `biome` (R3).

    One piece costs a card of the biome or a pair of one other biome (a joker); two pieces
    need a matching card and then a second one or a pair, since at most 3 cards are played.
    Payments are letters, the matching card first: ("F", "DD"), ("FF", "FDD").
    """
    match = LETTERS[biome]
    pairs = [LETTERS[other] * 2 for other in range(len(LETTERS)) if other != biome and hand[other] >= 2]
    one = ([match] if hand[biome] else []) + pairs
    two = ([match * 2] if hand[biome] >= 2 else []) + (
        [match + pair for pair in pairs] if hand[biome] else []
    )
    return tuple(one), tuple(two)


HANDS: tuple[Hand, ...] = tuple(
    hand for hand in product(range(HAND_SIZE + 1), repeat=len(LETTERS)) if sum(hand) <= HAND_SIZE
)
"""Every hand a player can hold (at most 3 cards, R14)."""
HAND_NUMBERS = {hand: number for number, hand in enumerate(HANDS)}
PAYMENTS = tuple(dict.fromkeys(payments(hand, biome) for hand in HANDS for biome in range(len(LETTERS))))
"""Every distinct `payments` answer: a hand pays in a territory in one of a few ways only."""
_PAYMENT_NUMBERS = {way: number for number, way in enumerate(PAYMENTS)}
SUPPLY_CLASSES = 9
"""Move generation only asks whether a tribe has 0, 1, or 2 and more tents, and the same of totems."""
_MOVE_KEYS = tuple(
    tuple(
        _PAYMENT_NUMBERS[payments(hand, biome)] * SUPPLY_CLASSES + supply_class
        for biome in range(len(LETTERS))
    )
    for hand in HANDS
    for supply_class in range(SUPPLY_CLASSES)
)
"""Per hand and supply class, per biome: the `TerritoryMoves` key (the payment, then the supply)."""


@lru_cache(maxsize=1024)
def _territory_keys(m: IwariMap, hand_and_supply: int) -> tuple[int, ...]:
    """`_MOVE_KEYS` of one hand and supply class, per territory of `m` (by its biome)."""
    keys = _MOVE_KEYS[hand_and_supply]
    return tuple(keys[biome] for biome in m.biomes)


def move_keys(m: IwariMap, hand: Hand, supply: tuple[int, int]) -> tuple[int, ...]:
    """Per territory, one number for what a tribe's regular moves there depend on besides the
    pieces: how `hand` pays in that territory's biome (`PAYMENTS`), and the supply class."""
    tents_left, totems_left = supply
    supply_class = min(tents_left, 2) * 3 + min(totems_left, 2)
    return _territory_keys(m, HAND_NUMBERS[hand] * SUPPLY_CLASSES + supply_class)


class TerritoryMoves(dict[int, tuple[str, ...]]):
    """One tribe's regular moves in one territory (R2–R9): the ids by `move_keys` key, each made
    the first time that payment and supply come up here (single pieces first, then pairs).

    What a territory allows a tribe depends on its empty spaces, the most tents a tribe has
    there, and that tribe's own tents and totems there. Those change only when a piece goes
    down in it, so the state keeps one of these per territory and tribe (`territory_moves`
    shares them between states and games) and move generation is a look-up per territory.
    """

    __slots__ = ("mine", "most", "my_totems", "names", "totem")

    def __init__(self, names: tuple[str, ...], totem: str, most: int, mine: tuple[int, int]) -> None:
        super().__init__()
        self.names, self.totem, self.most = names, totem, most
        self.mine, self.my_totems = mine

    def __missing__(self, key: int) -> tuple[str, ...]:
        ids = self[key] = self._price(key)
        return ids

    def _price(self, key: int) -> tuple[str, ...]:
        one, two = PAYMENTS[key // SUPPLY_CLASSES]
        supply = divmod(key % SUPPLY_CLASSES, 3)
        tents_left, totems_left = supply
        if not one:
            return ()
        if not self.most:
            return _priced(self.names, one) if tents_left else ()
        singles = self.names if tents_left else ()
        if totems_left and self.my_totems < self.most:
            singles += (self.totem,)
        ids = _priced(singles, one)
        if two:
            pairs = _pairs(self.names, self.totem, supply, self.most, (self.mine, self.my_totems))
            ids += _priced(pairs, two)
        return ids


@lru_cache(maxsize=65536)
def territory_moves(
    m: IwariMap, territory: int, empty: int, most: int, mine: tuple[int, int]
) -> TerritoryMoves:
    """The shared `TerritoryMoves` of a territory whose empty spaces are the bits of `empty`
    (bit i: its i-th tent space), where the leading tribe has `most` tents (0: unexplored,
    R4) and the tribe moving has `mine` (tents, totems)."""
    spaces, totem = m.piece_names[territory]
    names = tuple(name for i, name in enumerate(spaces) if empty >> i & 1)
    return TerritoryMoves(names, totem, most, mine)


@lru_cache(maxsize=64)
def opening_moves(m: IwariMap, tribes: int) -> tuple[TerritoryMoves, ...]:
    """Every tribe's `TerritoryMoves` on the empty map, ``[territory * tribes + tribe]``."""
    return tuple(
        territory_moves(m, territory, (1 << len(spaces)) - 1, 0, (0, 0))
        for territory, spaces in enumerate(m.territory_spaces)
        for _ in range(tribes)
    )


def placements(m: IwariMap, row: Sequence[TerritoryMoves], hand: Hand, supply: tuple[int, int]) -> list[str]:
    """Every regular move of a tribe holding `hand` (R2–R9), as action ids, territory by territory.

    `row` holds that tribe's `TerritoryMoves` per territory, `supply` its (tents, totems)
    left. Pieces are listed tents first (R8: a tent placed before a totem can only raise
    the totem limit, so tent-then-totem covers totem-then-tent), two tents in map order.
    """
    ids: list[str] = []
    for moves in map(getitem, row, move_keys(m, hand, supply)):
        ids += moves
    return ids


@lru_cache(maxsize=8192)
def _priced(pieces: tuple[str, ...], payments: tuple[str, ...]) -> tuple[str, ...]:
    """The ids "piece=payment" of every piece with every payment, made once per pieces and payments.

    Move generation asks at every move; the same empty spaces and hands come back all game.
    """
    return tuple(f"{piece}={payment}" for piece in pieces for payment in payments)


def _pairs(
    empty: tuple[str, ...], totem: str, supply: tuple[int, int], most: int, mine: tuple[int, int]
) -> tuple[str, ...]:
    """Two pieces in an explored territory (R5): tent+tent, tent+totem, totem+totem (R6–R9)."""
    tents_left, totems_left = supply
    my_tents, my_totems = mine
    return _pair_ids(
        empty,
        totem,
        (
            tents_left >= 2,
            bool(tents_left and totems_left) and my_totems < max(most, my_tents + 1),
            totems_left >= 2 and my_totems + 2 <= most,
        ),
    )


@lru_cache(maxsize=8192)
def _pair_ids(empty: tuple[str, ...], totem: str, allowed: tuple[bool, bool, bool]) -> tuple[str, ...]:
    """The pairs `_pairs` allows, made once per empty spaces and kinds of pair allowed."""
    two_tents, tent_and_totem, two_totems = allowed
    pairs: list[str] = []
    if two_tents:
        pairs += [f"{a}+{b}" for i, a in enumerate(empty) for b in empty[i + 1 :]]
    if tent_and_totem:
        pairs += [f"{space}+{totem}" for space in empty]
    if two_totems:
        pairs.append(f"{totem}+{totem}")
    return tuple(pairs)


def tent_points(counts: Sequence[int]) -> list[int]:
    """R40 in one territory: the leaders score the total, each other tribe the next larger count.

    >>> tent_points([3, 2, 2, 1])
    [8, 3, 3, 2]
    >>> tent_points([2, 0, 2])
    [4, 0, 4]
    """
    total = sum(counts)
    levels = sorted({count for count in counts if count}, reverse=True)
    above = {level: (total if rank == 0 else levels[rank - 1]) for rank, level in enumerate(levels)}
    return [above[count] if count else 0 for count in counts]


def tent_scoring(m: IwariMap, tents: Sequence[int], tribes: int, factors: Sequence[int]) -> list[int]:
    """R40 over every territory, each multiplied by its factor (1 + feats, R70)."""
    scores = [0] * tribes
    for territory in range(len(m.territory_ids)):
        base = territory * tribes
        counts = tuple(tents[base : base + tribes])
        if any(counts):
            for tribe, points in enumerate(_tent_points_of(counts)):
                scores[tribe] += points * factors[territory]
    return scores


@lru_cache(maxsize=4096)
def _tent_points_of(counts: tuple[int, ...]) -> tuple[int, ...]:
    """`tent_points` made once per counts: every scoring asks it for every territory."""
    return tuple(tent_points(counts))


def totem_leaders(totems: Sequence[int], territory: int, tribes: int) -> list[bool]:
    """Per tribe, whether it holds the totem majority of a territory: the most, ties included, ≥ 1 (R42)."""
    counts = totems[territory * tribes : territory * tribes + tribes]
    most = max(counts)
    return [most > 0 and count == most for count in counts]


def totem_scoring(
    m: IwariMap, totems: Sequence[int], tribes: int, covered: Sequence[bool], factors: Sequence[int]
) -> list[int]:
    """R42/R43: a tribe leading both ends of an open connection scores the totems of both ends."""
    scores = [0] * tribes
    territories = range(len(m.territory_ids))
    leaders = [totem_leaders(totems, territory, tribes) for territory in territories]
    placed = [sum(totems[territory * tribes : territory * tribes + tribes]) for territory in territories]
    for index, link in enumerate(m.connections):
        if covered[index]:
            continue
        a, b = leaders[link.a], leaders[link.b]
        for tribe in range(tribes):
            if a[tribe] and b[tribe]:
                scores[tribe] += (placed[link.a] + placed[link.b]) * factors[index]
    return scores


def tribe_groups(m: IwariMap, occupant: Sequence[int], tribe: int) -> list[list[int]]:
    """The tribe's tents in maximal groups joined by roads (R52), or by connections too (R60);
    each group in space order, the groups in the order of their first space."""
    mine = [space for space, owner in enumerate(occupant) if owner == tribe]
    left = set(mine)
    links = _settlement_links(m)
    groups = []
    for start in mine:
        if start not in left:
            continue
        left.discard(start)
        group = [start]
        for space in group:
            for other in links[space]:
                if other in left:
                    left.discard(other)
                    group.append(other)
        groups.append(sorted(group))
    return groups


@lru_cache(maxsize=64)
def _settlement_links(m: IwariMap) -> tuple[tuple[int, ...], ...]:
    """Per space, the spaces a tent there joins a settlement with: road neighbours (R52), and on
    a map whose connections are roads, every space of the territories across its connections
    (R60: two tents across a connection join, and through them the tents of both ends)."""
    links = [list(neighbours) for neighbours in m.neighbours]
    if m.connections_are_roads:
        for link in m.connections:
            for a, b in ((link.a, link.b), (link.b, link.a)):
                for space in m.territory_spaces[a]:
                    links[space] += m.territory_spaces[b]
    return tuple(tuple(spaces) for spaces in links)


def settlements(m: IwariMap, occupant: Sequence[int], tribe: int) -> list[list[int]]:
    """The tribe's settlements: groups of at least 4 tents (R52)."""
    return [group for group in tribe_groups(m, occupant, tribe) if len(group) >= SETTLEMENT_SIZE]


def settlement_scoring(m: IwariMap, occupant: Sequence[int], tribes: int) -> list[int]:
    """R52: one point per tent of every settlement."""
    return [sum(len(group) for group in settlements(m, occupant, tribe)) for tribe in range(tribes)]


def extra_area_scoring(m: IwariMap, occupant: Sequence[int], tribes: int) -> list[int]:
    """R62: the tents on the map's extra majority area scored as one more territory (R40)."""
    counts = [0] * tribes
    for space in m.extra_area:
        if occupant[space] >= 0:
            counts[occupant[space]] += 1
    return tent_points(counts) if any(counts) else [0] * tribes


def leading_connection(
    m: IwariMap, totems: Sequence[int], tribes: int, tribe: int, *, covered: Sequence[bool], water: bool
) -> int | None:
    """The lowest open connection of that kind whose both ends `tribe` leads in totems (R70), or None."""
    for index, link in enumerate(m.connections):
        if link.water != water or covered[index]:
            continue
        if totem_leaders(totems, link.a, tribes)[tribe] and totem_leaders(totems, link.b, tribes)[tribe]:
            return index
    return None


# -- research: the observation tensor --------------------------------------------------------


def tribes_at(players: int) -> int:
    """The tribes on the map: the players', and a neutral one in a two-player game."""
    return 3 if players == 2 else players


def observation_shape(m: IwariMap, players: int) -> tuple[int, ...]:
    """Spaces, territories, the cards and a row per tribe (see `observation`)."""
    tribes = tribes_at(players)
    per_tribe = len(LETTERS) + 5
    board = len(m.space_ids) * tribes + len(m.territory_ids) * (tribes + 1)
    return (board + 3 * len(LETTERS) + tribes * per_tribe + len(PHASES) + len(FEAT_COPIES) + 4,)


def observation(view: Mapping[str, Any], viewer: int | None) -> Tensor:
    """A view as a vector, seen from the viewer (tribe 0 for a spectator).

    Tribes are ordered from the viewer's, then the others in turn order (the neutral tribe
    of a two-player game is one of them). Per tent space (map order): its tribe one-hot.
    Per territory: the totems of each tribe, and its feats. Then the viewer's hand, the
    display and the discard pile, counted by biome (`LETTERS`). Per tribe: its known cards
    by biome (the cards others have seen it take), its hand size, the tents and totems it
    has left, its score and whether it is to play. Then the phase one-hot, the feat to
    place one-hot, and: the deck, the second journey, the end triggered, and whether the
    viewer is a player.
    """
    tribes = len(view["tribes"])
    me = viewer if viewer is not None and viewer < view["players"] else 0
    order = [(me + step) % tribes for step in range(tribes)]
    rank = {tribe: position for position, tribe in enumerate(order)}
    spaces = np.zeros((len(view["map"]["spaces"]), tribes), np.float32)
    for number, space in enumerate(view["map"]["spaces"]):
        if space["tribe"] is not None:
            spaces[number, rank[space["tribe"]]] = 1
    territories = np.array(
        [
            [*(entry["totems"][tribe] for tribe in order), entry["feats"]]
            for entry in view["map"]["territories"]
        ],
        np.float32,
    )
    cards = np.array([_biome_counts(view[key] or "") for key in ("hand", "display", "discard")], np.float32)
    rows = [_tribe_row(view, tribe) for tribe in order]
    flags = [view["phase"] == phase for phase in PHASES] + [
        view["pending_feat"] == kind for kind in FEAT_COPIES
    ]
    flags += [view["deck"], view["journey"] == "second", view["end_triggered"]]
    flags += [viewer is not None]
    parts = [spaces.ravel(), territories.ravel(), cards.ravel(), np.array(rows, np.float32).ravel()]
    return np.concatenate([*parts, np.array(flags, np.float32)])


def _tribe_row(view: Mapping[str, Any], tribe: int) -> list[float]:
    """A tribe's known cards, hand size, supplies, score and turn; the neutral tribe holds no hand."""
    holds = tribe < len(view["hands"])
    cards = _biome_counts(view["hands"][tribe] or "") if holds else [0] * len(LETTERS)
    size = view["hand_sizes"][tribe] if holds else 0
    supplies = [view["tents_left"][tribe], view["totems_left"][tribe], view["scores"][tribe]]
    return [*cards, size, *supplies, view["current"] == tribe]


def _biome_counts(letters: str) -> list[int]:
    return [letters.count(letter) for letter in LETTERS]
