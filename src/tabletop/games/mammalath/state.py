"""`MammalathState`: one Mammalath position and its transitions (R1 … R11 in rules/mammalath.md).

The position is held as 36-bit cell masks (layout in `board.py`): one mask per animal kind,
their union, and one mask of tokens per seat; plus each seat's placed cells in order (which
names the tokens, see `notation.token_element`), the seat to move, the seat that started,
the number of actions so far (R6 and R7 depend on it), the last action and the end. Search
clones and moves it many thousands of times a second, so `clone` copies three short lists,
`apply` touches a few integers, and the legal places and lines are kept as tuples that
clones share (see `_refresh_caches`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tabletop.engine import Action, ActionId, IllegalAction, JsonDict, Outcome, Seat, State
from tabletop.games.mammalath import report
from tabletop.games.mammalath.board import (
    CELL_COUNT,
    CELL_NAMES,
    CELL_OF_NAME,
    COLOURS,
    FULL,
    KINDS,
    TOKENS_PER_PLAYER,
    TRIPLE_MASKS,
    cells_of,
)
from tabletop.games.mammalath.diagram import parse_rows
from tabletop.games.mammalath.notation import (
    ACTION_OF_ID,
    KIND_ACTIONS,
    LINE_ACTIONS,
    PLACE,
    PLACE_ACTIONS,
    RELEASE_KIND,
    RELEASE_LINE,
    SWAP_ACTIONS,
)
from tabletop.games.mammalath.rules import (
    DRAW,
    NO_TRIPLE,
    NO_VERDICT,
    WIN,
    complete_triples,
    placement_verdict,
)

if TYPE_CHECKING:
    from tabletop.games.mammalath.game import MammalathGame

End = tuple[int, Seat, int]
"""How the game ended: (WIN, LOSS or DRAW, the seat whose placement ended it, the deciding triple)."""

LastMove = tuple[ActionId, Seat, int]
"""The last action: its id, who took it, and the mask of cells whose animals it released."""

_MOVERS: tuple[tuple[Seat, ...], tuple[Seat, ...]] = ((0,), (1,))


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
        "_animals",
        "_end",
        "_first",
        "_kinds",
        "_last",
        "_lines",
        "_movers",
        "_placed",
        "_places",
        "_plies",
        "_swap_rule",
        "_tokens",
        "game",
    )

    players = 2

    def __init__(self, game: MammalathGame, kinds: list[int], first: Seat, swap_rule: bool) -> None:
        self.game = game
        self._kinds = kinds
        self._animals = _union(kinds)
        self._placed: tuple[list[int], list[int]] = ([], [])
        self._tokens = [0, 0]
        self._first = first
        self._movers = _MOVERS[first]
        self._plies = 0
        self._swap_rule = swap_rule
        self._last: LastMove | None = None
        self._end: End | None = None
        self._places: tuple[Action, ...] = ()
        self._lines: tuple[int, ...] = ()
        self._refresh_caches()

    @classmethod
    def from_position(
        cls, rows: Sequence[str], *, to_move: str = "black", plies: int | None = None, swap_rule: bool = True
    ) -> MammalathState:
        """A position set up by hand (rows as in `diagram.py`), for tests, examples and analysis.

        `plies` is how many actions were taken before (by default enough for R6 and R7 to be
        over); the first player follows from it and `to_move`. Tokens are numbered in row
        order. Raises `ValueError` for a position the rules could not reach or would have ended.

        >>> state = MammalathState.from_position(
        ...     ["B. B. .a .b .c .d", ".e .f .a .b .c .d"] + [".a .b .c .d .e .f"] * 4, to_move="black"
        ... )
        >>> state.apply(0, "C1")  # R8: the line A1–C1 still holds an armadillo on C1
        >>> state.outcome().reason
        'Black (seat 0) loses: the line A1-C1 holds three of their tokens and an animal (R8)'
        """
        from tabletop.games.mammalath.game import GAME  # the game module imports this one

        letters, black, white = parse_rows(rows)
        mover = COLOURS.index(to_move) if to_move in COLOURS else -1
        if mover < 0:
            raise ValueError(f"to_move must be 'black' or 'white'; got {to_move!r}")
        plies = len(black) + len(white) + 2 if plies is None else plies
        state = cls(GAME, kinds_from_letters(letters), mover if plies % 2 == 0 else 1 - mover, swap_rule)
        state._placed = (black, white)
        state._tokens = [_mask_of(black), _mask_of(white)]
        state._refresh_caches()
        state._movers = _MOVERS[mover]
        state._plies = plies
        state._check_reachable()
        return state

    # -- the engine contract ------------------------------------------------------------

    def current_players(self) -> tuple[Seat, ...]:
        return self._movers

    def is_over(self) -> bool:
        return self._end is not None

    def legal_actions(self, seat: Seat) -> list[Action]:
        """Places on token-free cells (R2), then after the first action (R6) the swap (R7),
        the kinds still present (R3) and the triples holding three animals (R4)."""
        if seat not in self._movers:
            return []
        actions = list(self._places)
        if self._plies == 0:
            return actions
        if self._plies == 1 and self._swap_rule:
            actions.append(SWAP_ACTIONS[self._placed[self._first][0]])
        kinds = self._kinds
        actions += [KIND_ACTIONS[kind] for kind in range(len(KINDS)) if kinds[kind]]
        actions += [LINE_ACTIONS[triple] for triple in self._lines]
        return actions

    def _apply(self, seat: Seat, action_id: ActionId) -> None:
        """Performs a place, a release or the swap; raises `IllegalAction`, changing nothing, otherwise."""
        try:
            move, index = ACTION_OF_ID[action_id]
        except (KeyError, TypeError):
            raise self._rejection(seat, action_id) from None
        if seat not in self._movers or not self._allows(move, index):
            raise self._rejection(seat, action_id)
        if move == PLACE:
            self._place(seat, index)
        elif move == RELEASE_KIND:
            self._release(seat, action_id, self._kinds[index])
        elif move == RELEASE_LINE:
            self._release(seat, action_id, TRIPLE_MASKS[index])
        else:
            self._swap(seat)

    def outcome(self) -> Outcome | None:
        """1 for the winner and 0 for the loser (R8), or ½ each for a draw (R10)."""
        if self._end is None:
            return None
        verdict, seat, _ = self._end
        if verdict == DRAW:
            scores = [0.5, 0.5]
        else:
            winner = seat if verdict == WIN else 1 - seat
            scores = [1.0 if each == winner else 0.0 for each in range(2)]
        return Outcome.from_scores(scores, report.end_text(self._end))

    def clone(self) -> MammalathState:
        other: MammalathState = object.__new__(MammalathState)
        other.game = self.game
        other._kinds = self._kinds[:]
        other._animals = self._animals
        other._placed = (self._placed[0][:], self._placed[1][:])
        other._tokens = self._tokens[:]
        other._places = self._places
        other._lines = self._lines
        other._first = self._first
        other._movers = self._movers
        other._plies = self._plies
        other._swap_rule = self._swap_rule
        other._last = self._last
        other._end = self._end
        return other

    def view(self, viewer: Seat | None) -> JsonDict:
        """Everything is public in Mammalath: animals, tokens, supplies, turn, last move, prompt."""
        return report.view_of(self, viewer)

    def to_json(self) -> JsonDict:
        return {
            "game": "mammalath",
            "options": {"swap_rule": self._swap_rule},
            "animals": self.animal_letters(),
            "placed": [[CELL_NAMES[cell] for cell in cells] for cells in self._placed],
            "first_player": self._first,
            "to_move": self._movers[0] if self._movers else None,
            "plies": self._plies,
            "last_move": None if self._last is None else list(self._last),
            "end": None if self._end is None else list(self._end),
        }

    @classmethod
    def from_json(cls, game: MammalathGame, data: JsonDict) -> MammalathState:
        """The state `to_json` wrote (used by `MammalathGame.state_from_json`)."""
        options = game.resolve_options(data["options"])
        state = cls(
            game,
            kinds_from_letters(str(data["animals"])),
            int(data["first_player"]),
            bool(options["swap_rule"]),
        )
        black, white = ([CELL_OF_NAME[str(name)] for name in names] for names in data["placed"])
        state._placed = (black, white)
        state._tokens = [_mask_of(cells) for cells in state._placed]
        state._refresh_caches()
        state._movers = () if data["to_move"] is None else _MOVERS[int(data["to_move"])]
        state._plies = int(data["plies"])
        last = data["last_move"]
        state._last = None if last is None else (str(last[0]), int(last[1]), int(last[2]))
        end = data["end"]
        state._end = None if end is None else (int(end[0]), int(end[1]), int(end[2]))
        return state

    # -- read-only accessors for bots, tests and the view ---------------------------------

    @property
    def animal_mask(self) -> int:
        """The cells that still hold an animal."""
        return self._animals

    @property
    def kind_masks(self) -> tuple[int, ...]:
        """For each kind of `board.KINDS`, the cells holding one."""
        return tuple(self._kinds)

    @property
    def token_masks(self) -> tuple[int, int]:
        """The cells holding a token of seat 0 (black) and of seat 1 (white)."""
        return self._tokens[0], self._tokens[1]

    @property
    def token_mask(self) -> int:
        """The cells holding any token."""
        return self._tokens[0] | self._tokens[1]

    @property
    def token_cells(self) -> list[int]:
        """The cells holding any token, in index order."""
        return cells_of(self.token_mask)

    @property
    def placed(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Each seat's token cells in the order they were placed."""
        return tuple(self._placed[0]), tuple(self._placed[1])

    @property
    def first_player(self) -> Seat:
        """The seat that took the first action (section 2.3)."""
        return self._first

    @property
    def plies(self) -> int:
        """How many actions have been taken (R6 and R7 depend on it)."""
        return self._plies

    @property
    def swap_available(self) -> bool:
        """True on the second player's first turn when the swap rule is on (R7)."""
        return self._plies == 1 and self._swap_rule and not self._end

    @property
    def last_move(self) -> LastMove | None:
        """(action id, seat, mask of the cells whose animals it released)."""
        return self._last

    @property
    def end(self) -> End | None:
        """(WIN, LOSS or DRAW, the seat whose placement ended the game, the deciding triple or -1)."""
        return self._end

    def animal_letters(self) -> str:
        """The animals cell by cell as one letter each (a = armadillo … f = fox, "." = none)."""
        letters = ["."] * CELL_COUNT
        for kind, mask in enumerate(self._kinds):
            for cell in range(CELL_COUNT):
                if mask >> cell & 1:
                    letters[cell] = KINDS[kind][0]
        return "".join(letters)

    # -- transitions ----------------------------------------------------------------------

    def _allows(self, move: int, index: int) -> bool:
        """Whether a well-formed action is legal now for the seat to move (R2 … R7)."""
        if move == PLACE:
            return not self.token_mask >> index & 1
        if self._plies == 0:
            return False
        if move == RELEASE_KIND:
            return bool(self._kinds[index])
        if move == RELEASE_LINE:
            return self._animals & TRIPLE_MASKS[index] == TRIPLE_MASKS[index]
        return self._plies == 1 and self._swap_rule

    def _place(self, seat: Seat, cell: int) -> None:
        """R2, then R8 for the placer and R10 (the 18th token without a result is a draw)."""
        placed = self._placed[seat]
        placed.append(cell)
        self._tokens[seat] |= 1 << cell
        taken = PLACE_ACTIONS[cell]
        self._places = tuple(action for action in self._places if action is not taken)
        self._last = (CELL_NAMES[cell], seat, 0)
        self._plies += 1
        verdict, triple = placement_verdict(self._tokens[seat], self._animals, cell)
        if verdict != NO_VERDICT:
            self._finish((verdict, seat, triple))
        elif len(placed) == TOKENS_PER_PLAYER:
            self._finish((DRAW, seat, NO_TRIPLE))
        else:
            self._movers = _MOVERS[1 - seat]

    def _release(self, seat: Seat, action_id: ActionId, mask: int) -> None:
        """R3 / R4: the animals on `mask` leave the board, tokens stay; no end check is needed (R9)."""
        kinds = self._kinds
        for kind in range(len(kinds)):
            kinds[kind] &= ~mask
        self._animals &= ~mask
        self._lines = tuple(triple for triple in self._lines if not TRIPLE_MASKS[triple] & mask)
        self._last = (action_id, seat, mask)
        self._plies += 1
        self._movers = _MOVERS[1 - seat]

    def _swap(self, seat: Seat) -> None:
        """R7: the first player's token goes back to their supply and one of `seat`'s takes its cell.

        R8 runs for uniformity (Q7), though one token can make no line.
        """
        cell = self._placed[1 - seat].pop()
        self._placed[seat].append(cell)
        self._tokens[1 - seat] &= ~(1 << cell)
        self._tokens[seat] |= 1 << cell
        self._last = ("swap", seat, 0)
        self._plies += 1
        verdict, triple = placement_verdict(self._tokens[seat], self._animals, cell)
        if verdict != NO_VERDICT:
            self._finish((verdict, seat, triple))
        else:
            self._movers = _MOVERS[1 - seat]

    def _refresh_caches(self) -> None:
        """Recomputes the place actions of the token-free cells (R2) and the triples of three animals (R4).

        Both are kept as tuples shared between clones and replaced, never changed, by the
        transitions: `legal_actions` then copies instead of scanning 36 cells and 80 triples.
        """
        free = FULL & ~(self._tokens[0] | self._tokens[1])
        self._places = tuple(PLACE_ACTIONS[cell] for cell in range(CELL_COUNT) if free >> cell & 1)
        animals = self._animals
        self._lines = tuple(triple for triple, mask in enumerate(TRIPLE_MASKS) if animals & mask == mask)

    def _finish(self, end: End) -> None:
        self._end = end
        self._movers = ()

    def _check_reachable(self) -> None:
        """Rejects hand-made positions that play could not reach or that R8 / R10 would have ended."""
        for seat, placed in enumerate(self._placed):
            if len(placed) >= TOKENS_PER_PLAYER:
                raise ValueError(
                    f"{COLOURS[seat]} has {len(placed)} tokens on the board; R10 ends the game at 18"
                )
            if complete_triples(self._tokens[seat]):
                raise ValueError(
                    f"{COLOURS[seat]} already has three tokens in a line; R8 would have ended the game"
                )
        if self._plies < len(self._placed[0]) + len(self._placed[1]):
            raise ValueError(f"{self._plies} actions cannot have placed {len(self.token_cells)} tokens")
        if self._plies == 1 and self._placed[self._first] != [*self.token_cells]:
            raise ValueError("after one action the board holds exactly one token, the first player's (R6)")

    def _rejection(self, seat: Seat, action_id: object) -> IllegalAction:
        """The error for an illegal action, naming the rule it breaks."""
        if self.is_over() or seat not in self._movers:
            return self.illegal(seat, action_id)
        why = report.rejection_reason(self, action_id)
        legal = ", ".join(self.legal_action_ids(seat))
        return IllegalAction(f"{why} (seat {seat}); legal: {legal}")


def _union(masks: Sequence[int]) -> int:
    union = 0
    for mask in masks:
        union |= mask
    return union


def _mask_of(cells: Sequence[int]) -> int:
    mask = 0
    for cell in cells:
        mask |= 1 << cell
    return mask


def kinds_from_letters(letters: str) -> list[int]:
    """The per-kind cell masks of 36 letters as `MammalathState.animal_letters` writes them."""
    if len(letters) != CELL_COUNT:
        raise ValueError(f"a board has {CELL_COUNT} cells; got {len(letters)} letters")
    initials = [kind[0] for kind in KINDS]
    kinds = [0] * len(KINDS)
    for cell, letter in enumerate(letters):
        if letter in initials:
            kinds[initials.index(letter)] |= 1 << cell
        elif letter != ".":
            raise ValueError(f"{letter!r} is not an animal letter (a–f) or '.'")
    return kinds
