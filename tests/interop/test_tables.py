"""`Table`: the integer numbering and the rewards both research adapters share."""

from __future__ import annotations

import pytest

from tabletop.engine import Outcome
from tabletop.interop.tables import Table


def test_two_players_get_win_loss_and_draw() -> None:
    table = Table.of("kalah")
    assert table.utilities(Outcome.from_scores([30, 18], "")) == [1.0, -1.0]
    assert table.utilities(Outcome.from_scores([24, 24], "")) == [0.0, 0.0]


def test_more_players_are_rewarded_by_place_and_a_tie_shares_its_places() -> None:
    table = Table.of("luckynumbers", 4)
    assert table.utilities(Outcome.from_scores([4, 3, 2, 1], "")) == pytest.approx([1, 1 / 3, -1 / 3, -1])
    shared = table.utilities(Outcome.from_scores([5, 5, 1, 0], ""))
    assert shared == pytest.approx([2 / 3, 2 / 3, -1 / 3, -1]) and sum(shared) == pytest.approx(0)


def test_a_solo_score_is_scaled_by_the_games_bounds() -> None:
    table = Table.of("numberdrop", 1)  # scores from -15 to 100
    assert table.utilities(Outcome.from_scores([-15], "")) == [0.0]
    assert table.utilities(Outcome.from_scores([100], "")) == [1.0]
    assert table.utilities(Outcome.from_scores([42.5], "")) == [0.5]
    assert table.utility_range == (0.0, 1.0)


def test_integers_and_ids_map_both_ways_and_bad_ones_are_refused() -> None:
    table = Table.of("kalah", 2, {"pits": 4, "pie_rule": True})
    assert table.actions == ("1", "2", "3", "4", "swap")
    assert table.index["swap"] == 4 and table.action_id(4) == "swap"
    state = table.new_state(0)
    assert table.legal(state, 0) == [0, 1, 2, 3] and table.legal(state, 1) == []
    with pytest.raises(ValueError, match="actions 0–4; got 5"):
        table.action_id(5)
    with pytest.raises(ValueError, match="played by 2 players"):
        Table.of("kalah", 3)
