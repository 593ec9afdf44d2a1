"""The conformance suite: every registered game, checked against the engine contract.

Seeded random games (seeds, player counts and options drawn by hypothesis) are played to
the end; at every step the contract of DESIGN.md is checked. A game added to the registry
gets all of this for free.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any
from xml.etree import ElementTree

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop import games
from tabletop.engine import Game, IllegalAction, People, Rng, State, mentioned_seats

SVG_NAMESPACE = "{http://www.w3.org/2000/svg}"
NOT_AN_ACTION_ID = "no-such-action"
MALFORMED_IDS: list[Any] = [None, 3, ["1"], "", " ", "\x00", "1" * 5000]
NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Flo", "Gus", "Hal")
SEATS_SHOWN = re.compile(r"\b[Ss]eats?\b|\bPlayer \d|⟦|⟧")
"""Seat numbers and unresolved mentions: with every seat named, a person reads none of these."""
RULE_CODE = re.compile(r"\b[A-Z]{1,2}-[A-Z]\d+\b|\(R\d+|\bR\d+\)|\bas R\d+|\(Q\d+\)")
"""A rule number of the docs, "(R8)", "(as R9)", "(INV, R4)", "K-S1": for the docs, never the
interface. A bare "R1" may be a board's space (Iwari), so a code counts in its brackets."""
IDENTIFIER = re.compile(r"\b[a-z]+_[a-z_]+\b")
"""A snake_case name ("at_turn"): the code's words, not a player's."""


@st.composite
def table_setups(draw: st.DrawFn, game: Game) -> tuple[int, dict[str, Any], int]:
    """A player count, a choice for every declared option, and a seed."""
    players = draw(st.integers(game.min_players, game.max_players))
    options = {name: draw(st.sampled_from(option.choices)) for name, option in game.options.items()}
    return players, options, draw(st.integers(0, 2**63))


def _snapshot(state: State) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def check_turn_agreement(state: State) -> None:
    """A seat has legal actions exactly when it is among the current players."""
    movers = state.current_players()
    assert len(set(movers)) == len(movers)
    for seat in range(state.players):
        actions = state.legal_actions(seat)
        ids = [action.id for action in actions]
        assert bool(actions) == (seat in movers), f"seat {seat}, movers {movers}"
        assert len(set(ids)) == len(ids), f"duplicate action ids {ids}"
        assert state.legal_action_ids(seat) == ids
        assert all(isinstance(action.path, tuple) and action.label for action in actions)


def check_rejections(state: State) -> None:
    """Illegal, malformed and wrong-seat actions raise IllegalAction and change nothing."""
    before = _snapshot(state)
    movers = state.current_players()
    idle = [seat for seat in range(state.players) if seat not in movers]
    attempts: list[tuple[Any, Any]] = [(seat, NOT_AN_ACTION_ID) for seat in movers]
    attempts += [(seat, bad) for seat in movers[:1] for bad in MALFORMED_IDS]
    attempts += [(-1, NOT_AN_ACTION_ID), (state.players, NOT_AN_ACTION_ID), ("0", NOT_AN_ACTION_ID)]
    if movers and idle:
        attempts.append((idle[0], state.legal_action_ids(movers[0])[0]))
    for seat, action_id in attempts:
        with pytest.raises(IllegalAction):
            state.apply(seat, action_id)
        assert _snapshot(state) == before, f"apply({seat!r}, {action_id!r}) changed the state"


def check_legality_answer(state: State) -> None:
    """`is_legal`, which `apply` asks on every move, agrees with `legal_action_ids`."""
    movers = state.current_players()
    for seat in movers:
        legal = state.legal_action_ids(seat)
        assert all(state.is_legal(seat, action_id) for action_id in legal)
        others = {other for mover in movers for other in state.legal_action_ids(mover)} - set(legal)
        for action_id in [NOT_AN_ACTION_ID, *MALFORMED_IDS, *sorted(others)]:
            assert not state.is_legal(seat, action_id), f"seat {seat}: {action_id!r} said legal"


def check_public_labels(state: State) -> None:
    """Every viewer who did not make a move gets a text or None for it, never an error."""
    for seat in state.current_players():
        for action_id in state.legal_action_ids(seat)[:3]:
            for viewer in [None, *range(state.players)]:
                label = state.public_label(viewer, seat, action_id)
                assert label is None or (isinstance(label, str) and label)


