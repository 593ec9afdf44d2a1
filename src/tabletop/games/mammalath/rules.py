"""The end-of-game test of section 3.3 (R8) on cell masks, shared by the state and the evaluator.

>>> from tabletop.games.mammalath.board import CELL_OF_NAME as at
>>> own = (1 << at["A1"]) | (1 << at["B1"]) | (1 << at["C1"])
>>> placement_verdict(own, 0, at["C1"])  # three clean tokens in a row: a win
(1, 0)
>>> placement_verdict(own, 1 << at["C1"], at["C1"])  # an animal still on C1: a loss
(-1, 0)
"""

from __future__ import annotations

from tabletop.games.mammalath.board import TRIPLE_MASKS, TRIPLES_THROUGH

Verdict = int
LOSS: Verdict = -1
"""R8: a triple of the placer's tokens holds at least one animal."""
NO_VERDICT: Verdict = 0
WIN: Verdict = 1
"""R8: a triple of the placer's tokens holds no animal (and no other triple of theirs holds one)."""
DRAW: Verdict = 2
"""R10: the placer's 18th token made no line (a game result, never returned by `placement_verdict`)."""
NO_TRIPLE = -1


def placement_verdict(own: int, animals: int, cell: int) -> tuple[Verdict, int]:
    """R8 for the player whose tokens are `own` after they placed on `cell`: the verdict and its triple.

    Only triples through `cell` are looked at: every earlier placement was checked the same
    way and any triple then complete would have ended the game, and releases never add a
    token (R9). A loss beats a win (Q6), so the first dirty triple decides; else the first
    clean one.
    """
    clean = NO_TRIPLE
    for triple in TRIPLES_THROUGH[cell]:
        mask = TRIPLE_MASKS[triple]
        if own & mask == mask:
            if animals & mask:
                return LOSS, triple
            if clean == NO_TRIPLE:
                clean = triple
    return (NO_VERDICT, NO_TRIPLE) if clean == NO_TRIPLE else (WIN, clean)


def complete_triples(own: int) -> list[int]:
    """Every triple lying entirely in `own` (used to reject hand-made positions that R8 would have ended)."""
    return [triple for triple, mask in enumerate(TRIPLE_MASKS) if own & mask == mask]
