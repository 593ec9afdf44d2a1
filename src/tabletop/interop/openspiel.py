"""Every Tabletop game as an OpenSpiel game: `register()`, then `pyspiel.load_game("tabletop_kalah")`.

Each game is registered once as a Python game named `tabletop_<id>` whose parameters are
`players`, `seed` and the game's own options (with their defaults), e.g.
`pyspiel.load_game("tabletop_kalah", {"pits": 4})`. What OpenSpiel is told:

- dynamics: simultaneous for games whose seats act at once (`capabilities.simultaneous`);
  a seat with nothing to decide at such a node plays the no-op `WAIT`, the last action;
  otherwise sequential;
- chance: sampled stochastic for games with dice or draws. The engine's own seeded
  generator rolls them inside `apply_action`, so there are no explicit chance nodes;
  each `new_initial_state()` starts from the next seed of a generator seeded by `seed`
  (so two games differ, and a run is reproducible). `clone()` copies the generator too,
  as OpenSpiel's checks require (a clone given the same action reaches the same state),
  so a search through clones would foresee the dice: load with `fresh_clones=True` to
  give every clone a fresh generator instead (for MCTS and the like). Games without
  chance are deterministic (a random setup, as in Mammalath or DVONN's random option,
  still comes from that seed);
- information: imperfect for hidden information or simultaneous moves, else perfect;
- utilities: zero-sum win/draw/loss in [−1, 1] (`Table.utilities`), or for one player the
  score normalised into [0, 1]; rewards only at the end;
- the observation tensor and string are `State.observation(seat)` and
  `State.observation_string(seat)`: the seat's own view, so nothing hidden leaks.

OpenSpiel clones Python states by deep-copying their attributes; states here answer it with
the engine's fast `clone()`.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel

from tabletop import games
from tabletop.engine import Game, OptionValue, Rng, Seat, State
from tabletop.interop.tables import WAIT, Table

PREFIX = "tabletop_"


def register() -> list[str]:
    """Registers every game with pyspiel (once; later calls change nothing) and returns the names."""
    names = []
    for game in games.all():
        name = PREFIX + game.id
        if name not in pyspiel.registered_names():
            pyspiel.register_game(_game_type(game), _factory(game))
        names.append(name)
    return names


def load(game_id: str, players: int | None = None, **options: OptionValue) -> Any:
    """`register()` and then `pyspiel.load_game` of that table, e.g. `load("kalah", pits=4)`."""
    register()
    game = games.load(game_id)
    params: dict[str, OptionValue] = {"players": game.min_players if players is None else players}
    return pyspiel.load_game(PREFIX + game_id, {**params, **options})


def _game_type(game: Game) -> Any:
    kind = pyspiel.GameType
    capabilities = game.capabilities
    hidden = capabilities.hidden_information or capabilities.simultaneous
    parameters: dict[str, OptionValue] = {"players": game.min_players, "seed": 0, "fresh_clones": False}
    parameters.update({name: option.default for name, option in game.options.items()})
    return pyspiel.GameType(
        short_name=PREFIX + game.id,
        long_name=f"Tabletop {game.title}",
        dynamics=kind.Dynamics.SIMULTANEOUS if capabilities.simultaneous else kind.Dynamics.SEQUENTIAL,
        chance_mode=(
            kind.ChanceMode.SAMPLED_STOCHASTIC if capabilities.chance else kind.ChanceMode.DETERMINISTIC
        ),
        information=(
            kind.Information.IMPERFECT_INFORMATION if hidden else kind.Information.PERFECT_INFORMATION
        ),
        utility=kind.Utility.ZERO_SUM if game.min_players > 1 else kind.Utility.GENERAL_SUM,
        reward_model=kind.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )


def _factory(game: Game) -> type[TabletopGame]:
    """The class pyspiel instantiates with the parameters of one `load_game`.

    A class, not a closure: pyspiel keeps its factories until after the interpreter has
    shut down, and a class (held by its own cycles) is never freed there, where a
    function would be and would crash the exit.
    """
    name = "Tabletop" + "".join(part.capitalize() for part in game.id.split("_")) + "Game"
    return type(name, (TabletopGame,), {"game_id": game.id})


class TabletopGame(pyspiel.Game):  # type: ignore[misc]
    """One Tabletop table as an OpenSpiel game; `_factory` makes one subclass per game."""

    game_id: str

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game = games.load(self.game_id)
        params = params or {}
        options = {name: params.get(name, option.default) for name, option in game.options.items()}
        self.table = Table.of(game.id, int(params.get("players", game.min_players)), options)
        self._seeds = random.Random(int(params.get("seed", 0)))
        fresh = bool(params.get("fresh_clones", False)) and game.capabilities.chance
        self.chance = Rng(int(params.get("seed", 0))) if fresh else None
        """Where clones draw their future chance from with `fresh_clones` (see `_Held`); else None."""
        low, high = self.table.utility_range
        players = self.table.players
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.table.actions) + (1 if self.table.simultaneous else 0),
            max_chance_outcomes=0,
            num_players=players,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0 if players > 1 else None,
            max_game_length=game.max_length(players, options),
        )
        chosen = {"players": players, "seed": int(params.get("seed", 0)), "fresh_clones": fresh, **options}
        super().__init__(_game_type(game), info, chosen)

    def new_initial_state(self) -> TabletopState:
        """A new game from the next seed of this game's generator."""
        return TabletopState(self, self.table.new_state(self._seeds.getrandbits(63)))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        """The seat's own view as tensor and text, the default observation type.

        Other observation types (information states with perfect recall, public-only or
        all-private observations) are not provided: their observer holds no tensor.
        """
        own_view = iig_obs_type is None or (
            not iig_obs_type.perfect_recall
            and iig_obs_type.public_info
            and iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        )
        return Observer(self.table, enabled=own_view)


