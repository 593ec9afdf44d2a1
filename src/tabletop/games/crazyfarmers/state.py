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

from tabletop.engine import (
    Action,
    ActionId,
    JsonDict,
    Outcome,
    Rng,
    Seat,
    State,
    Tensor,
    mention,
    winners_phrase,
)
from tabletop.games.crazyfarmers.board import (
    CROSSROAD_BY_NAME,
    CROSSROAD_NAMES,
    PATH_BY_NAME,
    PATH_NAMES,
    PLOT_NAMES,
    START_PLOTS,
    mask,
    plots_of,
)
from tabletop.games.crazyfarmers.cards import LIFT, PLACE_BALE, BonusCards
from tabletop.games.crazyfarmers.farm import COLOURS, GAME_OVER, GAME_OVER_DEPTH, ROUND_LIMIT
from tabletop.games.crazyfarmers.rules import (
    BALE_1,
    BALE_2,
    BRIBE,
    CARD_NAMES,
    CARDS,
    DYNAMITE,
    HAND_LIMIT,
    HELICOPTER,
    NITRO_1,
    NITRO_2,
    RUT,
    VOLTAGE,
    WATCHDOG,
    full_deck,
    observation,
)

if TYPE_CHECKING:
    from tabletop.engine import Game

END = "end"
DISCARD = "discard"
DISCARD_IDS = {card: f"{DISCARD} {card}" for card in CARDS}
"""The id of discarding each card, made once: every decision with cards in hand lists them."""
MOVERS = tuple((seat,) for seat in range(4))
"""`current_players` of each seat to move, made once: it is asked twice at every action."""
ONLY_END = (END,)
"""The legal ids when nothing is left but to end the turn, which then ends by itself (R3): the
only way `_list_ids` gives "end" alone (with cards in hand it lists their discards too)."""


class CrazyFarmersState(BonusCards, State):
    """A Crazy Farmers position with the engine's contract: actions, views and storage."""

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
        state._settle()
        return state

    def set_up(self) -> None:
        """2.6: start plots dealt in random order, barns free, the deck shuffled, hands empty."""
        starts = list(START_PLOTS[self.players])
        self.rng.shuffle(starts)
        self.fields = [mask(name) for name in starts]
        self.draw_pile = self._shuffled(full_deck())
        self._begin_turn(0)

    def current_players(self) -> tuple[Seat, ...]:
        return () if self.over else MOVERS[self.current]

    def legal_actions(self, seat: Seat) -> list[Action]:
        return [self._action(action_id) for action_id in self.legal_action_ids(seat)]

    def legal_action_ids(self, seat: Seat) -> list[ActionId]:
        if self.over or seat != self.current:
            return []
        return list(self._legal or self._current_ids())

    def is_legal(self, seat: Seat, action_id: ActionId) -> bool:
        """A lookup among the legal ids of the player to move, which `_settle` has already listed."""
        return not self.over and seat == self.current and action_id in (self._legal or self._current_ids())

    def _current_ids(self) -> Sequence[ActionId]:
        """The legal ids of the player to move, kept in `_legal` until the next action.

        Every action needs them at least twice (`_settle` asks whether "end" is all that is
        left, `apply` whether the id is legal) and a bot a third time, so they are listed once.
        It is never changed once made (moves are tuples shared with `MOVE_NAMES`): callers get copies.
        """
        if self._legal is None:
            self._legal = self._list_ids(self.current)
        return self._legal

    def _list_ids(self, seat: Seat) -> Sequence[ActionId]:
        if self.pending:
            return self._pending_ids()
        if self.tractors[seat] < 0:
            return [CROSSROAD_NAMES[c] for c in self.first_crossroads(seat)]
        moves = self.move_ids(seat)
        hand = self.hands[seat]
        if not hand:  # most decisions of a game are moves with an empty hand: no card to list
            return moves or ONLY_END  # R3
        ids = [*moves, *self._card_ids(seat), *(DISCARD_IDS[card] for card in sorted(set(hand)))]
        if not moves and len(hand) <= HAND_LIMIT:  # R3
            ids.append(END)
        return ids

    def _apply(self, seat: Seat, action_id: ActionId) -> None:
        self._legal = None
        if action_id in CROSSROAD_BY_NAME:  # a move, nearly every action of a game: asked first
            self._drive(seat, CROSSROAD_BY_NAME[action_id])
        elif action_id == END:
            self._end_turn(seat)
        else:
            self._play_words(seat, action_id.split(" "))
        self._settle()

    def _play_words(self, seat: Seat, words: list[str]) -> None:
        """A discard, a bale step or a card, from the words of its id."""
        if words[0] == DISCARD:
            self.hands[seat].remove(words[1])
            self.discard_pile.append(words[1])
            self.last_move = {"seat": seat, "kind": "discard", "card": words[1]}
        elif words[0] in (LIFT, PLACE_BALE):
            self._bale_step(seat, words[0], PATH_BY_NAME[words[1]])
        else:
            self._play(seat, words[0], words[1] if len(words) > 1 else "")

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
        """Every slot of `Farm` set by name, not by a `setattr` loop, which cost half of a clone.

        Values that are never changed in place (numbers, masks, the kept id tuples, the last
        move, the game and its options) are shared; lists and dicts are copied.
        """
        twin = CrazyFarmersState.__new__(CrazyFarmersState)
        twin.game, twin.players, twin.options, twin.goal = self.game, self.players, self.options, self.goal
        twin.free_barns, twin.occupied_barns, twin.bales = self.free_barns, self.occupied_barns, self.bales
        twin.current, twin.allowance, twin.moves_done = self.current, self.allowance, self.moves_done
        twin.heliported, twin.turns = self.heliported, self.turns
        twin.over, twin.drawn_game = self.over, self.drawn_game
        twin._last_move, twin._last_drive = self._last_move, self._last_drive
        twin._legal, twin._blocked, twin._recount = self._legal, self._blocked, self._recount
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
        copy._legal = None  # the mover's cards may have been dealt anew
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
            "colours": list(COLOURS[: self.players]),
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
            "history": {str(key): count for key, count in self.history.items()},
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
        self.history = {int(key): int(count) for key, count in data["history"].items()}
        self.over, self.drawn_game = bool(data["over"]), bool(data["drawn_game"])
        self.last_move = None if data["last_move"] is None else _copy(data["last_move"])
        self._legal = self._blocked = None
        self._recount = True

    def prompt(self) -> str:
        """What is expected now, in words."""
        if self.over:
            outcome = self.outcome()
            return f"Game over: {outcome.reason}" if outcome else "Game over"
        name = mention(self.current)
        if self.pending:
            step = "remove a hay bale first" if self.pending[0] == LIFT else "place a hay bale on a path"
            return f"{name}: {step}"
        if self.tractors[self.current] < 0:
            return f"{name}: choose a corner of your start plot for your tractor"
        left = max(0, self.allowance - self.moves_done)
        if self.move_ids(self.current):
            return f"{name} to move the tractor ({left} move{'s' if left != 1 else ''} left) or play a card"
        if len(self.hands[self.current]) > HAND_LIMIT:
            return f"{name}: discard down to {HAND_LIMIT} cards"
        return f"{name}: play a card or end the turn"

    def _reason(self, ranks: tuple[int, ...], mains: list[int]) -> str:
        if self.drawn_game:
            return "draw: the same position came back three times"
        winners = [seat for seat in range(self.players) if ranks[seat] == 1]
        alive = [seat for seat in range(self.players) if not self.eliminated[seat]]
        if len(alive) == 1:
            return f"{mention(winners[0], 'wins')}: every other farmer was eliminated"
        best = max(mains[seat] for seat in alive)
        return f"{winners_phrase(winners)} with a main field of {best} plot{'s' if best != 1 else ''}"

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

    def _settle(self) -> None:
        """After every action: the end (R45, R62, R64), bale steps with no spot, an end of turn left alone.

        The legal ids of the player to move are listed here (and kept, see `_current_ids`), as
        they tell whether anything is left to do.
        """
        if self._recount:  # most actions are moves that change no field: nothing to count
            self._recount = False
            totals = map(int.bit_count, self.fields)
            if (
                self.eliminated.count(False) == 1
                or (sum(totals) if self.players == 2 else max(totals)) >= self.goal
            ):
                self.over = True
        while not self.over:
            ids = self._legal = self._list_ids(self.current)
            if ids is ONLY_END:
                self._end_turn(self.current)
            elif self.pending and not ids:
                self.pending.clear()
            else:
                return
        self._legal = None

    def _observation(self, view: JsonDict, viewer: Seat | None) -> Tensor:
        return observation(view, viewer)


