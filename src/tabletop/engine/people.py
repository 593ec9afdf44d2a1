"""People, not seats: how a game's text names a player so each reader sees a person.

The engine numbers seats from 0 and knows no names; people never read a seat number.
So wherever a game's text refers to a player — a prompt, an action label, an outcome
reason, any text of its drawing — it writes `mention(seat)`, a token, and whoever shows the
text resolves the tokens for its reader with `People.resolve`: the server with the table's
names and the viewer ("you"), the CLI and library users with the default "Player 1…N".

A view may say which colour (or side) each seat plays now under the key `"colours"` (a
list of strings, one per seat); a mention then reads "Ann (White)". It is a view key, not
a fixed table, because a colour can change hands (Kalah's pie-rule swap).

>>> people = People(names=("Ann", "Bob"), colours=("White", "Black"), viewer=1)
>>> people.resolve(f"{mention(0, 'wins')}: {mention(1, 'has')} no move left")
'Ann (White) wins: you (Black) have no move left'
>>> print(people.resolve(f"{mention(1, 'to move')}; take the cow on {mention(0, POSSESSIVE)} a1"))
You (Black) to move; take the cow on Ann's a1
>>> People().resolve(f"Waiting for {mention(0)}, {mention(2)}")
'Waiting for Player 1, Player 3'
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from html import escape
from typing import Any

from tabletop.engine.actions import Seat
from tabletop.engine.svg import SvgElement

POSSESSIVE = "'s"
"""The `then` of a mention that owns what follows: "Ann's a1", "your a1"."""

MENTION = re.compile(r"⟦(\d+)(?:\|([^⟦⟧]*))?⟧")
"""A mention token: `⟦seat⟧`, or `⟦seat|words⟧` with the words that follow the person.

