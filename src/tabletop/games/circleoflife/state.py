"""`CircleOfLifeState`: one position of Circle of Life, its transitions and its view.

Rule numbers (R1..R12) are those of docs/rules/circleoflife.md §3. Seat 0 plays Black, seat 1
White; the first player is drawn from the table's seed (§2.5).

Each state keeps, beside the stones, the cells where the player to move may place
(computed once after every move: R10 needs it at the start of each turn anyway), so
`legal_actions` costs no search and `is_legal` is one bit test. It also keeps each colour's
critters, brought up to date by every placement and every meal rather than found again by
flood fill: the legal cells of the next turn are computed from them (R3).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from tabletop.engine import Action, ActionId, IllegalAction, JsonDict, Outcome, Seat, State, Tensor, mention
from tabletop.games.circleoflife.board import (
    BOARD,
    CELL_BY_NAME,
    CELLS,
    PLACE_ACTIONS,
    PLACE_IDS,
    Cell,
    CellSet,
    around_critter,
    cell_name,
    cells_of,
    critter_at,
    critters,
    observation,
    species_of,
)
from tabletop.games.circleoflife.rules import (
    DEFAULT_TARGET,
    MAX_CRITTER_SIZE,
    PREY,
    devoured_by,
    legal_placements,
)

if TYPE_CHECKING:
    from tabletop.engine import Game

BLACK: Seat = 0
WHITE: Seat = 1
PLAYER_NAMES = ("Black", "White")


class CircleOfLifeState(State):
    """A position: the stones of both colours, the eaten counters and whose turn it is.

    `stones[seat]` is a bitboard (see `board`); `serials[cell]` numbers the stone standing
    on a cell in the order stones were placed (1, 2, ...), which gives each stone a
    drawing id that does not change while it stays on the board.
    """

    def __init__(self, game: Game, target: int, first_player: Seat) -> None:
        self.game = game
        self.players = 2
        self.target = target
        self.first_player = first_player
        self.to_move = first_player
        self.stones = [0, 0]
        self.eaten = [0, 0]
        self.serials = [0] * (max(CELLS) + 1)
        self.placed = 0
        self.legal: CellSet = BOARD
        self.critters: list[tuple[CellSet, ...]] = [(), ()]
        """Each colour's critters (`critters(stones[seat])` in any order), kept up to date by
        `_evolve` and `_feed`; tuples, so a clone shares them until one changes."""
        self.winner: Seat | None = None
        self.won_by_score = False
        self.last_cell: Cell | None = None
        self.last_devoured: tuple[tuple[Cell, int], ...] = ()
        """The cells and stone serials eaten on the last turn, for the drawing."""

    @classmethod
    def from_position(
        cls,
        game: Game,
        *,
        black: Iterable[str] = (),
        white: Iterable[str] = (),
        to_move: Seat = BLACK,
        eaten: tuple[int, int] = (0, 0),
        target: int = DEFAULT_TARGET,
    ) -> CircleOfLifeState:
        """A hand-made position: the stones of each colour by cell name, whose turn, the counters.

        The stones are numbered in the order given, Black's first. As at the start of any
        turn, a player to move who cannot place has won at once (R10). Raises `ValueError`
        for a cell that does not exist, a cell given twice or a critter of 5+ stones (R3).
        """
        state = cls(game, target, first_player=to_move)
        for seat, names in enumerate((black, white)):
            for name in names:
                cell = _cell_of(name)
                if (state.stones[0] | state.stones[1]) >> cell & 1:
                    raise ValueError(f"{name} is given twice: a cell holds one stone")
                state.stones[seat] |= 1 << cell
                state.placed += 1
                state.serials[cell] = state.placed
        if any(
            critter.bit_count() > MAX_CRITTER_SIZE
            for seat in (0, 1)
            for critter in critters(state.stones[seat])
        ):
            raise ValueError(f"a critter has more than {MAX_CRITTER_SIZE} stones (R3)")
        state.eaten = list(eaten)
        state._find_critters()
        state._start_turn()
        return state

    # The contract ------------------------------------------------------------------------

    def current_players(self) -> tuple[Seat, ...]:
        """R1: the players alternate; nobody acts once the game is over."""
        return () if self.winner is not None else (self.to_move,)

    def legal_actions(self, seat: Seat) -> list[Action]:
        """R2–R4: one action per empty cell where `seat` may place."""
        if seat != self.to_move or self.winner is not None:
            return []
        return [PLACE_ACTIONS[cell] for cell in cells_of(self.legal)]

    def legal_action_ids(self, seat: Seat) -> list[ActionId]:
        """The cell names of `legal_actions(seat)`."""
        if seat != self.to_move or self.winner is not None:
            return []
        return PLACE_IDS(self.legal)

    def is_legal(self, seat: Seat, action_id: ActionId) -> bool:
        """One bit of the legal cells kept since the last move (R2, R3)."""
        if seat != self.to_move or not isinstance(action_id, str):
            return False
        cell = CELL_BY_NAME.get(action_id)
        return cell is not None and bool(self.legal >> cell & 1)

    def illegal(self, seat: Seat, action_id: object) -> IllegalAction:
        """The notation, R2 (an occupied cell) or R3 (a critter of 5) when the seat may act."""
        if self.winner is not None or seat != self.to_move:
            return super().illegal(seat, action_id)
        if not isinstance(action_id, str):
            return IllegalAction(f"an action is a cell name such as 'E4'; got {action_id!r}")
        cell = CELL_BY_NAME.get(action_id)
        if cell is None:
            return super().illegal(seat, action_id)
        if (self.stones[0] | self.stones[1]) >> cell & 1:
            return IllegalAction(f"{action_id} is occupied: stones go on empty cells (R2)")
        return IllegalAction(f"a stone on {action_id} would make a critter of more than 4 stones (R3)")

    def _apply(self, seat: Seat, action_id: ActionId) -> None:
        """Places a stone of `seat` on the named cell, then feeds (R5–R8) and checks the wins."""
        self._feed(self._evolve(CELL_BY_NAME[action_id]))
        if self.eaten[self.to_move] >= self.target:
            self.winner, self.won_by_score = self.to_move, True  # R9
            self.legal = 0
            return
        self._pass_turn()

    def is_over(self) -> bool:
        return self.winner is not None

    def outcome(self) -> Outcome | None:
        """The stones each has eaten as the scores, but the winner ranks first (R9 or R10).

        A player stuck for a placement wins (R10) however few stones they ate, so the ranks
        are set by who won, not by the scores.
        """
        if self.winner is None:
            return None
        ranks = (1, 2) if self.winner == 0 else (2, 1)
        return Outcome(tuple(float(count) for count in self.eaten), ranks, self.end_reason())

    def clone(self) -> CircleOfLifeState:
        copy = CircleOfLifeState.__new__(CircleOfLifeState)
        copy.__dict__.update(self.__dict__)
        copy.stones = list(self.stones)
        copy.eaten = list(self.eaten)
        copy.serials = list(self.serials)
        copy.critters = list(self.critters)
        return copy

    def view(self, viewer: Seat | None) -> JsonDict:
        """Everything is public (perfect information), so every viewer sees the same."""
        return {
            "prompt": self.prompt(),
            "last_move": self._last_move_view(),
            "players": list(PLAYER_NAMES),
            "colours": list(PLAYER_NAMES),
            "to_move": None if self.winner is not None else self.to_move,
            "winner": self.winner,
            "eaten": list(self.eaten),
            "target": self.target,
            "critters": self._critters_view(),
        }

    def to_json(self) -> JsonDict:
        return {
            "target": self.target,
            "first_player": self.first_player,
            "to_move": self.to_move,
            "eaten": list(self.eaten),
            "placed": self.placed,
            "stones": [
                [cell_name(cell), seat, self.serials[cell]]
                for seat in (0, 1)
                for cell in cells_of(self.stones[seat])
            ],
            "winner": self.winner,
            "won_by_score": self.won_by_score,
            "last_cell": None if self.last_cell is None else cell_name(self.last_cell),
            "last_devoured": [[cell_name(cell), serial] for cell, serial in self.last_devoured],
        }

    @classmethod
    def from_json(cls, game: Game, data: JsonDict) -> CircleOfLifeState:
        """The state `to_json` wrote; the legal cells are recomputed from the stones."""
        state = cls(game, int(data["target"]), int(data["first_player"]))
        state.to_move = int(data["to_move"])
        state.eaten = [int(count) for count in data["eaten"]]
        state.placed = int(data["placed"])
        for name, seat, serial in data["stones"]:
            cell = CELL_BY_NAME[name]
            state.stones[seat] |= 1 << cell
            state.serials[cell] = int(serial)
        state._find_critters()
        state.winner = data["winner"]
        state.won_by_score = bool(data["won_by_score"])
        state.last_cell = None if data["last_cell"] is None else CELL_BY_NAME[data["last_cell"]]
        state.last_devoured = tuple(
            (CELL_BY_NAME[name], int(serial)) for name, serial in data["last_devoured"]
        )
        if state.winner is None:
            state._start_turn()
        else:
            state.legal = 0
        return state

    # Questions ---------------------------------------------------------------------------

    def placements_for(self, seat: Seat) -> CellSet:
        """The cells where `seat` could place now, whoever is to move."""
        return legal_placements(self.critters[seat], self.stones[0] | self.stones[1])

    def prompt(self) -> str:
        """What is expected now, or who won and how."""
        if self.winner is not None:
            return f"{mention(self.winner, 'wins')}: {self.end_reason()}"
        return f"{mention(self.to_move)} to place a stone"

    def end_reason(self) -> str:
        """Why the game ended, in words (R9 or R10)."""
        if self.winner is None:
            return ""
        if self.won_by_score:
            eaten = self.eaten[self.winner]
            return f"{mention(self.winner, 'ate')} {eaten} stones (the target is {self.target})"
        return f"{mention(self.winner, 'has')} no legal placement left, and a player who cannot place wins"

    # Transitions -------------------------------------------------------------------------

    def _find_critters(self) -> None:
        """Finds every critter of both colours from the stones, for a position made from scratch."""
        self.critters = [tuple(critters(stones)) for stones in self.stones]

    def _evolve(self, cell: Cell) -> CellSet:
        """R2: the stone goes on the cell; returns the critter it evolved, now one of the mover's."""
        stone = 1 << cell
        self.stones[self.to_move] |= stone
        self.placed += 1
        self.serials[cell] = self.placed
        self.last_cell = cell
        touching = around_critter(stone)
        evolved = stone
        apart: list[CellSet] = []
        for critter in self.critters[self.to_move]:
            if critter & touching:
                evolved |= critter
            else:
                apart.append(critter)
        apart.append(evolved)
        self.critters[self.to_move] = tuple(apart)
        return evolved

    def _feed(self, evolved: CellSet) -> None:
        """R5–R8: the evolved critter eats its prey around it; the mover counts the stones."""
        enemy = 1 - self.to_move
        eaten = devoured_by(evolved, self.stones[enemy])
        self.last_devoured = tuple((victim, self.serials[victim]) for victim in cells_of(eaten))
        if eaten:
            self.stones[enemy] &= ~eaten
            self.critters[enemy] = tuple(critter for critter in self.critters[enemy] if not critter & eaten)
            self.eaten[self.to_move] += eaten.bit_count()
            for victim in cells_of(eaten):
                self.serials[victim] = 0

    def _pass_turn(self) -> None:
        """R1: the other player moves."""
        self.to_move = 1 - self.to_move
        self._start_turn()

    def _start_turn(self) -> None:
        """R4, R10: the player to move must place if they can, and wins at once if they cannot."""
        self.legal = self.placements_for(self.to_move)
        if not self.legal:
            self.winner = self.to_move

    # The view ----------------------------------------------------------------------------

    def _last_move_view(self) -> JsonDict | None:
        """The last stone placed, its critter's species and what it ate (for marking)."""
        if self.last_cell is None:
            return None
        seat = 0 if self.stones[0] >> self.last_cell & 1 else 1
        evolved = critter_at(1 << self.last_cell, self.stones[seat])
        return {
            "cell": cell_name(self.last_cell),
            "seat": seat,
            "stone": f"stone-{self.serials[self.last_cell]}",
            "species": species_of(evolved).value,
            "devoured": [
                {"cell": cell_name(cell), "stone": f"stone-{serial}"} for cell, serial in self.last_devoured
            ],
            "devoured_species": PREY[species_of(evolved)].value if self.last_devoured else None,
        }

    def _critters_view(self) -> list[JsonDict]:
        """Every critter on the board with its species and stones, Black's first."""
        return [
            {
                "seat": seat,
                "species": species_of(critter).value,
                "cells": [cell_name(cell) for cell in cells_of(critter)],
                "stones": [f"stone-{self.serials[cell]}" for cell in cells_of(critter)],
            }
            for seat in (0, 1)
            for critter in critters(self.stones[seat])
        ]

    def _observation(self, view: JsonDict, viewer: Seat | None) -> Tensor:
        return observation(view, viewer)


def _cell_of(name: str) -> Cell:
    """The cell a name in the notation (§2.1) stands for; `ValueError` for any other text."""
    cell = CELL_BY_NAME.get(name)
    if cell is None:
        raise ValueError(f"{name!r} is not a cell: a row letter A-I and a column, such as 'E4'")
    return cell