def check_copies(state: State, game: Game) -> None:
    """clone() is independent and to_json() round-trips exactly through real JSON."""
    before = _snapshot(state)
    rebuilt = game.state_from_json(json.loads(before))
    assert _snapshot(rebuilt) == before
    copy = state.clone()
    assert _snapshot(copy) == before
    if movers := copy.current_players():
        copy.apply(movers[0], copy.legal_action_ids(movers[0])[0])
        assert _snapshot(state) == before, "changing a clone changed the original"


def check_views(state: State, game: Game, rng: Rng) -> None:
    """Views are JSON-safe, drawable, and unchanged when hidden information is resampled.

    If a view showed anything its viewer may not see, resampling that (determinize) would
    change it; this is the hidden-data check, declared by each game through `determinize`.
    """
    for viewer in [None, *range(state.players)]:
        view = state.view(viewer)
        assert json.loads(json.dumps(view)) == view
        assert isinstance(view["prompt"], str) and "last_move" in view
        for _ in range(2 if game.capabilities.hidden_information else 1):
            resampled = state.determinize(viewer, rng.spawn())
            assert resampled.view(viewer) == view, f"viewer {viewer} sees hidden data"
            assert resampled.current_players() == state.current_players()
            if viewer is not None:
                assert resampled.legal_action_ids(viewer) == state.legal_action_ids(viewer)


def check_drawing(state: State, game: Game) -> None:
    """The SVG is well formed and holds every element a legal action's path or selection names.

    No path is a strict prefix of another, so the browser knows a click sequence is complete
    as soon as it matches a whole path (equal paths are offered as buttons by label). Actions
    may share a path when their selections differ: the browser sends the one whose selection
    is the set of elements toggled, so (selection, path) names at most one action, and an
    element toggled into a selection is never a step of a path. Drawn
    with a name for every seat, the drawings name people (see `check_people`).
    """
    names = NAMES[: state.players]
    for seat in state.current_players():
        actions = state.legal_actions(seat)
        paths = {action.path for action in actions if action.path}
        prefixes = {path[:cut] for path in paths for cut in range(1, len(path))}
        assert not paths & prefixes, f"paths that are prefixes of others: {paths & prefixes}"
        multi_select = {action.path for action in actions if action.selection}
        chosen = [(action.selection, action.path) for action in actions if action.path in multi_select]
        assert len(chosen) == len(set(chosen)), "two actions with the same selection and path"
        selectable = set().union(*(action.selection for action in actions))
        stepped = {element for action in actions for element in action.path}
        assert not selectable & stepped, f"elements both selected and clicked: {selectable & stepped}"
        svg = game.draw_svg(state.view(seat), names, seat)
        root = ElementTree.fromstring(svg)
        assert root.tag == f"{SVG_NAMESPACE}svg"
        element_ids = {element.get("id") for element in root.iter()} - {None}
        for action in actions:
            missing = (set(action.path) | action.selection) - element_ids
            assert not missing, f"{action.id}: path or selection elements {missing} not in the drawing"
        for text in drawn_text(root):
            check_person_text(text, f"{game.id} drawing, viewer {seat}")
    text = game.draw_text(state.view(None), names)
    assert text.strip()
    check_person_text(text, f"{game.id} text drawing")


def check_person_text(text: str, where: str) -> None:
    """Text a person reads: no seat numbers, no rule codes, no identifiers."""
    for pattern in (SEATS_SHOWN, RULE_CODE, IDENTIFIER):
        found = pattern.search(text)
        assert found is None, f"{where}: {found.group(0)!r} in {text!r}"


def check_mentions(text: str, players: int, where: str) -> None:
    """Every mention in a game's text names a seat of the game."""
    assert all(0 <= seat < players for seat in mentioned_seats(text)), f"{where}: {text!r}"


def drawn_text(root: ElementTree.Element) -> Iterator[str]:
    """Everything of a drawing a person reads: its text and its labels for screen readers."""
    for element in root.iter():
        yield from (part for part in (element.text, element.tail, element.get("aria-label")) if part)


