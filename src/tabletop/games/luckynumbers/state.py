"""`LuckyNumbersState`: one Lucky Numbers position and its transitions (R1–R9, 2.4 in rules/luckynumbers.md).

What is hidden: the order of the face-down pile from everyone, and the tile the player to
move has drawn but not yet placed from everyone else (the issue's reading of R2; the view
says only that a tile is in hand). `determinize` resamples exactly those, keeping every tile
once (the pile and a hidden tile in hand are shuffled together), and reseeds the generator,
which only later rounds' shuffles use.
"""

from __future__ import annotations

from typing import cast

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
)
from tabletop.games.luckynumbers import storage
from tabletop.games.luckynumbers import view as views
from tabletop.games.luckynumbers.fitting import (
    CELL_UNITS,
    UNKNOWN_FITS,
    GardenFits,
    fit_table,
    garden_fits,
    refit,
)
from tabletop.games.luckynumbers.garden import (
    DIAGONAL,
    Cell,
    Garden,
    bounds,
    cell_label,
    empty_garden,
    filled_count,
    fits,
)
from tabletop.games.luckynumbers.notation import (
    DISCARD,
    DISCARD_ACTION,
    DRAW,
    DRAW_ACTION,
    MOVES,
    PLACE,
    PLACE_IDS,
    PLACE_IDS_OF_CELLS,
    TAKE,
    TAKE_IDS_OF_CELLS,
    Move,
    PlayedMove,
    parse,
    place_action,
    take_action,
)
from tabletop.games.luckynumbers.rounds import (
    FILLED,
    OVER,
    PILE_EMPTY,
    PLAY,
    SETUP,
    STALL_TURNS_PER_PLAYER,
    STALLED,
    RoundResult,
    deal_sorted,
    score_round,
    seat_name,
)
from tabletop.games.luckynumbers.tiles import NO_TILE, NUMBER_OF, Tile, all_tiles

SORTED_SETUP = "sorted"
MICHAEL_SETUP = "michael"


