"""`Farm`: the position of a Crazy Farmers game and how tractors, fences and fields change it.

The position is kept in plain attributes (fields as plot masks, fences as lists of
crossroads from the start to the tractor, see `board`); the moves and their effects
(R10–R45 of docs/rules/crazyfarmers.md) live here, the bonus cards in `cards` and the
engine's contract in `state`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tabletop.engine import JsonDict, OptionValue, Rng, Seat
from tabletop.games.crazyfarmers.board import (
    BARN_PLOTS,
    CROSSROAD_NAMES,
    CROSSROAD_PLOTS,
    MOVE_NAMES,
    MOVE_PATHS,
    MOVE_STEPS,
    MOVE_TARGETS,
    PLOT_CORNERS,
    PLOT_NAMES,
    Crossroad,
    CrossroadMask,
    Mask,
    crossroad_mask,
    plots_of,
)
from tabletop.games.crazyfarmers.rules import (
    ACCELERATED_ALLOWANCE,
    ACCELERATION_LENGTH,
    BASE_ALLOWANCE,
    GOALS,
    HAND_LIMIT,
    HELICOPTER,
    MAX_ALLOWANCE,
    NITRO_1,
    NITRO_2,
    RUT,
    RUT_PENALTY,
    VOLTAGE,
    WATCHDOG,
    annexed_area,
    closing_index,
    component,
    fence_paths,
    protected,
)

if TYPE_CHECKING:
    from tabletop.engine import Game

COLOURS = ("Blue", "Yellow", "Purple", "Red")
ROUND_LIMIT = 40
"""Our decision (no printed rule): after 40 rounds the game ends and is ranked by R63."""
TURN_ACTIONS_AT_MOST = 1 + MAX_ALLOWANCE + 5 * (HAND_LIMIT + 2 * 13) + 1
"""First crossroad, five moves, every card held or drawn (at most 6 + 2 per barn) played with
up to four bale steps, and the end: a true bound on one turn's actions."""
REPETITIONS = 3
GAME_OVER = "gameover"
GAME_OVER_MINIMUM, GAME_OVER_DEPTH = 8, 7
"""R66: the Game Over card goes into a shuffled pile of more than 8 cards, among its last 7."""
OTHERS = {
    players: tuple(tuple(o for o in range(players) if o != s) for s in range(players))
    for players in (2, 3, 4)
}
"""For each table size and seat, the other seats: whose fences a move may cut."""
TURN_END_EFFECTS = (NITRO_1, NITRO_2, HELICOPTER, RUT)
TURN_START_EFFECTS = (VOLTAGE, WATCHDOG)


