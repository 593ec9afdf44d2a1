"""`RollToTheTopGame`: the declarations, table options and state factory of Roll to the Top.

See the package docstring for the rule set and the decisions taken where the rules are silent.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from tabletop.engine import (
    ActionId,
    Capabilities,
    ChoiceOption,
    Game,
    JsonDict,
    Option,
    Options,
    OptionValue,
    Rng,
    State,
)
from tabletop.games.rolltothetop import board, drawing, evaluator
from tabletop.games.rolltothetop.board import DIE_INDEX, RANDOM_POSTCARD, Postcard, catalogue
from tabletop.games.rolltothetop.rules import TURN_LIMIT, actions_per_turn
from tabletop.games.rolltothetop.state import RollToTheTopState

POSTCARDS: Mapping[str, Postcard] = catalogue()
"""Every postcard in `data/`, by name: a new file there is a new table choice."""
DEFAULT_POSTCARD = "windmill"
START_POOLS = ("d6+d8", "d4+d6", "d8+d12", "d4+d6+d8")
"""The first active pools a table may choose (§2.4: the rules leave it open; d6 and d8 by default)."""


class RollToTheTopGame(Game):
    """Roll to the Top: Journeys for 1 to 6 players, on Tabletop's own postcards."""

    id: ClassVar[str] = "rolltothetop"
    title: ClassVar[str] = "Roll to the Top: Journeys"
    description: ClassVar[str] = (
        "Everybody writes the same dice, alone or summed, into a postcard of boxes stacked like bricks, "
        "each number at least as large as those under it; the holder of the white die changes which dice "
        "roll next. First to fill the postcard wins."
    )
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 6
    options: ClassVar[Mapping[str, Option]] = {
        "postcard": ChoiceOption(
            default=DEFAULT_POSTCARD,
            values=(*POSTCARDS, RANDOM_POSTCARD),
            label="Postcard",
            help="The postcard everybody climbs (Tabletop's own designs, 12 to 30 boxes)",
            names={
                **{key: postcard.title for key, postcard in POSTCARDS.items()},
                RANDOM_POSTCARD: "Drawn at random",
            },
        ),
        "start_pool": ChoiceOption(
            default=START_POOLS[0],
            values=START_POOLS,
            label="First dice",
            help="The number dice rolled on the first turn",
        ),
    }
    capabilities: ClassVar[Capabilities] = Capabilities(
        chance=True, hidden_information=True, simultaneous=True
    )

    def _new_state(self, players: int, options: dict[str, OptionValue], seed: int) -> State:
        rng = Rng(seed)
        name = str(options["postcard"])
        if name == RANDOM_POSTCARD:
            name = rng.choice(list(POSTCARDS))
        state = RollToTheTopState(self, players, options, rng, POSTCARDS[name])
        pool = sum(1 << DIE_INDEX[die] for die in str(options["start_pool"]).split("+"))
        state.start(rng.below(players), pool)
        return state

    def state_from_json(self, data: JsonDict) -> State:
        name = str(data["postcard"])
        if name not in POSTCARDS:
            raise ValueError(f"no postcard {name!r} in data/; known: {', '.join(POSTCARDS)}")
        postcard = POSTCARDS[name]
        state = RollToTheTopState(
            self, int(data["players"]), self.resolve_options(data["options"]), Rng(0), postcard
        )
        state.load_json(data)
        return state

    def max_length(self, players: int, options: Options | None = None) -> int:
        """Every turn has at most `actions_per_turn` actions, and there are at most `TURN_LIMIT` turns."""
        return TURN_LIMIT * actions_per_turn(players)

    def evaluate(self, state: State) -> Sequence[float] | None:
        return evaluator.evaluate(state) if isinstance(state, RollToTheTopState) else None

    def _draw_svg(self, view: Mapping[str, Any]) -> str:
        return drawing.draw_svg(view)

    def _draw_text(self, view: Mapping[str, Any]) -> str:
        return drawing.draw_text(view)

    def _action_space(self, players: int, options: dict[str, OptionValue]) -> tuple[ActionId, ...]:
        return board.action_space(_postcards_of(str(options["postcard"])))

    def _observation_shape(self, players: int, options: dict[str, OptionValue]) -> tuple[int, ...]:
        return board.observation_shape(players)

    def score_bounds(self, players: int, options: Options | None = None) -> tuple[float, float]:
        """Alone the score is minus the turns taken plus the boxes left empty (`final_outcome`):
        at worst every turn and every box of the largest postcard dealt, at best above zero."""
        postcards = _postcards_of(str(self.resolve_options(options)["postcard"]))
        return -float(TURN_LIMIT + max(len(postcard) for postcard in postcards)), 0.0


def _postcards_of(choice: str) -> list[Postcard]:
    """The postcards a table's `postcard` option may deal: every one for "random"."""
    return list(POSTCARDS.values()) if choice == RANDOM_POSTCARD else [POSTCARDS[choice]]
