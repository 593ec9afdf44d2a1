"""`CrazyFarmersState`: one Crazy Farmers position, its legal actions and its transitions.

A turn is a sequence of actions of the player to move (docs/rules/crazyfarmers.md, R1):
the first crossroad on their first turn (R2), single tractor moves (R11), bonus cards
(R50–R58), discards, and "end" (R3). The position is kept in plain attributes; fields
are plot masks and fences lists of crossroads from the start to the tractor (`board`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

from tabletop.engine import Action, ActionId, JsonDict, OptionValue, Outcome, Rng, Seat, State
from tabletop.games.crazyfarmers.board import (
    BARN_PLOTS,
    CROSSROAD_BY_NAME,
    CROSSROAD_NAMES,
    CROSSROAD_PLOTS,
    MOVES,
    PATH_BY_NAME,
    PATH_NAMES,
    PLOT_BY_NAME,
    PLOT_CORNERS,
    PLOT_NAMES,
    START_PLOTS,
    Crossroad,
    Mask,
    PathId,
    Plot,
    mask,
    plots_of,
)
from tabletop.games.crazyfarmers.rules import (
    ACCELERATED_ALLOWANCE,
    ACCELERATION_LENGTH,
    BALE_1,
    BALE_2,
    BASE_ALLOWANCE,
    BRIBE,
    CARD_NAMES,
    CARDS,
    DYNAMITE,
    GOALS,
    HAND_LIMIT,
    HELICOPTER,
    MAX_ALLOWANCE,
    MAX_BALES,
    NITRO_1,
    NITRO_2,
    RUT,
    RUT_PENALTY,
    VOLTAGE,
    WATCHDOG,
    adjacent_plots,
    annexed_area,
    bale_spots,
    closes_hole,
    closing_index,
    fence_paths,
    full_deck,
    main_field,
    protected,
    splits_field,
)

if TYPE_CHECKING:
    from tabletop.engine import Game

COLOURS = ("Blue", "Yellow", "Purple", "Red")
END = "end"
LIFT, PLACE_BALE, DISCARD = "lift", "bale", "discard"
ROUND_LIMIT = 40
"""Our decision (no printed rule): after 40 rounds the game ends and is ranked by R63."""
TURN_ACTIONS_AT_MOST = 1 + MAX_ALLOWANCE + 5 * (HAND_LIMIT + 2 * 13) + 1
"""First crossroad, five moves, every card held or drawn (at most 6 + 2 per barn) played with
up to four bale steps, and the end: a true bound on one turn's actions."""
REPETITIONS = 3
GAME_OVER = "gameover"
GAME_OVER_MINIMUM, GAME_OVER_DEPTH = 8, 7
"""R66: the Game Over card goes into a shuffled pile of more than 8 cards, among its last 7."""
TURN_END_EFFECTS = (NITRO_1, NITRO_2, HELICOPTER, RUT)
TURN_START_EFFECTS = (VOLTAGE, WATCHDOG)
NO_TARGET_CARDS = (NITRO_1, NITRO_2, VOLTAGE, WATCHDOG, BALE_1, BALE_2)


