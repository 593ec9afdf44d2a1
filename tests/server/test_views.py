"""The one choke point: what each viewer is sent, built only from `state.view(viewer)`.

Goofspiel bids are secret until both seats have bid; Secret cards are never shown to the
other seat, though its bets are public. The log shows other seats' moves as the game
declares them public (`State.public_label`), and all of them once the game is over.
"""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from tabletop.engine import Rng
from tabletop.server.live import LogEntry, replay_snapshot
from tabletop.server.service import TableRequest, TableService
from tabletop.server.views import live_message, replay_view_data, state_fragment, update_message, view_data
from tabletop.store import SeatSpec, Store

pytestmark = pytest.mark.asyncio


async def _table(service: TableService, store: Store, game_id: str, seed: int) -> tuple[str, int, int]:
    ann, bob = store.create_guest("Ann"), store.create_guest("Bob")
    seats = (SeatSpec(player_id=ann.id), SeatSpec(player_id=bob.id))
    live = await service.create_table(TableRequest(game_id, seats, {}, seed=seed))
    return live.id, ann.id, bob.id


async def test_a_secret_bid_is_in_no_other_viewers_log(service: TableService, store: Store) -> None:
    table_id, ann, _bob = await _table(service, store, "goofspiel", 5)
    await service.play_as(table_id, ann, "3", 0)
    live = await service.table(table_id)
    own, other, spectator = view_data(live, 0), view_data(live, 1), view_data(live, None)
    assert own["log"] == [{"seq": 1, "seat": 0, "action": "3", "label": "bid 3"}]
    assert other["log"] == spectator["log"] == [{"seq": 1, "seat": 0, "action": None, "label": "moved"}]
    assert other["view"]["my_bid"] is None and other["view"]["has_bid"] == [True, False]
    assert (
        "bid 3" not in json.loads(live_message(live, 1))["html"]
    )  # seat 1 may bid 3 itself: not in its html
    assert "bid 3" not in live_message(live, None)


async def test_the_log_opens_when_the_game_ends(service: TableService, store: Store) -> None:
    table_id, ann, bob = await _table(service, store, "goofspiel", 5)
    for seq, (seat_player, card) in enumerate(
        [(ann, "1"), (bob, "2"), (ann, "2"), (bob, "1"), (ann, "3"), (bob, "4"), (ann, "4"), (bob, "3")]
    ):
        await service.play_as(table_id, seat_player, card, seq)
    live = await service.table(table_id)
    assert live.is_over
    assert [entry["label"] for entry in view_data(live, None)["log"]][:2] == ["bid 1", "bid 2"]
    assert view_data(live, None)["outcome"]["reason"] == "all cards bid"


async def test_a_public_move_of_a_hidden_information_game_shows_in_the_log_at_once(
    service: TableService, store: Store
) -> None:
    table_id, ann, _bob = await _table(service, store, "secret", 8)
    await service.play_as(table_id, ann, "high", 0)
    live = await service.table(table_id)
    public = [{"seq": 1, "seat": 0, "action": "high", "label": "Bet high"}]
    assert view_data(live, 1)["log"] == view_data(live, None)["log"] == public
    assert view_data(live, 1)["last_move_path"] == ["bet-high"]
    assert view_data(live, None)["view"]["my_card"] is None


async def test_a_hidden_card_reaches_only_its_seat(service: TableService, store: Store) -> None:
    table_id, _ann, _bob = await _table(service, store, "secret", 8)
    live = await service.table(table_id)
    cards = live.state.to_json()["cards"]
    assert view_data(live, 0)["view"]["my_card"] == cards[0]
    assert view_data(live, 1)["view"]["my_card"] == cards[1]
    assert view_data(live, None)["view"]["my_card"] is None
    assert f">{cards[0]}</text>" not in json.loads(live_message(live, 1))["html"]


async def test_actions_are_offered_only_to_the_seat_to_move(service: TableService, store: Store) -> None:
    table_id, ann, _bob = await _table(service, store, "secret", 8)
    live = await service.table(table_id)
    assert view_data(live, 0)["actions"] == [
        {"id": "high", "label": "Bet high", "path": ["bet-high"], "selection": []},
        {"id": "low", "label": "Bet low", "path": ["bet-low"], "selection": []},
    ]
    assert view_data(live, 1)["actions"] == view_data(live, None)["actions"] == []
    await service.play_as(table_id, ann, "low", 0)
    assert view_data(live, 1)["actions"] != [] and view_data(live, 0)["actions"] == []


async def test_the_last_move_is_marked_by_its_path(service: TableService, store: Store) -> None:
    ann, bob = store.create_guest("Ann"), store.create_guest("Bob")
    live = await service.create_table(
        TableRequest("kalah", (SeatSpec(player_id=ann.id), SeatSpec(player_id=bob.id)), {}, seed=1)
    )
    action = live.state.legal_actions(0)[1]
    await service.play_as(live.id, ann.id, action.id, 0)
    assert view_data(live, None)["last_move_path"] == list(action.path)