class Farm:
    """Fields, tractors, fences, cards, bales and whose turn it is; driving and annexing."""

    # Slots, for speed: every step of a playout reads a dozen of these, and CPython 3.11 reads
    # an instance dict of more than 29 keys by a slower path (one more attribute cost 10%).
    __slots__ = (
        "_blocked",
        "_last_drive",
        "_last_move",
        "_legal",
        "_recount",
        "allowance",
        "bales",
        "current",
        "discard_pile",
        "draw_pile",
        "drawn_game",
        "effects",
        "eliminated",
        "fences",
        "fields",
        "free_barns",
        "game",
        "goal",
        "hands",
        "heliported",
        "history",
        "moves_done",
        "occupied_barns",
        "options",
        "over",
        "pending",
        "players",
        "powered",
        "rng",
        "tractors",
        "turns",
    )  # fmt: skip

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
        self.history: dict[int, int] = {}
        """How often each position came back at a turn's end (R65), by its hash (as text in JSON)."""
        self.over = False
        self.drawn_game = False
        self._last_move: JsonDict | None = None
        self._last_drive: tuple[Seat, Crossroad, Crossroad] | None = None
        """The last action if it was a tractor move, until `last_move` writes it out."""
        self._legal: Sequence[str] | None = None
        """The legal ids of the player to move once listed, until the next action (`state`)."""
        self._blocked: CrossroadMask | None = None
        """What `blocked` found for the mover, until a cut, an elimination, a card or the next turn."""
        self._recount = True
        """Whether fields or eliminations may have changed since `state` last asked whether a goal
        is reached (R62, R64): only annexation and Bribe change them, and `_after_loss` follows both."""

    @property
    def last_move(self) -> JsonDict | None:
        """The last action as views and storage show it (what `drawing` marks).

        A tractor move, nearly every action, only notes who drove from where to where
        (`_last_drive`); the dict is written out when asked, which a playout never does.
        """
        drive = self._last_drive
        if drive is not None:
            seat, here, there = drive
            self._last_drive = None
            self._last_move = {
                "seat": seat,
                "kind": "start" if here < 0 else "move",
                "from": None if here < 0 else CROSSROAD_NAMES[here],
                "to": CROSSROAD_NAMES[there],
                "cut": [],
            }
        return self._last_move

    @last_move.setter
    def last_move(self, move: JsonDict | None) -> None:
        self._last_drive = None
        self._last_move = move

    def main_field(self, seat: Seat) -> Mask:
        """R40: the part of the field where the fence starts (or the tractor stands)."""
        field = self.fields[seat]
        fence = self.fences[seat]
        anchor = fence[0] if fence else self.tractors[seat]
        return field if anchor < 0 else component(field, CROSSROAD_PLOTS[anchor] & field)

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

    def blocked(self, seat: Seat) -> CrossroadMask:
        """R14c–e: the crossroads `seat`'s tractor may not enter, as a mask.

        Asked at every move of a turn while only a cut (`_cut`), an elimination or a card
        changes it, so the mover's is kept in `_blocked` until one of those or the next turn.
        """
        if seat != self.current:
            return self._find_blocked(seat)
        if self._blocked is None:
            self._blocked = self._find_blocked(seat)
        return self._blocked

    def _find_blocked(self, seat: Seat) -> CrossroadMask:
        blocked = 0
        for other in OTHERS[self.players][seat]:
            tractor = self.tractors[other]
            if tractor < 0:
                continue
            fence = self.fences[other]
            if not fence:
                blocked |= 1 << tractor
            elif self.heliported or VOLTAGE in self.effects[other]:
                blocked |= crossroad_mask(fence)
            else:
                blocked |= crossroad_mask(protected(fence, tractor))
        return blocked

    def move_ids(self, seat: Seat) -> tuple[str, ...]:
        """R11–R14: the ids of the moves the tractor may make now (the crossroads reached).

        The destinations left open are a mask, whose ids `MOVE_NAMES` has ready: no loop over
        the steps unless a hay bale lies on one of them.
        """
        if self.moves_done >= self.allowance:
            return ()
        tractor = self.tractors[seat]
        blocked = self._blocked
        if blocked is None or seat != self.current:  # the mover's, once listed, is read directly
            blocked = self.blocked(seat)
        open_ = MOVE_TARGETS[tractor] & ~blocked
        bales = self.bales
        if bales and bales & MOVE_PATHS[tractor]:  # seldom: most positions have no bale at all
            for path, there in MOVE_STEPS[tractor]:
                if bales & path:
                    open_ &= ~there
        return MOVE_NAMES[tractor][open_]

    def fenced_paths(self) -> Mask:
        """The paths of every fence, as a mask of paths."""
        fenced = 0
        for fence in self.fences:
            for path in fence_paths(fence):
                fenced |= 1 << path
        return fenced

    def _begin_turn(self, seat: Seat) -> None:
        """R10: the allowance, after High Voltage and Watchdog of the last turn end (R53, R54)."""
        self.current = seat
        self._blocked = None
        accelerated = len(self.fences[seat]) - 1 >= ACCELERATION_LENGTH
        self.allowance = ACCELERATED_ALLOWANCE if accelerated else BASE_ALLOWANCE
        if self.effects[seat]:  # seldom: asked at every turn
            self._discard_effects(seat, TURN_START_EFFECTS)
            self.allowance -= RUT_PENALTY * self.effects[seat].count(RUT)
        self.moves_done = 0
        self.heliported = False

    def _end_turn(self, seat: Seat) -> None:
        """R3, R4, R52, R65: effects of the turn end, the repetition record, the next player."""
        if self.effects[seat]:
            self._discard_effects(seat, TURN_END_EFFECTS)
        key = hash((seat, tuple(self.tractors), tuple(map(tuple, self.fences)), tuple(self.fields)))
        seen = self.history[key] = self.history.get(key, 0) + 1
        self.turns += 1
        if seen >= REPETITIONS:
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
        """Cards whose effect ends now go to the discard pile (R50)."""
        kept = [card for card in self.effects[seat] if card not in cards]
        self.discard_pile += [card for card in self.effects[seat] if card in cards]
        self.effects[seat] = kept

    def _drive(self, seat: Seat, there: Crossroad) -> None:
        """R2 (first crossroad) or R11: one move, with its fence, cut and annexation effects.

        Annexation (R25) is looked for only when the fence grows to a crossroad by the own
        field: before the move no crossroad of the fence but its start touched the main field
        (the plots would have been annexed then), and going back along the fence (R21, R22)
        brings none of them nearer. Asking every move cost a walk along the whole fence.
        """
        here = self.tractors[seat]
        self.tractors[seat] = there
        self._last_drive = (seat, here, there)
        if here < 0:
            return
        self.moves_done += 1
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
            if fence and CROSSROAD_PLOTS[there] & self.fields[seat]:
                self._annex_if_closed(seat)
        if len(fence) == 1:
            fence.clear()

    def _extend(self, seat: Seat, here: Crossroad, there: Crossroad) -> None:
        """R20: a fence segment unless the path borders the (main) field."""
        fence = self.fences[seat]
        along = CROSSROAD_PLOTS[here] & CROSSROAD_PLOTS[there] & self.fields[seat]
        if along and (not fence or along & self.main_field(seat)):  # the main field only with a fence
            fence.clear()
            return
        if not fence:
            fence.append(here)
        fence.append(there)

    def _cut_at(self, seat: Seat, there: Crossroad) -> None:
        """R32: every unprotected opponent fence through `there` is removed; its owner loses power."""
        for other in OTHERS[self.players][seat]:
            if there in self.fences[other] and VOLTAGE not in self.effects[other]:
                self._cut(other)
                self.last_move["cut"].append(other)  # type: ignore[index]

    def _cut(self, seat: Seat) -> None:
        """R32, R33: the fence goes; power stays only if the tractor touches the own field."""
        self.fences[seat] = []
        self._blocked = None
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
        self._recount = True
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
        self._blocked = None
        self.tractors[seat] = -1
        self.fences[seat] = []
        self.discard_pile += self.hands[seat] + self.effects[seat]
        self.hands[seat], self.effects[seat] = [], []

    def _shuffled(self, cards: list[str]) -> list[str]:
        """R66: a shuffled pile, with the Game Over card among its last 7 when the option is on."""
        self.rng.shuffle(cards)
        wanted = self.options["game_over_card"] and GAME_OVER not in self.draw_pile
        if wanted and len(cards) > GAME_OVER_MINIMUM:
            cards.insert(self.rng.below(GAME_OVER_DEPTH), GAME_OVER)
        return cards

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