def _target(card: str, name: str) -> tuple[str, str]:
    """The clicked element and the label's words for a card's target."""
    if card == RUT:
        return f"seat:{name}", f"on {mention(int(name))}"
    if card == HELICOPTER:
        return f"x:{name}", f"to {name}"
    if card == BRIBE:
        return f"p:{name}", f"on {name}"
    return f"b:{name}", f"on the bale at {name}"


def _copy(move: JsonDict) -> JsonDict:
    return {key: list(value) if isinstance(value, list) else value for key, value in move.items()}


def action_space(players: int) -> tuple[ActionId, ...]:
    """Every id ever legal at a table of `players`, in the order of the notation:

    the crossroads (moves and the first crossroad, `CROSSROAD_NAMES` order), "end", the
    cards played without a target (nitro1, nitro2, voltage, watchdog, bale1, bale2), "rut"
    and each seat, "helicopter" and each crossroad, "bribe" and each plot, "dynamite" and
    each path, "lift" and "bale" and each path, then "discard" and each card (`CARDS`).

    >>> space = action_space(2)
    >>> len(space), space[96:98], space[-1]
    (644, ('end', 'nitro1'), 'discard bribe')
    """
    plain = (NITRO_1, NITRO_2, VOLTAGE, WATCHDOG, BALE_1, BALE_2)
    targeted = [f"{RUT} {seat}" for seat in range(players)]
    targeted += [f"{HELICOPTER} {name}" for name in CROSSROAD_NAMES]
    targeted += [f"{BRIBE} {name}" for name in PLOT_NAMES]
    targeted += [f"{kind} {name}" for kind in (DYNAMITE, LIFT, PLACE_BALE) for name in PATH_NAMES]
    return (*CROSSROAD_NAMES, END, *plain, *targeted, *(f"{DISCARD} {card}" for card in CARDS))
