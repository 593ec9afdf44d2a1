"""The Roll to the Top climber (bots/solvers/rolltothetop.py): legal, sensible, and better than chance."""

from __future__ import annotations

from rolltothetop_positions import T12, t12

from tabletop import bots
from tabletop.bots.solvers.rolltothetop import ClimberBot, best_plan
from tabletop.games.rolltothetop import GAME
from tabletop.games.rolltothetop.state import RollToTheTopState


def test_it_is_offered_at_roll_to_the_top_tables_only() -> None:
    assert bots.names("rolltothetop") == ["random", "rolltothetop"]
    assert "rolltothetop" not in bots.names("kalah")
    assert bots.make("rolltothetop", seed=3).name == "rolltothetop"


def test_it_writes_low_and_chains_in_one_turn() -> None:
    # a1 = 2 from before; 3 and 4 rolled: the 3 goes into a dot box (the lower number first,
    # so that the 4 may rest on it), then the 4 fills a second box, then it confirms.
    state = t12({"a1": 2}, faces={"d4": 3, "d6": 4})
    _, first = best_plan(T12, state.sheets[0], state.active, state.sums)
    assert first in {"a0=d4", "a2=d4"}
    bot = ClimberBot()
    played = []
    while state.phase == "write":
        action = bot.choose(state, 0)
        played.append(action)
        state.apply(0, action)
    assert played[0] == first and played[1].endswith("=d6") and played[2:] == ["confirm"]
    assert sorted(number for number in state.shown[0] if number) == [2, 3, 4]


def test_it_chooses_a_legal_pool_change() -> None:
    state = t12({"a0": 3}, faces={"d6": 2, "d8": 5}, action_face="±", phase="pool")
    assert ClimberBot(seed=1).choose(state, 0) in state.legal_action_ids(0)


def test_it_climbs_faster_than_chance() -> None:
    turns = []
    for seed in range(6):
        state = GAME.new_state(1, {"postcard": "lighthouse"}, seed)
        assert isinstance(state, RollToTheTopState)
        bot = ClimberBot(seed)
        while state.current_players():
            state.apply(0, bot.choose(state, 0))
        turns.append(state.turn)
    assert sum(turns) / len(turns) < 12  # random play needs about 24 turns on this postcard
