"""Iwari (Michael Schacht, ThunderGryph Games 2020) for 2–5 players, as in docs/rules/iwari.md.

Rule set: the game as Board Game Arena plays it (turn R1–R15, journeys and the end R20–R22,
the two-player neutral tribe R30–R31, scoring R40–R55, map specials R60–R62, the optional
feats R70), on Tabletop's own maps: the retail boards are not public, so `data/valley.json`
(2–3 players) and `data/archipelago.json` (4–5) are our designs in the map schema of 2.4,
checked field by field when loaded. Table options: `map` (auto / valley / archipelago) and
`feats`. Expeditions (R75) are not offered: their cards are not published.

Decisions where the rules are silent (section 4 of the rules page):
- A display of 4 face-up cards, never wiped; the totem limit is per player (R7); mountains
  go on one random space of each peak count k ≥ P − 1 (2.5).
- No overpaying: a regular move plays exactly what its pieces cost, one matching card or one
  pair per piece (R3); cards are cycled with the exchange.
- Pieces are listed tent first (R8): totem-then-tent reaches the same position and is legal
  whenever it is, so both orders are one action.
- The deck runs out when its last card leaves it; the half-journey scoring and reshuffle
  come at the end of that turn (R20). A new deck empty at once is the second exhaustion.
- The neutral tribe (2 players) must place a piece if the cards left can pay for one, else
  they are discarded (`discard`); it never earns feats, its last tent does not end the game,
  and its score is shown but it cannot win (R30, R31).
- An empty hand (deck and display empty) passes (`pass`).
- Hands are hidden until the end and the deck's order from everyone; every card played,
  exchanged, discarded or taken from the display is public, so every action id is public
  and the log shows it, a draw from the deck as "Draw from the deck" only.
- Feats (R70): each tribe earns each kind once; Union and Discovery are placed by choice
  (`feat:B`) right after the move; Honour and Respect go on the lowest-numbered qualifying
  connection.
- Ties (R55): more pieces left wins; still equal, the win is shared.

Notation (section 7 of the rules page): ``A3=T``, ``A3+A4=TT``, ``A3+A*=TDD``, ``A*=T``,
``A*+A*=TT`` (pieces in one territory, ``*`` a totem, then the cards paid, matching card
first); ``swap:F``; ``deck``, ``take:C``; ``feat:B``; ``discard``; ``pass``.

Modules: `board` (biomes, cards, maps and their checks, the notation), `rules` (payments,
move generation, scoring, settlements), `state` (the position, its transitions, views,
JSON and determinization), `game` (declarations and options), `drawing` (SVG and text),
`evaluator` (the heuristic the search bots use).
"""

from tabletop.games.iwari.game import IwariGame

GAME = IwariGame()

__all__ = ["GAME", "IwariGame"]
