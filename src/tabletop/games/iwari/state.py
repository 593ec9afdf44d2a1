"""`IwariState`: one Iwari position, its transitions, its views and its JSON.

Rules R1–R70 of docs/rules/iwari.md; the notation is in `board`, the pure rules in `rules`.

What is hidden: each hand from every other seat and from spectators, and the deck's order
from everyone, until the game is over (then every hand is shown). Cards played, exchanged,
discarded or taken from the face-up display are seen by the whole table, so no action id
carries a secret and `public_label` shows every move in full; a draw from the deck says
only that a card was drawn. A seat's `known` cards are those the table saw it take from the
display and that it may still hold (after it plays cards of a biome, at most as many as it
still has of that biome). `determinize` keeps the viewer's own hand and everybody's known
cards, and deals the rest of the unseen cards (other hands and the deck) anew.

Tribes: tribe k belongs to seat k; with two players tribe 2 is the neutral tribe (R30).
Pieces on the map: `occupant` per tent space (a tribe or -1), tent and totem counts per
territory and tribe in flat lists (``[territory * tribes + tribe]``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from tabletop.engine import (
    Action,
    ActionId,
    Game,
    IllegalAction,
    JsonDict,
    OptionValue,
    Outcome,
    Rng,
    Seat,
    State,
    Tensor,
    mention,
    winners_phrase,
)
from tabletop.games.iwari.board import (
    BIOME_OF_LETTER,
    BIOMES,
    DECK,
    DISCARD,
    DISPLAY_SIZE,
    FEAT,
    HAND_SIZE,
    LETTERS,
    MAP_FOR_PLAYERS,
    PASS,
    SWAP,
    TAKE,
    TENTS,
    TOTEMS,
    TRIBE_COLOURS,
    IwariMap,
    cards_for_players,
    describe,
    draw_ids,
    load_map,
    parse_placement,
    swap_ids,
    tribe_name,
)
from tabletop.games.iwari.rules import (
    DISCOVERY,
    DRAW,
    FEAT_COPIES,
    HONOUR,
    MOVE,
    NEUTRAL,
    OVER,
    PHASES,
    RESPECT,
    UNION,
    TerritoryMoves,
    extra_area_scoring,
    leading_connection,
    observation,
    opening_moves,
    placements,
    settlement_scoring,
    settlements,
    tent_scoring,
    territory_moves,
    totem_scoring,
)
from tabletop.games.iwari.rules import FEAT as FEAT_PHASE


def _counts(cards: Sequence[int]) -> list[int]:
    counts = [0] * len(BIOMES)
    for card in cards:
        counts[card] += 1
    return counts


def _letters_to_counts(letters: str) -> list[int]:
    return _counts([BIOME_OF_LETTER[letter] for letter in letters])


def _spread(counts: Sequence[int]) -> list[int]:
    """Counts by biome back into cards, biome order (a run per biome: it deals every new deck)."""
    cards: list[int] = []
    for biome, count in enumerate(counts):
        cards += [biome] * count
    return cards


def letters_of(counts: Sequence[int]) -> str:
    """Counts by biome as letters in biome order: [1, 0, 0, 0, 2] -> "TDD"."""
    return "".join(LETTERS[card] for card in _spread(counts))


class IwariState(State):
    """The map's pieces, the cards, the scores and whose turn it is (see the module docstring)."""

    def __init__(
        self, game: Game, players: int, options: Mapping[str, OptionValue], rng: Rng, m: IwariMap
    ) -> None:
        self.game = game
        self.players = players
        self.options = dict(options)
        self.rng = rng
        self.map = m
        self.feats = bool(options.get("feats", False))
        self.tribes = 3 if players == 2 else players
        self.neutral = 2 if players == 2 else -1
        territories, tribes = len(m.territory_ids), self.tribes
        self.occupant: list[int] = [-1] * len(m.space_ids)
        self.empty: list[int] = [(1 << len(spaces)) - 1 for spaces in m.territory_spaces]
        """Per territory, a bit per empty tent space (`IwariMap.space_bit`), kept with `occupant`."""
        self.most: list[int] = [0] * territories
        """Per territory, the most tents one tribe has there; 0 while it is unexplored (R4)."""
        self.moves: list[TerritoryMoves] = list(opening_moves(m, tribes))
        """Per territory and tribe, its regular moves there (kept with the pieces, `refresh_moves`)."""
        self.tents: list[int] = [0] * (territories * tribes)
        self.totems: list[int] = [0] * (territories * tribes)
        self.tent_supply: list[int] = [TENTS] * tribes
        self.totem_supply: list[int] = [TOTEMS] * tribes
        self.hands: list[list[int]] = [[0] * len(BIOMES) for _ in range(players)]
        self.known: list[list[int]] = [[0] * len(BIOMES) for _ in range(players)]
        self.deck: list[int] = []
        """The face-down cards, the top at the end."""
        self.display: list[int] = [0] * len(BIOMES)
        self.discard: list[int] = [0] * len(BIOMES)
        self.covered: list[bool] = [False] * len(m.connections)
        self.territory_feats: list[int] = [0] * territories
        self.connection_feats: list[int] = [0] * len(m.connections)
        self.feat_takers: dict[str, list[int]] = {kind: [] for kind in FEAT_COPIES}
        self.pending: list[tuple[str, list[int]]] = []
        """Feats the mover has earned this turn and must still place: kind and allowed territories."""
        self.scores: list[int] = [0] * tribes
        self.half_scores: list[int] | None = None
        self.final_parts: dict[str, list[int]] | None = None
        self.exhaustions = 0
        self.half_pending = False
        self.end_triggered = False
        self.current: Seat = 0
        self.first: Seat = 0
        self.phase = MOVE
        self.turns = 0
        self.last: LastMove | None = None
        """The last action, kept short since every action sets it; `last_move` spells it out."""
        self.legal_cache: Sequence[ActionId] | None = None
        """The legal ids of the position as it is now (cleared by every action): a cache."""

    # -- making positions -------------------------------------------------------------------

    @classmethod
    def new(cls, game: Game, players: int, options: Mapping[str, OptionValue], seed: int) -> IwariState:
        """Setup 2.5: the map, mountains by player count, the deck, 3 cards each, the display."""
        rng = Rng(seed)
        state = cls(game, players, options, rng, load_map(map_for(options, players)))
        state.place_mountains()
        state.deck = _spread(cards_for_players(players))
        rng.shuffle(state.deck)
        for hand in state.hands:
            for _ in range(HAND_SIZE):
                hand[state.deck.pop()] += 1
        for _ in range(DISPLAY_SIZE):
            state.display[state.deck.pop()] += 1
        state.first = state.current = rng.below(players)
        return state

    def place_mountains(self) -> None:
        """2.5 step 2: one mountain on a random mountain space of each peak count k ≥ P − 1
        (a map without a space of some count gets no mountain for it; ours have two of each)."""
        for spaces in self.map.mountains[max(self.players - 1, 1) :]:
            if spaces:
                self.covered[self.rng.choice(spaces)] = True

    @classmethod
    def from_position(
        cls,
        game: Game,
        *,
        map: IwariMap | str = "valley",  # noqa: A002 - the game's word
        players: int = 2,
        tents: Mapping[str, int] | None = None,
        totems: Mapping[str, Sequence[int]] | None = None,
        hands: Sequence[str] = (),
        deck: str = "",
        display: str = "",
        discard: str = "",
        current: Seat = 0,
        first: Seat = 0,
        covered: Sequence[int] = (),
        supply: Sequence[tuple[int, int]] | None = None,
        scores: Sequence[int] | None = None,
        exhaustions: int = 0,
        end_triggered: bool = False,
        options: Mapping[str, OptionValue] | None = None,
        seed: int = 0,
    ) -> IwariState:
        """A position at the start of `current`'s turn, for tests, puzzles and analysis.

        `tents` maps space ids to tribes; `totems` territory ids to counts per tribe; `hands`
        one string of biome letters per seat ("FDD"); `deck` the face-down cards, the next
        drawn first; `display` and `discard` letters; `covered` the connection numbers under
        a mountain; `supply` (tents, totems) left per tribe, by default 20 and 8 less what is
        on the map. Raises ValueError for a position that cannot be.
        """
        m = load_map(map) if isinstance(map, str) else map
        resolved = game.resolve_options(dict(options or {}))
        state = cls(game, game.check_players(players), resolved, Rng(seed), m)
        for space_id, tribe in (tents or {}).items():
            state.put_tent(m.space_index[space_id], tribe)
        for territory_id, counts in (totems or {}).items():
            base = m.territory_index[territory_id] * state.tribes
            for tribe, count in enumerate(counts):
                state.totems[base + tribe] += count
                state.totem_supply[tribe] -= count
        state.derive_map_caches()
        if supply is not None:
            state.tent_supply = [tents_left for tents_left, _ in supply]
            state.totem_supply = [totems_left for _, totems_left in supply]
        state.hands = [_letters_to_counts(hand) for hand in hands] or state.hands
        state.deck = [BIOME_OF_LETTER[letter] for letter in reversed(deck)]
        state.display, state.discard = _letters_to_counts(display), _letters_to_counts(discard)
        state.covered = [link.number in covered for link in m.connections]
        state.scores = list(scores) if scores is not None else state.scores
        state.exhaustions, state.end_triggered = exhaustions, end_triggered
        state.current, state.first = current, first
        state.check_possible()
        return state

    def check_possible(self) -> None:
        """Raises ValueError for a position no game could hold (2.4, R9, R14)."""
        if len(self.hands) != self.players or any(sum(hand) > HAND_SIZE for hand in self.hands):
            raise ValueError(f"expected {self.players} hands of at most {HAND_SIZE} cards")
        if min(self.tent_supply + self.totem_supply) < 0:
            raise ValueError("a tribe has placed more pieces than it has (R9)")
        if not 0 <= self.current < self.players or not 0 <= self.first < self.players:
            raise ValueError(f"no seat {self.current} or {self.first} in a {self.players}-player game")
        if self.phase not in PHASES or sum(self.display) > DISPLAY_SIZE:
            raise ValueError(f"no phase {self.phase!r}, or more than {DISPLAY_SIZE} display cards")

    def derive_map_caches(self) -> None:
        """`empty`, `most` and `moves` recomputed from the pieces (after loading a position)."""
        m, tribes = self.map, self.tribes
        self.empty = [
            sum(m.space_bit[s] for s in spaces if self.occupant[s] < 0) for spaces in m.territory_spaces
        ]
        self.most = [max(self.tents[t * tribes : t * tribes + tribes]) for t in range(len(m.territory_ids))]
        for territory in range(len(m.territory_ids)):
            self.refresh_moves(territory)

    def put_tent(self, space: int, tribe: int) -> None:
        """A tent of `tribe` on an empty space (R6), from its supply; `refresh_moves` follows."""
        if self.occupant[space] >= 0 or not 0 <= tribe < self.tribes:
            raise ValueError(f"space {self.map.space_ids[space]} is taken, or no tribe {tribe}")
        m = self.map
        territory = m.space_territory[space]
        self.occupant[space] = tribe
        index = territory * self.tribes + tribe
        self.tents[index] += 1
        self.tent_supply[tribe] -= 1
        self.most[territory] = max(self.most[territory], self.tents[index])
        self.empty[territory] &= ~m.space_bit[space]

    def refresh_moves(self, territory: int) -> None:
        """Every tribe's `moves` in `territory`, once pieces went down there."""
        m, tribes, empty, most = self.map, self.tribes, self.empty[territory], self.most[territory]
        for index in range(territory * tribes, territory * tribes + tribes):
            mine = (self.tents[index], self.totems[index])
            self.moves[index] = territory_moves(m, territory, empty, most, mine)

    # -- the contract ---------------------------------------------------------------------

    def current_players(self) -> tuple[Seat, ...]:
        return () if self.phase == OVER else (self.current,)

    def is_over(self) -> bool:
        return self.phase == OVER

    def legal_action_ids(self, seat: Seat) -> list[ActionId]:
        if self.phase == OVER or seat != self.current:
            return []
        if self.legal_cache is None:
            self.legal_cache = self._legal_ids()
        return list(self.legal_cache)

    def is_legal(self, seat: Seat, action_id: ActionId) -> bool:
        """Looked up in the position's legal ids, built once per position (apply asks on every move)."""
        if self.phase == OVER or seat != self.current or not isinstance(action_id, str):
            return False
        if self.legal_cache is None:
            self.legal_cache = self._legal_ids()
        return action_id in self.legal_cache

    def legal_actions(self, seat: Seat) -> list[Action]:
        return [self._action(action_id) for action_id in self.legal_action_ids(seat)]

    def illegal(self, seat: Seat, action_id: object) -> IllegalAction:
        """The engine's message, with what this phase expects."""
        if self.is_over() or seat not in self.current_players() or not isinstance(action_id, str):
            return super().illegal(seat, action_id)
        who = tribe_name(seat, self.players)
        return IllegalAction(f"{action_id[:40]!r} is not legal for {who} now: {self._why_not(action_id)}")

    def public_label(self, viewer: Seat | None, seat: Seat, action_id: ActionId) -> str | None:
        """Every action is public (cards played, exchanged and taken from the display are seen);
        a draw from the deck says only that a card was drawn (see the module docstring)."""
        return self.label_of(seat, action_id)

    def outcome(self) -> Outcome | None:
        """R55: the most points win; ties go to the most pieces left; still tied, the win is shared."""
        if self.phase != OVER:
            return None
        scores = self.scores[: self.players]
        left = [self.tent_supply[s] + self.totem_supply[s] for s in range(self.players)]
        keys = list(zip(scores, left, strict=True))
        ranks = tuple(1 + sum(other > key for other in keys) for key in keys)
        best = [s for s in range(self.players) if ranks[s] == 1]
        reason = f"{winners_phrase(best)} with {max(scores)} points"
        if scores.count(max(scores)) > 1:
            reason += " (equal points: the most pieces left decide)"
        return Outcome(tuple(float(score) for score in scores), ranks, reason)

    def clone(self) -> IwariState:
        copy = object.__new__(IwariState)
        copy.__dict__.update(self.__dict__)
        copy.occupant = self.occupant[:]
        copy.empty = self.empty[:]
        copy.most = self.most[:]
        copy.moves = self.moves[:]
        copy.tents = self.tents[:]
        copy.totems = self.totems[:]
        copy.tent_supply = self.tent_supply[:]
        copy.totem_supply = self.totem_supply[:]
        copy.hands = [hand[:] for hand in self.hands]
        copy.known = [known[:] for known in self.known]
        copy.deck = self.deck[:]
        copy.display = self.display[:]
        copy.discard = self.discard[:]
        copy.territory_feats = self.territory_feats[:]
        copy.connection_feats = self.connection_feats[:]
        copy.feat_takers = {kind: takers[:] for kind, takers in self.feat_takers.items()}
        copy.pending = self.pending[:]
        copy.scores = self.scores[:]
        copy.rng = self.rng.copy()
        return copy

    def determinize(self, viewer: Seat | None, rng: Rng) -> IwariState:
        """A clone in which the cards `viewer` has not seen are dealt anew: the deck and the
        unknown part of every other hand (see the module docstring)."""
        copy = cast(IwariState, super().determinize(viewer, rng))
        if copy.phase == OVER:
            return copy
        others = [seat for seat in range(copy.players) if seat != viewer]
        unseen = copy.deck[:]
        for seat in others:
            unseen += _spread(
                [have - known for have, known in zip(copy.hands[seat], copy.known[seat], strict=True)]
            )
        rng.shuffle(unseen)
        for seat in others:
            hidden = sum(copy.hands[seat]) - sum(copy.known[seat])
            hand = copy.known[seat][:]
            for card in unseen[len(unseen) - hidden :]:
                hand[card] += 1
            del unseen[len(unseen) - hidden :]
            copy.hands[seat] = hand
        copy.deck = unseen
        copy.legal_cache = None
        return copy

    def view(self, viewer: Seat | None) -> JsonDict:
        """What `viewer` may see: the map, the display, the deck's size, their own hand only."""
        tribes, over = self.tribes, self.phase == OVER
        shown = [letters_of(hand) if over or seat == viewer else None for seat, hand in enumerate(self.hands)]
        outcome = self.outcome()
        return {
            "game": "iwari",
            "map": self._map_view(),
            "players": self.players,
            "tribes": [tribe_name(tribe, self.players) for tribe in range(tribes)],
            "colours": list(TRIBE_COLOURS[: self.players]),
            "neutral": self.neutral,
            "viewer": viewer,
            "phase": self.phase,
            "current": None if over else self.current,
            "first": self.first,
            "hand": shown[viewer] if viewer is not None and 0 <= viewer < self.players else None,
            "hands": shown,
            "hand_sizes": [sum(hand) for hand in self.hands],
            "display": letters_of(self.display),
            "deck": len(self.deck),
            "discard": letters_of(self.discard),
            "journey": "second" if self.half_scores is not None else "first",
            "end_triggered": self.end_triggered,
            "tents_left": self.tent_supply[:],
            "totems_left": self.totem_supply[:],
            "scores": self.scores[:],
            "half_scores": self.half_scores,
            "final_parts": self.final_parts,
            "pending_feat": self.pending[0][0] if self.pending else None,
            "winners": list(outcome.winners()) if outcome is not None else [],
            "last_move": self._last_move_view(),
            "prompt": self.prompt(viewer),
        }

    @property
    def last_move(self) -> JsonDict | None:
        """The last action as stored: seat, id, phase, the spaces and territory it placed on, the feat."""
        if self.last is None:
            return None
        seat, action_id, phase, feat = self.last
        move: JsonDict = {"seat": seat, "action": action_id, "phase": phase, "spaces": [], "territory": None}
        if phase == FEAT_PHASE:
            move["territory"] = action_id[len(FEAT) :]
            move["feat"] = feat
        elif (placement := parse_placement(self.map, action_id)) is not None:
            move["spaces"] = [self.map.space_ids[space] for space in placement.spaces]
            move["territory"] = self.map.territory_ids[placement.territory]
        return move

    def _last_move_view(self) -> JsonDict | None:
        """The last action with its label (made here, not in `_apply`, to keep playouts fast)."""
        move = self.last_move
        if move is None:
            return None
        neutral = move.pop("phase") == NEUTRAL
        move["label"] = describe(self.map, str(move["action"]), neutral, str(move.pop("feat", ""))).label
        return move

    def _map_view(self) -> JsonDict:
        m, tribes = self.map, self.tribes
        return {
            "id": m.id,
            "name": m.name,
            "territories": [
                {
                    "id": m.territory_ids[t],
                    "biome": BIOMES[m.biomes[t]],
                    "xy": list(m.territory_xy[t]),
                    "totems": self.totems[t * tribes : t * tribes + tribes],
                    "feats": self.territory_feats[t],
                }
                for t in range(len(m.territory_ids))
            ],
            "spaces": [
                {
                    "id": m.space_ids[s],
                    "territory": m.territory_ids[m.space_territory[s]],
                    "xy": list(m.space_xy[s]),
                    "tribe": None if self.occupant[s] < 0 else self.occupant[s],
                }
                for s in range(len(m.space_ids))
            ],
            "roads": [[m.space_ids[a], m.space_ids[b]] for a, b in m.roads],
            "connections": [
                {
                    "number": link.number,
                    "a": m.territory_ids[link.a],
                    "b": m.territory_ids[link.b],
                    "kind": "water" if link.water else "land",
                    "peaks": link.peaks,
                    "covered": self.covered[i],
                    "feats": self.connection_feats[i],
                }
                for i, link in enumerate(m.connections)
            ],
        }

    def to_json(self) -> JsonDict:
        """Every field of the position (hands and the deck in order: this is the server's copy)."""
        return {
            "players": self.players,
            "options": dict(self.options),
            "map": self.map.id,
            "rng": self.rng.state,
            "occupant": self.occupant[:],
            "tents": self.tents[:],
            "totems": self.totems[:],
            "tent_supply": self.tent_supply[:],
            "totem_supply": self.totem_supply[:],
            "hands": [hand[:] for hand in self.hands],
            "known": [known[:] for known in self.known],
            "deck": self.deck[:],
            "display": self.display[:],
            "discard": self.discard[:],
            "covered": self.covered[:],
            "territory_feats": self.territory_feats[:],
            "connection_feats": self.connection_feats[:],
            "feat_takers": {kind: takers[:] for kind, takers in self.feat_takers.items()},
            "pending": [[kind, choices[:]] for kind, choices in self.pending],
            "scores": self.scores[:],
            "half_scores": self.half_scores,
            "final_parts": self.final_parts,
            "exhaustions": self.exhaustions,
            "half_pending": self.half_pending,
            "end_triggered": self.end_triggered,
            "current": self.current,
            "first": self.first,
            "phase": self.phase,
            "turns": self.turns,
            "last_move": self.last_move,
        }

    @classmethod
    def from_json(cls, game: Game, data: JsonDict) -> IwariState:
        """The position `to_json` wrote; raises ValueError if it is not a possible one."""
        try:
            players = game.check_players(data["players"])
            state = cls(
                game,
                players,
                game.resolve_options(data["options"]),
                Rng(int(data["rng"])),
                load_map(data["map"]),
            )
            for key in _JSON_LISTS:
                setattr(state, key, [int(value) for value in data[key]])
            state.covered = [bool(value) for value in data["covered"]]
            state.derive_map_caches()
            state.hands = [[int(v) for v in hand] for hand in data["hands"]]
            state.known = [[int(v) for v in known] for known in data["known"]]
            state.feat_takers = {kind: [int(t) for t in data["feat_takers"][kind]] for kind in FEAT_COPIES}
            state.pending = [(str(kind), [int(t) for t in choices]) for kind, choices in data["pending"]]
            state.half_scores = data["half_scores"]
            state.final_parts = data["final_parts"]
            state.exhaustions, state.turns = int(data["exhaustions"]), int(data["turns"])
            state.half_pending, state.end_triggered = bool(data["half_pending"]), bool(data["end_triggered"])
            state.current, state.first, state.phase = (
                int(data["current"]),
                int(data["first"]),
                str(data["phase"]),
            )
            state.last = _short_move(data["last_move"])
        except (KeyError, TypeError, IndexError) as error:
            raise ValueError(f"not a stored Iwari position: {error!r}") from error
        state.check_possible()
        return state

    def prompt(self, viewer: Seat | None) -> str:
        """What is expected now, addressed to the viewer on their turn."""
        outcome = self.outcome()
        if outcome is not None:
            return f"Game over. {outcome.reason}."
        if viewer != self.current:
            return f"{mention(self.current, 'is')} {_DOING[self.phase]}"
        return _YOURS[self.phase]

    # -- legality -------------------------------------------------------------------------

    def _legal_ids(self) -> Sequence[ActionId]:
        seat = self.current
        hand = self.hands[seat]
        if self.phase == DRAW:
            return draw_ids(bool(self.deck), tuple(self.display))
        if self.phase == FEAT_PHASE:
            return [FEAT + self.map.territory_ids[t] for t in self.pending[0][1]]
        tribe = seat if self.phase == MOVE else self.neutral
        key = tuple(hand)
        supply = (self.tent_supply[tribe], self.totem_supply[tribe])
        ids = placements(self.map, self.moves[tribe :: self.tribes], key, supply)
        if self.phase == NEUTRAL:
            return ids or [DISCARD]
        ids += swap_ids(key)
        return ids or [PASS]

    def _why_not(self, action_id: str) -> str:
        """The phase's expectation, for an illegal id of the seat to move."""
        if self.phase == DRAW:
            return "refill your hand: 'deck' or 'take:<biome letter>' of a display card (R14)"
        if self.phase == FEAT_PHASE:
            return "place your feat: 'feat:<territory>' (R70)"
        placement = parse_placement(self.map, action_id)
        if placement is None:
            return (
                "not a move in the notation (pieces of one territory '=' cards paid, R2; or 'swap:<biome>')"
            )
        return "the pieces, the cards or the totem limit break R2–R9"

    def _action(self, action_id: ActionId) -> Action:
        """The Action of a legal id: its label and the clicks that choose it."""
        feat = self.pending[0][0] if self.pending else ""
        return describe(self.map, action_id, self.phase == NEUTRAL, feat)

    # -- transitions ----------------------------------------------------------------------

    def _apply(self, seat: Seat, action_id: ActionId) -> None:
        self.legal_cache = None
        self.last = (seat, action_id, self.phase, self.pending[0][0] if self.phase == FEAT_PHASE else "")
        if self.phase == DRAW:
            self._draw(seat, action_id)
        elif self.phase == FEAT_PHASE:
            self._place_feat(seat, self.map.territory_index[action_id[len(FEAT) :]])
        elif action_id.startswith(SWAP):
            self._pay(seat, [BIOME_OF_LETTER[action_id[len(SWAP) :]]])
            self._start_refill()
        elif action_id == PASS:
            self._start_refill()
        elif action_id == DISCARD:
            self._discard_hand(seat)
            self._start_refill()
        else:
            self._place(seat, action_id)

    def _pay(self, seat: Seat, cards: Sequence[int]) -> None:
        """R13: cards played go face up to the discard pile; what the table knew of the hand shrinks."""
        hand, known = self.hands[seat], self.known[seat]
        for card in cards:
            hand[card] -= 1
            self.discard[card] += 1
            known[card] = min(known[card], hand[card])

    def _discard_hand(self, seat: Seat) -> None:
        """R30: the cards the neutral tribe could not use are discarded without effect."""
        self._pay(seat, _spread(self.hands[seat]))

    def _place(self, seat: Seat, action_id: ActionId) -> None:
        """R2–R9: the pieces go down and the cards are paid; then feats (R70) and the neutral move (R30)."""
        placement = parse_placement(self.map, action_id)
        assert placement is not None
        neutral = self.phase == NEUTRAL
        tribe = self.neutral if neutral else seat
        self._pay(seat, placement.cards)
        for space in placement.spaces:
            self.put_tent(space, tribe)
        self.totems[placement.territory * self.tribes + tribe] += placement.totems
        self.totem_supply[tribe] -= placement.totems
        self.refresh_moves(placement.territory)
        if neutral:
            self._discard_hand(seat)
            self._start_refill()
            return
        if self.tent_supply[seat] == 0:
            self.end_triggered = True
        if self.feats:
            self._earn_feats(seat, placement.territory, bool(placement.spaces), placement.totems > 0)
        self._after_feats()

    def _earn_feats(self, seat: Seat, territory: int, tents: bool, totems: bool) -> None:
        """R70: Union and Discovery wait for the mover's choice; Honour and Respect go on the connection."""
        m, takers = self.map, self.feat_takers
        if tents and seat not in takers[UNION] and len(takers[UNION]) < FEAT_COPIES[UNION]:
            groups = settlements(m, self.occupant, seat)
            if groups:
                places = sorted({m.space_territory[space] for group in groups for space in group})
                self.pending.append((UNION, places))
        spaces = m.territory_spaces[territory]
        filled = tents and all(self.occupant[space] >= 0 for space in spaces)
        if filled and seat not in takers[DISCOVERY] and len(takers[DISCOVERY]) < FEAT_COPIES[DISCOVERY]:
            self.pending.append((DISCOVERY, [t for t in range(len(m.territory_ids)) if t != territory]))
        for kind, water in ((HONOUR, False), (RESPECT, True)):
            if totems and not takers[kind]:
                link = leading_connection(
                    m, self.totems, self.tribes, seat, covered=self.covered, water=water
                )
                if link is not None:
                    self.connection_feats[link] += 1
                    takers[kind].append(seat)
        if self.pending:
            self.phase = FEAT_PHASE

    def _place_feat(self, seat: Seat, territory: int) -> None:
        kind, _ = self.pending.pop(0)
        self.territory_feats[territory] += 1
        self.feat_takers[kind].append(seat)
        self._after_feats()

    def _after_feats(self) -> None:
        """Once feats are placed: the neutral tribe uses the cards left (R30), else the refill."""
        if self.pending:
            self.phase = FEAT_PHASE
        elif self.neutral >= 0 and any(self.hands[self.current]):
            self.phase = NEUTRAL
        else:
            self._start_refill()

    def _start_refill(self) -> None:
        """R14: draw back to 3, card by card, while the deck or the display has cards (R21)."""
        self.phase = DRAW
        if sum(self.hands[self.current]) >= HAND_SIZE or not (self.deck or any(self.display)):
            self._end_turn()

    def _draw(self, seat: Seat, action_id: ActionId) -> None:
        """R14: the top of the deck, or a display card replaced at once from the deck."""
        hand = self.hands[seat]
        if action_id == DECK:
            hand[self.deck.pop()] += 1
        else:
            card = BIOME_OF_LETTER[action_id[len(TAKE) :]]
            self.display[card] -= 1
            hand[card] += 1
            self.known[seat][card] += 1
            if self.deck:
                self.display[self.deck.pop()] += 1
            else:
                self._start_refill()
                return
        if not self.deck:
            self._deck_ran_out()
        self._start_refill()

    def _deck_ran_out(self) -> None:
        """R20/R21: the first time, half-journey scoring at the end of the turn; the second, the end."""
        self.exhaustions += 1
        if self.exhaustions == 1:
            self.half_pending = True
        else:
            self.end_triggered = True

    def _end_turn(self) -> None:
        """R20's scoring and reshuffle if due; R21: the game ends once the round is complete."""
        self.turns += 1
        if self.half_pending:
            self._half_journey()
        if self.end_triggered and self.current == (self.first - 1) % self.players:
            self._final_scoring()
            return
        self.current = (self.current + 1) % self.players
        self.phase = MOVE

    def _half_journey(self) -> None:
        """R20: every territory's tents scored, the discards reshuffled as the deck, the display refilled."""
        self.half_pending = False
        points = tent_scoring(self.map, self.tents, self.tribes, self._territory_factors())
        self.half_scores = points
        self.scores = [a + b for a, b in zip(self.scores, points, strict=True)]
        self.deck = _spread(self.discard)
        self.discard = [0] * len(BIOMES)
        self.rng.shuffle(self.deck)
        while sum(self.display) < DISPLAY_SIZE and self.deck:
            self.display[self.deck.pop()] += 1
        if not self.deck:
            self._deck_ran_out()

    def _final_scoring(self) -> None:
        """R22: tents, totems, settlements and the map's extra area, in that order."""
        m, tribes = self.map, self.tribes
        parts = {
            "tents": tent_scoring(m, self.tents, tribes, self._territory_factors()),
            "totems": totem_scoring(
                m, self.totems, tribes, self.covered, [1 + f for f in self.connection_feats]
            ),
            "settlements": settlement_scoring(m, self.occupant, tribes),
            "area": extra_area_scoring(m, self.occupant, tribes),
        }
        for points in parts.values():
            self.scores = [a + b for a, b in zip(self.scores, points, strict=True)]
        self.final_parts = parts
        self.phase = OVER

    def _territory_factors(self) -> list[int]:
        return [1 + feats for feats in self.territory_feats]

    def _observation(self, view: JsonDict, viewer: Seat | None) -> Tensor:
        return observation(view, viewer)


