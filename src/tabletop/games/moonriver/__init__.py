"""Moon River (Bruno Cathala and Yohan Servais, Blue Orange 2023) for 2–4 players, as in
docs/rules/moonriver.md.

Rule set: drafting plots in two columns the Kingdomino way (R1–R5), a reserve of three,
dominoes joined from two plots on a 5 × 5 ranch growing from the river bank and its bridges
(R10–R13), cows, skull droughts and partners from the saloon (R20–R33), the final round,
overpopulation and scoring (R40–R44). The retail plots are not public: `data/plots.json` is
Tabletop's own set of 96 (16 per terrain, numbered by value), checked field by field when
loaded, so a transcribed set drops in as that one file. Not offered: the Legends of the West
scenarios (R50) and the 2-player landscape bonus tiles, whose rules are not published.

Decisions where the rules are silent (section 4 of the rules page):
- Bridges under columns a, c, e; the ranch is fixed to the board; any two plots join.
- Two players: 48 plots drawn at random, the rest stay in the box unseen; claims A, B, B, A.
- Taking the plot under a Ranchero is automatic; a step with nothing to choose resolves itself.
- The saloon shows one token of each specialist type, refilled at the end of each round.
- The player resolving a skull or a Cattle Thief chooses the cow; a single choice is automatic.
- A Desperado gives a plot of the player's choice and takes one drawn blind from the chosen
  opponent's reserve (reserves are hidden); it may be declined.
- Cowboys never move cows onto corn-field terrain; the cow supply is 32.
- In the final round a player who cannot place ends the turn (with 4 plots: discards two).
- Discarded plots leave face down; ties after cows are shared.

Hidden: the draw order, the box (2 players), other players' reserves (shown as backs and
counts); a discard and a Desperado swap are logged without plot numbers.

Notation (section 5 of the rules page): ``pick:40`` (Ranchero on plot 40), ``12a1+40b1``
(plot 12 on a1, plot 40 on b1, lower number first; columns a–e, row 1 on the bank),
``done``, ``discard:12+40``, ``kill:b2``, ``hire:thief`` / ``hire:thief/cowboy``,
``move:b2b3``, ``stop``, ``swap:12>1`` / ``swap:no`` (seat index), ``steal:1b3``.
"""

from tabletop.games.moonriver.game import MoonRiverGame

GAME = MoonRiverGame()

__all__ = ["GAME", "MoonRiverGame"]