class CrazyFarmersState(State):
    """A Crazy Farmers position: fields, tractors, fences, cards, bales and whose turn it is."""

    def __init__(self, game: Game, players: int, options: dict[str, OptionValue], rng: Rng) -> None:
        self.game = game
        self.players = players
        self.options = options
        self.rng = rng
        self.goal = GOALS[str(options["mode"])][players]
        self.fields: list[Mask] = [0] * players
        self.tractors: list[Crossroad] = [-1] * players
        self.fences: list[list[Crossroad]] = [[] for _ in range(players)]
        self.powered = [True] * players
        self.eliminated = [False] * players
        self.hands: list[list[str]] = [[] for _ in range(players)]
        self.effects: list[list[str]] = [[] for _ in range(players)]
        self.free_barns: Mask = BARN_PLOTS[players]
        self.occupied_barns: Mask = 0
        self.bales: Mask = 0
        self.draw_pile: list[str] = []
        self.discard_pile: list[str] = []
        self.current: Seat = 0
        self.allowance = 0
        self.moves_done = 0
        self.heliported = False
        self.pending: list[str] = []
        self.turns = 0
        self.history: dict[str, int] = {}
        self.over = False
        self.drawn_game = False
        self.last_move: JsonDict | None = None
        self._moves_cache: tuple[Seat, list[Crossroad]] | None = None

    @classmethod
    def from_position(
        cls,
        game: Game,
        *,
        players: int = 2,
        mode: str = "regular",
        game_over_card: bool = False,
        fields: list[list[str]],
        tractors: list[str | None] | None = None,
        fences: list[list[str]] | None = None,
        powered: list[bool] | None = None,
        hands: list[list[str]] | None = None,
        effects: list[list[str]] | None = None,
        free_barns: Sequence[str] = (),
        occupied_barns: Sequence[str] = (),
        bales: Sequence[str] = (),
        to_move: Seat = 0,
        moves_done: int = 0,
        seed: int = 0,
    ) -> CrazyFarmersState:
        """A hand-made position, in the notation of `board`; the turn of `to_move` starts (R10).

        A fence is written from its start to the tractor; a player without a tractor is
        still to choose their first crossroad (R2). The draw pile is the shuffled deck
        minus the cards in hands.
        """
        state = cls(
            game,
            players,
            dict(game.resolve_options({"mode": mode, "game_over_card": game_over_card})),
            Rng(seed),
        )
        state.fields = [mask(*names) for names in fields]
        state.tractors = [
            -1 if name is None else CROSSROAD_BY_NAME[name] for name in (tractors or [None] * players)
        ]
        state.fences = [[CROSSROAD_BY_NAME[name] for name in fence] for fence in (fences or [[]] * players)]
        state.powered = list(powered or [True] * players)
        state.hands = [list(hand) for hand in (hands or [[]] * players)]
        state.effects = [list(effect) for effect in (effects or [[]] * players)]
        state.free_barns = mask(*free_barns)
        state.occupied_barns = mask(*occupied_barns)
        state.bales = sum(1 << PATH_BY_NAME[name] for name in bales)
        deck = Counter(full_deck())
        deck.subtract(card for hand in state.hands for card in hand)
        state.draw_pile = state._shuffled([card for card in CARDS for _ in range(max(0, deck[card]))])
        state._begin_turn(to_move)
        state.moves_done = moves_done
        state._moves_cache = None
        state._settle()
        return state

    def set_up(self) -> None:
        """2.6: start plots dealt in random order, barns free, the deck shuffled, hands empty."""
        starts = list(START_PLOTS[self.players])
        self.rng.shuffle(starts)
        self.fields = [mask(name) for name in starts]
        self.draw_pile = self._shuffled(full_deck())
        self._begin_turn(0)

    def _shuffled(self, cards: list[str]) -> list[str]:
        """R66: a shuffled pile, with the Game Over card among its last 7 when the option is on."""
        self.rng.shuffle(cards)
        wanted = self.options["game_over_card"] and GAME_OVER not in self.draw_pile
        if wanted and len(cards) > GAME_OVER_MINIMUM:
            cards.insert(self.rng.below(GAME_OVER_DEPTH), GAME_OVER)
        return cards

    # --- the contract ------------------------------------------------------------------------

    def current_players(self) -> tuple[Seat, ...]:
        return () if self.over else (self.current,)

    def legal_actions(self, seat: Seat) -> list[Action]:
        return [self._action(action_id) for action_id in self.legal_action_ids(seat)]

    def legal_action_ids(self, seat: Seat) -> list[ActionId]:
        if self.over or seat != self.current:
            return []
        if self.pending:
            return self._pending_ids()
        if self.tractors[seat] < 0:
            return [CROSSROAD_NAMES[c] for c in self.first_crossroads(seat)]
        ids = [CROSSROAD_NAMES[c] for c in self.moves(seat)]
        ids += self._card_ids(seat)
        ids += [f"{DISCARD} {card}" for card in sorted(set(self.hands[seat]))]
        if self.may_end(seat):
            ids.append(END)
        return ids

    def is_legal(self, seat: Seat, action_id: ActionId) -> bool:
        """A tractor move is looked up among the moves alone; anything else among all legal ids."""
        if not isinstance(action_id, str) or self.over or seat != self.current:
            return False
        if action_id in CROSSROAD_BY_NAME and not self.pending and self.tractors[seat] >= 0:
            return CROSSROAD_BY_NAME[action_id] in self.moves(seat)
        return action_id in self.legal_action_ids(seat)

    def _apply(self, seat: Seat, action_id: ActionId) -> None:
        self._moves_cache = None
        words = action_id.split(" ")
        if action_id == END:
            self._end_turn(seat)
        elif len(words) == 1 and action_id in CROSSROAD_BY_NAME:
            self._drive(seat, CROSSROAD_BY_NAME[action_id])
        elif words[0] == DISCARD:
            self.hands[seat].remove(words[1])
            self.discard_pile.append(words[1])
            self.last_move = {"seat": seat, "kind": "discard", "card": words[1]}
        elif words[0] in (LIFT, PLACE_BALE):
            self._bale_step(seat, words[0], PATH_BY_NAME[words[1]])
        else:
            self._play(seat, words[0], words[1] if len(words) > 1 else "")
        self._moves_cache = None
        self._settle()

    def is_over(self) -> bool:
        return self.over

    def outcome(self) -> Outcome | None:
        if not self.over:
            return None
        mains = [self.main_size(seat) for seat in range(self.players)]
        keys = [
            (not self.eliminated[seat], *(() if self.drawn_game else (mains[seat], self._total(seat))))
            for seat in range(self.players)
        ]
        ranks = tuple(1 + sum(other > key for other in keys) for key in keys)
        return Outcome(tuple(float(m) for m in mains), ranks, self._reason(ranks, mains))

    def clone(self) -> CrazyFarmersState:
        twin = CrazyFarmersState.__new__(CrazyFarmersState)
        twin.__dict__.update(self.__dict__)
        twin.fields = list(self.fields)
        twin.tractors = list(self.tractors)
        twin.fences = [list(fence) for fence in self.fences]
        twin.powered = list(self.powered)
        twin.eliminated = list(self.eliminated)
        twin.hands = [list(hand) for hand in self.hands]
        twin.effects = [list(effect) for effect in self.effects]
        twin.draw_pile = list(self.draw_pile)
        twin.discard_pile = list(self.discard_pile)
        twin.pending = list(self.pending)
        twin.history = dict(self.history)
        twin.rng = self.rng.copy()
        return twin

    def determinize(self, viewer: Seat | None, rng: Rng) -> CrazyFarmersState:
        """A clone with the draw pile and every hand but the viewer's dealt again from the unseen cards."""
        copy = cast(CrazyFarmersState, super().determinize(viewer, rng))
        hidden = [seat for seat in range(self.players) if seat != viewer]
        game_over = GAME_OVER in copy.draw_pile
        unseen = [card for card in copy.draw_pile if card != GAME_OVER]
        for seat in hidden:
            unseen += copy.hands[seat]
        rng.shuffle(unseen)
        for seat in hidden:
            count = len(copy.hands[seat])
            copy.hands[seat] = sorted(unseen[:count])
            del unseen[:count]
        if game_over:  # somewhere near the bottom, as far as anyone knows (R66)
            unseen.insert(rng.below(min(GAME_OVER_DEPTH, len(unseen) + 1)), GAME_OVER)
        copy.draw_pile = unseen
        return copy

    def public_label(self, viewer: Seat | None, seat: Seat, action_id: ActionId) -> str | None:
        """Everything is seen by the table: cards are played and discarded face up; draws are no action."""
        return self.label_of(seat, action_id)

    def view(self, viewer: Seat | None) -> JsonDict:
        return {
            "players": [self._player_view(seat, viewer) for seat in range(self.players)],
            "viewer": viewer,
            "to_move": None if self.over else self.current,
            "allowance": self.allowance,
            "moves_done": self.moves_done,
            "heliported": self.heliported,
            "pending": list(self.pending),
            "goal": self.goal,
            "shared_goal": self.players == 2,
            "turn": self.turns,
            "round_limit": ROUND_LIMIT,
            "free_barns": [PLOT_NAMES[p] for p in plots_of(self.free_barns)],
            "occupied_barns": [PLOT_NAMES[p] for p in plots_of(self.occupied_barns)],
            "bales": [PATH_NAMES[p] for p in plots_of(self.bales)],
            "draw_pile": len(self.draw_pile),
            "discard_pile": len(self.discard_pile),
            "over": self.over,
            "ranks": None if not self.over else list(self.outcome().ranks),  # type: ignore[union-attr]
            "last_move": None if self.last_move is None else _copy(self.last_move),
            "prompt": self.prompt(),
        }

    def to_json(self) -> JsonDict:
        return {
            "players": self.players,
            "options": dict(self.options),
            "rng": self.rng.state,
            "fields": list(self.fields),
            "tractors": list(self.tractors),
            "fences": [list(fence) for fence in self.fences],
            "powered": list(self.powered),
            "eliminated": list(self.eliminated),
            "hands": [list(hand) for hand in self.hands],
            "effects": [list(effect) for effect in self.effects],
            "free_barns": self.free_barns,
            "occupied_barns": self.occupied_barns,
            "bales": self.bales,
            "draw_pile": list(self.draw_pile),
            "discard_pile": list(self.discard_pile),
            "current": self.current,
            "allowance": self.allowance,
            "moves_done": self.moves_done,
            "heliported": self.heliported,
            "pending": list(self.pending),
            "turns": self.turns,
            "history": dict(self.history),
            "over": self.over,
            "drawn_game": self.drawn_game,
            "last_move": None if self.last_move is None else _copy(self.last_move),
        }

    def load_json(self, data: JsonDict) -> None:
        """Fills this state from what `to_json` wrote."""
        self.rng = Rng(int(data["rng"]))
        self.fields = [int(field) for field in data["fields"]]
        self.tractors = [int(c) for c in data["tractors"]]
        self.fences = [[int(c) for c in fence] for fence in data["fences"]]
        self.powered = [bool(p) for p in data["powered"]]
        self.eliminated = [bool(e) for e in data["eliminated"]]
        self.hands = [[str(card) for card in hand] for hand in data["hands"]]
        self.effects = [[str(card) for card in effect] for effect in data["effects"]]
        self.free_barns, self.occupied_barns = int(data["free_barns"]), int(data["occupied_barns"])
        self.bales = int(data["bales"])
        self.draw_pile = [str(card) for card in data["draw_pile"]]
        self.discard_pile = [str(card) for card in data["discard_pile"]]
        self.current, self.allowance = int(data["current"]), int(data["allowance"])
        self.moves_done, self.heliported = int(data["moves_done"]), bool(data["heliported"])
        self.pending = [str(step) for step in data["pending"]]
        self.turns = int(data["turns"])
        self.history = {str(key): int(count) for key, count in data["history"].items()}
        self.over, self.drawn_game = bool(data["over"]), bool(data["drawn_game"])
        self.last_move = None if data["last_move"] is None else _copy(data["last_move"])
        self._moves_cache = None

    # --- questions -----------------------------------------------------------------------------

    def main_field(self, seat: Seat) -> Mask:
        """R40: the part of the field where the fence starts (or the tractor stands)."""
        if self.tractors[seat] < 0:
            return self.fields[seat]
        fence = self.fences[seat]
        return main_field(self.fields[seat], fence[0] if fence else self.tractors[seat])

    def main_size(self, seat: Seat) -> int:
        return 0 if self.eliminated[seat] else self.main_field(seat).bit_count()

    def _total(self, seat: Seat) -> int:
        return self.fields[seat].bit_count()

    def has_effect(self, seat: Seat, card: str) -> bool:
        """Whether a High Voltage or Watchdog of `seat` is in effect (R53, R54)."""
        return card in self.effects[seat]

    def first_crossroads(self, seat: Seat) -> list[Crossroad]:
        """R2 and 4.15: the six corners of the start plot, less those holding a tractor."""
        (start,) = plots_of(self.fields[seat])
        return [c for c in PLOT_CORNERS[start] if c not in self.tractors]

    def blocked(self, seat: Seat) -> set[Crossroad]:
        """R14c–e: the crossroads `seat`'s tractor may not enter."""
        blocked: set[Crossroad] = set()
        for other in range(self.players):
            tractor = self.tractors[other]
            if other == seat or tractor < 0:
                continue
            fence = self.fences[other]
            if not fence:
                blocked.add(tractor)
            elif self.heliported or VOLTAGE in self.effects[other]:
                blocked.update(fence)
            else:
                blocked.update(protected(fence, tractor))
        return blocked

    def moves(self, seat: Seat) -> list[Crossroad]:
        """R11–R14: the crossroads the tractor may drive to now.

        Asked several times per action (legal ids, `is_legal`, the forced end of turn), so
        the answer is kept until the next change (`_moves_cache`, reset by every transition).
        """
        cached = self._moves_cache
        if cached is not None and cached[0] == seat:
            return cached[1]
        found: list[Crossroad] = []
        if self.moves_done < self.allowance:
            blocked = self.blocked(seat)
            bales = self.bales
            found = [
                there
                for path, there in MOVES[self.tractors[seat]]
                if not bales >> path & 1 and there not in blocked
            ]
        self._moves_cache = (seat, found)
        return found

    def may_end(self, seat: Seat) -> bool:
        """R3: no move left and at most six cards in hand."""
        return not self.moves(seat) and len(self.hands[seat]) <= HAND_LIMIT

    def helicopter_spots(self, seat: Seat) -> list[Crossroad]:
        """R55: crossroads of the own field, off other fences, free of tractors, not the tractor's own."""
        if self.fences[seat]:
            return []
        fenced = {c for other in range(self.players) if other != seat for c in self.fences[other]}
        corners = {c for plot in plots_of(self.fields[seat]) for c in PLOT_CORNERS[plot]}
        return sorted(c for c in corners if c not in fenced and c not in self.tractors)

    def bribe_targets(self, seat: Seat) -> list[Plot]:
        """R57: the opponent plots next to the field that Bribe may take."""
        if self.players > 2 and self._total(seat) + 1 >= self.goal:
            return []  # g: never the last plot of an own goal
        targets = []
        field = self.fields[seat]
        for other in range(self.players):
            if other == seat or self.eliminated[other] or self.has_effect(other, WATCHDOG):
                continue  # c
            theirs = self.fields[other]
            if theirs.bit_count() < 2:
                continue  # b
            anchor = self.fences[other][0] if self.fences[other] else self.tractors[other]
            untouchable = (
                self.free_barns | self.occupied_barns | (CROSSROAD_PLOTS[anchor] if anchor >= 0 else 0)
            )
            for plot in plots_of(adjacent_plots(field) & theirs & ~untouchable):  # a, d
                if not splits_field(theirs, plot) and not closes_hole(field, plot):  # e, f
                    targets.append(plot)
        return sorted(targets)

    def fenced_paths(self) -> set[PathId]:
        return {path for fence in self.fences for path in fence_paths(fence)}

    def _pending_ids(self) -> list[ActionId]:
        if self.pending[0] == LIFT:
            return [f"{LIFT} {PATH_NAMES[p]}" for p in plots_of(self.bales)]
        return [f"{PLACE_BALE} {PATH_NAMES[p]}" for p in bale_spots(self.bales, self.fenced_paths())]

    def _only_end_left(self) -> bool:
        """Whether "end" is the one legal action: no card to play or discard, no move (R3, R12)."""
        seat = self.current
        return not self.hands[seat] and self.tractors[seat] >= 0 and not self.moves(seat)

    def _card_ids(self, seat: Seat) -> list[ActionId]:
        ids: list[ActionId] = []
        for card in sorted(set(self.hands[seat])):
            if card in (NITRO_1, NITRO_2, VOLTAGE, WATCHDOG):
                ids.append(card)
            elif card in (BALE_1, BALE_2):
                if bale_spots(self.bales, self.fenced_paths()):
                    ids.append(card)
            elif card == RUT:
                ids += [f"{RUT} {o}" for o in range(self.players) if o != seat and not self.eliminated[o]]
            elif card == HELICOPTER:
                ids += [f"{HELICOPTER} {CROSSROAD_NAMES[c]}" for c in self.helicopter_spots(seat)]
            elif card == BRIBE:
                ids += [f"{BRIBE} {PLOT_NAMES[p]}" for p in self.bribe_targets(seat)]
            elif card == DYNAMITE:
                ids += [f"{DYNAMITE} {PATH_NAMES[p]}" for p in plots_of(self.bales)]
        return ids

    def prompt(self) -> str:
        """What is expected now, in words."""
        if self.over:
            outcome = self.outcome()
            return f"Game over: {outcome.reason}" if outcome else "Game over"
        name = COLOURS[self.current]
        if self.pending:
            step = "remove a hay bale first" if self.pending[0] == LIFT else "place a hay bale on a path"
            return f"{name}: {step}"
        if self.tractors[self.current] < 0:
            return f"{name}: choose a corner of your start plot for your tractor"
        left = max(0, self.allowance - self.moves_done)
        if self.moves(self.current):
            return f"{name} to move the tractor ({left} move{'s' if left != 1 else ''} left) or play a card"
        if len(self.hands[self.current]) > HAND_LIMIT:
            return f"{name}: discard down to {HAND_LIMIT} cards"
        return f"{name}: play a card or end the turn"

    def _reason(self, ranks: tuple[int, ...], mains: list[int]) -> str:
        if self.drawn_game:
            return "draw: the same position came back three times (R65)"
        winners = [COLOURS[seat] for seat in range(self.players) if ranks[seat] == 1]
        alive = [seat for seat in range(self.players) if not self.eliminated[seat]]
        if len(alive) == 1:
            return f"{winners[0]} wins: every other farmer was eliminated"
        best = max(mains[seat] for seat in alive)
        verb = "win" if len(winners) > 1 else "wins"
        return f"{' and '.join(winners)} {verb} with a main field of {best} plots"

    def _player_view(self, seat: Seat, viewer: Seat | None) -> JsonDict:
        tractor = self.tractors[seat]
        return {
            "colour": COLOURS[seat],
            "field": [PLOT_NAMES[p] for p in plots_of(self.fields[seat])],
            "main": [PLOT_NAMES[p] for p in plots_of(self.main_field(seat))],
            "tractor": None if tractor < 0 else CROSSROAD_NAMES[tractor],
            "fence": [CROSSROAD_NAMES[c] for c in self.fences[seat]],
            "powered": self.powered[seat],
            "eliminated": self.eliminated[seat],
            "cards": len(self.hands[seat]),
            "hand": sorted(self.hands[seat]) if seat == viewer else None,
            "effects": sorted(self.effects[seat]),
        }

    def _action(self, action_id: ActionId) -> Action:
        words = action_id.split(" ")
        if action_id == END:
            return Action(END, "End the turn")
        if len(words) == 1 and action_id in CROSSROAD_BY_NAME:
            verb = "Start at" if self.tractors[self.current] < 0 else "Drive to"
            return Action(action_id, f"{verb} {action_id}", (f"x:{action_id}",))
        if words[0] == DISCARD:
            return Action(action_id, f"Discard {CARD_NAMES[words[1]]}")
        if words[0] == LIFT:
            return Action(action_id, f"Remove the bale on {words[1]}", (f"b:{words[1]}",))
        if words[0] == PLACE_BALE:
            return Action(action_id, f"Hay bale on {words[1]}", (f"e:{words[1]}",))
        card = CARD_NAMES[words[0]]
        if len(words) == 1:
            return Action(action_id, f"Play {card}", (f"card:{words[0]}",))
        target, label = _target(words[0], words[1])
        return Action(action_id, f"Play {card} {label}", (f"card:{words[0]}", target))

    # --- transitions ---------------------------------------------------------------------------

    def _begin_turn(self, seat: Seat) -> None:
        """R10: the allowance, after High Voltage and Watchdog of the last turn end (R53, R54)."""
        self.current = seat
        self._moves_cache = None
        self._discard_effects(seat, TURN_START_EFFECTS)
        accelerated = len(self.fences[seat]) - 1 >= ACCELERATION_LENGTH
        ruts = self.effects[seat].count(RUT)
        self.allowance = (ACCELERATED_ALLOWANCE if accelerated else BASE_ALLOWANCE) - RUT_PENALTY * ruts
        self.moves_done = 0
        self.heliported = False

    def _end_turn(self, seat: Seat) -> None:
        """R3, R4, R52, R65: effects of the turn end, the repetition record, the next player."""
        self._discard_effects(seat, TURN_END_EFFECTS)
        key = str(hash((seat, tuple(self.tractors), tuple(map(tuple, self.fences)), tuple(self.fields))))
        self.history[key] = self.history.get(key, 0) + 1
        self.turns += 1
        if self.history[key] >= REPETITIONS:
            self.over = self.drawn_game = True
            return
        if self.turns >= ROUND_LIMIT * self.players:
            self.over = True
            return
        following = (seat + 1) % self.players
        while self.eliminated[following]:
            following = (following + 1) % self.players
        self._begin_turn(following)

    def _discard_effects(self, seat: Seat, cards: tuple[str, ...]) -> None:
        kept = [card for card in self.effects[seat] if card not in cards]
        self.discard_pile += [card for card in self.effects[seat] if card in cards]
        self.effects[seat] = kept

    def _drive(self, seat: Seat, there: Crossroad) -> None:
        """R2 (first crossroad) or R11: one move, with its fence, cut and annexation effects."""
        here = self.tractors[seat]
        self.last_move = {"seat": seat, "kind": "move", "from": None, "to": CROSSROAD_NAMES[there], "cut": []}
        if here < 0:
            self.tractors[seat] = there
            self.last_move["kind"] = "start"
            return
        self.last_move["from"] = CROSSROAD_NAMES[here]
        self.moves_done += 1
        self.tractors[seat] = there
        if not self.powered[seat]:
            if CROSSROAD_PLOTS[there] & self.fields[seat]:
                self.powered[seat] = True  # R33
                self._cut_at(seat, there)
            return
        fence = self.fences[seat]
        if len(fence) >= 2 and fence[-2] == there:
            fence.pop()  # R21
        elif there in fence:
            del fence[fence.index(there) + 1 :]  # R22
        else:
            self._extend(seat, here, there)
            self._cut_at(seat, there)
        if len(fence) == 1:
            fence.clear()
        self._annex_if_closed(seat)

    def _extend(self, seat: Seat, here: Crossroad, there: Crossroad) -> None:
        """R20: a fence segment unless the path borders the (main) field."""
        fence = self.fences[seat]
        field = self.main_field(seat) if fence else self.fields[seat]
        path_plots = CROSSROAD_PLOTS[here] & CROSSROAD_PLOTS[there]
        if path_plots & field:
            fence.clear()
            return
        if not fence:
            fence.append(here)
        fence.append(there)

    def _cut_at(self, seat: Seat, there: Crossroad) -> None:
        """R32: every unprotected opponent fence through `there` is removed; its owner loses power."""
        for other in range(self.players):
            if other != seat and there in self.fences[other] and not self.has_effect(other, VOLTAGE):
                self._cut(other)
                self.last_move["cut"].append(other)  # type: ignore[index]

    def _cut(self, seat: Seat) -> None:
        """R32, R33: the fence goes; power stays only if the tractor touches the own field."""
        self.fences[seat] = []
        self.powered[seat] = bool(CROSSROAD_PLOTS[self.tractors[seat]] & self.fields[seat])

    def _annex_if_closed(self, seat: Seat) -> None:
        """R25–R27: while the fence touches the main field away from its start, annex and shorten it."""
        fence = self.fences[seat]
        while fence and self.powered[seat]:
            closing = closing_index(self.main_field(seat), fence)
            if not closing:
                return
            self._annex(seat, annexed_area(self.main_field(seat), fence, closing) & ~self.fields[seat])
            del fence[:closing]
            if len(fence) == 1:
                fence.clear()

    def _annex(self, seat: Seat, area: Mask) -> None:
        """R26–R30, R34, R45: plots change hands, barns give cards, cut fences and eliminations follow."""
        for other in range(self.players):
            if other != seat and self.has_effect(other, WATCHDOG):
                area &= ~self.fields[other]  # R28
        owned = 0
        for other in range(self.players):
            owned |= self.fields[other]
            if other != seat:
                self.fields[other] &= ~area
        if area & ~owned:
            self.history.clear()  # R65
        self.fields[seat] |= area
        free, occupied = area & self.free_barns, area & self.occupied_barns
        self.free_barns &= ~free
        self.occupied_barns |= free
        self._draw(seat, free.bit_count() + 2 * occupied.bit_count())  # R29
        if self.last_move is not None and area:
            self.last_move["annexed"] = self.last_move.get("annexed", []) + [
                PLOT_NAMES[p] for p in plots_of(area)
            ]
        self._after_loss(seat)

    def _after_loss(self, seat: Seat) -> None:
        """R30, R34, R45 for everybody but `seat`, after they lost plots."""
        for other in range(self.players):
            if other == seat or self.eliminated[other] or (self.tractors[other] < 0 and self.fields[other]):
                continue
            if not self.fields[other]:
                self._eliminate(other)
            elif self.fences[other] and not CROSSROAD_PLOTS[self.fences[other][0]] & self.fields[other]:
                self._cut(other)  # R30
            elif not self.fences[other] and not CROSSROAD_PLOTS[self.tractors[other]] & self.fields[other]:
                self.powered[other] = False  # R34

    def _eliminate(self, seat: Seat) -> None:
        """R45: tractor, fence and cards leave the game."""
        self.eliminated[seat] = True
        self.tractors[seat] = -1
        self.fences[seat] = []
        self.discard_pile += self.hands[seat] + self.effects[seat]
        self.hands[seat], self.effects[seat] = [], []

    def _draw(self, seat: Seat, count: int) -> None:
        """R29, R60: draw from the pile, shuffling the discards under it when it runs short."""
        if count > len(self.draw_pile) and self.discard_pile:
            self.draw_pile = self._shuffled(self.discard_pile) + self.draw_pile
            self.discard_pile = []
        for _ in range(min(count, len(self.draw_pile))):
            card = self.draw_pile.pop()
            if card == GAME_OVER:
                self.over = True  # R66: the game ends at once
                return
            self.hands[seat].append(card)

    def _play(self, seat: Seat, card: str, target: str) -> None:
        """R50–R58: one card from the hand, with its target."""
        self.hands[seat].remove(card)
        self.last_move = {"seat": seat, "kind": "card", "card": card, "target": target or None, "cut": []}
        if card in (NITRO_1, NITRO_2):
            self.allowance = min(self.allowance + (1 if card == NITRO_1 else 2), MAX_ALLOWANCE)
            self.effects[seat].append(card)
        elif card in (VOLTAGE, WATCHDOG):
            self.effects[seat].append(card)
        elif card == RUT:
            self.effects[int(target)].append(card)
        elif card == HELICOPTER:
            self.tractors[seat] = CROSSROAD_BY_NAME[target]
            self.powered[seat] = self.heliported = True
            self.effects[seat].append(card)
        else:
            self.discard_pile.append(card)
            self._play_discarded(seat, card, target)

    def _play_discarded(self, seat: Seat, card: str, target: str) -> None:
        if card == DYNAMITE:
            self.bales &= ~(1 << PATH_BY_NAME[target])
        elif card == BRIBE:
            plot = PLOT_BY_NAME[target]
            for other in range(self.players):
                self.fields[other] &= ~(1 << plot)
            self.fields[seat] |= 1 << plot
            self._after_loss(seat)
            self._annex_if_closed(seat)
        else:
            count = 1 if card == BALE_1 else 2
            lifts = max(0, self.bales.bit_count() + count - MAX_BALES)
            self.pending = [LIFT] * lifts + [PLACE_BALE] * count

    def _bale_step(self, seat: Seat, step: str, path: PathId) -> None:
        """R56: remove a bale to stay within eight, or lay one."""
        self.pending.pop(0)
        if step == LIFT:
            self.bales &= ~(1 << path)
        else:
            self.bales |= 1 << path
        self.last_move = {"seat": seat, "kind": step, "path": PATH_NAMES[path], "cut": []}

    def _settle(self) -> None:
        """After every action: the end (R45, R62, R64), bale steps with no spot, an end of turn left alone."""
        totals = [field.bit_count() for field in self.fields]
        if (
            self.eliminated.count(False) == 1
            or (sum(totals) if self.players == 2 else max(totals)) >= self.goal
        ):
            self.over = True
        while not self.over:
            if self.pending and not self._pending_ids():
                self.pending.clear()
            elif not self.pending and self._only_end_left():
                self._end_turn(self.current)
            else:
                return


def _target(card: str, name: str) -> tuple[str, str]:
    """The clicked element and the label's words for a card's target."""
    if card == RUT:
        return f"seat:{name}", f"on {COLOURS[int(name)]}"
    if card == HELICOPTER:
        return f"x:{name}", f"to {name}"
    if card == BRIBE:
        return f"p:{name}", f"on {name}"
    return f"b:{name}", f"on the bale at {name}"


def _copy(move: JsonDict) -> JsonDict:
    return {key: list(value) if isinstance(value, list) else value for key, value in move.items()}
