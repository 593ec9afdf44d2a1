"""Iwari's components and notation: biomes and cards, maps read from `data/<id>.json`, action ids.

A map (2.3–2.4 in docs/rules/iwari.md) is a graph: territories of one biome holding tent
spaces, roads between spaces, numbered connections between territories (land or water,
some on a mountain space with 1–4 peaks). Every map file is checked field by field when it
is loaded (`load_map`); a bad file raises `MapError` naming the field, so a broken map is
refused at table creation and never fails in the middle of a game.

Notation (section 7 of the rules page): a regular move names its pieces, tent spaces by id
and a totem by its territory's id and ``*``, then the cards paid by biome letter, the
matching card first: ``A3=T``, ``A3+A4=TT``, ``A3+A*=TDD``, ``A*+A*=TT``. The other actions
are ``swap:F`` (exchange a Forest card, R15), ``deck`` and ``take:F`` (refill from the deck
or the display, R14), ``feat:B`` (place a feat on territory B, R70), ``discard`` (the neutral
tribe cannot use the cards left, R30) and ``pass`` (an empty hand with nothing to play).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from tabletop.engine import Action

BIOMES = ("tundra", "forest", "glacier", "coast", "desert")
"""The five biomes, in card-colour order (2.2): red, green, blue, yellow, orange."""
LETTERS = "TFGCD"
"""One letter per biome, used in action ids and beside every colour in the drawing."""
BIOME_OF_LETTER = {letter: index for index, letter in enumerate(LETTERS)}
CARD_COPIES = (13, 12, 11, 11, 10)
"""The 57 biome cards by biome (2.2)."""
HAND_SIZE = 3
DISPLAY_SIZE = 4
"""Face-up cards beside the deck (2.5 step 6, our decision 4.2)."""
TENTS = 20
TOTEMS = 8
"""Playable pieces per tribe (2.5 step 3): the 21st tent marks the score."""
MAX_PEAKS = 4

MAPS = ("valley", "archipelago")
"""The map files shipped in `data/`: Tabletop's own maps, not transcriptions of the retail boards."""
MAP_FOR_PLAYERS = {2: "valley", 3: "valley", 4: "archipelago", 5: "archipelago"}
"""The map the table option `map=auto` picks for each player count."""

DECK = "deck"
DISCARD = "discard"
PASS = "pass"
SWAP = "swap:"
TAKE = "take:"
FEAT = "feat:"
TOTEM_MARK = "*"
TAKE_IDS = tuple(TAKE + letter for letter in LETTERS)
SWAP_IDS = tuple(SWAP + letter for letter in LETTERS)
"""Taking a display card and exchanging a card, by biome: made once, listed at every decision."""

Hand = tuple[int, ...]
"""Cards by biome (one count per biome); hands, the display and the discard pile are kept this way."""

_NAME = re.compile(r"[A-Za-z0-9]{1,8}")
_MAP_ID = re.compile(r"[a-z_]{1,32}")


class MapError(ValueError):
    """A map file that does not follow the schema (2.4); the message names the bad field."""


@cache
def swap_ids(hand: Hand) -> tuple[str, ...]:
    """The exchanges a hand allows (R15), one per biome held, made once per hand."""
    return tuple(SWAP_IDS[biome] for biome, count in enumerate(hand) if count)


@cache
def draw_ids(deck: bool, display: tuple[int, ...]) -> tuple[str, ...]:
    """The refills (R14): the deck while it has cards, then each biome on the display; made once
    per display, since every turn asks for them card by card."""
    return (DECK,) * deck + tuple(TAKE_IDS[biome] for biome, count in enumerate(display) if count)


def cards_for_players(players: int) -> Hand:
    """The deck by biome (2.2): one card of each biome out with 4 players, two with 2–3."""
    removed = 0 if players >= 5 else 1 if players == 4 else 2
    a, b, c, d, e = (copies - removed for copies in CARD_COPIES)
    return (a, b, c, d, e)


def card_words(cards: Sequence[int]) -> str:
    """ "Forest, Desert, Desert": cards given as biome indices, for labels and the log."""
    return ", ".join(BIOMES[card].capitalize() for card in cards)


@dataclass(frozen=True)
class Connection:
    """A numbered link between two territories (2.3), land or water, maybe a mountain space."""

    number: int
    a: int
    b: int
    water: bool
    peaks: int


