"""Yatzy: the roll-and-write dice family — Yahtzee, Yahtzee + Rigole, Yams, Yatzy, Maxi Yatzy.

Rules: docs/rules/yatzy.md (rule numbers Y-S1 …, Y-R1 … are cited in the code and
tests); the options, action ids, box ids and view follow its notation.

Options: `variant` ("yahtzee" Hasbro 13 boxes, "yahtzee14" with Rigole, "yams" BGA
French, "yatzy" Scandinavian, "maxi" six dice) and `joker` ("forced" = Y-R8, "free" =
Y-R8-alt). 1 to 8 players, solo included; seat 0 starts and turns pass in seat order.

Actions of the mover (the first roll of a turn happens by itself, Y-R1):
`roll:<kept>` keeps the dice at the listed positions (0-based, increasing, comma-separated:
`roll:0,3`) and rerolls the others in one action, `roll:` rerolls them all, and
`score:<box>` writes the dice into an empty box. A roll's path is the Roll button and its
selection the kept dice, which the browser toggles locally. Drawing element ids:
`die-<i>`, `roll`, and `cell-<seat>-<box>` with the box id's underscores written as
hyphens (`cell-0-full-house`), because element ids are made of [a-z0-9-].

Decisions where the rules are silent (Q1–Q9 as on the rules page, then ours):
- Q1: `yahtzee` has exactly the 13 Hasbro boxes; Castle and Tower exist only in `maxi`.
- Q2: forced joker by default, active when the Yahtzee box holds 50 or 0 (Hasbro).
- Q3: Rigole (in `yahtzee14` and `yams`) scores 40 + sum. A joker Yahtzee may be put in
  Rigole (it is a lower box) but scores 0 there: the fixed joker scores are only those of
  Full house and the straights.
- Q4: Yams Delta = max(0, Plus − Minus), counted once both are written.
- Q5: Yams straights are tested as in Yahtzee (four in a row, five in a row).
- Q6: Maxi Yatzy upper bonus +100 at 84 or more.
- Q7: Yams Four of a kind = 40 + the sum of all five dice.
- Q8: five equal dice are never a Full house (except through the Yahtzee joker).
- Q9: equal totals share the place.
Other decisions:
- `joker` is accepted for every variant but only changes the Yahtzee family; Yams,
  Yatzy and Maxi Yatzy have no joker and no Yahtzee bonus (as on BGA).
- A roll names kept positions, not kept values: equal dice at different places are
  different actions (2^d - 1 rolls, keeping every die is not one: it would change nothing
  but burn a roll). The browser sends the action for exactly the dice the player picked,
  and a replay shows which dice stayed; a bot picks the lowest positions among equal dice,
  so it loses nothing by the duplicates.
- Each roll chooses its kept dice afresh (Y-R2 allows changing them after any roll); the
  state keeps no "kept" flags, and there is no `undo`: every roll reveals new dice.
- The upper bonus counts as soon as the upper total reaches the threshold (Y-R6 is paid
  once); Yams' bonus (Y-R9) follows the upper total as it grows.
- Maxi Yatzy (Y-R5): at the start of a turn the mover's saved rolls join the 2 rerolls of
  the turn in `rolls_left`; what remains when they score is saved again.
- After the last box is written the final dice stay on the table (nothing is rolled).
- `max_length` is a true bound: 3 actions per box and player (two rerolls and a score;
  Maxi Yatzy's saved rolls are rerolls not spent earlier).

Modules: `board` (the dice, the notation and the drawing's element ids), `scoring` (the
formula of every box, a pure function of the face counts: the score cards would pass 400
lines with it), `rules` (the five score cards, joker placement, bonuses and totals), `state`
(the position, its transitions, views and JSON), `game` (declarations and options),
`drawing` (SVG and text), `evaluator` (the heuristic the search bots use).
"""

from tabletop.games.yatzy.game import YatzyGame
from tabletop.games.yatzy.state import YatzyState

GAME = YatzyGame()

__all__ = ["GAME", "YatzyGame", "YatzyState"]
