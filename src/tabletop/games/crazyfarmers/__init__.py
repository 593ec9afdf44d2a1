"""Crazy Farmers (Chassaing and de Cagny, 2020) for 2–4 players, as in docs/rules/crazyfarmers.md.

Rule set: Board Game Arena's, whose engine is open source (R1–R66 of the rules page): the
37-plot farm, tractors driving from crossroad to crossroad, fences laid outside the own
field, annexation on the way back, cuts, barns and the ten bonus cards, the goals of the
three modes (table option `mode`) and the optional Game Over card (`game_over_card`).
Bonus cards are chance and hidden information: each hand is seen by its owner only, the
draw pile by nobody (`determinize` deals both again from the unseen cards).

Decisions where the rules are silent (section 4 of the rules page):
- BGA wherever it differs from the printed rules (expert 2-player goal 31, no starting
  card, Nitro when powerless, at most 8 bales, fences unlimited).
- Protection (R31) covers the tractor and the next two crossroads towards the start.
- Helicopter never lands on a tractor nor where it stands; Rut targets farmers still in the
  game; a second High Voltage or Watchdog in effect adds nothing.
- First crossroad: a corner holding a tractor is refused, one on a fence allowed (no cut).
- High Voltage does not stop R30 (an annexation taking the plot at a fence's start).
- A main field counts only own plots; a repetition (R65) is a draw for all still playing.
- Ours: the game ends after 40 rounds (ranked by R63), so every game has a known end; when
  "end" is the only legal action the turn ends by itself; 2 Hay Bales and the 8-bale cap
  are steps (the card, each bale taken away, each bale laid); no undo within a turn.

Notation: a plot `q,r`, a crossroad `q,r,L`/`q,r,R`, a path `q,r,N`/`NW`/`NE` (axial
coordinates, section 2 of the rules page). A move or the first crossroad is the crossroad
reached (`0,-1,R`); `end`; cards `nitro1`, `nitro2`, `voltage`, `watchdog`, `bale1`,
`bale2`, `rut 1` (a seat), `helicopter 1,-2,L`, `bribe -1,1`, `dynamite 0,0,N`; the bale
steps `lift 0,0,N` and `bale 0,0,N`; `discard nitro1`. The clicks are the crossroad
("x:0,-1,R"), the card ("card:rut") then its target ("seat:1", "x:…", "p:…", "b:…"), or a
path ("e:…").

Modules: `board` (plots, crossroads, paths and names), `rules` (pure functions: the deck,
fields, annexation, bales, bribes), `farm` (the position, moves, fences, annexing), `cards`
(the bonus cards played), `state` (the engine's contract: actions, views, storage), `game`
(declarations and options), `drawing` (SVG and text), `evaluator` (the bots' heuristic).
"""

from tabletop.games.crazyfarmers.game import CrazyFarmersGame

GAME = CrazyFarmersGame()

__all__ = ["GAME", "CrazyFarmersGame"]
