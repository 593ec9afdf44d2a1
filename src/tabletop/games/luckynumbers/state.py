"""`LuckyNumbersState`: one Lucky Numbers position, its transitions, its views and its JSON.

Rules R1–R11 and the setup 2.4 of docs/rules/luckynumbers.md; the notation is in `board`.

What is hidden: the order of the face-down pile from everyone, and the tile the player to
move has drawn but not yet placed from everyone else (our reading of R2; the view says only
that a tile is in hand). `determinize` resamples exactly those, keeping every tile once (the
pile and a hidden tile in hand are shuffled together), and reseeds the generator, which only
later rounds' shuffles use. `public_label` tells the others what the table sees of a move: a
draw without its number, the number of every tile that ends face up.

A view holds the gardens, the face-up table and the number of face-down tiles, never their
order. Tiles appear as ``{"id": "tile-red-7", "number": 7, "colour": "red"}`` so the drawing
needs no knowledge of the encoding. In JSON (the server's copy, pile order included) tiles
are written by name (``"red-7"``); loading refuses what no game could reach.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
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
    Tensor,
    mention,
)
from tabletop.games.luckynumbers.board import (
    CELLS,
    COLOURS,
    DIAGONAL,
    DISCARD,
    DISCARD_ACTION,
    DRAW,
    DRAW_ACTION,
    DRAW_WORDS,
    MOVES,
    NO_TILE,
    NUMBER_OF,
    NUMBERS,
    PLACE,
    PLACE_IDS,
    TAKE,
    Cell,
    Garden,
    LastPlayed,
    Move,
    PlayedMove,
    Tile,
    all_tiles,
    discard_words,
    empty_garden,
    face_up_numbers,
    move_record,
    observation,
    optional_name,
    optional_tile,
    parse,
    place_action,
    played_move_from_json,
    played_move_to_json,
    take_action,
    tile_from_name,
    tile_name,
    tile_view,
)
from tabletop.games.luckynumbers.fitting import (
    CELL_UNITS,
    UNKNOWN_FITS,
    GardenFits,
    fit_table,
    garden_fits,
    refit,
)
from tabletop.games.luckynumbers.rules import (
    FILLED,
    OVER,
    PHASES,
    PILE_EMPTY,
    PLACE_IDS_OF_CELLS,
    PLAY,
    SETUP,
    STALL_TURNS_PER_PLAYER,
    STALLED,
    TAKE_IDS_OF_CELLS,
    RoundResult,
    deal_sorted,
    filled_count,
    is_ordered,
    score_round,
    top_index,
    tournament_summary,
    why_not,
)

_ONE_SEAT: tuple[tuple[Seat], ...] = tuple((seat,) for seat in range(len(COLOURS)))
"""`current_players` for each seat to move, made once: the engine asks it at every action."""

SORTED_SETUP = "sorted"
MICHAEL_SETUP = "michael"


class LuckyNumbersState(State):
    """Gardens, pile, table, the tile in hand, and whose turn it is.

    Tiles are ints (see `board`); the pile's top is the end of `pile`; `table` lists the
    face-up tiles in the order they were put there; `held` is the drawn tile in the hand of
    `current`, or `NO_TILE`.
    """

    def __init__(self, game: Game, players: int, options: Mapping[str, OptionValue], rng: Rng) -> None:
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
        self.face_up = bytearray()
        """The numbers of `table` (`face_up_numbers`), tile for tile, kept with it (`_set_table`,
        and every move that lays or takes a tile): every turn's move list and every take read
        them, so they are not rebuilt from the tiles per move."""
        self.held: Tile = NO_TILE
        self.current: Seat = 0
        self.first_player: Seat = 0
        self.phase = SETUP
        self.stall = 0
        self.totals = [0] * players
        self.results: list[RoundResult] = []
        self.last_played: LastPlayed | None = None
        """The fields of `last_move`, kept as a plain tuple: every move sets it, views alone read it."""
        self.legal_cache: list[ActionId] | None = None
        """The legal ids of the player to move as the position is now (cleared by every action): a cache."""

    @classmethod
    def from_position(
        cls,
        game: Game,
        *,
        gardens: Sequence[Sequence[int | None]],
        table: Sequence[int] = (),
        hand: int | None = None,
        pile_top: Sequence[int] = (),
        current: Seat = 0,
        stall: int = 0,
        options: Mapping[str, OptionValue] | None = None,
        seed: int = 0,
    ) -> LuckyNumbersState:
        """A position in play (R1), for tests, puzzles and analysis.

        `gardens` gives each player's 16 cells row by row, as numbers (None = empty); `table`
        the face-up numbers in the order they were laid; `hand` a number drawn by `current`;
        `pile_top` the numbers the next draws bring, first drawn first. Every other tile lies
        face down below them, the highest numbers on top. Tiles are chosen by number, the
        colours in set order (2.1: colour has no effect on play); `current` also starts the
        round (R11). Raises ValueError if the position is not a possible one.
        """
        players = game.check_players(len(gardens))
        state = cls(game, players, game.resolve_options(dict(options or {})), Rng(seed))
        supply = _TileSupply(players)
        state.gardens = [[supply.take(number) for number in garden] for garden in gardens]
        state._set_table([supply.take(number) for number in table])
        state.held = supply.take(hand)
        top = [supply.take(number) for number in pile_top]
        state.pile = supply.rest() + top[::-1]
        state.phase, state.current, state.first_player, state.stall = PLAY, current, current, stall
        state._check_possible()
        return state

    @classmethod
    def from_json(cls, game: Game, data: JsonDict) -> LuckyNumbersState:
        """The position `to_json` wrote; raises ValueError if it is not a possible one."""
        try:
            players = game.check_players(data["players"])
            state = cls(game, players, game.resolve_options(data["options"]), Rng(int(data["rng"])))
            state.phase = str(data["phase"])
            state.current, state.first_player = int(data["current"]), int(data["first_player"])
            state.held, state.stall = optional_tile(data["held"]), int(data["stall"])
            state.gardens = [[optional_tile(name) for name in garden] for garden in data["gardens"]]
            state.pile = [tile_from_name(name) for name in data["pile"]]
            state._set_table([tile_from_name(name) for name in data["table"]])
            state.totals = [int(total) for total in data["totals"]]
            state.results = [RoundResult.from_json(result) for result in data["results"]]
            state.last_played = (
                None if data["last_move"] is None else played_move_from_json(data["last_move"])
            )
        except (KeyError, TypeError, IndexError) as error:
            raise ValueError(f"not a stored Lucky Numbers position: {error!r}") from error
        state._check_possible()
        return state

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
        self._set_table([])
        self.held, self.stall, self.last_played = NO_TILE, 0, None
        self.current = (self.first_player + len(self.results)) % self.players
        if self.michael:
            self.gardens = [empty_garden() for _ in range(self.players)]
            self.phase = SETUP
            self.held = self.pile.pop()
        else:
            self.gardens = deal_sorted(self.pile, self.players)
            self.phase = PLAY

    @property
    def last_move(self) -> PlayedMove | None:
        """The move played last in this round, for the last-move mark (None before the first)."""
        return None if self.last_played is None else PlayedMove(*self.last_played)

    # -- the contract ---------------------------------------------------------------------

    def current_players(self) -> tuple[Seat, ...]:
        return () if self.phase == OVER else _ONE_SEAT[self.current]

    def is_over(self) -> bool:
        return self.phase == OVER

    def legal_action_ids(self, seat: Seat) -> list[ActionId]:
        if self.phase == OVER or seat != self.current:
            return []
        if self.legal_cache is None:
            self.legal_cache = self._legal_ids()
        return list(self.legal_cache)

    def legal_actions(self, seat: Seat) -> list[Action]:
        return [self._action(seat, MOVES[action_id]) for action_id in self.legal_action_ids(seat)]

    def is_legal(self, seat: Seat, action_id: ActionId) -> bool:
        """Looked up among the position's legal ids, listed once per position (`legal_cache`).

        Why: a playout or a search lists the ids and then applies one of them, so the list is
        there already; `rules.why_not` says the same in words, for `illegal`, and the tests
        hold the two to agreement over every well-formed id.
        """
        if self.phase == OVER or seat != self.current or not isinstance(action_id, str):
            return False
        if self.legal_cache is None:
            self.legal_cache = self._legal_ids()
        return action_id in self.legal_cache

    def label_of(self, seat: Seat, action_id: ActionId) -> str:
        """The label of one legal action, made alone (the log asks it of every move; the
        engine's default builds every legal Action for it)."""
        if not self.is_legal(seat, action_id):
            return str(action_id)
        return self._action(seat, MOVES[action_id]).label or action_id

    def illegal(self, seat: Seat, action_id: object) -> IllegalAction:
        """The engine's message, or for a well-formed move of the mover, the rule it breaks."""
        move = parse(action_id)
        if self.is_over() or seat not in self.current_players() or move is None:
            return super().illegal(seat, action_id)
        reason = why_not(self.phase, self.gardens[seat], self.held, self.table, move)
        return IllegalAction(f"{action_id!r} is not legal for {mention(seat)}: {reason}")

    def _apply(self, seat: Seat, action_id: ActionId) -> None:
        """Takes are asked first: they are most of a game's moves (the table offers many)."""
        self.legal_cache = None
        kind, number, cell = MOVES[action_id]
        if kind == TAKE:
            self._take(number, cell)
        elif kind == DRAW:
            self._draw()
        elif kind == PLACE:
            self._place_from_hand(cell)
        else:
            self._discard()

    def public_label(self, viewer: Seat | None, seat: Seat, action_id: ActionId) -> str | None:
        """A draw shows that a tile was drawn, never which (R2); every other move shows its tile,
        which ends face up: placed from hand or from the table, or put on the table (R2–R4)."""
        if action_id == DRAW:
            return DRAW_WORDS
        if action_id == DISCARD and self.held != NO_TILE:
            return discard_words(self.held)
        return self.label_of(seat, action_id)

    def outcome(self) -> Outcome | None:
        """R8/R9 decide the winner; R10 ranks the others by filled cells; R11 sums tournament points."""
        if self.phase != OVER:
            return None
        if self.rounds > 1:
            return Outcome.from_scores(self.totals, tournament_summary(self.totals, self.results))
        scores = [filled_count(garden) for garden in self.gardens]
        return Outcome.from_scores(scores, self.results[-1].describe())

    def clone(self) -> LuckyNumbersState:
        copy = object.__new__(LuckyNumbersState)
        copy.__dict__.update(self.__dict__)
        copy.gardens = [garden[:] for garden in self.gardens]
        copy.seat_fits = self.seat_fits[:]
        copy.pile = self.pile[:]
        copy.table = self.table[:]
        copy.face_up = self.face_up[:]
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
        copy.legal_cache = None
        return copy

    def view(self, viewer: Seat | None) -> JsonDict:
        """Everything `viewer` may see (None = a spectator); see the module docstring."""
        over = self.is_over()
        holds = self.held != NO_TILE and viewer == self.current
        outcome = self.outcome()
        return {
            "game": "luckynumbers",
            "players": self.players,
            "viewer": viewer,
            "phase": self.phase,
            "current": None if over else self.current,
            "round": min(len(self.results) + 1, self.rounds),
            "rounds": self.rounds,
            "gardens": [[tile_view(tile) for tile in garden] for garden in self.gardens],
            "table": [tile_view(tile) for tile in self.table],
            "pile": len(self.pile),
            "in_hand": self.held != NO_TILE,
            "drawn": tile_view(self.held) if holds else None,
            "stall": self.stall,
            "stall_limit": STALL_TURNS_PER_PLAYER * self.players,
            "totals": list(self.totals),
            "results": [{**result.to_json(), "text": result.describe()} for result in self.results],
            "winners": list(outcome.winners()) if outcome is not None else [],
            "last_move": None if self.last_move is None else move_record(self.last_move),
            "prompt": self.prompt(viewer),
        }

    def to_json(self) -> JsonDict:
        """Every field of the position, JSON-safe (the pile in order: this is the server's copy)."""
        return {
            "players": self.players,
            "options": dict(self.options),
            "rng": self.rng.state,
            "phase": self.phase,
            "current": self.current,
            "first_player": self.first_player,
            "held": optional_name(self.held),
            "stall": self.stall,
            "gardens": [[optional_name(tile) for tile in garden] for garden in self.gardens],
            "pile": [tile_name(tile) for tile in self.pile],
            "table": [tile_name(tile) for tile in self.table],
            "totals": list(self.totals),
            "results": [result.to_json() for result in self.results],
            "last_move": None if self.last_move is None else played_move_to_json(self.last_move),
        }

    def prompt(self, viewer: Seat | None) -> str:
        """What is expected now, in words, addressed to the viewer when it is their turn."""
        outcome = self.outcome()
        if outcome is not None:
            return f"Game over. {outcome.reason}."
        mover = mention(self.current)
        mine = viewer == self.current
        number = NUMBER_OF[self.held] if self.held != NO_TILE else 0
        if self.phase == SETUP:
            return (
                f"Place your {number} on an empty start cell of your diagonal"
                if mine
                else f"{mention(self.current, 'is')} placing a start tile"
            )
        if number:
            if mine:
                return f"Place your {number} in your garden, or put it face up on the table"
            return f"{mention(self.current, 'has')} drawn a tile and is placing it"
        if mine:
            return "Your turn: draw a face-down tile, or take a face-up tile and place it"
        return f"{mover} to play"

    # -- checking a position and an action ------------------------------------------------

    def _check_possible(self) -> None:
        """Raises ValueError for a position no game could reach: a tile missing or twice, a garden
        out of order (INV), a turn for a seat that does not exist."""
        if self.phase not in PHASES or not 0 <= self.current < self.players:
            raise ValueError(f"no turn {self.phase!r} for seat {self.current}")
        if len(self.gardens) != self.players or any(len(garden) != CELLS for garden in self.gardens):
            raise ValueError(f"expected {self.players} gardens of {CELLS} cells")
        if not all(is_ordered(garden) for garden in self.gardens):
            raise ValueError("a garden breaks the order of its rows and columns (INV)")
        placed = [tile for garden in self.gardens for tile in garden if tile != NO_TILE]
        every = sorted([*placed, *self.pile, *self.table, *([self.held] if self.held != NO_TILE else [])])
        if every != all_tiles(self.players):
            raise ValueError("every tile must be exactly once in a garden, the pile, the table or the hand")
        if (self.held != NO_TILE) != (self.phase == SETUP) and self.phase != PLAY:
            raise ValueError(
                "a start tile is in hand throughout Michael's setup, and no tile once the game is over"
            )
        if self.phase == PLAY and self.held == NO_TILE and not self.pile:
            raise ValueError("a turn cannot start with an empty pile (R9 ends the game)")
        if len(self.totals) != self.players or len(self.results) > self.rounds:
            raise ValueError("the tournament totals do not match the players and rounds")

    def _legal_ids(self) -> list[ActionId]:
        """What the player to move may do, read off the fit table of their garden (see
        `fitting`): one lookup for the tile in hand, or one per number on the table."""
        seat = self.current
        garden = self.gardens[seat]
        if self.phase == SETUP:
            return [PLACE_IDS[cell] for cell in DIAGONAL if garden[cell] == NO_TILE]
        table = fit_table(self._fits_of(seat))
        if self.held != NO_TILE:
            return [*PLACE_IDS_OF_CELLS[table >> NUMBER_OF[self.held] & CELL_UNITS], DISCARD]
        ids = [DRAW]
        for number in sorted(set(self.face_up)):
            ids += TAKE_IDS_OF_CELLS[number][table >> number & CELL_UNITS]
        return ids

    def _action(self, seat: Seat, move: Move) -> Action:
        """The Action of a legal move, with its label and the clicks that choose it."""
        if move.kind == DRAW:
            return DRAW_ACTION
        if move.kind == DISCARD:
            return DISCARD_ACTION
        replaced = self.gardens[seat][move.cell]
        if move.kind == PLACE:
            return place_action(seat, move.cell, self.held, replaced)
        return take_action(seat, move.cell, self.table[top_index(self.table, move.number)], replaced)

    def _fits_of(self, seat: Seat) -> GardenFits:
        """The fits of `seat`'s garden as it is now.

        Why kept: move generation needs the fit table of the mover's garden every turn, and
        rebuilding it costs eight line lookups where `_put`, which changes one cell, updates
        it with two. A garden changes in place only in `_put`; one set any other way (a new
        round, a stored position, a clone) is another list, which the identity check notices,
        so its fits are simply computed again.
        """
        garden = self.gardens[seat]
        fits = self.seat_fits[seat]
        if fits[0] is not garden:
            fits = self.seat_fits[seat] = (garden, *garden_fits(tuple(garden))[1:])
        return fits

    # -- transitions ----------------------------------------------------------------------

    def _draw(self) -> None:
        """R2: the top tile goes to the mover's hand, seen by them alone."""
        self.held = self.pile.pop()
        self.last_played = (self.current, DRAW, NO_TILE, -1, NO_TILE)

    def _discard(self) -> None:
        """R2 A2, R7: the drawn tile goes face up on the table; the turn ends."""
        tile, self.held = self.held, NO_TILE
        self.table.append(tile)
        self.face_up.append(NUMBER_OF[tile])
        self.last_played = (self.current, DISCARD, tile, -1, NO_TILE)
        self._end_turn(progress=True)

    def _place_from_hand(self, cell: Cell) -> None:
        """R2 A1 (or a start tile in Michael's setup, 2.4.3)."""
        tile, self.held = self.held, NO_TILE
        replaced = self._put(tile, cell)
        self.last_played = (self.current, PLACE, tile, cell, replaced)
        if self.phase == SETUP:
            self._next_setup_turn()
        else:
            self._end_turn(progress=True)

    def _take(self, number: int, cell: Cell) -> None:
        """R3: the last-laid face-up tile of that number goes onto the garden."""
        index = self.face_up.rfind(number)
        tile = self.table.pop(index)
        del self.face_up[index]
        replaced = self._put(tile, cell)
        self.last_played = (self.current, TAKE, tile, cell, replaced)
        self._end_turn(progress=replaced == NO_TILE)

    def _put(self, tile: Tile, cell: Cell) -> Tile:
        """R4: the tile goes on the cell; a tile it replaces goes face up on the table (R4b, R7)."""
        seat = self.current
        garden = self.gardens[seat]
        fits = self._fits_of(seat)
        replaced = garden[cell]
        garden[cell] = tile
        self.seat_fits[seat] = refit(fits, garden, cell)
        if replaced != NO_TILE:
            self.table.append(replaced)
            self.face_up.append(NUMBER_OF[replaced])
        return replaced

    def _set_table(self, tiles: list[Tile]) -> None:
        """`tiles` become the face-up table, laid in that order."""
        self.table = tiles
        self.face_up = bytearray(face_up_numbers(tiles))

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

    def _observation(self, view: JsonDict, viewer: Seat | None) -> Tensor:
        return observation(view, viewer)


class _TileSupply:
    """The tiles of a hand-made position, handed out by number, each once, colours in set order."""

    def __init__(self, players: int) -> None:
        self.free = {
            number: [number - 1 + NUMBERS * colour for colour in range(players)]
            for number in range(1, NUMBERS + 1)
        }

    def take(self, number: int | None) -> Tile:
        """A tile showing `number` (`NO_TILE` for None); ValueError once every copy is used."""
        if number is None:
            return NO_TILE
        if not self.free.get(number):
            raise ValueError(f"no tile {number} left for this position")
        return self.free[number].pop(0)

    def rest(self) -> list[Tile]:
        """The tiles not handed out, by number, the highest last."""
        return [tile for number in sorted(self.free) for tile in self.free[number]]