class LuckyNumbersState(State):
    """Gardens, pile, table, the tile in hand, and whose turn it is.

    Tiles are ints (see `tiles`); the pile's top is the end of `pile`; `table` lists the
    face-up tiles in the order they were put there; `held` is the drawn tile in the hand of
    `current`, or `NO_TILE`.
    """

    def __init__(self, game: Game, players: int, options: dict[str, OptionValue], rng: Rng) -> None:
        self.game = game
        self.players = players
        self.options = dict(options)
        self.michael = options["setup"] == MICHAEL_SETUP
        self.rounds = players if options["tournament"] else 1
        self.rng = rng
        self.gardens: list[Garden] = [empty_garden() for _ in range(players)]
        self.seat_fits: list[GardenFits] = [UNKNOWN_FITS] * players
        """Per seat, the fit table of its garden (see `_fits_of`): a cache, not part of the position."""
        self.pile: list[Tile] = []
        self.table: list[Tile] = []
        self.held: Tile = NO_TILE
        self.current: Seat = 0
        self.first_player: Seat = 0
        self.phase = SETUP
        self.stall = 0
        self.totals = [0] * players
        self.results: list[RoundResult] = []
        self.last_move: PlayedMove | None = None

    # -- set-up ---------------------------------------------------------------------------

    def start(self) -> None:
        """The first round from a fresh generator: a random first player (2.4.4, as BGA)."""
        self.first_player = self.rng.below(self.players)
        self._start_round()

    def _start_round(self) -> None:
        """Shuffle every tile face down and set up the diagonals (2.4.1–2.4.3).

        Round k (from 0) is started by the k-th player clockwise from the first (R11).
        """
        self.pile = all_tiles(self.players)
        self.rng.shuffle(self.pile)
        self.table, self.held, self.stall, self.last_move = [], NO_TILE, 0, None
        self.current = (self.first_player + len(self.results)) % self.players
        if self.michael:
            self.gardens = [empty_garden() for _ in range(self.players)]
            self.phase = SETUP
            self.held = self.pile.pop()
        else:
            self.gardens = deal_sorted(self.pile, self.players)
            self.phase = PLAY

    # -- the contract ---------------------------------------------------------------------

    def current_players(self) -> tuple[Seat, ...]:
        return () if self.phase == OVER else (self.current,)

    def is_over(self) -> bool:
        return self.phase == OVER

    def legal_action_ids(self, seat: Seat) -> list[ActionId]:
        """What `seat` may do now, read off the fit table of the garden (see `fitting`), one
        lookup for the tile in hand or per number on the table.

        `apply` checks a single action with `fits` instead; the tests hold the two to agreement
        over every well-formed id.
        """
        if self.phase == OVER or seat != self.current:
            return []
        garden = self.gardens[seat]
        if self.phase == SETUP:
            return [PLACE_IDS[cell] for cell in DIAGONAL if garden[cell] == NO_TILE]
        table = fit_table(self._fits_of(seat))
        if self.held != NO_TILE:
            return [*PLACE_IDS_OF_CELLS[table >> NUMBER_OF[self.held] & CELL_UNITS], DISCARD]
        ids = [DRAW]
        for number in sorted({NUMBER_OF[tile] for tile in self.table}):
            ids += TAKE_IDS_OF_CELLS[number][table >> number & CELL_UNITS]
        return ids

    def legal_actions(self, seat: Seat) -> list[Action]:
        return [self._action(seat, MOVES[action_id]) for action_id in self.legal_action_ids(seat)]

    def _apply(self, seat: Seat, action_id: ActionId) -> None:
        move = self._checked(seat, action_id)
        if move.kind == DRAW:
            self._draw()
        elif move.kind == DISCARD:
            self._discard()
        elif move.kind == PLACE:
            self._place_from_hand(move.cell)
        else:
            self._take(move.number, move.cell)

    def outcome(self) -> Outcome | None:
        """R8/R9 decide the winner; R10 ranks the others by filled cells; R11 sums tournament points."""
        if self.phase != OVER:
            return None
        if self.rounds > 1:
            return Outcome.from_scores(self.totals, views.tournament_summary(self.totals, self.results))
        scores = [filled_count(garden) for garden in self.gardens]
        return Outcome.from_scores(scores, self.results[-1].describe())

    def clone(self) -> LuckyNumbersState:
        copy = object.__new__(LuckyNumbersState)
        copy.__dict__.update(self.__dict__)
        copy.gardens = [garden[:] for garden in self.gardens]
        copy.seat_fits = self.seat_fits[:]
        copy.pile = self.pile[:]
        copy.table = self.table[:]
        copy.totals = self.totals[:]
        copy.results = self.results[:]
        copy.rng = self.rng.copy()
        return copy

    def determinize(self, viewer: Seat | None, rng: Rng) -> LuckyNumbersState:
        """A clone with the pile order, and the tile in hand unless `viewer` holds it, resampled.

        The engine's part comes first: a fresh generator for later rounds' shuffles.
        """
        copy = cast(LuckyNumbersState, super().determinize(viewer, rng))
        unseen = copy.pile
        hand_hidden = copy.held != NO_TILE and viewer != copy.current
        if hand_hidden:
            unseen.append(copy.held)
        rng.shuffle(unseen)
        if hand_hidden:
            copy.held = unseen.pop()
        return copy

    def view(self, viewer: Seat | None) -> JsonDict:
        return views.build_view(self, viewer)

    def to_json(self) -> JsonDict:
        return storage.state_to_json(self)

    # -- checking an action ---------------------------------------------------------------

    def _checked(self, seat: Seat, action_id: ActionId) -> Move:
        """The parsed move, or `IllegalAction` saying why, before anything changes."""
        move = parse(action_id)
        if self.phase == OVER or seat != self.current or move is None:
            raise self.illegal(seat, action_id)
        reason = self._why_not(self.gardens[seat], move)
        if reason is not None:
            raise IllegalAction(f"{action_id!r} is not legal for {seat_name(seat)}: {reason}")
        return move

    def _why_not(self, garden: Garden, move: Move) -> str | None:
        """Why `move` breaks a rule for the player to move, or None if it is legal."""
        if self.phase == SETUP:
            if move.kind != PLACE or move.cell not in DIAGONAL:
                return "in Michael's setup the drawn tile goes on a start cell of the diagonal (2.4.3)"
            return None if garden[move.cell] == NO_TILE else "that start cell already holds a tile (2.4.3)"
        if self.held != NO_TILE:
            if move.kind == DISCARD:
                return None
            if move.kind != PLACE:
                return "a drawn tile is in hand: place it or put it face up on the table (R2)"
            return _why_not_fit(garden, NUMBER_OF[self.held], move.cell)
        if move.kind == DRAW:
            return None
        if move.kind != TAKE:
            return "draw a tile or take a face-up one first (R1)"
        if self._top_of(move.number) == NO_TILE:
            return f"there is no face-up {move.number} on the table (R3)"
        return _why_not_fit(garden, move.number, move.cell)

    def _action(self, seat: Seat, move: Move) -> Action:
        """The Action of a legal move, with its label and the clicks that choose it."""
        if move.kind == DRAW:
            return DRAW_ACTION
        if move.kind == DISCARD:
            return DISCARD_ACTION
        replaced = self.gardens[seat][move.cell]
        if move.kind == PLACE:
            return place_action(seat, move.cell, self.held, replaced)
        return take_action(seat, move.cell, self._top_of(move.number), replaced)

    def _fits_of(self, seat: Seat) -> GardenFits:
        """The fits of `seat`'s garden as it is now.

        Why kept: move generation needs the fit table of the mover's garden every turn, and
        rebuilding it costs eight line lookups where `_put`, which changes one cell, updates
        it with two. It is keyed on the garden it describes, so a garden set any other way (a
        new round, a stored position) is simply computed again.
        """
        garden = tuple(self.gardens[seat])
        fits = self.seat_fits[seat]
        if fits[0] != garden:
            fits = self.seat_fits[seat] = garden_fits(garden)
        return fits

    def _top_of(self, number: int) -> Tile:
        """The face-up tile of that number put on the table last (the one taken), or NO_TILE."""
        index = self._top_index(number)
        return NO_TILE if index < 0 else self.table[index]

    def _top_index(self, number: int) -> int:
        """Where on `table` the last-laid tile of that number lies, or -1."""
        table = self.table
        for index in range(len(table) - 1, -1, -1):
            if NUMBER_OF[table[index]] == number:
                return index
        return -1

    # -- transitions ----------------------------------------------------------------------

    def _draw(self) -> None:
        """R2: the top tile goes to the mover's hand, seen by them alone."""
        self.held = self.pile.pop()
        self.last_move = PlayedMove(self.current, DRAW, NO_TILE, -1, NO_TILE)

    def _discard(self) -> None:
        """R2 A2, R7: the drawn tile goes face up on the table; the turn ends."""
        tile, self.held = self.held, NO_TILE
        self.table.append(tile)
        self.last_move = PlayedMove(self.current, DISCARD, tile, -1, NO_TILE)
        self._end_turn(progress=True)

    def _place_from_hand(self, cell: Cell) -> None:
        """R2 A1 (or a start tile in Michael's setup, 2.4.3)."""
        tile, self.held = self.held, NO_TILE
        replaced = self._put(tile, cell)
        self.last_move = PlayedMove(self.current, PLACE, tile, cell, replaced)
        if self.phase == SETUP:
            self._next_setup_turn()
        else:
            self._end_turn(progress=True)

    def _take(self, number: int, cell: Cell) -> None:
        """R3: the last-laid face-up tile of that number goes onto the garden."""
        tile = self.table.pop(self._top_index(number))
        replaced = self._put(tile, cell)
        self.last_move = PlayedMove(self.current, TAKE, tile, cell, replaced)
        self._end_turn(progress=replaced == NO_TILE)

    def _put(self, tile: Tile, cell: Cell) -> Tile:
        """R4: the tile goes on the cell; a tile it replaces goes face up on the table (R4b, R7)."""
        seat = self.current
        garden = self.gardens[seat]
        fits = self._fits_of(seat)
        replaced = garden[cell]
        garden[cell] = tile
        self.seat_fits[seat] = refit(fits, tuple(garden), cell)
        if replaced != NO_TILE:
            self.table.append(replaced)
        return replaced

    def _next_setup_turn(self) -> None:
        """2.4.3: the next player clockwise draws a start tile, until every diagonal is full."""
        self.current = (self.current + 1) % self.players
        if all(self.gardens[self.current][cell] != NO_TILE for cell in DIAGONAL):
            self.phase = PLAY
        else:
            self.held = self.pile.pop()

    def _end_turn(self, progress: bool) -> None:
        """R5: the turn is over; R8, R9 or the no-progress limit may end the round."""
        self.stall = 0 if progress else self.stall + 1
        if NO_TILE not in self.gardens[self.current]:
            self._end_round(FILLED)
        elif not self.pile:
            self._end_round(PILE_EMPTY)
        elif self.stall >= STALL_TURNS_PER_PLAYER * self.players:
            self._end_round(STALLED)
        else:
            self.current = (self.current + 1) % self.players

    def _end_round(self, reason: str) -> None:
        """Score the round (R8–R11) and start the next one, or end the game."""
        result = score_round(self.gardens, reason, self.current)
        self.results.append(result)
        self.totals = [total + points for total, points in zip(self.totals, result.points, strict=True)]
        if len(self.results) < self.rounds:
            self._start_round()
        else:
            self.phase = OVER


def _why_not_fit(garden: Garden, number: int, cell: Cell) -> str | None:
    """Why `number` cannot go on `cell` (INV, R4), or None when it fits."""
    if fits(garden, number, cell):
        return None
    low, high = bounds(garden, cell)
    if low < number < high:
        return f"{cell_label(cell)} already holds a {number}; exchanging it for the same number is no move"
    return f"{number} at {cell_label(cell)} must be greater than {low} and less than {high} (INV, R4)"
