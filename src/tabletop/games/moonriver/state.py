"""`MoonRiverState`: one position of Moon River, its transitions, views, JSON and determinization.

Rule numbers refer to docs/rules/moonriver.md; the package docstring lists the decisions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

import numpy as np

from tabletop.engine import (
    Action,
    ActionId,
    Game,
    IllegalAction,
    JsonDict,
    OptionValue,
    Outcome,
    People,
    Rng,
    Seat,
    State,
    Tensor,
    mention,
    winners_phrase,
)
from tabletop.games.moonriver.board import (
    CELL_INDEX,
    CELL_NAMES,
    CELLS,
    COLUMN,
    COW_SUPPLY,
    COWBOY_POINTS,
    PARTNERS,
    PLOT_COUNT,
    RESERVE,
    SYMBOLS,
    TERRAINS,
    TOKENS_PER_TYPE,
    describe,
    plot,
    public_form,
    public_text,
)
from tabletop.games.moonriver.rules import (
    HALF_OF,
    RanchMasks,
    cowboy_moves,
    largest_territory,
    placement_ids,
    protected_cells,
    ranch_masks,
    score_parts,
    territory,
    with_plot,
)

CLAIM, EXPAND, PICK, SKULL, HIRE, COWBOY, DESPERADO, THIEF, OVER = (
    "claim",
    "expand",
    "pick",
    "skull",
    "hire",
    "cowboy",
    "desperado",
    "thief",
    "over",
)
DESPERADO_KIND, THIEF_KIND = PARTNERS.index("desperado"), PARTNERS.index("thief")
PICK_IDS = tuple(f"pick:{number}" for number in range(PLOT_COUNT + 1))
"""The id of a Ranchero placed on each plot number, made once: every claim and pick lists them."""


class MoonRiverState(State):
    """A Moon River position: ranches, reserves, the two draft columns, the saloon and the deck."""

    def __init__(self, game: Game, players: int, rng: Rng) -> None:
        self.game = game
        self.players = players
        self.rng = rng
        self.ranch: list[list[int]] = [[0] * CELLS for _ in range(players)]
        self.cows: list[list[int]] = [[0] * CELLS for _ in range(players)]
        self.partners: list[list[list[int]]] = [[] for _ in range(players)]
        self.reserve: list[list[int]] = [[] for _ in range(players)]
        self.deck: list[int] = []
        self.box: list[int] = []
        self.active: list[list[int]] = []
        """[plot number, owner seat or −1, taken 0/1] sorted by number (2.4)."""
        self.pending: list[list[int]] = []
        self.saloon: list[int] = [1] * len(PARTNERS)
        self.unused: list[int] = [TOKENS_PER_TYPE - 1] * len(PARTNERS)
        self.claim_order: list[int] = []
        self.phase = CLAIM
        self.current = 0
        self.final = False
        self.started = 0
        self.placed = 0
        self.tasks: list[list[int]] = []
        """Symbol effects still to resolve: [kind, cell, points] (R20–R23)."""
        self.round = 1
        self.last_played: tuple[Seat, ActionId] | None = None
        """Who played last and the id they played, as played: every action sets it, and only a
        view or the JSON reads it, so its public form (`last_move`) is made there, not per action."""
        self.legal_cache: list[str] | None = None
        self.ranch_cache: list[RanchMasks] = [ranch_masks(ranch) for ranch in self.ranch]
        """Per seat, the masks move generation reads (see `_masks_of`): a cache, not part of the position."""

    # -- construction --------------------------------------------------------------------

    @classmethod
    def new(cls, game: Game, players: int, options: Mapping[str, OptionValue], seed: int) -> MoonRiverState:
        """2.5: shuffle, keep 48 plots with two players, lay the first column, order the claims."""
        state = cls(game, players, Rng(seed))
        deck = list(range(1, PLOT_COUNT + 1))
        state.rng.shuffle(deck)
        if players == 2:
            state.box, deck = deck[PLOT_COUNT // 2 :], deck[: PLOT_COUNT // 2]
        state.deck = deck
        state.active = state.draw_column()
        seats = list(range(players))
        state.rng.shuffle(seats)
        state.claim_order = [seats[0], seats[1], seats[1], seats[0]] if players == 2 else seats
        state.current = state.claim_order[0]
        return state

    @classmethod
    def from_position(
        cls,
        game: Game,
        *,
        players: int = 2,
        ranches: Sequence[Mapping[str, int]] = (),
        cows: Sequence[Mapping[str, int]] = (),
        partners: Sequence[Sequence[tuple[str, str, str]]] = (),
        reserves: Sequence[Sequence[int]] = (),
        active: Sequence[tuple[int, int]] = (),
        pending: Sequence[tuple[int, int]] = (),
        deck: Sequence[int] | None = None,
        saloon: Sequence[str] | None = None,
        to_move: int = 0,
        took: int | None = None,
        final: bool = False,
        seed: int = 0,
    ) -> MoonRiverState:
        """A hand-made position at the start of `to_move`'s expansion (after taking `took`).

        `ranches`: per seat {"a1": plot number}; `cows`: per seat {"a1": count}; `partners`:
        per seat (cell, partner type, "specialist" | "cowboy"); `active`/`pending`: (plot,
        owner) with owner −1 for none; `took` is the plot just taken (already in the reserve).
        The deck defaults to every plot not used elsewhere.
        """
        state = cls(game, players, Rng(seed))
        for seat in range(players):
            for name, number in (ranches[seat] if seat < len(ranches) else {}).items():
                state.ranch[seat][CELL_INDEX[name]] = number
            for name, count in (cows[seat] if seat < len(cows) else {}).items():
                state.cows[seat][CELL_INDEX[name]] = count
            for name, kind, side in partners[seat] if seat < len(partners) else ():
                state.partners[seat].append([CELL_INDEX[name], PARTNERS.index(kind), int(side == "cowboy")])
            state.reserve[seat] = list(reserves[seat]) if seat < len(reserves) else []
        state.active = [[number, owner, int(number == took)] for number, owner in sorted(active)]
        state.pending = [[number, owner, 0] for number, owner in sorted(pending)]
        used = {n for r in state.ranch for n in r if n} | {n for r in state.reserve for n in r}
        used |= {entry[0] for entry in state.active + state.pending}
        state.deck = (
            list(deck) if deck is not None else [n for n in range(1, PLOT_COUNT + 1) if n not in used]
        )
        if saloon is not None:
            state.saloon = [int(kind in saloon) for kind in PARTNERS]
        state.final = final
        state.current = to_move
        state.phase = EXPAND
        state.started = len(state.reserve[to_move])
        state.settle()
        return state

    def draw_column(self) -> list[list[int]]:
        """Four plots from the deck, sorted by number (2.4)."""
        drawn = sorted(self.deck[:COLUMN])
        del self.deck[:COLUMN]
        return [[number, -1, 0] for number in drawn]

    # -- the engine's contract -------------------------------------------------------------

    def current_players(self) -> tuple[Seat, ...]:
        return () if self.phase == OVER else (self.current,)

    def is_over(self) -> bool:
        return self.phase == OVER

    def legal_action_ids(self, seat: Seat) -> list[ActionId]:
        if self.phase == OVER or seat != self.current:
            return []
        if self.legal_cache is None:
            self.legal_cache = self._legal_ids()
        return list(self.legal_cache)

    def is_legal(self, seat: Seat, action_id: ActionId) -> bool:
        """Looked up in the position's legal ids, built once per position."""
        if self.phase == OVER or seat != self.current or not isinstance(action_id, str):
            return False
        if self.legal_cache is None:
            self.legal_cache = self._legal_ids()
        return action_id in self.legal_cache

    def legal_actions(self, seat: Seat) -> list[Action]:
        return [describe(seat, action_id) for action_id in self.legal_action_ids(seat)]

    def illegal(self, seat: Seat, action_id: object) -> IllegalAction:
        """The engine's message, with what this step expects (players as "Player n", like the engine's)."""
        if self.is_over() or seat not in self.current_players() or not isinstance(action_id, str):
            return super().illegal(seat, action_id)
        why = f"{action_id[:40]!r} is not legal for {mention(seat)} now: {self.prompt(seat)}"
        return IllegalAction(
            f"{People().resolve(why)} (legal: {', '.join(self.legal_action_ids(seat)[:12])})"
        )

    def public_label(self, viewer: Seat | None, seat: Seat, action_id: ActionId) -> str | None:
        """Everything is seen except the plots a discard or a Desperado swap moves face down."""
        return public_text(seat, action_id)

    def outcome(self) -> Outcome | None:
        """R44: most points; then the largest territory; then the most cows; then shared."""
        if self.phase != OVER:
            return None
        scores = [self.score(seat) for seat in range(self.players)]
        keys = [(scores[s], largest_territory(self.ranch[s]), sum(self.cows[s])) for s in range(self.players)]
        ranks = tuple(1 + sum(other > key for other in keys) for key in keys)
        best = [s for s in range(self.players) if ranks[s] == 1]
        reason = f"{winners_phrase(best)} with {max(scores)} points"
        return Outcome(tuple(float(score) for score in scores), ranks, reason)

    def score(self, seat: int) -> int:
        """R43 for one ranch as it stands."""
        return sum(score_parts(self.ranch[seat], self.cows[seat], self.partners[seat]).values())

    def clone(self) -> MoonRiverState:
        copy = object.__new__(MoonRiverState)
        copy.__dict__.update(self.__dict__)
        copy.ranch = [r[:] for r in self.ranch]
        copy.cows = [c[:] for c in self.cows]
        copy.partners = [[p[:] for p in ps] for ps in self.partners]
        copy.reserve = [r[:] for r in self.reserve]
        copy.deck = self.deck[:]
        copy.box = self.box[:]
        copy.active = [e[:] for e in self.active]
        copy.pending = [e[:] for e in self.pending]
        copy.saloon = self.saloon[:]
        copy.unused = self.unused[:]
        copy.claim_order = self.claim_order[:]
        copy.tasks = [t[:] for t in self.tasks]
        copy.ranch_cache = self.ranch_cache[:]
        copy.rng = self.rng.copy()
        return copy

    def determinize(self, viewer: Seat | None, rng: Rng) -> MoonRiverState:
        """The deck's order, the plots left in the box and the other reserves are dealt anew."""
        copy = cast(MoonRiverState, super().determinize(viewer, rng))
        if copy.phase == OVER:
            return copy
        others = [seat for seat in range(copy.players) if seat != viewer]
        unseen = copy.deck + copy.box + [n for seat in others for n in copy.reserve[seat]]
        rng.shuffle(unseen)
        for seat in others:
            size = len(copy.reserve[seat])
            copy.reserve[seat] = unseen[:size]
            del unseen[:size]
        copy.box = unseen[: len(copy.box)]
        copy.deck = unseen[len(copy.box) :]
        if copy.last_played is not None:
            seat, action = copy.last_played
            copy.last_played = (seat, public_form(action))
        copy.legal_cache = None
        return copy

    def view(self, viewer: Seat | None) -> JsonDict:
        """Public: ranches, columns, saloon, counts; hidden: the deck, the box, others' reserves."""
        over = self.phase == OVER
        outcome = self.outcome()
        return {
            "game": "moonriver",
            "players": self.players,
            "viewer": viewer,
            "phase": self.phase,
            "current": None if over else self.current,
            "round": self.round,
            "final": self.final,
            "ranches": [[plot(n).code() if n else "" for n in r] for r in self.ranch],
            "plots": [r[:] for r in self.ranch],
            "terrains": [[TERRAINS[plot(n).terrain] if n else "" for n in r] for r in self.ranch],
            "cows": [c[:] for c in self.cows],
            "partners": [
                [
                    [CELL_NAMES[cell], PARTNERS[kind], "cowboy" if side else "specialist"]
                    for cell, kind, side in ps
                ]
                for ps in self.partners
            ],
            "reserve": self._reserve_view(viewer),
            "reserve_sizes": [len(r) for r in self.reserve],
            "active": [[n, plot(n).code(), owner, taken] for n, owner, taken in self.active],
            "pending": [[n, plot(n).code(), owner, taken] for n, owner, taken in self.pending],
            "saloon": [kind for kind, here in zip(PARTNERS, self.saloon, strict=True) if here],
            "deck": len(self.deck),
            "cow_supply": COW_SUPPLY - sum(sum(c) for c in self.cows),
            "scores": [self.score(seat) for seat in range(self.players)],
            "task": self._task_view(),
            "winners": list(outcome.winners()) if outcome is not None else [],
            "last_move": self._last_move_view(),
            "prompt": self.prompt(viewer),
        }

    @property
    def last_move(self) -> JsonDict | None:
        """The last action as the whole table saw it (a discard's plots hidden), or None."""
        if self.last_played is None:
            return None
        seat, action = self.last_played
        return {"seat": seat, "action": public_form(action)}

    def _last_move_view(self) -> JsonDict | None:
        """The last action in its public form, with its label (made here to keep playouts fast)."""
        if self.last_played is None:
            return None
        seat, action = self.last_played
        return {"seat": seat, "action": public_form(action), "label": public_text(seat, action)}

    def _reserve_view(self, viewer: Seat | None) -> list[list[Any]] | None:
        if viewer is None or not 0 <= viewer < self.players:
            return None
        return [[n, plot(n).code()] for n in sorted(self.reserve[viewer])]

    def _task_view(self) -> JsonDict | None:
        if self.phase not in (SKULL, HIRE, COWBOY, DESPERADO, THIEF) or not self.tasks:
            return None
        _kind, cell, points = self.tasks[0]
        return {"cell": CELL_NAMES[cell], "points": points}

    def to_json(self) -> JsonDict:
        return {
            "players": self.players,
            "rng": self.rng.state,
            "ranch": self.ranch,
            "cows": self.cows,
            "partners": self.partners,
            "reserve": self.reserve,
            "deck": self.deck,
            "box": self.box,
            "active": self.active,
            "pending": self.pending,
            "saloon": self.saloon,
            "unused": self.unused,
            "claim_order": self.claim_order,
            "phase": self.phase,
            "current": self.current,
            "final": self.final,
            "started": self.started,
            "placed": self.placed,
            "tasks": self.tasks,
            "round": self.round,
            "last_move": self.last_move,
        }

    @classmethod
    def from_json(cls, game: Game, data: JsonDict) -> MoonRiverState:
        state = cls(game, int(data["players"]), Rng(int(data["rng"])))
        for key in ("ranch", "cows", "partners", "reserve", "deck", "box", "active", "pending"):
            setattr(state, key, data[key])
        for key in ("saloon", "unused", "claim_order", "phase", "current", "final", "started", "placed"):
            setattr(state, key, data[key])
        state.tasks = data["tasks"]
        state.round = int(data["round"])
        last = data["last_move"]
        state.last_played = None if last is None else (int(last["seat"]), str(last["action"]))
        return state

    # -- prompts and actions ---------------------------------------------------------------

    def prompt(self, viewer: Seat | None) -> str:
        if self.phase == OVER:
            outcome = self.outcome()
            return f"Game over: {outcome.reason}." if outcome else "Game over."
        who = mention(self.current)
        texts = {
            CLAIM: "place a Ranchero on a plot of the first column",
            EXPAND: "join two reserve plots into a domino on the ranch, or end the expansion",
            PICK: "place the Ranchero on a plot of the next column",
            SKULL: "choose the cow the drought kills",
            HIRE: "hire a partner from the saloon",
            COWBOY: "move a cow one step (Cowboy), or stop",
            DESPERADO: "swap a reserve plot with another player's (Desperado), or not",
            THIEF: "take a cow from another ranch (Cattle Thief)",
        }
        must = self.phase == EXPAND and len(self.reserve[self.current]) > RESERVE
        extra = " (4 plots held: one domino is compulsory)" if must else ""
        return f"{who}: {texts[self.phase]}{extra}."

    def _legal_ids(self) -> list[ActionId]:
        seat, phase = self.current, self.phase
        if phase in (CLAIM, PICK):
            column = self.active if phase == CLAIM else self.pending
            return [PICK_IDS[n] for n, owner, _ in column if owner < 0]
        if phase == EXPAND:
            return self._expand_ids()
        cell = self.tasks[0][1]
        if phase == SKULL:
            return [f"kill:{CELL_NAMES[c]}" for c in territory(self.ranch[seat], cell) if self.cows[seat][c]]
        if phase == HIRE:
            here = [name for name, open_ in zip(PARTNERS, self.saloon, strict=True) if open_]
            return [f"hire:{name}" for name in here] + [f"hire:{name}/cowboy" for name in here]
        if phase == COWBOY:
            moves = cowboy_moves(self.ranch[seat], self.cows[seat])
            return [f"move:{CELL_NAMES[a]}{CELL_NAMES[b]}" for a, b in moves] + ["stop"]
        if phase == DESPERADO:
            targets = [t for t in range(self.players) if t != seat and self.reserve[t]]
            return [f"swap:{n}>{t}" for n in sorted(self.reserve[seat]) for t in targets] + ["swap:no"]
        return [f"steal:{t}{CELL_NAMES[c]}" for t, c in self._thefts(seat)]

    def _expand_ids(self) -> list[ActionId]:
        """R3, R12, R13, R41: dominoes while allowed, a forced discard, or ending the expansion."""
        seat = self.current
        held = len(self.reserve[seat])
        room = 2 if self.started > RESERVE else 1
        ids = (
            placement_ids(self._masks_of(seat), self.reserve[seat])
            if held >= 2 and self.placed < room
            else []
        )
        must = held > RESERVE or (self.final and self.placed == 0 and held >= 2)
        if not must:
            return [*ids, "done"]
        if ids:
            return ids
        if held > RESERVE:
            numbers = sorted(self.reserve[seat])
            return [f"discard:{a}+{b}" for i, a in enumerate(numbers) for b in numbers[i + 1 :]]
        return ["done"]

    def _masks_of(self, seat: int) -> RanchMasks:
        """The masks of `seat`'s ranch as it is now.

        Why kept: every expansion step lists dominoes from them, and walking the 25 cells
        for them cost more than the listing; a domino updates them with two bits (`_place`).
        They are checked against the ranch they describe, so a ranch set any other way (a
        stored or hand-made position) is simply walked again.
        """
        masks = self.ranch_cache[seat]
        if masks.ranch != tuple(self.ranch[seat]):
            masks = self.ranch_cache[seat] = ranch_masks(self.ranch[seat])
        return masks

    def _thefts(self, seat: int) -> list[tuple[int, int]]:
        """R32 Cattle Thief: a cow of another ranch outside every territory holding a partner."""
        out = []
        for target in range(self.players):
            if target == seat:
                continue
            guarded = protected_cells(self.ranch[target], self.partners[target])
            out += [(target, c) for c in range(CELLS) if self.cows[target][c] and c not in guarded]
        return out

    # -- transitions -----------------------------------------------------------------------

    def _apply(self, seat: Seat, action_id: ActionId) -> None:
        self.legal_cache = None
        self.last_played = (seat, action_id)
        verb, _, rest = action_id.partition(":")
        if verb == "pick":
            self._pick(seat, int(rest))
        elif verb == "discard":
            for number in rest.split("+"):
                self.reserve[seat].remove(int(number))
            self.placed = 2
            self.settle()
        elif action_id == "done":
            self._end_expansion()
        elif verb == "kill":
            self.cows[seat][CELL_INDEX[rest]] -= 1
            self.tasks.pop(0)
            self.settle()
        elif verb == "hire":
            self._hire(seat, rest)
        elif verb == "move":
            self._move_cow(seat, CELL_INDEX[rest[:2]], CELL_INDEX[rest[2:]])
        elif verb == "swap":
            self._swap(seat, rest)
        elif verb == "steal":
            target, cell = int(rest[0]), CELL_INDEX[rest[1:]]
            self.cows[target][cell] -= 1
            self.cows[seat][self.tasks.pop(0)[1]] += 1
            self.settle()
        elif action_id == "stop":
            self.tasks.pop(0)
            self.settle()
        else:
            self._place(seat, action_id)

    def _pick(self, seat: int, number: int) -> None:
        """2.5 step 3 (claims) and R4 (a Ranchero on the next column)."""
        if self.phase == CLAIM:
            next(e for e in self.active if e[0] == number)[1] = seat
            claimed = sum(1 for e in self.active if e[1] >= 0)
            if claimed < len(self.claim_order):
                self.current = self.claim_order[claimed]
                return
            self.pending = self.draw_column()
            self._start_round()
            return
        next(e for e in self.pending if e[0] == number)[1] = seat
        self._next_turn()

    def _start_round(self) -> None:
        """R1: the saloon was refilled (R30); the first Ranchero of the active column plays."""
        self._next_turn()

    def _next_turn(self) -> None:
        """R1, R2: the next Ranchero down the active column takes its plot; or the round ends (R5)."""
        for entry in self.active:
            number, owner, taken = entry
            if owner >= 0 and not taken:
                entry[2] = 1
                self.current = owner
                self.reserve[owner].append(number)
                self.phase = EXPAND
                self.started = len(self.reserve[owner])
                self.placed = 0
                self.settle()
                return
        self._end_round()

    def _end_round(self) -> None:
        """R5 / R40: the pending column becomes active, a new one is drawn, the saloon refilled."""
        if self.final:
            self._finish()
            return
        self.active = self.pending
        self.round += 1
        if len(self.deck) >= COLUMN:
            self.pending = self.draw_column()
        else:
            self.pending = []
            self.final = True
        for kind in range(len(PARTNERS)):
            if not self.saloon[kind] and self.unused[kind]:
                self.saloon[kind] = 1
                self.unused[kind] -= 1
        self._next_turn()

    def _finish(self) -> None:
        """R42 overpopulation, then the game is over (scored by `score`, R43)."""
        for cows in self.cows:
            for cell in range(CELLS):
                cows[cell] = min(cows[cell], 1)
        self.phase = OVER

    def settle(self) -> None:
        """Resolves what needs no choice: symbol tasks without options, an expansion with nothing to do."""
        seat = self.current
        while self.tasks:
            kind, cell, _points = self.tasks[0]
            if kind == 0:
                victims = [c for c in territory(self.ranch[seat], cell) if self.cows[seat][c]]
                if len(victims) == 1:
                    self.cows[seat][victims[0]] -= 1
                if len(victims) <= 1:
                    self.tasks.pop(0)
                    continue
                self.phase = SKULL
            elif kind == 1:
                if not any(self.saloon):
                    self.tasks.pop(0)
                    continue
                self.phase = HIRE
            elif kind == 2:
                if not cowboy_moves(self.ranch[seat], self.cows[seat]):
                    self.tasks.pop(0)
                    continue
                self.phase = COWBOY
            elif kind == 3:
                if not self.reserve[seat] or not any(
                    self.reserve[t] for t in range(self.players) if t != seat
                ):
                    self.tasks.pop(0)
                    continue
                self.phase = DESPERADO
            else:
                if not self._thefts(seat):
                    self.tasks.pop(0)
                    continue
                self.phase = THIEF
            return
        self.phase = EXPAND
        ids = self._expand_ids()
        if ids == ["done"] and len(self.reserve[seat]) <= RESERVE:
            self._end_expansion()
        else:
            self.legal_cache = ids

    def _end_expansion(self) -> None:
        """R4: the Ranchero moves to the next column, except in the final round (R40)."""
        if self.final:
            self._next_turn()
        else:
            self.phase = PICK

    def _place(self, seat: int, action_id: ActionId) -> None:
        """R10, R20–R23: lay the domino, then cows, skulls and circles in that order."""
        halves = [HALF_OF[half] for half in action_id.split("+")]
        masks = self._masks_of(seat)
        for number, cell in halves:
            self.reserve[seat].remove(number)
            self.ranch[seat][cell] = number
            masks = with_plot(masks, cell, number)
        self.ranch_cache[seat] = masks
        for number, cell in halves:
            if plot(number).cows:  # most plots bring none: the supply is counted only when needed
                supply = COW_SUPPLY - sum(sum(c) for c in self.cows)
                self.cows[seat][cell] += min(plot(number).cows, supply)
        self.placed += 1
        self.tasks = [[0, cell, 0] for number, cell in halves for _ in range(plot(number).skulls)]
        self.tasks += [[1, cell, 0] for number, cell in halves for _ in range(plot(number).circles)]
        self.settle()

    def _hire(self, seat: int, rest: str) -> None:
        """R23, R32: the partner goes on the circle's plot; a Cowboy, Desperado or Thief acts now."""
        kind_name, _, side = rest.partition("/")
        kind = PARTNERS.index(kind_name)
        cell = self.tasks.pop(0)[1]
        self.saloon[kind] = 0
        self.partners[seat].append([cell, kind, int(bool(side))])
        if side:
            self.tasks.insert(0, [2, cell, COWBOY_POINTS])
        elif kind == DESPERADO_KIND:
            self.tasks.insert(0, [3, cell, 0])
        elif kind == THIEF_KIND:
            self.tasks.insert(0, [4, cell, 0])
        self.settle()

    def _move_cow(self, seat: int, start: int, end: int) -> None:
        """R32 Cowboy: one step per point; unused points are lost when the player stops."""
        self.cows[seat][start] -= 1
        self.cows[seat][end] += 1
        self.tasks[0][2] -= 1
        if self.tasks[0][2] == 0:
            self.tasks.pop(0)
        self.settle()

    def _swap(self, seat: int, rest: str) -> None:
        """R32 Desperado: one of my plots for one drawn blind from the target's reserve."""
        self.tasks.pop(0)
        if rest != "no":
            number, target_text = rest.split(">")
            target = int(target_text)
            taken = self.reserve[target].pop(self.rng.below(len(self.reserve[target])))
            self.reserve[seat].remove(int(number))
            self.reserve[target].append(int(number))
            self.reserve[seat].append(taken)
        self.settle()

    def _observation(self, view: JsonDict, viewer: Seat | None) -> Tensor:
        return observation(view, viewer)


