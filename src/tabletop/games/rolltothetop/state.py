"""`RollToTheTopState`: one position of Roll to the Top, its actions and transitions.

A turn (R1 in docs/rules/rolltothetop.md) is a simultaneous writing step, in which every
seat that has not confirmed is a current player and acts one write at a time, then (if
nobody reached the top) the pool step of the action die's holder. Each seat has a working
sheet (with this step's writes) and a shown sheet (as of the last resolved step): other
seats and spectators only ever see shown sheets (R10).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, cast

from tabletop.engine import (
    Action,
    ActionId,
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
from tabletop.games.rolltothetop.board import (
    ACTION_FACES,
    ADD,
    CONFIRM,
    DICE,
    DIE_INDEX,
    EITHER,
    REMOVE,
    SIDES,
    SWAP,
    UNDO,
    Postcard,
    box_element,
    dice_names,
    dice_of,
    die_element,
    observation,
    parse_pool_change,
)
from tabletop.games.rolltothetop.rules import (
    TURN_LIMIT,
    UNDO_LIMIT,
    OpenBoxes,
    Sheet,
    can_write,
    changed_pool,
    filled,
    final_outcome,
    group_sums,
    is_full,
    open_boxes,
    pool_changes,
    pool_rule,
    reopened,
    writes,
)

if TYPE_CHECKING:
    from tabletop.engine import Game

WRITE, POOL, OVER = "write", "pool", "over"
START_POOL = ("d6", "d8")


def seat_name(seat: Seat) -> str:
    """How error messages name a seat: "Player 1" for seat 0 (prompts and labels use mentions)."""
    return f"Player {seat + 1}"


class RollToTheTopState(State):
    """A position: the postcard, every sheet, the dice, whose action die it is, and the step."""

    def __init__(
        self, game: Game, players: int, options: dict[str, OptionValue], rng: Rng, postcard: Postcard
    ) -> None:
        self.game = game
        self.players = players
        self.options = options
        self.rng = rng
        self.postcard = postcard
        self.sheets: list[Sheet] = [[0] * len(postcard) for _ in range(players)]
        self.shown: list[Sheet] = [[0] * len(postcard) for _ in range(players)]
        self.pending: list[list[int]] = [[] for _ in range(players)]
        self.used: list[int] = [0] * players
        self.undos: list[int] = [0] * players
        self.confirmed: list[bool] = [False] * players
        self.active = 0
        self.faces: list[int] = [0] * len(DICE)
        self.sums: tuple[int, ...] = group_sums(self.faces)
        self.face = ADD
        self.holder: Seat = 0
        self.phase = WRITE
        self.turn = 1
        self.anybody_wrote = False
        self.revealed: list[list[int]] = [[] for _ in range(players)]
        self.last_move: JsonDict | None = None
        self.waiting: tuple[Seat, ...] = tuple(range(players))
        """The current players, kept up to date by every transition (asked on every action)."""
        self.opened: list[OpenBoxes | None] = [None] * players
        """Per seat, the `open_boxes` of its working sheet, or None until asked (see `_open_boxes`)."""
        self.shown_opened: list[OpenBoxes | None] = [None] * players
        """Per seat, the `open_boxes` of its shown sheet, or None if unknown: an undo brings
        them back with the sheet. Replaced whole, never changed in place, so clones share it."""
        self.listed: tuple[Seat, tuple[ActionId, ...]] | None = None
        """The last seat whose ids were listed, with them, until the next action: `apply` then
        asks whether the chosen id is among them instead of checking the write or pool change."""

    @classmethod
    def from_position(
        cls,
        game: Game,
        *,
        postcard: Postcard,
        players: int = 1,
        sheets: Sequence[Mapping[str, int]] | None = None,
        active: Sequence[str] = START_POOL,
        faces: Mapping[str, int] | None = None,
        action_face: str = ADD,
        holder: Seat = 0,
        turn: int = 1,
        phase: str = WRITE,
        anybody_wrote: bool = True,
        seed: int = 0,
    ) -> RollToTheTopState:
        """A hand-made position: sheets as {box id: number}, the active dice by name, their faces.

        In the writing step the faces are those just rolled (dice not named roll now); in the
        pool step `anybody_wrote` says whether the turn's writing step saw a write (R15).
        """
        options = dict(game.resolve_options(None))
        state = cls(game, players, options, Rng(seed), postcard)
        for seat, numbers in enumerate(sheets or []):
            for box_id, number in numbers.items():
                state.sheets[seat][postcard.index[box_id]] = number
        state.shown = [list(sheet) for sheet in state.sheets]
        state.active = sum(1 << DIE_INDEX[name] for name in active)
        state.holder, state.turn, state.face = holder, turn, action_face
        given = dict(faces or {})
        for die in dice_of(state.active):
            state.faces[die] = given.get(DICE[die], 0) or 1 + state.rng.below(SIDES[die])
        state.sums = group_sums(state.faces)
        state.anybody_wrote = anybody_wrote
        state.phase = phase
        if any(is_full(sheet) for sheet in state.sheets):
            state.phase = OVER
        state.update_waiting()
        return state

    # --- the contract ---------------------------------------------------------------------

    def current_players(self) -> tuple[Seat, ...]:
        return self.waiting

    def legal_action_ids(self, seat: Seat) -> list[ActionId]:
        if self.phase == POOL:
            if seat != self.holder:
                return []
            changes = pool_changes(self.active, self.pool_rule())
            self.listed = (seat, changes)
            return list(changes)
        if self.phase != WRITE or seat not in self.waiting or not (type(seat) is int or self._is_seat(seat)):
            return []  # `waiting` holds the seats yet to confirm; the type test keeps 1.0 and True out
        free = self.active & ~self.used[seat]
        opened = self.opened[seat] or self._open_boxes(seat)  # mostly kept: no call then
        found = writes(self.postcard, opened, free, self.sums)
        if self.pending[seat] and self.undos[seat] < UNDO_LIMIT:
            found.append(UNDO)
        found.append(CONFIRM)
        self.listed = (seat, tuple(found))
        return found

    def legal_actions(self, seat: Seat) -> list[Action]:
        return [self._action(seat, action_id) for action_id in self.legal_action_ids(seat)]

    def is_legal(self, seat: Seat, action_id: ActionId) -> bool:
        listed = self.listed
        if listed is not None and listed[0] == seat:  # an id just listed for the seat
            return action_id in listed[1]
        if not isinstance(action_id, str) or seat not in self.waiting:
            return False
        if self.phase == POOL:
            return action_id in pool_changes(self.active, self.pool_rule())
        if action_id == CONFIRM:
            return True
        if action_id == UNDO:
            return bool(self.pending[seat]) and self.undos[seat] < UNDO_LIMIT
        write = self.postcard.writes.get(action_id)
        if write is None:
            return False
        free = self.active & ~self.used[seat]
        return can_write(self.postcard, self.sheets[seat], free, self.sums, write)

    def illegal(self, seat: Seat, action_id: object) -> IllegalAction:
        if self.phase == WRITE and isinstance(action_id, str) and self._is_seat(seat):
            if self.confirmed[seat]:
                return IllegalAction(f"{seat_name(seat)} has confirmed this turn and waits for the others")
            write = self.postcard.writes.get(action_id)
            if write is not None:
                return IllegalAction(
                    f"{action_id!r} is not legal for {seat_name(seat)}: {self._why_not(seat, *write)}"
                )
        return super().illegal(seat, action_id)

    def _apply(self, seat: Seat, action_id: ActionId) -> None:
        self.listed = None
        if self.phase == POOL:
            self._change_pool(seat, action_id)
        elif action_id == CONFIRM:
            self._confirm(seat)
        elif action_id == UNDO:
            self._undo(seat)
        else:
            box, group = self.postcard.writes[action_id]
            sheet = self.sheets[seat]
            sheet[box] = self.sums[group]
            self.used[seat] |= group
            self.pending[seat].append(box)
            before = self.opened[seat]
            self.opened[seat] = None if before is None else reopened(self.postcard, sheet, before, box)

    def is_over(self) -> bool:
        return self.phase == OVER

    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        return final_outcome(self.shown, self.turn, TURN_LIMIT)

    def clone(self) -> RollToTheTopState:
        twin = RollToTheTopState.__new__(RollToTheTopState)
        twin.__dict__.update(self.__dict__)
        twin.sheets = [list(sheet) for sheet in self.sheets]
        twin.shown = [list(sheet) for sheet in self.shown]
        twin.pending = [list(boxes) for boxes in self.pending]
        twin.used = list(self.used)
        twin.undos = list(self.undos)
        twin.confirmed = list(self.confirmed)
        twin.opened = list(self.opened)
        twin.faces = list(self.faces)
        twin.revealed = [list(boxes) for boxes in self.revealed]
        twin.rng = self.rng.copy()
        return twin

    def determinize(self, viewer: Seat | None, rng: Rng) -> RollToTheTopState:
        """A clone with a fresh generator and the other seats' unrevealed writes of this step undone.

        Nobody may know what the others wrote before the step resolves (R10), so a bot's
        world has them write nothing yet; whether they confirmed is public and stays.
        """
        copy = cast(RollToTheTopState, super().determinize(viewer, rng))
        copy.listed = None
        for seat in range(self.players):
            if seat != viewer:
                copy.sheets[seat] = list(copy.shown[seat])
                copy.opened[seat] = copy.shown_opened[seat]
                copy.pending[seat] = []
                copy.used[seat] = 0
                copy.undos[seat] = 0
        return copy

    def public_label(self, viewer: Seat | None, seat: Seat, action_id: ActionId) -> str | None:
        """Pool changes are public; of a write or an undo others learn nothing, of a confirm that it came."""
        if viewer == seat or self.phase == POOL:
            return self.label_of(seat, action_id)
        return f"{mention(seat, 'is')} done" if action_id == CONFIRM else None

    def view(self, viewer: Seat | None) -> JsonDict:
        seen = viewer if self._is_seat(viewer) else None
        return {
            "postcard": self.postcard.to_json(),
            "kinds": [box.kind for box in self.postcard.boxes],
            "players": self.players,
            "viewer": seen,
            "phase": self.phase,
            "turn": self.turn,
            "turn_limit": TURN_LIMIT,
            "holder": self.holder,
            "dice": self._dice_view(seen),
            "action_face": self.face,
            "pool_rule": self.pool_rule() if self.phase == POOL else None,
            "sheets": [self._sheet_view(seat, seen) for seat in range(self.players)],
            "revealed": [list(boxes) for boxes in self.revealed],
            "last_move": self._last_move_view(),
            "prompt": self.prompt(seen),
        }

    def to_json(self) -> JsonDict:
        return {
            "options": dict(self.options),
            "players": self.players,
            "postcard": self.postcard.name,
            "rng": self.rng.state,
            "sheets": [list(sheet) for sheet in self.sheets],
            "shown": [list(sheet) for sheet in self.shown],
            "pending": [list(boxes) for boxes in self.pending],
            "used": list(self.used),
            "undos": list(self.undos),
            "confirmed": list(self.confirmed),
            "active": self.active,
            "faces": list(self.faces),
            "face": self.face,
            "holder": self.holder,
            "phase": self.phase,
            "turn": self.turn,
            "anybody_wrote": self.anybody_wrote,
            "revealed": [list(boxes) for boxes in self.revealed],
            "last_move": _copy_move(self.last_move),
        }

    def load_json(self, data: JsonDict) -> None:
        """Fills this state from what `to_json` wrote (the other half of the round trip)."""
        self.rng = Rng(int(data["rng"]))
        self.sheets = [[int(number) for number in sheet] for sheet in data["sheets"]]
        self.opened = [None] * len(self.sheets)
        self.shown_opened = [None] * len(self.sheets)
        self.listed = None
        self.shown = [[int(number) for number in sheet] for sheet in data["shown"]]
        self.pending = [[int(box) for box in boxes] for boxes in data["pending"]]
        self.used = [int(mask) for mask in data["used"]]
        self.undos = [int(count) for count in data["undos"]]
        self.confirmed = [bool(done) for done in data["confirmed"]]
        self.active = int(data["active"])
        self.faces = [int(face) for face in data["faces"]]
        self.sums = group_sums(self.faces)
        self.face = str(data["face"])
        self.holder = int(data["holder"])
        self.phase = str(data["phase"])
        self.turn = int(data["turn"])
        self.anybody_wrote = bool(data["anybody_wrote"])
        self.revealed = [[int(box) for box in boxes] for boxes in data["revealed"]]
        self.last_move = _copy_move(data["last_move"])
        self.update_waiting()

    # --- questions ------------------------------------------------------------------------

    def pool_rule(self) -> str:
        """What the holder must do to the pool now (R13–R16)."""
        return pool_rule(self.active, self.face, self.anybody_wrote)

    def prompt(self, viewer: Seat | None) -> str:
        """What is expected now, in words, for this viewer."""
        if self.phase == OVER:
            outcome = self.outcome()
            return f"Game over: {outcome.reason}" if outcome else "Game over"
        if self.phase == POOL:
            rule = self.pool_rule()
            verb = {
                ADD: "add a die to",
                REMOVE: "remove a die from",
                SWAP: "swap a die of",
                EITHER: "add a die to or remove one from",
            }[rule]
            return f"{mention(self.holder)}: {verb} the pool"
        if viewer is not None and not self.confirmed[viewer]:
            return "Write dice into your boxes (click dice, smallest first, then a box), then confirm"
        waiting = ", ".join(mention(seat) for seat in self.current_players())
        return f"Waiting for {waiting} to write"

    def _is_seat(self, seat: object) -> bool:
        return isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < self.players

    def _why_not(self, seat: Seat, box: int, group: int) -> str:
        if group & ~(self.active & ~self.used[seat]):
            return "a die may be used only once a turn, and only if it was rolled (R3)"
        record = self.postcard.boxes[box]
        sheet = self.sheets[seat]
        if sheet[box]:
            return f"box {record.id} already holds {sheet[box]} (R4)"
        if record.below:
            return f"box {record.id} needs every box under it filled and a number at least as large (R6)"
        return f"hanging box {record.id} needs a filled box beside it (R7)"

    def _action(self, seat: Seat, action_id: ActionId) -> Action:
        if action_id == CONFIRM:
            return Action(CONFIRM, "Confirm: done writing this turn")
        if action_id == UNDO:
            return Action(UNDO, "Undo this turn's writes")
        write = self.postcard.writes.get(action_id)
        if write is not None:
            box, group = write
            box_id = self.postcard.boxes[box].id
            path = (*(die_element(die) for die in dice_of(group)), box_element(box_id))
            return Action(action_id, f"write {self.sums[group]} in {box_id} ({dice_names(group)})", path)
        _, out, into = cast(tuple[str, int, int], parse_pool_change(action_id))
        dice = [die for die in (out, into) if die >= 0]
        return Action(action_id, _pool_label(action_id), tuple(die_element(die) for die in dice))

    def _last_move_view(self) -> JsonDict | None:
        """The last move, a pool change with its label (made here, not in `_apply`, to keep playouts fast)."""
        move = _copy_move(self.last_move)
        if move is not None and move["kind"] == "pool":
            move["label"] = _pool_label(str(move["change"]))
        return move

    def _dice_view(self, viewer: Seat | None) -> list[JsonDict]:
        used = self.used[viewer] if viewer is not None and self.phase == WRITE else 0
        return [
            {
                "die": DICE[die],
                "sides": SIDES[die],
                "active": bool(self.active >> die & 1),
                "value": self.faces[die] if self.active >> die & 1 else None,
                "used": bool(used >> die & 1),
            }
            for die in range(len(DICE))
        ]

    def _sheet_view(self, seat: Seat, viewer: Seat | None) -> JsonDict:
        own = seat == viewer
        sheet = self.sheets[seat] if own else self.shown[seat]
        return {
            "seat": seat,
            "name": mention(seat),
            "numbers": list(sheet),
            "pending": [self.postcard.boxes[box].id for box in self.pending[seat]] if own else [],
            "filled": filled(sheet),
            "done": self.phase == WRITE and self.confirmed[seat],
        }

    # --- transitions ----------------------------------------------------------------------

    def start(self, holder: Seat, pool: int) -> None:
        """The first turn: the holder of the action die (drawn at random) and the first roll (§2.4)."""
        self.holder = holder
        self.active = pool
        self._roll()

    def update_waiting(self) -> None:
        """Recomputes the current players from the step, the confirmations and the holder."""
        if self.phase == WRITE:
            self.waiting = tuple(seat for seat in range(self.players) if not self.confirmed[seat])
        else:
            self.waiting = (self.holder,) if self.phase == POOL else ()

    def _open_boxes(self, seat: Seat) -> OpenBoxes:
        """The seat's open boxes, kept across its writes (`reopened`) and looked up otherwise.

        Random playouts list a seat's writes after every write it makes; following the one
        box written costs a few boxes' checks where a fresh look costs the whole postcard.
        """
        found = self.opened[seat]
        if found is None:
            found = self.opened[seat] = open_boxes(self.postcard, tuple(self.sheets[seat]))
        return found

    def _undo(self, seat: Seat) -> None:
        self.sheets[seat] = list(self.shown[seat])
        self.opened[seat] = self.shown_opened[seat]
        self.pending[seat] = []
        self.used[seat] = 0
        self.undos[seat] += 1

    def _confirm(self, seat: Seat) -> None:
        self.confirmed[seat] = True
        if all(self.confirmed):
            self._resolve()
        self.update_waiting()

    def _resolve(self) -> None:
        """The last seat confirmed: reveal the writes (R10), note if any came (R11), check the end (R18)."""
        self.revealed = [list(boxes) for boxes in self.pending]
        self.anybody_wrote = any(self.pending)
        self.shown = [list(sheet) for sheet in self.sheets]
        self.shown_opened = list(self.opened)
        written = [[self.postcard.boxes[box].id for box in boxes] for boxes in self.pending]
        self.last_move = {"kind": "reveal", "turn": self.turn, "written": written}
        if any(map(is_full, self.sheets)) or self.turn >= TURN_LIMIT:
            self.phase = OVER
        else:
            self.phase = POOL

    def _change_pool(self, seat: Seat, action_id: ActionId) -> None:
        """R13–R17, then the action die passes clockwise and the next turn is rolled (R1 d–e)."""
        self.active = changed_pool(self.active, action_id)
        self.last_move = {"kind": "pool", "seat": seat, "change": action_id}
        self.holder = (self.holder + 1) % self.players
        self.turn += 1
        self._roll()

    def _roll(self) -> None:
        """R1 (a): the active dice and the action die are rolled; every seat's step starts afresh."""
        rng = self.rng
        self.faces = faces = [0] * len(DICE)
        for die in dice_of(self.active):  # smallest die first, as the replays expect
            faces[die] = 1 + rng.below(SIDES[die])
        self.sums = group_sums(self.faces)
        self.face = ACTION_FACES[rng.below(len(ACTION_FACES))]
        self.phase = WRITE
        players = self.players
        self.pending = [[] for _ in range(players)]
        self.used = [0] * players
        self.undos = [0] * players
        self.confirmed = [False] * players
        self.waiting = tuple(range(players))

    def _observation(self, view: JsonDict, viewer: Seat | None) -> Tensor:
        return observation(view, viewer)


def _pool_label(action_id: ActionId) -> str:
    """The words of a legal pool change, for its button and the move record."""
    kind, out, into = cast(tuple[str, int, int], parse_pool_change(action_id))
    words = {"add": f"add {DICE[into]}", "remove": f"remove {DICE[out]}"}
    return words.get(kind, f"swap {DICE[out]} for {DICE[into]}")


def _copy_move(move: JsonDict | None) -> JsonDict | None:
    """A copy of a last-move record down to its lists, so no view or saved state shares them."""
    if move is None:
        return None
    return {
        key: [list(item) if isinstance(item, list) else item for item in value]
        if isinstance(value, list)
        else value
        for key, value in move.items()
    }
