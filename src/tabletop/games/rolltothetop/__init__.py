"""Roll to the Top: Journeys (Joustra and van Moorsel, Cwali) for 1–6 players, as docs/rules/rolltothetop.md.

Rule set: the rules as Board Game Arena plays them (R1–R19): the five number dice and
the white action die, simultaneous writing of single dice or sums of groups of dice, dot,
supported and hanging boxes, the pool change of the action die's holder, and the first
players to fill their postcard winning together. The published postcards are only
available as pictures, so the table plays Tabletop's own postcards, each a data file in
`data/` in the schema of §2.2 (`board.load_postcard` checks it): Harbour Lighthouse (12
boxes), Windmill on the Dyke (18, the default), Old Stone Bridge (24) and Market Clock
Tower (30). A transcribed postcard becomes a table choice by dropping its file there.

Decisions where the rules are silent:
- The first active pool is a table option, d6 and d8 by default (Q2); the first holder of
  the action die is drawn at random.
- A box filled earlier in the same turn supports or neighbours a later write (R8, Q3);
  with five dice active the holder removes one even if nobody wrote (Q4).
- Non-winners rank by filled boxes, equal counts share a place (Q5). Alone, the score is
  minus the number of turns (fewer is better; bots maximise scores) (Q6).
- Turn limit: the game also ends after 80 turns, ranked by filled boxes as in R18; alone,
  each box still empty then costs one turn more. Without it, dice could stall a climb
  forever and no game would have a bounded length.
- A turn's writing step is simultaneous: each seat writes one number at a time, may undo
  all its writes of the step (at most 3 times a step), and ends with `confirm`, which is
  always allowed since writing is optional (R2). Nobody sees another seat's writes until
  the last seat confirms (R10); that a seat confirmed is public.
- A die is a physical object: writing the same number with the d6 or with the d8 are two
  different actions, as they leave different dice for the rest of the turn.

Notation:
- `b1=d6+d8`: write the sum of the d6 and the d8 into box b1 (clicked as the dice, smallest
  first, then the box); `a0=d4` writes the d4 alone.
- `undo`, `confirm`: undo this step's writes; end this step's writing.
- `add:d12`, `remove:d6`, `swap:d6:d12` (d6 out, d12 in): the holder's pool change
  (clicked as the die, or the die out then the die in).

Modules: `board` (dice, postcards and their file format, notation), `rules` (legality of
writes, the pool rules, the result), `state` (the position and its transitions), `game`
(declarations and options), `drawing` (SVG and text), `evaluator` (the search bots' heuristic).
"""

from tabletop.games.rolltothetop.game import RollToTheTopGame

GAME = RollToTheTopGame()

__all__ = ["GAME", "RollToTheTopGame"]