async def test_a_replay_step_shows_the_earlier_position(service: TableService, store: Store) -> None:
    table_id, ann, bob = await _table(service, store, "secret", 8)
    await service.play_as(table_id, ann, "low", 0)
    await service.play_as(table_id, bob, "high", 1)
    live = await service.table(table_id)
    step = view_data(replay_snapshot(live, 1), None)
    assert (step["seq"], step["view"]["bets"], step["actions"]) == (1, [[0, "low"]], [])
    assert view_data(replay_snapshot(live, 99), None)["seq"] == 2


async def test_a_log_entry_shows_other_viewers_only_what_the_game_made_public() -> None:
    entry = LogEntry(4, 0, "draw:7", "Draw 7", ("pile",), "t", {1: None, None: "Draw a tile"})
    assert entry.as_seen_by(0) == entry
    hidden, partial = entry.as_seen_by(1), entry.as_seen_by(None)
    assert (hidden.action_id, hidden.label, hidden.path) == ("", "moved", ())
    assert (partial.action_id, partial.label, partial.path) == ("", "Draw a tile", ())
    public = LogEntry(5, 1, "place:b3", "Place 7 at B3", ("b3",), "t", {0: "Place 7 at B3"})
    assert public.as_seen_by(0) == public


async def test_a_simultaneous_step_shows_who_is_choosing_and_who_is_done(
    service: TableService, store: Store
) -> None:
    table_id, ann, _bob = await _table(service, store, "goofspiel", 5)
    live = await service.table(table_id)
    assert [player["step"] for player in view_data(live, None)["players"]] == ["choosing", "choosing"]
    await service.play_as(table_id, ann, "3", 0)
    for viewer in (None, 0, 1):
        data = view_data(live, viewer)
        assert [player["step"] for player in data["players"]] == ["done", "choosing"]
        assert 'class="step-status done">done<' in state_fragment(data)
    nim_id, _, _ = await _table(service, store, "nim", 1)
    assert [player["step"] for player in view_data(await service.table(nim_id), None)["players"]] == [
        None,
        None,
    ]


async def test_a_past_position_is_shown_as_the_viewer_saw_it_and_offers_no_actions(
    service: TableService, store: Store
) -> None:
    """Issue 14, item 7: clicking a move of the log shows that position from the viewer's own
    view; during the game another seat's secret bid stays secret in it, as in the log."""
    table_id, ann, bob = await _table(service, store, "goofspiel", 5)
    for seq, (player, card) in enumerate([(ann, "3"), (bob, "2"), (ann, "1")]):
        await service.play_as(table_id, player, card, seq)
    live = await service.table(table_id)
    own, other, spectator = (replay_view_data(live, 3, viewer) for viewer in (0, 1, None))
    assert own["view"]["my_bid"] == 1 and own["log"][-1]["label"] == "bid 1"
    assert other["view"]["my_bid"] is None and other["log"][-1] == {
        "seq": 3,
        "seat": 0,
        "action": None,
        "label": "moved",
    }
    assert "bid 1" not in json.dumps(other) and "bid 1" not in json.dumps(spectator)
    assert other["last_move_path"] == [] and spectator["view"]["my_bid"] is None
    before_bobs_bid = replay_view_data(live, 1, 1)
    assert before_bobs_bid["seq"] == 1 and before_bobs_bid["view"]["has_bid"] == [True, False]
    assert before_bobs_bid["actions"] == [] and view_data(live, 1)["actions"] != []
    assert "bid 3" not in json.dumps(before_bobs_bid)


async def test_people_are_named_everywhere_and_the_viewer_is_you(service: TableService, store: Store) -> None:
    ann, bob = store.create_guest("Ann"), store.create_guest("Bob")
    seats = (SeatSpec(player_id=ann.id), SeatSpec(player_id=bob.id))
    live = await service.create_table(TableRequest("nim", seats, {"heaps": "1-2"}, seed=1))
    own, spectator = view_data(live, 0), view_data(live, None)
    assert own["prompt"] == "You (Red) to move" and spectator["prompt"] == "Ann (Red) to move"
    assert own["view"]["prompt"] == "You (Red) to move"
    assert ">1 2 · You (Red)<" in own["svg"] and ">1 2 · Ann (Red)<" in spectator["svg"]
    assert [(player["name"], player["colour"]) for player in own["players"]] == [
        ("Ann", "Red"),
        ("Bob", "Blue"),
    ]
    html = state_fragment(own)
    assert 'Ann</a> <span class="colour">(Red)</span> (you)' in html and "Seat" not in html
    await service.play_as(live.id, ann.id, "2:2", 0)
    await service.play_as(live.id, bob.id, "1:1", 1)
    live = await service.table(live.id)
    assert view_data(live, 1)["outcome"]["reason"] == "You (Blue) took the last stone"
    assert view_data(live, None)["outcome"]["reason"] == "Bob (Blue) took the last stone"
    assert view_data(live, 0)["log"][0]["label"] == "take 2 from heap 2"


