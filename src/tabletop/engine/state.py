"""`State`: one position of one game, and the only way to change it."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from tabletop.engine.actions import Action, ActionId, Outcome, Seat
from tabletop.engine.errors import IllegalAction
from tabletop.engine.rng import Rng

if TYPE_CHECKING:
    from tabletop.engine.game import Game

JsonDict = dict[str, Any]
Tensor = npt.NDArray[np.float32]
"""An observation: float32, of the shape `Game.observation_shape` gives for the table."""


class State(ABC):
    """A position: who must act, what they may do, and what each viewer may see.

    Subclasses keep their data in plain attributes (see docs/adding-a-game.md) and
    implement the abstract methods. `apply` is implemented here, once for every game: it
    refuses what is not legal before anything changes, so a game's `_apply` only ever sees
    a legal action and a rejected one leaves the state exactly as it was.
    """

    game: Game
    players: int
    rng: Rng
    """Games with chance keep their generator here, and draw from nothing else."""

    @abstractmethod
    def current_players(self) -> tuple[Seat, ...]:
        """The seats that must act now; () once the game is over."""

    @abstractmethod
    def legal_actions(self, seat: Seat) -> list[Action]:
        """Everything `seat` may do now; [] if it may not act."""

    def apply(self, seat: Seat, action_id: ActionId) -> None:
        """Performs one decision of `seat`; raises `IllegalAction` and changes nothing if illegal.

        The checks every game needs live here: `seat` is among the current players (none
        once the game is over) and the id is legal (`is_legal`); the error says why, in the
        game's words (`illegal`). Only then does the game's `_apply` run. Bots call this
        on every step of every playout, so it asks no more than these two questions.
        """
        if seat not in self.current_players() or not self.is_legal(seat, action_id):
            raise self.illegal(seat, action_id)
        self._apply(seat, action_id)

    def is_legal(self, seat: Seat, action_id: ActionId) -> bool:
        """Whether `action_id` is among `legal_action_ids(seat)`, for a seat that may act now.

        `apply` asks this on every move, so a game whose move generation is costly answers
        it directly (one cell, one move looked up) instead; the conformance suite checks
        that the answer always equals membership in `legal_action_ids`.
        """
        return isinstance(action_id, str) and action_id in self.legal_action_ids(seat)

    @abstractmethod
    def _apply(self, seat: Seat, action_id: ActionId) -> None:
        """Performs an action that `apply` has already checked to be legal for `seat`."""

    @abstractmethod
    def is_over(self) -> bool:
        """True once the game has ended."""

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """Scores, ranks and the reason once the game is over; None before."""

    @abstractmethod
    def clone(self) -> State:
        """An independent deep copy, random generator included."""

    @abstractmethod
    def view(self, viewer: Seat | None) -> JsonDict:
        """A JSON-safe dict of what `viewer` may see (None = a spectator).

        Every view has a `"prompt"` (what is expected now, in words); the drawing and
        every message a client receives are made from it, never from the state.
        """

    @abstractmethod
    def to_json(self) -> JsonDict:
        """Everything needed to rebuild this exact state with `game.state_from_json`."""

    def determinize(self, viewer: Seat | None, rng: Rng) -> State:
        """A clone in which what `viewer` cannot see is resampled consistently.

        Future chance is unseen too: a game with chance gets a fresh generator from `rng`,
        so a bot searching the copy cannot foresee the dice. Games with hidden information
        override this (and call it first) to resample what the viewer has not seen.
        """
        return self.with_fresh_chance(rng)

    def start_here(self, seed: int) -> State:
        """The first position of a new table that begins where this one stands ("play from here").

        The new table is played by people who may have watched the rest of this game, so
        nothing hidden or random may carry over: it is this position as a spectator saw
        it, with everything a spectator could not see dealt anew (`determinize(None, ...)`:
        hands, the order of the undrawn deck, the other seats' unrevealed choices) and the
        dice to come drawn from `Rng(seed)`, the new table's own seed. What was on the
        table stays. Store the result's `to_json`: `Game.replay(..., start=...)` replays
        the new table's moves from it. Raises `IllegalAction` for a finished position.

        >>> from tabletop import games
        >>> kalah = games.load("kalah").new_state(2)
        >>> kalah.apply(0, "3")
        >>> kalah.start_here(seed=5).to_json() == kalah.to_json()  # nothing hidden, no dice
        True
        """
        if self.is_over():
            raise IllegalAction("the game is over here: there is nothing left to play from this position")
        return self.determinize(None, Rng(seed))

    def with_fresh_chance(self, rng: Rng) -> State:
        """A clone whose future dice and draws come from a generator spawned from `rng`.

        Everything already on the table stays as it is; only what chance has not decided yet
        changes. Search through an outside library (OpenSpiel clones states to explore
        them) uses it so that its copies cannot foresee the real game's dice.
        """
        copy = self.clone()
        if self.game.capabilities.chance:
            copy.rng = rng.spawn()
        return copy

    def legal_action_ids(self, seat: Seat) -> list[ActionId]:
        """The ids of `legal_actions(seat)`; games may answer faster than building Actions."""
        return [action.id for action in self.legal_actions(seat)]

    def illegal(self, seat: Seat, action_id: object) -> IllegalAction:
        """The error for an action that is not legal, saying why and what would be."""
        if self.is_over():
            return IllegalAction(f"the game is over; {action_id!r} cannot be played")
        movers = self.current_players()
        if seat not in movers:
            waiting = ", ".join(str(mover) for mover in movers)
            return IllegalAction(f"seat {seat} may not act now (waiting for seat {waiting})")
        legal = ", ".join(self.legal_action_ids(seat))
        return IllegalAction(f"{action_id!r} is not a legal action for seat {seat}; legal: {legal}")

    def public_label(self, viewer: Seat | None, seat: Seat, action_id: ActionId) -> str | None:
        """What `viewer` learns when `seat` plays `action_id` here, in words; None if nothing.

        Asked of the position before the move, for every viewer who did not make it (None is
        a spectator): the server writes the move log and replay steps from it. By default a
        game that can hide nothing shows the action's label to everyone, and a game with
        hidden information or simultaneous turns shows nothing; such a game overrides this
        to reveal what the table really sees (a card laid face up, a tile taken from the
        middle).
        """
        capabilities = self.game.capabilities
        if capabilities.hidden_information or capabilities.simultaneous:
            return None
        return self.label_of(seat, action_id)

    def label_of(self, seat: Seat, action_id: ActionId) -> str:
        """The label of `seat`'s legal action `action_id` here (the id itself if it has none)."""
        for action in self.legal_actions(seat):
            if action.id == action_id:
                return action.label or action.id
        return str(action_id)

    def observation(self, viewer: Seat | None) -> Tensor:
        """What `viewer` sees as a float32 tensor of the table's fixed `observation_shape`.

        It is encoded from `self.view(viewer)` alone (by the game's `_observation`), so it
        holds exactly what the view holds and hidden information cannot leak into it;
        equal views give equal tensors. Each game documents its planes in its encoder.
        """
        return self._observation(self.view(viewer), viewer)

    def observation_string(self, viewer: Seat | None) -> str:
        """What `viewer` sees as text: the game's text drawing of that viewer's view."""
        return self.game.draw_text(self.view(viewer))

    def _observation(self, view: JsonDict, viewer: Seat | None) -> Tensor:
        """The tensor of `viewer`'s view of this state; every registered game overrides it."""
        raise NotImplementedError(f"{self.game.title} declares no observation tensor")

    def __str__(self) -> str:
        return self.game.draw_text(self.view(None))
