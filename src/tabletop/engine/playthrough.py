"""Golden playthroughs: a text transcript of one seeded game, step by step.

A transcript shows every step's legal action ids and the one taken, and the spectator's
drawing whenever a new seat takes over (so a multi-step turn, like a Yatzy turn of toggles and
rolls, draws the board once and the files stay readable). Players read as "Player n", as
in `str(state)`. Saved transcripts are diffed in the
tests so that any change of rules, notation or drawing shows up
(`scripts/regenerate_golden.py` rewrites them).
"""

from __future__ import annotations

from dataclasses import replace

from tabletop.engine.game import Game
from tabletop.engine.options import Options
from tabletop.engine.people import People
from tabletop.engine.rng import Rng
from tabletop.engine.state import State

GOLDEN_SEED = 2026


def transcript(game: Game, players: int, options: Options | None, seed: int) -> str:
    """The transcript of a game whose moves are drawn uniformly by an Rng seeded with `seed`."""
    state = game.new_state(players, options, seed)
    chooser = Rng(seed ^ 0x5EED)
    resolved = game.resolve_options(options)
    lines = [f"game {game.id}, {players} players, options {resolved}, seed {seed}", ""]
    previous_seat = None
    for step in range(game.max_length(players, options)):
        if state.is_over():
            break
        seat = state.current_players()[0]
        actions = state.legal_actions(seat)
        action = chooser.choice(actions)
        if seat != previous_seat:
            lines += [f"## step {step}: seat {seat}'s turn", str(state)]
        previous_seat = seat
        lines.append(f"to act: {list(state.current_players())}; legal: " + " ".join(a.id for a in actions))
        lines.append(f"seat {seat} plays {action.id!r}: {_read(state, action.label)}")
        state.apply(seat, action.id)
    outcome = state.outcome()
    shown = None if outcome is None else replace(outcome, reason=_read(state, outcome.reason))
    lines += ["## end", str(state), f"outcome: {shown}", ""]
    return "\n".join(lines)


def _read(state: State, text: str) -> str:
    """A game's text as `str(state)` shows it: players as "Player n", with their colours."""
    return People.of_view(state.view(None)).resolve(text)


def golden_players(game: Game) -> int:
    """The player count of a game's main golden playthrough: two where the game allows it."""
    return min(game.max_players, max(game.min_players, 2))


def golden_files(game: Game) -> dict[str, int]:
    """Each golden transcript's file name and its player count: one for every count the game allows.

    The main count keeps the plain `<id>.txt`; every other count is `<id>-<n>p.txt`, so a
    game for 1–6 players has its solo and its full table pinned as well.

    >>> from tabletop import games
    >>> golden_files(games.load("luckynumbers"))
    {'luckynumbers.txt': 2, 'luckynumbers-3p.txt': 3, 'luckynumbers-4p.txt': 4}
    """
    main = golden_players(game)
    files = {f"{game.id}.txt": main}
    for players in range(game.min_players, game.max_players + 1):
        if players != main:
            files[f"{game.id}-{players}p.txt"] = players
    return files