@dataclass(eq=False)
class IwariMap:
    """A checked map. Territories and spaces are numbered in file order; ids are the file's.

    Compared and hashed by identity: each map is loaded once (`load_map` caches it), and the
    move generator looks things up on it thousands of times a second.
    """

    id: str
    name: str
    source: str
    territory_ids: tuple[str, ...]
    biomes: tuple[int, ...]
    territory_spaces: tuple[tuple[int, ...], ...]
    space_ids: tuple[str, ...]
    space_territory: tuple[int, ...]
    roads: tuple[tuple[int, int], ...]
    neighbours: tuple[tuple[int, ...], ...]
    """Per space, the spaces a road joins it to."""
    connections: tuple[Connection, ...]
    connections_are_roads: bool
    extra_area: tuple[int, ...]
    territory_xy: tuple[tuple[float, float], ...]
    space_xy: tuple[tuple[float, float], ...]
    territory_index: dict[str, int] = field(init=False)
    space_index: dict[str, int] = field(init=False)
    piece_names: tuple[tuple[tuple[str, ...], str], ...] = field(init=False)
    """Per territory, its tent-space ids and its totem's name (``A*``), for the move generator."""
    space_bit: tuple[int, ...] = field(init=False)
    """Per space, its bit in its territory's mask of empty spaces (bit i: the territory's i-th space)."""
    mountains: tuple[tuple[int, ...], ...] = field(init=False)
    """Per peak count (0–4), the connections on a mountain space of that many peaks: every new
    game draws its mountains from these (2.5)."""
    parsed: dict[str, Placement] = field(init=False)
    """Placements already read from well-formed ids: a cache, since the same few thousand ids
    come back in every game on a map."""

    def __post_init__(self) -> None:
        self.parsed = {}
        self.territory_index = _index(self.territory_ids)
        self.space_index = _index(self.space_ids)
        self.piece_names = tuple(
            (tuple(self.space_ids[s] for s in spaces), self.territory_ids[t] + TOTEM_MARK)
            for t, spaces in enumerate(self.territory_spaces)
        )
        bits = [0] * len(self.space_ids)
        for spaces in self.territory_spaces:
            for i, space in enumerate(spaces):
                bits[space] = 1 << i
        self.space_bit = tuple(bits)
        self.mountains = tuple(
            tuple(i for i, link in enumerate(self.connections) if link.peaks == peaks)
            for peaks in range(MAX_PEAKS + 1)
        )


def _index(names: tuple[str, ...]) -> dict[str, int]:
    return {name: index for index, name in enumerate(names)}


@cache
def load_map(map_id: str) -> IwariMap:
    """The shipped map `map_id`, checked; raises `MapError` if the file breaks the schema."""
    if map_id not in MAPS:
        raise MapError(f"no map {map_id!r}; the maps are {', '.join(MAPS)}")
    path = resources.files(__package__ or "tabletop.games.iwari").joinpath("data", f"{map_id}.json")
    try:
        data = json.loads(path.read_text())
    except json.JSONDecodeError as error:
        raise MapError(f"map file {map_id}.json is not JSON: {error}") from error
    return parse_map(data, f"{map_id}.json")


def parse_map(data: object, origin: str = "map") -> IwariMap:
    """An `IwariMap` from the schema of 2.4 (plus a `layout` for the drawing), checked field by field."""
    reader = _MapReader(origin)
    return reader.read(reader.as_object(reader.need(reader.as_object(data, "file"), "map", "file"), "map"))


