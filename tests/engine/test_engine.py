"""The engine's own pieces: options, the seeded generator, outcomes and the registry."""

from __future__ import annotations

import pytest

from tabletop import games
from tabletop.engine import (
    BoolOption,
    ChoiceOption,
    IntOption,
    InvalidOptions,
    Outcome,
    Registry,
    Rng,
    UnknownGame,
    resolve_options,
)

DECLARED = {
    "seeds": IntOption(4, minimum=1, maximum=6),
    "pie_rule": BoolOption(False),
    "end_rule": ChoiceOption("at_turn", values=("at_turn", "sweep")),
}


def test_defaults_fill_every_option_that_was_not_given() -> None:
    assert resolve_options(DECLARED, {"seeds": 3}) == {"seeds": 3, "pie_rule": False, "end_rule": "at_turn"}


def test_strings_from_a_form_or_command_line_are_converted() -> None:
    resolved = resolve_options(DECLARED, {"seeds": "5", "pie_rule": "yes", "end_rule": " sweep "})
    assert resolved == {"seeds": 5, "pie_rule": True, "end_rule": "sweep"}


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ({"seeds": 7}, "option 'seeds' must be one of 1, 2, 3, 4, 5, 6; got 7"),
        ({"seeds": True}, "option 'seeds'"),
        ({"seeds": "four"}, "option 'seeds'"),
        ({"pie_rule": "maybe"}, "option 'pie_rule' must be one of False, True; got 'maybe'"),
        ({"end_rule": "never"}, "option 'end_rule'"),
        ({"seed": 4}, "unknown option 'seed'; this game's options are: end_rule, pie_rule, seeds"),
    ],
)
def test_bad_options_say_what_was_expected(given: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidOptions) as error:
        resolve_options(DECLARED, given)  # type: ignore[arg-type]
    assert message in str(error.value)


def test_the_generator_replays_from_its_seed_and_from_its_saved_state() -> None:
    first = Rng(42)
    draws = [first.below(6) for _ in range(20)]
    again = Rng(42)
    assert [again.below(6) for _ in range(10)] == draws[:10]
    resumed = Rng(again.state)
    copy = again.copy()
    assert [resumed.below(6) for _ in range(10)] == [copy.below(6) for _ in range(10)] == draws[10:]


def test_the_generator_is_close_to_uniform() -> None:
    rng = Rng(1)
    counts = [0] * 6
    for _ in range(60_000):
        counts[rng.below(6)] += 1
    assert all(9_500 < count < 10_500 for count in counts)  # about 5 standard deviations either side


def test_shuffle_is_a_permutation_and_depends_on_the_seed() -> None:
    items = list(range(30))
    first, second = list(items), list(items)
    Rng(1).shuffle(first)
    Rng(2).shuffle(second)
    assert sorted(first) == items and first != second


def test_a_bound_below_one_is_refused() -> None:
    with pytest.raises(ValueError, match="positive"):
        Rng(0).below(0)


def test_ties_share_the_better_rank() -> None:
    outcome = Outcome.from_scores([30, 10, 30, 5], "final count")
    assert outcome.ranks == (1, 3, 1, 4)
    assert outcome.winners() == (0, 2)


def test_an_unknown_game_lists_the_known_ones() -> None:
    with pytest.raises(UnknownGame, match=r"known games: .*kalah"):
        games.load("chess")


def test_a_registry_entry_must_hold_the_game_it_names() -> None:
    registry = Registry({"kalah": "tabletop.games.yatzy"})
    with pytest.raises(TypeError, match="is not the game 'kalah'"):
        registry.load("kalah")