def check_people(state: State, game: Game) -> None:
    """Prompts, labels and the result name people: the mechanism of engine/people.py.

    Resolved with a name for every seat and each viewer in turn, no text shows a seat number,
    a rule code or an identifier, and every mention names a seat of the game. (The drawings
    are checked by `check_drawing`, and the final position's below.)
    """
    names = NAMES[: state.players]
    for viewer in [None, *range(state.players)]:
        view = state.view(viewer)
        people = People.of_view(view, names, viewer)
        assert len(people.colours) in (0, state.players), f"colours {people.colours}"
        texts = [("prompt", str(view["prompt"]))]
        texts += [(f"label of {action.id}", action.label) for action in state.legal_actions(viewer or 0)]
        if (outcome := state.outcome()) is not None:
            texts.append(("outcome reason", outcome.reason))
        for where, text in texts:
            check_mentions(text, state.players, where)
            check_person_text(people.resolve(text), f"{game.id} {where}, viewer {viewer}")


def play_and_check(game: Game, players: int, options: dict[str, Any], seed: int) -> None:
    """One random game from the seeded start to the end, checking everything on the way."""
    state = game.new_state(players, options, seed)
    rng = Rng(seed)
    log: list[tuple[int, str]] = []
    for _ in range(game.max_length(players, options) + 1):
        assert (state.outcome() is None) == (not state.is_over())
        assert (state.current_players() == ()) == state.is_over()
        check_turn_agreement(state)
        check_rejections(state)
        check_legality_answer(state)
        check_public_labels(state)
        check_copies(state, game)
        check_views(state, game, rng)
        check_drawing(state, game)
        check_people(state, game)
        if state.is_over():
            break
        seat = rng.choice(state.current_players())
        action_id = rng.choice(state.legal_action_ids(seat))
        state.apply(seat, action_id)
        log.append((seat, action_id))
    assert state.is_over(), f"no end within the declared maximum of {game.max_length(players, options)}"
    outcome = state.outcome()
    assert outcome is not None and len(outcome.scores) == len(outcome.ranks) == players
    assert min(outcome.ranks) == 1 and outcome.reason
    for text in drawn_text(ElementTree.fromstring(game.draw_svg(state.view(None), NAMES[:players]))):
        check_person_text(text, f"{game.id} final drawing")
    replayed = games.replay(game.id, players, options, seed, log)
    assert _snapshot(replayed) == _snapshot(state)


@pytest.mark.parametrize("game_id", games.ids())
def test_random_games_keep_the_contract(game_id: str) -> None:
    game = games.load(game_id)

    @settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(setup=table_setups(game))
    def check(setup: tuple[int, dict[str, Any], int]) -> None:
        play_and_check(game, *setup)

    check()


@pytest.mark.parametrize("game_id", games.ids())
def test_a_game_declares_itself_completely(game_id: str) -> None:
    game = games.load(game_id)
    assert game.id == game_id and game.title and game.description
    assert 1 <= game.min_players <= game.max_players
    for name, option in game.options.items():
        assert option.default in option.choices, name
        assert game.resolve_options({name: option.default})[name] == option.default


@pytest.mark.parametrize("game_id", games.ids())
def test_options_are_described_for_players(game_id: str) -> None:
    """Every option has a label and a line of help, and every value a name, all in players' words."""
    for name, option in games.load(game_id).options.items():
        assert option.label and option.help, f"{name} needs a label and help"
        words = [option.label, option.help, *(option.value_name(value) for value in option.choices)]
        for text in words:
            check_person_text(text, f"{game_id} option {name}")


def test_the_checks_catch_what_people_must_not_read() -> None:
    for bad in [
        "Seat 0 to move",
        "Player 2 wins",
        "wins (R8)",
        "as R9)",
        "(INV, R4)",
        "K-S1",
        "at_turn",
        "⟦0⟧",
    ]:
        with pytest.raises(AssertionError):
            check_person_text(bad, "sample")
    check_person_text("Ann (White) to move C3E3; pits S1 and N6; Sow pit 4 (removed C5 E5); R1", "sample")
    with pytest.raises(AssertionError):
        check_mentions("⟦2⟧ to move", 2, "sample")


@pytest.mark.parametrize("game_id", games.ids())
def test_bad_table_settings_are_refused_with_a_clear_error(game_id: str) -> None:
    game = games.load(game_id)
    with pytest.raises(ValueError, match="players"):
        game.new_state(game.max_players + 1)
    with pytest.raises(ValueError, match="unknown option"):
        game.new_state(game.min_players, {"no_such_option": 1})
    for name in game.options:
        with pytest.raises(ValueError, match=name):
            game.new_state(game.min_players, {name: "not-a-valid-value"})