LastMove = tuple[Seat, ActionId, str, str]
"""The last action: seat, id, the phase it was played in, the feat it placed ("" if none)."""


def _short_move(move: JsonDict | None) -> LastMove | None:
    """`IwariState.last_move` as stored by `to_json`, back in its short form."""
    if move is None:
        return None
    return int(move["seat"]), str(move["action"]), str(move["phase"]), str(move.get("feat", ""))


def map_for(options: Mapping[str, Any], players: int) -> str:
    """The table option `map`, with `auto` choosing by player count."""
    chosen = str(options.get("map", "auto"))
    return MAP_FOR_PLAYERS[players] if chosen == "auto" else chosen


_JSON_LISTS = (
    "occupant",
    "tents",
    "totems",
    "tent_supply",
    "totem_supply",
    "deck",
    "display",
    "discard",
    "territory_feats",
    "connection_feats",
    "scores",
)

_DOING = {
    MOVE: "playing cards",
    NEUTRAL: "moving the neutral tribe",
    FEAT_PHASE: "placing a feat",
    DRAW: "refilling their hand",
    OVER: "done",
}
_YOURS = {
    MOVE: "Your turn: place 1 or 2 pieces in one territory (click tent spaces or a totem strip, "
    "then the card that pays), or exchange a card",
    NEUTRAL: "Use your remaining cards for the grey neutral tribe: click its pieces, then the card that pays",
    FEAT_PHASE: "Place your feat: click a territory",
    DRAW: "Refill your hand: click the deck or a face-up card",
    OVER: "",
}