The brackets (U+27E6, U+27E7) occur in no game's prose or notation, so a token can sit in
any text, markup included, and cannot be confused with what is around it.
"""

_SECOND_PERSON = {"has": "have", "is": "are", "was": "were", "does": "do"}
"""Verbs that do not just drop their "s" when the subject becomes "you"."""

_SIBILANT_ENDINGS = ("sses", "shes", "ches", "xes", "zes")
_LOWER_AFTER = re.compile(r"[\w,;:(–-]")
"""A "you" after these continues a sentence; anywhere else (a line's start too) it starts one."""

KEPT_TEXTS = 4096
KEPT_TEXT_LENGTH = 1000
"""Texts up to this many characters have their substitutions kept (at most a few MB): a
longer one, a whole drawing, rarely comes back as it was."""


def mention(seat: Seat, then: str = "") -> str:
    """The token naming `seat`'s player, with the words that follow when they depend on who reads.

    `then` starts with the verb whose person agrees with the player ("wins" reads "you win"
    for that player) or is `POSSESSIVE`; plain words ("to move") just follow.

    >>> mention(1, "wins")
    '⟦1|wins⟧'
    """
    return f"⟦{seat}|{then}⟧" if then else f"⟦{seat}⟧"


def winners_phrase(winners: Sequence[Seat]) -> str:
    """ "Ann wins" for one winner, "Ann and Bob share the win" for several, as mentions.

    >>> People(("Ann", "Bob", "Cy"), viewer=2).resolve(winners_phrase([2]) + " with 30 points")
    'You win with 30 points'
    >>> People(("Ann", "Bob", "Cy")).resolve(winners_phrase([0, 1, 2]))
    'Ann, Bob and Cy share the win'
    """
    if len(winners) == 1:
        return mention(winners[0], "wins")
    names = [mention(seat) for seat in winners]
    return f"{', '.join(names[:-1])} and {names[-1]} share the win"


def mentioned_seats(text: str) -> list[Seat]:
    """The seats `text` mentions, in order (for checks: each must be a seat of the game)."""
    return [int(match.group(1)) for match in MENTION.finditer(text)]


@dataclass(frozen=True)
class People:
    """Who sits where, as one reader sees them: names by seat, colours, and the reader's seat.

    A seat without a name (an open seat, a library game) reads "Player n", counted from 1.
    """

    names: tuple[str, ...] = ()
    colours: tuple[str, ...] = ()
    viewer: Seat | None = None

    @classmethod
    def of_view(
        cls, view: Mapping[str, Any], names: Sequence[str] = (), viewer: Seat | None = None
    ) -> People:
        """The people of a view: its colours (if it declares them), with `names` and the reader."""
        colours = view.get("colours") or ()
        return cls(tuple(names), tuple(str(colour) for colour in colours), viewer)

    def name(self, seat: Seat) -> str:
        """How the reader sees `seat`'s player: "Ann (White)", "Player 2", "you (Black)"."""
        person = "you" if seat == self.viewer else self._name(seat)
        colour = self.colours[seat] if 0 <= seat < len(self.colours) else ""
        return f"{person} ({colour})" if colour else person

    def resolve(self, text: str, *, markup: bool = False) -> str:
        """`text` with every mention replaced by the person, as this reader sees them.

        With `markup` (SVG, HTML; text or an attribute value) the names are escaped, since people
        choose their names.
        """
        if "⟦" not in text:
            return text
        if isinstance(text, SvgElement):  # resolved part by part, so its parts stay known
            return text.with_each(lambda part: self.resolve(part, markup=markup))
        if len(text) <= KEPT_TEXT_LENGTH:
            return _kept_substitution(self, text, markup)
        return _substitution(self, text, markup)

    def resolve_all(self, value: Any) -> Any:
        """A JSON value (a view) with the mentions in every string resolved; keys are kept."""
        if isinstance(value, str):
            return self.resolve(value)
        if isinstance(value, list):
            return [self.resolve_all(item) for item in value]
        if isinstance(value, dict):
            return {key: self.resolve_all(item) for key, item in value.items()}
        return value

    def _name(self, seat: Seat) -> str:
        name = self.names[seat] if 0 <= seat < len(self.names) else ""
        return name or f"Player {seat + 1}"

    def _words(self, seat: Seat, then: str) -> str:
        """The person followed by `then`, its verb in the person of the reader."""
        if then == POSSESSIVE:
            return "your" if seat == self.viewer else f"{self._name(seat)}'s"
        if not then:
            return self.name(seat)
        if seat == self.viewer:
            verb, _, rest = then.partition(" ")
            then = " ".join(filter(None, (_second_person(verb), rest)))
        return f"{self.name(seat)} {then}"


def _substitution(people: People, text: str, markup: bool) -> str:
    """`text` with its mentions replaced (`People.resolve`)."""

    def person(match: re.Match[str]) -> str:
        words = people._words(int(match.group(1)), match.group(2) or "")
        if words.startswith("you") and not _continues_sentence(text, match.start()):
            words = "Y" + words[1:]
        return escape(words) if markup else words

    return MENTION.sub(person, text)


_kept_substitution = lru_cache(maxsize=KEPT_TEXTS)(_substitution)
"""`_substitution` of a short text, kept by text and reader: a table's prompts, its log's
labels and the texts in its drawing come back move after move for the same readers, and
substituting one costs a regular expression and a call per mention (a fifth of the time
spent drawing a Kalah board for a reader)."""


def _continues_sentence(text: str, end: int) -> bool:
    """Whether what precedes `end` on its line (spaces aside) continues a sentence.

    It looks back from `end` instead of slicing the line, because a drawing is often one
    long line with many mentions: slicing and searching it for each one cost as much as
    drawing it.

    >>> _continues_sentence("Take it,  ", 10), _continues_sentence("Done.\\n  ", 8)
    (True, False)
    """
    index = end - 1
    while index >= 0 and text[index] != "\n" and text[index].isspace():
        index -= 1
    return index >= 0 and _LOWER_AFTER.fullmatch(text[index]) is not None


def _second_person(verb: str) -> str:
    """ "wins" → "win", "has" → "have", "passes" → "pass"; other words are kept ("to")."""
    if verb in _SECOND_PERSON:
        return _SECOND_PERSON[verb]
    if verb.endswith(_SIBILANT_ENDINGS):
        return verb[:-2]
    if verb.endswith("ies"):
        return verb[:-3] + "y"
    if verb.endswith("s") and not verb.endswith("ss"):
        return verb[:-1]
    return verb
