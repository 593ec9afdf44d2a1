"""`MammalathState`: one Mammalath position, its transitions and its view (R1 … R11, docs/rules/mammalath.md).

The position is held as 36-bit cell masks (layout in `board.py`): one mask per animal kind,
their union, and one mask of tokens per seat; plus each seat's placed cells in order (which
names the tokens, see `board.token_element`), the seat to move, the seat that started, the
number of actions so far (R6 and R7 depend on it), the last action and the end. Search
clones and moves it many thousands of times a second, so `clone` copies three short lists,
`_apply` touches a few integers, and the legal places and lines are kept as tuples that
clones share (see `_refresh_caches`). Nothing is hidden: every viewer gets the whole
position.
"""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.engine import (
    POSSESSIVE,
    Action,
    ActionId,
    Game,
    IllegalAction,
    JsonDict,
    Outcome,
    Seat,
    State,
    Tensor,
    mention,
)
from tabletop.games.mammalath.board import (
    ACTION_OF_ID,
    BLACK,
    CELL_COUNT,
    CELL_NAMES,
    CELL_OF_NAME,
    COLOURS,
    FULL,
    KIND_ACTIONS,
    KINDS,
    LINE_ACTIONS,
    PLACE,
    PLACE_ACTIONS,
    RELEASE_KIND,
    RELEASE_LINE,
    SIZE,
    SWAP_ACTIONS,
    SWAP_ID,
    TOKENS_PER_PLAYER,
    TRIPLE_MASKS,
    TRIPLES,
    WHITE,
    animal_letters,
    cell_at,
    cells_of,
    kinds_from_letters,
    line_name,
    mask_of,
    observation,
    parse_rows,
    union,
)
from tabletop.games.mammalath.rules import (
    DRAW,
    LOSS,
    NO_TRIPLE,
    NO_VERDICT,
    WIN,
    check_reachable,
    lines_left,
    placement_verdict,
    releasable_lines,
    why_illegal,
)

End = tuple[int, Seat, int]
"""How the game ended: (WIN, LOSS or DRAW, the seat whose placement ended it, the deciding triple)."""

LastMove = tuple[ActionId, Seat, int]
"""The last action: its id, who took it, and the mask of cells whose animals it released."""

MOVERS: tuple[tuple[Seat, ...], tuple[Seat, ...]] = ((BLACK,), (WHITE,))

_KIND_OF_LETTER = {kind[0]: kind for kind in KINDS}