# -- research: the observation tensor --------------------------------------------------------

PHASES = (CLAIM, EXPAND, PICK, SKULL, HIRE, COWBOY, DESPERADO, THIEF, OVER)
CELL_FEATURES = len(TERRAINS) + len(SYMBOLS) + 1 + len(PARTNERS) + 1
"""Per cell of a ranch: terrain one-hot, the plot's symbols, cows, partner one-hot, Cowboy side."""


def observation_shape(players: int) -> tuple[int, ...]:
    """A ranch block per seat, the plot columns and reserve, and the counters (see `observation`)."""
    per_seat = CELLS * CELL_FEATURES + 2
    plots = (3 + 2 * players) * PLOT_COUNT
    return (players * per_seat + plots + len(PARTNERS) + len(PHASES) + CELLS + 6,)


def observation(view: Mapping[str, Any], viewer: Seat | None) -> Tensor:
    """A view as a vector, seen from the viewer (seat 0 for a spectator).

    For each seat, the viewer's first and then the others in turn order: for each cell
    a1…e5 its plot's terrain one-hot and symbols (cows, skulls, circles, nuggets, beavers,
    corn, farms), the cows on it, the partner token on it one-hot and whether it shows its
    Cowboy side; then the seat's score and reserve size. Then, over plots 1…96: the
    viewer's reserve (only its own is shown), the active column, the next column, and for
    each seat in the same order whether its Ranchero is on that plot of the active column,
    and of the next. Then the partners in the saloon, the phase one-hot, the cell of the
    task under way, and: 1.0 where the viewer is to act, the round, the final round, the
    plots in the deck, the cows in the supply, the task's points.
    """
    players = view["players"]
    me = viewer or 0
    order = [(me + step) % players for step in range(players)]
    ranches = np.zeros((players, CELLS * CELL_FEATURES + 2), np.float32)
    for row, seat in enumerate(order):
        _encode_ranch(ranches[row], view, seat)
    plots = np.zeros((3 + 2 * players, PLOT_COUNT), np.float32)
    for number, *_ in view["reserve"] or ():
        plots[0, number - 1] = 1
    for layer, column in ((1, "active"), (2, "pending")):
        for number, _code, owner, _taken in view[column]:
            plots[layer, number - 1] = 1
            if owner >= 0:
                plots[3 + 2 * order.index(owner) + layer - 1, number - 1] = 1
    rest = np.zeros(len(PARTNERS) + len(PHASES) + CELLS + 6, np.float32)
    rest[[PARTNERS.index(name) for name in view["saloon"]]] = 1
    rest[len(PARTNERS) + PHASES.index(view["phase"])] = 1
    task = view["task"]
    if task is not None:
        rest[len(PARTNERS) + len(PHASES) + CELL_INDEX[task["cell"]]] = 1
    rest[-6:] = (
        view["current"] == me,
        view["round"],
        view["final"],
        view["deck"],
        view["cow_supply"],
        0 if task is None else task["points"],
    )
    return np.concatenate([ranches.ravel(), plots.ravel(), rest])


def _encode_ranch(block: Tensor, view: Mapping[str, Any], seat: Seat) -> None:
    cells = block[: CELLS * CELL_FEATURES].reshape(CELLS, CELL_FEATURES)
    for cell, number in enumerate(view["plots"][seat]):
        if number:
            placed = plot(number)
            cells[cell, placed.terrain] = 1
            cells[cell, len(TERRAINS) : len(TERRAINS) + len(SYMBOLS)] = [getattr(placed, s) for s in SYMBOLS]
        cells[cell, len(TERRAINS) + len(SYMBOLS)] = view["cows"][seat][cell]
    for cell_name, kind, side in view["partners"][seat]:
        cell = CELL_INDEX[cell_name]
        cells[cell, len(TERRAINS) + len(SYMBOLS) + 1 + PARTNERS.index(kind)] = 1
        cells[cell, -1] = side == "cowboy"
    block[-2:] = view["scores"][seat], view["reserve_sizes"][seat]