def _as_received(message: str) -> dict[str, object]:
    """A message as its client reads it, without the moment it was sent."""
    data = json.loads(message)
    data.pop("server_time")
    return dict(data)


@pytest.mark.parametrize(("game_id", "seed"), [("iwari", 3), ("luckynumbers", 11)])
async def test_no_viewer_is_sent_anything_of_what_is_hidden_from_it(
    service: TableService, store: Store, game_id: str, seed: int
) -> None:
    # Every seat and a spectator get the full view and the update after each move, rendered
    # one after the other on the same table (so through the same caches). Each must be
    # exactly what the same table sends that viewer once everything it cannot see (other
    # hands, the deck, the face-down tiles) is dealt anew: hidden data changes no byte.
    table_id, _ann, _bob = await _table(service, store, game_id, seed)
    live = await service.table(table_id)
    rng = random.Random(seed)
    for _move in range(8):
        mover = live.state.current_players()[0]
        await service.play(table_id, mover, rng.choice(live.state.legal_action_ids(mover)), live.seq)
        boards = dict(live.boards)  # what the drawings of this move are sent as changes to
        sent = {viewer: (live_message(live, viewer), update_message(live, viewer)) for viewer in (0, 1, None)}
        for viewer, (full, update) in sent.items():
            resampled = dataclasses.replace(
                live,
                state=live.state.determinize(viewer, Rng(rng.getrandbits(32))),
                rendered={},
                boards=dict(boards),
            )
            assert resampled.state.to_json() != live.state.to_json()  # something was hidden
            assert _as_received(full) == _as_received(live_message(resampled, viewer))
            assert _as_received(update) == _as_received(update_message(resampled, viewer))


async def test_a_spectators_update_may_cover_several_moves(service: TableService, store: Store) -> None:
    # A spectator paced by its feed (spectator_feed.py) holds the view at seq 1 when two more
    # moves have been played: one update from there carries both log entries, and the
    # drawing as changes to the one it holds.
    table_id, _ann, _bob = await _table(service, store, "kalah", 4)
    live = await service.table(table_id)
    rng = random.Random(4)
    for _move in range(3):
        mover = live.state.current_players()[0]
        await service.play(table_id, mover, rng.choice(live.state.legal_action_ids(mover)), live.seq)
        if live.seq == 1:
            held = json.loads(live_message(live, None))
    update = json.loads(update_message(live, None, since=held["seq"]))
    whole = view_data(live, None)
    assert (update["since"], update["seq"]) == (1, 3)
    assert all(
        entry.startswith(f'<li value="{seq}">') for seq, entry in zip((2, 3), update["log"], strict=True)
    )
    assert update["board_changes"] is not None and update["board"] is None
    assert (update["prompt"], update["actions"]) == (whole["prompt"], whole["actions"])
    assert "tt-log" not in update["parts"]


async def test_messages_are_ascii_and_read_back_every_character(service: TableService, store: Store) -> None:
    # Each send encodes its message again: an ASCII one is a plain copy (views._open_object).
    # The players' list marks the seat to move with "●".
    table_id, ann, _bob = await _table(service, store, "kalah", 4)
    live = await service.table(table_id)
    full = live_message(live, None)
    assert full.isascii() and json.loads(full)["html"] == state_fragment(view_data(live, None))
    await service.play_as(table_id, ann, live.state.legal_action_ids(0)[0], 0)
    update = update_message(live, None)
    assert (
        update.isascii()
        and "●" in json.loads(update)["parts"]["tt-players"]
        and "●" in json.loads(full)["html"]
    )


async def test_an_updates_turn_and_players_are_its_own_seats_as_on_its_page(
    service: TableService, store: Store
) -> None:
    # The turn and players' parts are kept by what they show (views._turn_part,
    # _players_part): as the turn passes back and forth, each seat's update finds the parts
    # made for it moves before, and each is still the element of that seat's own whole page.
    table_id, _ann, _bob = await _table(service, store, "kalah", 4)
    live = await service.table(table_id)
    rng = random.Random(4)
    names = {0: ">Ann</a>", 1: ">Bob</a>"}
    for _move in range(6):
        mover = live.state.current_players()[0]
        await service.play(table_id, mover, rng.choice(live.state.legal_action_ids(mover)), live.seq)
        for viewer in (0, 1):
            parts = json.loads(update_message(live, viewer))["parts"]
            page = json.loads(live_message(live, viewer))["html"]
            assert parts["tt-turn"] in page and parts["tt-players"] in page
            yours = [item for item in parts["tt-players"].split("<li") if "(you)" in item]
            assert len(yours) == 1 and names[viewer] in yours[0]
            assert ("Your move" in parts["tt-turn"]) == (viewer == live.state.current_players()[0])