class TabletopState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state wrapping one engine `State`."""

    def __init__(self, game: TabletopGame, state: State) -> None:
        super().__init__(game)
        self.held = _Held(game.table, state, game.chance)

    @property
    def table(self) -> Table:
        """The table this game is played at."""
        return self.held.table

    @property
    def state(self) -> State:
        """The engine's state."""
        return self.held.state

    def current_player(self) -> int:
        if self.state.is_over():
            return int(pyspiel.PlayerId.TERMINAL)
        if self.table.simultaneous:
            return int(pyspiel.PlayerId.SIMULTANEOUS)
        return self.state.current_players()[0]

    def _legal_actions(self, player: Seat) -> list[int]:
        if self.table.simultaneous and player not in self.state.current_players():
            return [len(self.table.actions)]
        return self.table.legal(self.state, player)

    def _apply_action(self, action: int) -> None:
        self.state.apply(self.state.current_players()[0], self.table.action_id(action))

    def _apply_actions(self, actions: list[int]) -> None:
        """One simultaneous node: every acting seat's action, in seat order (each is private).

        Every action is checked before any is applied, so a bad one changes nothing; a seat
        with nothing to decide must answer `WAIT` and an acting seat must not.
        """
        wait, movers = len(self.table.actions), self.state.current_players()
        for seat, action in enumerate(actions):
            if (seat in movers) == (action == wait):
                raise ValueError(
                    f"seat {seat} {'must decide' if seat in movers else 'can only wait'}; got {action}"
                )
        chosen = [(seat, self.table.action_id(actions[seat])) for seat in movers]
        for seat, action_id in chosen:
            if not self.state.is_legal(seat, action_id):
                raise self.state.illegal(seat, action_id)
        for seat, action_id in chosen:
            self.state.apply(seat, action_id)

    def _action_to_string(self, player: Seat, action: int) -> str:
        return WAIT if action == len(self.table.actions) else self.table.actions[action]

    def is_terminal(self) -> bool:
        return self.state.is_over()

    def returns(self) -> list[float]:
        outcome = self.state.outcome()
        return [0.0] * self.table.players if outcome is None else self.table.utilities(outcome)

    def __str__(self) -> str:
        return self.state.observation_string(None)


class _Held:
    """What a `TabletopState` holds, copied the engine's way.

    OpenSpiel clones a Python state by deep-copying its attributes: this one copy answers
    that with the engine's fast `clone()`, sharing the (immutable) table. With a `chance`
    generator (the game's `fresh_clones`) a copy draws its future dice from it instead
    (`with_fresh_chance`), so a search exploring copies cannot foresee the real game's
    dice and draws; the original keeps its seeded generator either way.
    """

    def __init__(self, table: Table, state: State, chance: Rng | None) -> None:
        self.table = table
        self.state = state
        self.chance = chance

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        copy = self.state.clone() if self.chance is None else self.state.with_fresh_chance(self.chance)
        return _Held(self.table, copy, self.chance)


class Observer:
    """OpenSpiel's PyObserver: `tensor` (flat float32) and `dict` (the shaped view of it)."""

    def __init__(self, table: Table, *, enabled: bool) -> None:
        self.enabled = enabled
        size = int(np.prod(table.shape))
        self.tensor: np.ndarray[Any, Any] | None = np.zeros(size, np.float32) if enabled else None
        self.dict = {} if self.tensor is None else {"observation": self.tensor.reshape(table.shape)}

    def set_from(self, state: TabletopState, player: Seat) -> None:
        if self.tensor is not None:
            self.tensor[:] = state.state.observation(player).reshape(-1)

    def string_from(self, state: TabletopState, player: Seat) -> str | None:
        return state.state.observation_string(player) if self.enabled else None
