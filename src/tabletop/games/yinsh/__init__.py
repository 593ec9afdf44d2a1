"""YINSH (Kris Burm, GIPF project, 2003): standard and Blitz, as docs/rules/yinsh.md states them.

Decisions where the rules leave a choice (section 6 of the rules page; Board Game Arena's
way where it is known):

- Seat 0 plays White and starts (YI-S1, Q3): the platform's seat draw decides who is White.
- Blitz is a table option (``variant=blitz``): the first ring removed wins (YI-R10, Q4).
  Random setup is not offered: it is not part of the official rules nor of BGA's.
- A player none of whose rings can move plays the action ``pass`` (a button; no marker is
  placed) and the opponent moves again; if neither can move the game ends and rings
  removed decide (YI-R12, Q2).
- The marker pool is checked once the whole turn is resolved, the opponent's rows included
  (YI-R11, Q1, Q5).
- A row is chosen by clicking its two end points, low end first (the end nearer column A,
  or nearer number 1 in a column): ``row:E2E6``. Two rows of one colour never share both
  ends, so the click sequence is unambiguous, and after the first click the browser
  highlights the ends that complete a row from it (Q6). The ring that pays for the row is
  a separate decision, ``remove:F6``, a click on the ring; several rows alternate row,
  ring, row, ring (YI-R7), the mover's first (YI-R8).
- ``undo`` is offered after the first decision of a turn, a turn being a seat's run of
  consecutive decisions (a ring move and the rows it made; or the rows the opponent's move
  made for you, then your move and its rows), and restores the start of that turn.
  Three undos per turn (`state.UNDO_LIMIT`): enough for any change of mind, and it keeps a
  game's length bounded (`max_length`) even when random bots play.
- Markers are named by their point (``marker-f6``): a marker never moves and keeps its id
  while it flips.

Notation (section 8): a placement is the point (``F6``); a ring move is from and to
(``F6F9``: the marker goes in the ring on F6, the ring moves to F9); a row is ``row:`` and
its two ends, low end first (``row:E2E6``); a ring paying for a row is ``remove:`` and its
point (``remove:F6``); then ``pass`` and ``undo``. Ids are case-sensitive.

Modules: `board` (the 85-point board, its lines and five-point windows as bitmasks, the
pieces and the notation), `rules` (ring moves, rows and position checks on bitmasks),
`state` (the position, the order of a turn, views and JSON, `from_position`), `turn` (the
phases, the last move and the undo snapshots, with their written form), `drawing` (SVG and
text), `evaluator` (a heuristic for MCTS) and `game` (the declarations).
"""

from tabletop.games.yinsh.game import YinshGame

GAME = YinshGame()

__all__ = ["GAME", "YinshGame"]