class _MapReader:
    """Checks a map file's fields, each error naming the file and the field (2.4's validation)."""

    def __init__(self, origin: str) -> None:
        self.origin = origin

    def need(self, data: Mapping[str, Any], key: str, where: str) -> Any:
        """`data[key]`, or a `MapError` saying that the field is missing."""
        if key not in data:
            raise MapError(f"{self.origin}: {where}: the field {key!r} is missing")
        return data[key]

    def fail(self, field: str, message: str) -> MapError:
        return MapError(f"{self.origin}: {field} {message}")

    def as_object(self, value: object, field: str) -> Mapping[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(field, f"must be an object; got {type(value).__name__}")
        return value

    def as_list(self, value: object, field: str) -> list[Any]:
        if not isinstance(value, list):
            raise self.fail(field, f"must be a list; got {type(value).__name__}")
        return value

    def as_name(self, value: object, field: str, pattern: re.Pattern[str] = _NAME) -> str:
        if not isinstance(value, str) or not pattern.fullmatch(value):
            raise self.fail(field, f"must be a short name of letters and digits; got {value!r}")
        return value

    def as_number(self, value: object, field: str, low: int, high: int) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise self.fail(field, f"must be a whole number from {low} to {high}; got {value!r}")
        return value

    def as_point(self, value: object, field: str) -> tuple[float, float]:
        items = self.as_list(value, field)
        if len(items) != 2 or not all(isinstance(v, int | float) and not isinstance(v, bool) for v in items):
            raise self.fail(field, f"must be [x, y]; got {value!r}")
        return float(items[0]), float(items[1])

    def read(self, data: Mapping[str, Any]) -> IwariMap:
        map_id = self.as_name(self.need(data, "id", "map"), "map.id", _MAP_ID)
        territories = self.as_list(self.need(data, "territories", "map"), "map.territories")
        if not territories:
            raise self.fail("map.territories", "must list at least one territory")
        t_ids, biomes, spaces_of, space_ids, space_territory = self.territories(territories)
        t_index, s_index = _index(tuple(t_ids)), _index(tuple(space_ids))
        roads = self.roads(self.as_list(self.need(data, "roads", "map"), "map.roads"), s_index)
        connections = self.connections(
            self.as_list(self.need(data, "connections", "map"), "map.connections"), t_index
        )
        special = self.as_object(data.get("special", {}), "map.special")
        joined = special.get("connections_are_roads", False)
        if not isinstance(joined, bool):
            raise self.fail("map.special.connections_are_roads", f"must be true or false; got {joined!r}")
        area = self.as_list(special.get("extra_majority_area", []), "map.special.extra_majority_area")
        extra = tuple(self.space(space, "map.special.extra_majority_area", s_index) for space in area)
        layout = self.as_object(self.need(data, "layout", "map"), "map.layout")
        t_xy = self.points(layout, "territories", t_ids)
        s_xy = self.points(layout, "spaces", space_ids)
        neighbours: list[list[int]] = [[] for _ in space_ids]
        for a, b in roads:
            neighbours[a].append(b)
            neighbours[b].append(a)
        return IwariMap(
            map_id,
            str(data.get("name", map_id)),
            str(data.get("source", "")),
            tuple(t_ids),
            tuple(biomes),
            tuple(tuple(spaces) for spaces in spaces_of),
            tuple(space_ids),
            tuple(space_territory),
            roads,
            tuple(tuple(n) for n in neighbours),
            connections,
            joined,
            extra,
            t_xy,
            s_xy,
        )

    def territories(
        self, territories: list[Any]
    ) -> tuple[list[str], list[int], list[list[int]], list[str], list[int]]:
        """Every tent space in exactly one territory, every id used once (2.4)."""
        t_ids: list[str] = []
        biomes: list[int] = []
        spaces_of: list[list[int]] = []
        space_ids: list[str] = []
        space_territory: list[int] = []
        for number, entry in enumerate(territories):
            field = f"map.territories[{number}]"
            territory = self.as_object(entry, field)
            t_id = self.as_name(self.need(territory, "id", field), f"{field}.id")
            biome = self.need(territory, "biome", field)
            if biome not in BIOMES:
                raise self.fail(f"{field}.biome", f"must be one of {', '.join(BIOMES)}; got {biome!r}")
            spaces = self.as_list(self.need(territory, "tent_spaces", field), f"{field}.tent_spaces")
            if not spaces:
                raise self.fail(f"{field}.tent_spaces", "must list at least one tent space")
            indices = []
            for place, space in enumerate(spaces):
                space_id = self.as_name(space, f"{field}.tent_spaces[{place}]")
                if space_id in space_ids or space_id in t_ids or space_id == t_id:
                    raise self.fail(f"{field}.tent_spaces[{place}]", f"repeats the id {space_id!r}")
                indices.append(len(space_ids))
                space_ids.append(space_id)
                space_territory.append(number)
            if t_id in t_ids or t_id in space_ids:
                raise self.fail(f"{field}.id", f"repeats the id {t_id!r}")
            t_ids.append(t_id)
            biomes.append(BIOMES.index(biome))
            spaces_of.append(indices)
        return t_ids, biomes, spaces_of, space_ids, space_territory

    def space(self, value: object, field: str, s_index: Mapping[str, int]) -> int:
        if not isinstance(value, str) or value not in s_index:
            raise self.fail(field, f"names no tent space of the map: {value!r}")
        return s_index[value]

    def roads(self, roads: list[Any], s_index: Mapping[str, int]) -> tuple[tuple[int, int], ...]:
        """Roads only between two different existing spaces, each road once."""
        seen: set[tuple[int, int]] = set()
        for number, road in enumerate(roads):
            field = f"map.roads[{number}]"
            ends = self.as_list(road, field)
            if len(ends) != 2:
                raise self.fail(field, f"must name two tent spaces; got {road!r}")
            a, b = (self.space(end, field, s_index) for end in ends)
            if a == b or (min(a, b), max(a, b)) in seen:
                raise self.fail(field, f"must join two different spaces, once; got {road!r}")
            seen.add((min(a, b), max(a, b)))
        return tuple(sorted(seen))

    def connections(self, connections: list[Any], t_index: Mapping[str, int]) -> tuple[Connection, ...]:
        """Unique numbers, two different territories, a kind, 0–4 peaks."""
        result: list[Connection] = []
        for place, entry in enumerate(connections):
            field = f"map.connections[{place}]"
            link = self.as_object(entry, field)
            number = self.as_number(self.need(link, "number", field), f"{field}.number", 1, 999)
            if any(other.number == number for other in result):
                raise self.fail(f"{field}.number", f"repeats the connection number {number}")
            ends = []
            for end in ("a", "b"):
                value = self.need(link, end, field)
                if not isinstance(value, str) or value not in t_index:
                    raise self.fail(f"{field}.{end}", f"names no territory of the map: {value!r}")
                ends.append(t_index[value])
            if ends[0] == ends[1]:
                raise self.fail(field, "must join two different territories")
            kind = self.need(link, "kind", field)
            if kind not in ("land", "water"):
                raise self.fail(f"{field}.kind", f"must be land or water; got {kind!r}")
            peaks = self.as_number(link.get("mountain_peaks", 0), f"{field}.mountain_peaks", 0, MAX_PEAKS)
            result.append(Connection(number, ends[0], ends[1], kind == "water", peaks))
        return tuple(sorted(result, key=lambda c: c.number))

    def points(
        self, layout: Mapping[str, Any], key: str, names: list[str]
    ) -> tuple[tuple[float, float], ...]:
        where = self.as_object(self.need(layout, key, "map.layout"), f"map.layout.{key}")
        points = []
        for name in names:
            if name not in where:
                raise self.fail(f"map.layout.{key}", f"gives no position for {name!r}")
            points.append(self.as_point(where[name], f"map.layout.{key}.{name}"))
        return tuple(points)


def payment_letters(cards: Sequence[int]) -> str:
    """The cards of a payment as letters, in the order given (the matching card first)."""
    return "".join(LETTERS[card] for card in cards)


@dataclass(frozen=True)
class Placement:
    """A parsed regular move: the territory, the tent spaces, the totems and the cards paid."""

    territory: int
    spaces: tuple[int, ...]
    totems: int
    cards: tuple[int, ...]


def parse_placement(m: IwariMap, action_id: str) -> Placement | None:
    """The placement an id names, or None if it is not one (legality is not checked here)."""
    known = m.parsed.get(action_id)
    if known is not None:
        return known
    placement = _read_placement(m, action_id)
    if placement is not None and len(m.parsed) < _PARSED_LIMIT:
        m.parsed[action_id] = placement
    return placement


_PARSED_LIMIT = 100_000


def _read_placement(m: IwariMap, action_id: str) -> Placement | None:
    pieces, sep, paid = action_id.partition("=")
    if not sep or not 1 <= len(paid) <= HAND_SIZE or any(c not in BIOME_OF_LETTER for c in paid):
        return None
    spaces: list[int] = []
    territories: set[int] = set()
    totems = 0
    for piece in pieces.split("+"):
        if piece.endswith(TOTEM_MARK):
            territory = m.territory_index.get(piece[:-1])
            if territory is None:
                return None
            totems += 1
            territories.add(territory)
        else:
            space = m.space_index.get(piece)
            if space is None:
                return None
            spaces.append(space)
            territories.add(m.space_territory[space])
    if len(territories) != 1:
        return None
    return Placement(territories.pop(), tuple(spaces), totems, tuple(BIOME_OF_LETTER[c] for c in paid))


TRIBE_COLOURS = ("Red", "Blue", "Yellow", "Green", "Purple")
"""Tribe k is played by seat k; with 2 players tribe 2 is the neutral tribe (R30), drawn grey."""
NEUTRAL_COLOUR = "Grey"


def tribe_name(tribe: int, players: int) -> str:
    """How people see a tribe: "Red" for seat 0, "Grey (neutral)" for the third tribe of a 2-player game."""
    if players == 2 and tribe == 2:
        return f"{NEUTRAL_COLOUR} (neutral)"
    return TRIBE_COLOURS[tribe]


def placement_label(m: IwariMap, placement: Placement) -> str:
    """ "Tents on A3 and A4, paying Tundra, Tundra": a regular move in words, for buttons and the log."""
    tents = [m.space_ids[space] for space in placement.spaces]
    parts = []
    if tents:
        parts.append(f"tent{'s' if len(tents) > 1 else ''} on {' and '.join(tents)}")
    if placement.totems:
        count = "a totem" if placement.totems == 1 else "two totems"
        parts.append(f"{count} in {m.territory_ids[placement.territory]}")
    text = " and ".join(parts)
    return f"{text[0].upper()}{text[1:]}, paying {card_words(placement.cards)}"


def placement_path(m: IwariMap, placement: Placement) -> tuple[str, ...]:
    """The clicks of a regular move: its tent spaces, its totem circle per totem, then the hand card
    that completes the payment (the pair's biome for a joker pair, else the matching biome)."""
    spaces = tuple(f"space-{m.space_ids[space]}" for space in placement.spaces)
    totems = (f"totem-{m.territory_ids[placement.territory]}",) * placement.totems
    return (*spaces, *totems, f"hand-{LETTERS[placement.cards[-1]]}")


def describe(m: IwariMap, action_id: str, neutral: bool = False, feat: str = "") -> Action:
    """The Action of an id in the notation: its label for buttons and the log, and its clicks.

    `neutral` says the placement is the neutral tribe's (R30); `feat` names the feat a
    ``feat:`` action places (R70).
    """
    if action_id == DECK:
        return Action(DECK, "Draw from the deck", ("deck",))
    if action_id == DISCARD:
        return Action(DISCARD, "Discard the cards left (no neutral move fits them)")
    if action_id == PASS:
        return Action(PASS, "Pass (no cards in hand)")
    prefix, _, rest = action_id.partition(":")
    if prefix + ":" == TAKE:
        return Action(action_id, f"Take the {_biome_word(rest)} card from the display", (f"display-{rest}",))
    if prefix + ":" == SWAP:
        return Action(action_id, f"Exchange a {_biome_word(rest)} card", ("exchange", f"hand-{rest}"))
    if prefix + ":" == FEAT:
        return Action(
            action_id,
            f"Place the {feat.capitalize() or 'feat'} feat on {rest}".replace("  ", " "),
            (f"territory-{rest}",),
        )
    placement = parse_placement(m, action_id)
    if placement is None:
        raise ValueError(f"not an Iwari action: {action_id!r}")
    label = placement_label(m, placement)
    if neutral:
        label = f"Neutral: {label[0].lower()}{label[1:]}"
    return Action(action_id, label, placement_path(m, placement))


def _biome_word(letter: str) -> str:
    return BIOMES[BIOME_OF_LETTER[letter]].capitalize()


# -- research: the action space --------------------------------------------------------------


def action_space(m: IwariMap) -> tuple[str, ...]:
    """Every id ever legal on map `m`, territory by territory (file order), then the others.

    For each territory: each single piece (its tent spaces in map order, then its totem)
    with each one-piece payment (the matching card, then a pair of each other biome); then
    each pair of pieces (two tents in map order, a tent and the totem, two totems) with
    each two-piece payment (two matching cards, then the matching card and a pair of each
    other biome). Then "swap:<biome>", "deck", "take:<biome>", "feat:<territory>",
    "discard" and "pass"; biomes in `LETTERS` order.

    >>> space = action_space(load_map("valley"))
    >>> len(space), space[:3], space[-1]
    (945, ('A1=T', 'A1=FF', 'A1=GG'), 'pass')
    """
    ids: list[str] = []
    for territory, biome in enumerate(m.biomes):
        match = LETTERS[biome]
        pairs = [letter * 2 for letter in LETTERS if letter != match]
        spaces, totem = m.piece_names[territory]
        doubles = [f"{a}+{b}" for i, a in enumerate(spaces) for b in spaces[i + 1 :]]
        doubles += [f"{space}+{totem}" for space in spaces] + [f"{totem}+{totem}"]
        ids += [f"{piece}={pay}" for piece in (*spaces, totem) for pay in (match, *pairs)]
        ids += [
            f"{pieces}={pay}" for pieces in doubles for pay in (match * 2, *(match + pair for pair in pairs))
        ]
    ids += [SWAP + letter for letter in LETTERS] + [DECK] + [TAKE + letter for letter in LETTERS]
    ids += [FEAT + name for name in m.territory_ids]
    return (*ids, DISCARD, PASS)
