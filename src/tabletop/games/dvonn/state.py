"""`DvonnState`: one DVONN position, its legal actions and its transitions (docs/rules/dvonn.md).

Phase 1 (DV-S1) is 49 placements, White first: the three DVONN pieces (White, Black,
White), then the players' own pieces, Black first. Phase 2 starts with White (DV-S2). A
player without a move has the single action "PASS" (DV-R5); the game ends when neither
player can move (DV-R6). Legality itself is decided in `rules`; this module keeps the
position, applies what the engine has already checked, and says what each viewer sees.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from tabletop.engine import (
    Action,
    ActionId,
    JsonDict,
    OptionValue,
    Outcome,
    Rng,
    Seat,
    State,
    Tensor,
    mention,
)
from tabletop.games.dvonn.board import (
    ACTIONS,
    BLACK,
    CELL_COUNT,
    COLOUR_NAMES,
    COLOUR_OF,
    DVONN_PIECES,
    INDEX,
    MOVE_BY_ID,
    NAMES,
    PASS,
    PIECE_COUNT,
    PLACEMENT_IDS,
    RED,
    SEAT_NAMES,
    WHITE,
    Board,
    Cell,
    observation,
    parse_cell,
    parse_move,
)
from tabletop.games.dvonn.rules import (
    PLACEMENTS,
    has_dvonn,
    has_move,
    is_legal_move,
    isolated_cells,
    may_cut_contact,
    move_ids,
    owner,
    placed_piece,
    placing_seat,
    random_setup,
    scores,
)

if TYPE_CHECKING:
    from tabletop.engine import Game


class DvonnState(State):
    """A DVONN position: the board, the placements made, who acts, and what happened last."""

    def __init__(self, game: Game, options: dict[str, OptionValue], rng: Rng) -> None:
        self.game = game
        self.players = 2
        self.options = options
        self.rng = rng
        self.board: Board = [() for _ in range(CELL_COUNT)]
        """The 49 stacks by cell, pieces bottom first; () is an empty space."""
        self.dvonn_cells: list[Cell] = [-1 for _ in DVONN_PIECES]
        """Where each DVONN piece is (-1 before it is placed): the sources of contact (DV-R4)."""
        self.placed = 0
        """Placements made so far; 49 means the moving phase (DV-S1)."""
        self.empty_cells = (1 << CELL_COUNT) - 1
        """The empty spaces as a bit set (bit n for cell n), kept during placement so that the
        placements are listed from `PLACEMENT_IDS` instead of by a scan of every cell."""
        self.to_move: Seat = WHITE
        self.must_pass = False
        """True when `to_move` has no move and must play "PASS" (DV-R5)."""
        self.over = False
        self.last_move: JsonDict | None = None
        """The last action as the view shows it: kind, seat, cells and what it removed."""
        self.removed: tuple[int, ...] = ()
        """The pieces out of play, in the order they left the board (DV-R4)."""
        self._moves: tuple[ActionId, ...] | None = None
        """The ids of `to_move`'s stack moves, found while handing the turn on (`_advance`) or on
        first request: every move needs them twice, to hand the turn on and to list them."""
        self._in_contact = False
        """True once a move has removed every stack out of contact (DV-R4), so that the next
        moves may skip the search where `may_cut_contact` allows; a hand-made or loaded
        position starts unchecked."""

    @classmethod
    def from_position(
        cls, game: Game, *, stacks: Mapping[str, Sequence[int]], to_move: Seat = WHITE
    ) -> DvonnState:
        """A phase-2 position: these stacks by cell name, pieces bottom first; the others are out of play.

        For tests, puzzles and analysis. The turn goes to `to_move`, or is a forced pass or
        the end if that player cannot move, exactly as after a move (DV-R5, DV-R6).

        >>> from tabletop.games.dvonn import GAME
        >>> state = DvonnState.from_position(GAME, stacks={"C3": (1,), "D3": (27,), "E3": (30, 4)})
        >>> state.legal_action_ids(WHITE)
        ['E3C3']
        """
        if to_move not in (WHITE, BLACK):
            raise ValueError(f"expected to_move {WHITE} (White) or {BLACK} (Black), got {to_move!r}")
        board: Board = [() for _ in range(CELL_COUNT)]
        for name, stack in stacks.items():
            if name not in INDEX:
                raise ValueError(f"expected a cell name such as 'C3', got {name!r}")
            board[INDEX[name]] = tuple(stack)
        _check_pieces(board)
        state = cls(game, dict(game.resolve_options(None)), Rng(0))
        state._start_movement(board, to_move)
        return state

    # --- the contract -------------------------------------------------------------------

    def current_players(self) -> tuple[Seat, ...]:
        return () if self.over else (self.to_move,)

    def legal_action_ids(self, seat: Seat) -> list[ActionId]:
        """The one source of legality: ids looked up in prebuilt tables (DV-S1, DV-R1 to DV-R5)."""
        if self.over or seat != self.to_move:
            return []
        if self.placed < PLACEMENTS:
            return PLACEMENT_IDS(self.empty_cells)
        if self.must_pass:
            return [PASS]
        return list(self._stack_moves())

    def legal_actions(self, seat: Seat) -> list[Action]:
        return [ACTIONS[action_id] for action_id in self.legal_action_ids(seat)]

    def is_legal(self, seat: Seat, action_id: ActionId) -> bool:
        """One cell or one move looked up, instead of generating every move (DV-S1, DV-R1 to DV-R5)."""
        if self.placed < PLACEMENTS:
            cell = parse_cell(action_id)
            return cell is not None and not self.board[cell]
        if self.must_pass:
            return action_id == PASS
        move = parse_move(action_id)
        return move is not None and is_legal_move(self.board, seat, move)

    def _apply(self, seat: Seat, action_id: ActionId) -> None:
        """A placement, a pass or a move, already checked by the engine (`is_legal`)."""
        if self.placed < PLACEMENTS:
            self._place(seat, INDEX[action_id])
        elif self.must_pass:
            self._pass(seat)
        else:
            origin, target, _ = MOVE_BY_ID[action_id]
            self._move(seat, origin, target)

    def is_over(self) -> bool:
        return self.over

    def outcome(self) -> Outcome | None:
        if not self.over:
            return None
        white, black = scores(self.board)
        if white == black:
            reason = f"draw, {white}–{black} pieces in controlled stacks"
        else:
            winner = mention(WHITE if white > black else BLACK, "wins")
            reason = f"{winner} {max(white, black)}–{min(white, black)} on pieces in controlled stacks"
        return Outcome.from_scores([white, black], reason)

    def clone(self) -> DvonnState:
        twin = DvonnState.__new__(DvonnState)
        twin.__dict__.update(self.__dict__)
        twin.board = list(self.board)
        twin.dvonn_cells = list(self.dvonn_cells)
        twin.rng = self.rng.copy()
        return twin

    def view(self, viewer: Seat | None) -> JsonDict:
        """The same for every viewer, since DVONN hides nothing; a copy the caller may keep."""
        return {
            "phase": self.phase(),
            "to_move": None if self.over else self.to_move,
            "must_pass": self.must_pass and not self.over,
            "stacks": [_stack_view(self.board, cell) for cell in range(CELL_COUNT) if self.board[cell]],
            "supply": self._supply_view(),
            "removed": [[piece, COLOUR_NAMES[COLOUR_OF[piece]]] for piece in self.removed],
            "scores": list(scores(self.board)),
            "players": list(SEAT_NAMES),
            "colours": list(SEAT_NAMES),
            "last_move": None if self.last_move is None else _copy_move(self.last_move),
            "prompt": self.prompt(),
        }

    def to_json(self) -> JsonDict:
        return {
            "options": dict(self.options),
            "rng": self.rng.state,
            "board": [list(stack) for stack in self.board],
            "dvonn_cells": list(self.dvonn_cells),
            "placed": self.placed,
            "to_move": self.to_move,
            "must_pass": self.must_pass,
            "over": self.over,
            "last_move": None if self.last_move is None else _copy_move(self.last_move),
            "removed": list(self.removed),
        }

    def load_json(self, data: JsonDict) -> None:
        """Fills this state from what `to_json` wrote (the other half of the round trip)."""
        self.rng = Rng(int(data["rng"]))
        self.board = [tuple(int(piece) for piece in stack) for stack in data["board"]]
        self.dvonn_cells = [int(cell) for cell in data["dvonn_cells"]]
        self.placed = int(data["placed"])
        self.empty_cells = sum(1 << cell for cell, stack in enumerate(self.board) if not stack)
        self.to_move = int(data["to_move"])
        self.must_pass = bool(data["must_pass"])
        self.over = bool(data["over"])
        self.last_move = None if data["last_move"] is None else _copy_move(data["last_move"])
        self.removed = tuple(int(piece) for piece in data["removed"])
        self._moves = None
        self._in_contact = False

    # --- questions ----------------------------------------------------------------------

    def phase(self) -> str:
        """ "placement" (DV-S1), "movement" (phase 2) or "over"."""
        if self.over:
            return "over"
        return "placement" if self.placed < PLACEMENTS else "movement"

    def prompt(self) -> str:
        """What is expected now, in words."""
        if self.over:
            outcome = self.outcome()
            return f"Game over: {outcome.reason}" if outcome else "Game over"
        name = mention(self.to_move)
        if self.placed < PLACEMENTS:
            colour = COLOUR_OF[placed_piece(self.placed)]
            piece = "a DVONN piece" if colour == RED else f"a {COLOUR_NAMES[colour]} piece"
            return f"{name} to place {piece} on an empty space"
        if self.must_pass:
            return f"{mention(self.to_move, 'has')} no move and must pass"
        return f"{name} to move a stack"

    # --- transitions --------------------------------------------------------------------

    def set_up_randomly(self) -> None:
        """Fills the board at once from this state's generator and starts phase 2 (DV-S3)."""
        self._start_movement(random_setup(self.rng), WHITE)

    def _start_movement(self, board: Board, to_move: Seat) -> None:
        """Puts this full or partial board down as a phase-2 position; absent pieces are out of play."""
        self.board = board
        self.dvonn_cells = [-1 for _ in DVONN_PIECES]
        on_board: set[int] = set()
        for cell, stack in enumerate(board):
            on_board.update(stack)
            for piece in stack:
                if COLOUR_OF[piece] == RED:
                    self.dvonn_cells[piece - 1] = cell
        self.removed = tuple(piece for piece in range(1, PIECE_COUNT + 1) if piece not in on_board)
        self.placed = PLACEMENTS
        self.empty_cells = sum(1 << cell for cell, stack in enumerate(board) if not stack)
        self._in_contact = False
        self._advance(to_move)

    def _place(self, seat: Seat, cell: Cell) -> None:
        piece = placed_piece(self.placed)
        self.board[cell] = (piece,)
        self.empty_cells &= ~(1 << cell)
        if COLOUR_OF[piece] == RED:
            self.dvonn_cells[piece - 1] = cell
        self.placed += 1
        self.last_move = {"kind": "place", "seat": seat, "cell": NAMES[cell]}
        self._advance(placing_seat(self.placed) if self.placed < PLACEMENTS else WHITE)

    def _pass(self, seat: Seat) -> None:
        self.last_move = {"kind": "pass", "seat": seat}
        self._advance(1 - seat)

    def _move(self, seat: Seat, origin: Cell, target: Cell) -> None:
        """The stack on `origin` goes on top of `target` (DV-R3); what lost contact leaves (DV-R4)."""
        board = self.board
        board[target] = board[target] + board[origin]
        board[origin] = ()
        isolated = self._cut_off(origin, target)
        for cell in isolated:
            self.removed += board[cell]
            board[cell] = ()
        self.last_move = {
            "kind": "move",
            "seat": seat,
            "from": NAMES[origin],
            "to": NAMES[target],
            "removed": [NAMES[cell] for cell in isolated],
        }
        self._advance(1 - seat)

    def _cut_off(self, origin: Cell, target: Cell) -> list[Cell]:
        """The cells that lost contact when the stack on `origin` went to `target` (DV-R4).

        The search runs only when it may find something: when a DVONN piece moved, when the
        emptied cell may have cut a chain (`may_cut_contact`), or on the first move of a
        position nobody has checked.
        """
        carried_dvonn = origin in self.dvonn_cells
        if self._in_contact and not carried_dvonn and not may_cut_contact(self.board, origin):
            return []
        if carried_dvonn:
            self.dvonn_cells = [target if cell == origin else cell for cell in self.dvonn_cells]
        self._in_contact = True
        return isolated_cells(self.board, self.dvonn_cells)

    def _advance(self, natural: Seat) -> None:
        """Hands the turn on: to `natural` if it can act, else a forced pass, else the end (DV-R5, DV-R6)."""
        self.must_pass = False
        self.to_move = natural
        self._moves = None
        if self.placed < PLACEMENTS or self._stack_moves():
            return
        if has_move(self.board, 1 - natural):
            self.must_pass = True
        else:
            self.over = True

    def _stack_moves(self) -> tuple[ActionId, ...]:
        """The ids of the stack moves of the player to move (DV-R1 to DV-R3), found once per position."""
        if self._moves is None:
            self._moves = tuple(move_ids(self.board, self.to_move))
        return self._moves

    def _supply_view(self) -> dict[str, list[int]]:
        """The pieces still to be placed, by colour, in the order they will come (DV-S1)."""
        coming = [placed_piece(placed) for placed in range(self.placed, PLACEMENTS)]
        return {
            COLOUR_NAMES[colour]: sorted(piece for piece in coming if COLOUR_OF[piece] == colour)
            for colour in (WHITE, BLACK, RED)
        }

    def _observation(self, view: JsonDict, viewer: Seat | None) -> Tensor:
        return observation(view, viewer)


def _stack_view(board: Board, cell: Cell) -> JsonDict:
    stack = board[cell]
    controller = owner(stack)
    return {
        "cell": NAMES[cell],
        "pieces": list(stack),
        "colours": [COLOUR_NAMES[COLOUR_OF[piece]] for piece in stack],
        "owner": None if controller is None else COLOUR_NAMES[controller],
        "dvonn": has_dvonn(stack),
    }


def _check_pieces(board: Board) -> None:
    """Refuses a hand-made board that repeats a piece or names one that does not exist."""
    seen: set[int] = set()
    for stack in board:
        for piece in stack:
            if not 1 <= piece <= PIECE_COUNT:
                raise ValueError(f"expected piece numbers 1…{PIECE_COUNT}, got {piece!r}")
            if piece in seen:
                raise ValueError(f"expected each piece at most once, got piece {piece} twice")
            seen.add(piece)


def _copy_move(move: JsonDict) -> JsonDict:
    """The last move with its list of removed cells copied, so no view or record shares it."""
    return {key: list(value) if isinstance(value, list) else value for key, value in move.items()}
