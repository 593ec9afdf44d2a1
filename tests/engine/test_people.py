"""People, not seats: mentions in a game's text, resolved for each reader (engine/people.py)."""

from __future__ import annotations

from tabletop.engine import POSSESSIVE, People, mention, mentioned_seats, winners_phrase

ANN_AND_BOB = People(names=("Ann", "Bob"), colours=("White", "Black"))


def test_a_mention_reads_as_the_name_and_colour() -> None:
    assert ANN_AND_BOB.resolve(f"{mention(0)} to move") == "Ann (White) to move"
    assert People().resolve(f"Waiting for {mention(1)}") == "Waiting for Player 2"
    assert People(names=("Ann", "")).resolve(mention(1)) == "Player 2"  # an open seat


def test_the_reader_is_you_and_the_verb_agrees() -> None:
    bob = People(("Ann", "Bob"), viewer=1)
    cases = {
        mention(1, "wins"): "You win",
        mention(1, "has") + " no move": "You have no move",
        mention(1, "is") + " done": "You are done",
        mention(1, "passes"): "You pass",
        mention(1, "reaches") + " the top": "You reach the top",
        mention(1, "must") + " add": "You must add",
        mention(1, "took") + " the last stone": "You took the last stone",
        mention(0, "wins"): "Ann wins",
    }
    for text, read in cases.items():
        assert bob.resolve(text) == read


def test_you_is_capitalised_only_where_a_sentence_starts() -> None:
    bob = People(("Ann", "Bob"), viewer=1)
    assert bob.resolve(f"Waiting for {mention(0)}, {mention(1)}") == "Waiting for Ann, you"
    assert bob.resolve(f"Game over: {mention(1, 'wins')}") == "Game over: you win"
    assert bob.resolve(f"Ann moved.\n{mention(1)} to move") == "Ann moved.\nYou to move"
    assert bob.resolve(f"▶ {mention(1)} · to move") == "▶ You · to move"


def test_possessives() -> None:
    bob = People(("Ann", "Bob"), viewer=1)
    text = f"the cow on {mention(0, POSSESSIVE)} a1 or on {mention(1, POSSESSIVE)} b2"
    assert bob.resolve(text) == "the cow on Ann's a1 or on your b2"


def test_names_are_escaped_in_markup_only() -> None:
    people = People(names=('<b>"A&B"</b>',))
    assert people.resolve(mention(0)) == '<b>"A&B"</b>'
    escaped = "&lt;b&gt;&quot;A&amp;B&quot;&lt;/b&gt;"
    markup = people.resolve(f'<text aria-label="{mention(0)}">{mention(0)}</text>', markup=True)
    assert markup == f'<text aria-label="{escaped}">{escaped}</text>'


def test_every_string_of_a_view_is_resolved_and_keys_are_kept() -> None:
    view = {"prompt": mention(0), "log": [f"{mention(1)} played"], "seat": 1, "⟦0⟧": "key"}
    assert ANN_AND_BOB.resolve_all(view) == {
        "prompt": "Ann (White)",
        "log": ["Bob (Black) played"],
        "seat": 1,
        "⟦0⟧": "key",
    }


def test_the_seats_a_text_mentions_and_the_winners_phrase() -> None:
    assert mentioned_seats(f"{mention(2, 'wins')} against {mention(0)}") == [2, 0]
    assert ANN_AND_BOB.resolve(winners_phrase([1])) == "Bob (Black) wins"
    assert People(("Ann", "Bob", "Cy")).resolve(winners_phrase([0, 2])) == "Ann and Cy share the win"


def test_a_view_declares_the_colours() -> None:
    view = {"prompt": "", "colours": ["South", "North"]}
    assert People.of_view(view, ["Ann", "Bob"], viewer=0).name(1) == "Bob (North)"
    assert People.of_view({"prompt": ""}).colours == ()