class MammalathState(State):
    """A Mammalath position; seat 0 plays black, seat 1 white, and either may have started.

    >>> from tabletop import games
    >>> state = games.load("mammalath").new_state(2, seed=1)
    >>> seat = state.current_players()[0]
    >>> len(state.legal_actions(seat))  # R6: the first action places, on any of 36 cells
    36
    >>> state.apply(seat, "C3")
    >>> len(state.legal_actions(1 - seat))  # 35 places, 6 kinds, 80 lines, the swap
    122
    """

    __slots__ = (
        "animals",
        "end",
        "first_player",
        "full_lines",
        "game",
        "kinds",
        "last_move",
        "movers",
        "place_actions",
        "placed",
        "plies",
        "swap_rule",
        "tokens",
    )

    players = 2

    def __init__(self, game: Game, kinds: list[int], first_player: Seat, swap_rule: bool) -> None:
        self.game = game
        self.kinds = kinds
        """For each kind of `board.KINDS`, the cells holding one."""
        self.animals = union(kinds)
        """The cells that still hold an animal."""
        self.placed: tuple[list[int], list[int]] = ([], [])
        """Each seat's token cells in the order they were placed."""
        self.tokens = [0, 0]
        """The cells holding a token of seat 0 (black) and of seat 1 (white)."""
        self.first_player = first_player
        """The seat that took the first action (the setup's coin flip)."""
        self.movers = MOVERS[first_player]
        self.plies = 0
        """How many actions have been taken (R6 and R7 depend on it)."""
        self.swap_rule = swap_rule
        self.last_move: LastMove | None = None
        self.end: End | None = None
        self.place_actions: tuple[Action, ...] = ()
        """The place actions of the token-free cells (R2), kept up to date by the transitions."""
        self.full_lines: tuple[int, ...] = ()
        """The triples holding three animals (R4), kept up to date by the transitions."""
        self._refresh_caches()

    @classmethod
    def from_position(
        cls,
        game: Game,
        *,
        rows: Sequence[str],
        to_move: Seat = BLACK,
        plies: int | None = None,
        swap_rule: bool = True,
    ) -> MammalathState:
        """A position set up by hand (rows as in `board.parse_rows`), for tests, examples and analysis.

        `plies` is how many actions were taken before (by default enough for R6 and R7 to be
        over); the first player follows from it and `to_move`. Tokens are numbered in row
        order. Raises `ValueError` for a position the rules could not reach or would have ended.

        >>> from tabletop import games
        >>> state = MammalathState.from_position(
        ...     games.load("mammalath"),
        ...     rows=["B. B. .a .b .c .d", ".e .f .a .b .c .d"] + [".a .b .c .d .e .f"] * 4,
        ...     to_move=BLACK,
        ... )
        >>> state.apply(BLACK, "C1")  # R8: the line A1–C1 still holds an armadillo on C1
        >>> from tabletop.engine import People
        >>> print(People().resolve(state.outcome().reason))
        Player 1 loses: the line A1-C1 holds three of Player 1's tokens and an animal
        """
        letters, black, white = parse_rows(rows)
        if to_move not in (BLACK, WHITE):
            raise ValueError(f"to_move must be BLACK (0) or WHITE (1); got {to_move!r}")
        plies = len(black) + len(white) + 2 if plies is None else plies
        first = to_move if plies % 2 == 0 else 1 - to_move
        state = cls(game, kinds_from_letters(letters), first, swap_rule)
        state.placed = (black, white)
        state.tokens = [mask_of(black), mask_of(white)]
        state._refresh_caches()
        state.movers = MOVERS[to_move]
        state.plies = plies
        check_reachable(state.placed, state.tokens, state.plies, first)
        return state

    # -- the engine contract ------------------------------------------------------------

    def current_players(self) -> tuple[Seat, ...]:
        return self.movers

    def is_over(self) -> bool:
        return self.end is not None

    def legal_actions(self, seat: Seat) -> list[Action]:
        """Places on token-free cells (R2), then after the first action (R6) the swap (R7),
        the kinds still present (R3) and the triples holding three animals (R4)."""
        if seat not in self.movers:
            return []
        actions = list(self.place_actions)
        if self.plies == 0:
            return actions
        if self.plies == 1 and self.swap_rule:
            actions.append(SWAP_ACTIONS[self.placed[self.first_player][0]])
        kinds = self.kinds
        actions += [KIND_ACTIONS[kind] for kind in range(len(KINDS)) if kinds[kind]]
        actions += [LINE_ACTIONS[triple] for triple in self.full_lines]
        return actions

    def is_legal(self, seat: Seat, action_id: ActionId) -> bool:
        """R2 … R7 for one action, looked up directly instead of generating them all."""
        try:
            move, index = ACTION_OF_ID[action_id]
        except (KeyError, TypeError):
            return False
        if move == PLACE:
            return not (self.tokens[0] | self.tokens[1]) >> index & 1
        if self.plies == 0:
            return False
        if move == RELEASE_KIND:
            return bool(self.kinds[index])
        if move == RELEASE_LINE:
            return self.animals & TRIPLE_MASKS[index] == TRIPLE_MASKS[index]
        return self.plies == 1 and self.swap_rule

    def _apply(self, seat: Seat, action_id: ActionId) -> None:
        """Performs a place, a release or the swap."""
        move, index = ACTION_OF_ID[action_id]
        if move == PLACE:
            self._place(seat, index)
        elif move == RELEASE_KIND:
            self._release(seat, action_id, self.kinds[index])
        elif move == RELEASE_LINE:
            self._release(seat, action_id, TRIPLE_MASKS[index])
        else:
            self._swap(seat)

    def illegal(self, seat: Seat, action_id: object) -> IllegalAction:
        """The error for an illegal action, naming the rule it breaks."""
        if self.is_over() or seat not in self.movers:
            return super().illegal(seat, action_id)
        legal = ", ".join(self.legal_action_ids(seat))
        why = why_illegal(action_id, self.plies)
        return IllegalAction(f"{why} (seat {seat}); legal: {legal}")

    def outcome(self) -> Outcome | None:
        """1 for the winner and 0 for the loser (R8), or ½ each for a draw (R10)."""
        if self.end is None:
            return None
        verdict, seat, _ = self.end
        if verdict == DRAW:
            scores = [0.5, 0.5]
        else:
            winner = seat if verdict == WIN else 1 - seat
            scores = [1.0 if each == winner else 0.0 for each in range(2)]
        return Outcome.from_scores(scores, end_text(self.end))

    def clone(self) -> MammalathState:
        other: MammalathState = object.__new__(MammalathState)
        other.game = self.game
        other.kinds = self.kinds[:]
        other.animals = self.animals
        other.placed = (self.placed[0][:], self.placed[1][:])
        other.tokens = self.tokens[:]
        other.place_actions = self.place_actions
        other.full_lines = self.full_lines
        other.first_player = self.first_player
        other.movers = self.movers
        other.plies = self.plies
        other.swap_rule = self.swap_rule
        other.last_move = self.last_move
        other.end = self.end
        return other

    def view(self, viewer: Seat | None) -> JsonDict:
        """The whole position, as JSON-safe data for the drawings.

        `animals` is a 6×6 grid of kind names or None, rows from the top (row 1); `placed` lists
        each colour's token cells in the order placed, which numbers the tokens (see
        `board.token_element`).
        """
        letters = animal_letters(self.kinds)
        return {
            "prompt": self._prompt(),
            "last_move": self._last_move_view(),
            "animals": [
                [_KIND_OF_LETTER.get(letters[cell_at(row, column)]) for column in range(SIZE)]
                for row in range(SIZE)
            ],
            "placed": {COLOURS[seat]: [CELL_NAMES[cell] for cell in self.placed[seat]] for seat in range(2)},
            "supply": {COLOURS[seat]: TOKENS_PER_PLAYER - len(self.placed[seat]) for seat in range(2)},
            "seats": {colour: seat for seat, colour in enumerate(COLOURS)},
            "first_player": COLOURS[self.first_player],
            "to_move": COLOURS[self.movers[0]] if self.movers else None,
            "swap_available": self.is_swap_offered(),
            "viewer": COLOURS[viewer] if viewer in (0, 1) else None,
            "colours": [colour.capitalize() for colour in COLOURS],
            "result": None if self.end is None else result_view(self.end),
        }

    def to_json(self) -> JsonDict:
        return {
            "game": "mammalath",
            "options": {"swap_rule": self.swap_rule},
            "animals": animal_letters(self.kinds),
            "placed": [[CELL_NAMES[cell] for cell in cells] for cells in self.placed],
            "first_player": self.first_player,
            "to_move": self.movers[0] if self.movers else None,
            "plies": self.plies,
            "last_move": None if self.last_move is None else list(self.last_move),
            "end": None if self.end is None else list(self.end),
        }

    @classmethod
    def from_json(cls, game: Game, data: JsonDict) -> MammalathState:
        """The state `to_json` wrote (used by `MammalathGame.state_from_json`)."""
        options = game.resolve_options(data["options"])
        kinds = kinds_from_letters(str(data["animals"]))
        state = cls(game, kinds, int(data["first_player"]), bool(options["swap_rule"]))
        black, white = ([CELL_OF_NAME[str(name)] for name in names] for names in data["placed"])
        state.placed = (black, white)
        state.tokens = [mask_of(cells) for cells in state.placed]
        state._refresh_caches()
        state.movers = () if data["to_move"] is None else MOVERS[int(data["to_move"])]
        state.plies = int(data["plies"])
        last = data["last_move"]
        state.last_move = None if last is None else (str(last[0]), int(last[1]), int(last[2]))
        end = data["end"]
        state.end = None if end is None else (int(end[0]), int(end[1]), int(end[2]))
        return state

    # -- questions and words --------------------------------------------------------------

    def is_swap_offered(self) -> bool:
        """True on the second player's first turn when the swap rule is on (R7)."""
        return self.plies == 1 and self.swap_rule and not self.end

    def _prompt(self) -> str:
        """What is expected now, in words."""
        if self.end is not None:
            return end_text(self.end)
        mover = mention(self.movers[0])
        if self.plies == 0:
            return f"{mover} to move: place the first token"
        if self.is_swap_offered():
            first_cell = CELL_NAMES[self.placed[self.first_player][0]]
            return f"{mover} to move: place a token, release animals, or swap (take over {first_cell})"
        return f"{mover} to move: place a token or release animals"

    def _last_move_view(self) -> JsonDict | None:
        """The last action for the drawings: its id, who took it, the cells it touched and a sentence."""
        if self.last_move is None:
            return None
        action_id, seat, released = self.last_move
        who = mention(seat)
        if released:
            cells = cells_of(released)
            what = "every " + action_id if action_id in KINDS else "the line " + action_id.replace("-", "–")
            text = f"{who} released {what} ({len(cells)} animal{'s' if len(cells) > 1 else ''})"
        elif action_id == SWAP_ID:
            cells = [self.placed[seat][-1]]
            text = f"{who} swapped, taking over {CELL_NAMES[cells[0]]}"
        else:
            cells = [CELL_OF_NAME[action_id]]
            text = f"{who} placed on {action_id}"
        return {
            "id": action_id,
            "colour": COLOURS[seat],
            "cells": [CELL_NAMES[cell] for cell in cells],
            "text": text,
        }

    # -- transitions ----------------------------------------------------------------------

    def _place(self, seat: Seat, cell: int) -> None:
        """R2, then R8 for the placer and R10 (the 18th token without a result is a draw)."""
        placed = self.placed[seat]
        placed.append(cell)
        self.tokens[seat] |= 1 << cell
        taken = PLACE_ACTIONS[cell]
        self.place_actions = tuple(action for action in self.place_actions if action is not taken)
        self.last_move = (CELL_NAMES[cell], seat, 0)
        self.plies += 1
        verdict, triple = placement_verdict(self.tokens[seat], self.animals, cell)
        if verdict != NO_VERDICT:
            self._finish((verdict, seat, triple))
        elif len(placed) == TOKENS_PER_PLAYER:
            self._finish((DRAW, seat, NO_TRIPLE))
        else:
            self.movers = MOVERS[1 - seat]

    def _release(self, seat: Seat, action_id: ActionId, mask: int) -> None:
        """R3 / R4: the animals on `mask` leave the board, tokens stay; no end check is needed (R9)."""
        kinds = self.kinds
        for kind in range(len(kinds)):
            kinds[kind] &= ~mask
        self.animals &= ~mask
        self.full_lines = lines_left(self.full_lines, mask)
        self.last_move = (action_id, seat, mask)
        self.plies += 1
        self.movers = MOVERS[1 - seat]

    def _swap(self, seat: Seat) -> None:
        """R7: the first player's token goes back to their supply and one of `seat`'s takes its cell.

        R8 runs for uniformity (Q7), though one token can make no line.
        """
        cell = self.placed[1 - seat].pop()
        self.placed[seat].append(cell)
        self.tokens[1 - seat] &= ~(1 << cell)
        self.tokens[seat] |= 1 << cell
        self.last_move = (SWAP_ID, seat, 0)
        self.plies += 1
        verdict, triple = placement_verdict(self.tokens[seat], self.animals, cell)
        if verdict != NO_VERDICT:
            self._finish((verdict, seat, triple))
        else:
            self.movers = MOVERS[1 - seat]

    def _refresh_caches(self) -> None:
        """Recomputes the place actions of the token-free cells (R2) and the triples of three animals (R4).

        Both are kept as tuples shared between clones and replaced, never changed, by the
        transitions: `legal_actions` then copies instead of scanning 36 cells and 80 triples.
        """
        free = FULL & ~(self.tokens[0] | self.tokens[1])
        self.place_actions = tuple(PLACE_ACTIONS[cell] for cell in range(CELL_COUNT) if free >> cell & 1)
        self.full_lines = releasable_lines(self.animals)

    def _finish(self, end: End) -> None:
        self.end = end
        self.movers = ()

    def _observation(self, view: JsonDict, viewer: Seat | None) -> Tensor:
        return observation(view, viewer)


def result_view(end: End) -> JsonDict:
    """The end for the drawings: win, loss or draw, whose placement it was, the deciding line."""
    verdict, seat, triple = end
    kind = {WIN: "win", LOSS: "loss"}.get(verdict, "draw")
    line = [CELL_NAMES[cell] for cell in TRIPLES[triple]] if triple >= 0 else []
    return {"kind": kind, "colour": COLOURS[seat], "line": line, "text": end_text(end)}


def end_text(end: End) -> str:
    """Why the game ended (R8, R10), in the players' words."""
    verdict, seat, triple = end
    tokens = f"three of {mention(seat, POSSESSIVE)} tokens"
    if verdict == WIN:
        return f"{mention(seat, 'wins')}: the line {line_name(triple)} holds {tokens} and no animal"
    if verdict == LOSS:
        return f"{mention(seat, 'loses')}: the line {line_name(triple)} holds {tokens} and an animal"
    return f"Draw: {mention(seat, POSSESSIVE)} {TOKENS_PER_PLAYER}th token went down without making a line"
