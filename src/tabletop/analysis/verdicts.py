"""How a move is judged from the value it lost: best, good, inaccuracy, mistake, blunder.

Two kinds of value, two scales (docs/analysis.md gives the reasons):

- `win`: the mover's chance of winning, from 0 to 1 (a shared first place counts as half a
  win between two, as MCTS's rank rewards do). The thresholds are in points of
  probability lost: under 5 good, under 10 an inaccuracy, under 20 a mistake, else a
  blunder — a blunder is a fifth of the game thrown away in one move.
- `score`: the mover's expected final score (solo games, and score games valued by an
  exact solver). The loss is taken relative to the expected score before the move, so the
  same scale serves Yatzy's 250 points and Number Drop's 35: under 1% good, under 3% an
  inaccuracy, under 6% a mistake, else a blunder (at least half a point, whatever the
  scale, before a loss counts at all).

- `margin`: the mover's final lead under perfect play (an exact solver of a two-player
  game, such as Kalah's). A move that changes the result perfect play reaches (a win to a
  draw or a loss, a draw to a loss) is a blunder; otherwise the seeds or points lost: under
  2 good, under 4 an inaccuracy, under 8 a mistake, else a blunder.

The analyst's own preferred move is always `best`, and so is any move that loses nothing.
"""

from __future__ import annotations

from enum import StrEnum


class Verdict(StrEnum):
    """A move's class, from the mover's side."""

    BEST = "best"
    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


WIN_THRESHOLDS = ((0.05, Verdict.GOOD), (0.10, Verdict.INACCURACY), (0.20, Verdict.MISTAKE))
"""Probability lost below each bound gets that verdict; more is a blunder."""

SCORE_THRESHOLDS = ((0.01, Verdict.GOOD), (0.03, Verdict.INACCURACY), (0.06, Verdict.MISTAKE))
"""Share of the expected score lost below each bound gets that verdict; more is a blunder."""

MARGIN_THRESHOLDS = ((2.0, Verdict.GOOD), (4.0, Verdict.INACCURACY), (8.0, Verdict.MISTAKE))
"""Points of final margin lost below each bound get that verdict (when the result holds)."""

SCORE_NOISE_POINTS = 0.5
"""A loss of less than half a point of expected score is no loss."""


def verdict(kind: str, loss: float, value_before: float, *, is_best: bool) -> Verdict:
    """The verdict on a move that lost `loss` from `value_before`, in a value of `kind`.

    >>> verdict("win", 0.12, 0.6, is_best=False)
    <Verdict.MISTAKE: 'mistake'>
    >>> verdict("score", 2.0, 250.0, is_best=False)
    <Verdict.GOOD: 'good'>
    >>> verdict("score", 30.0, 250.0, is_best=False)
    <Verdict.BLUNDER: 'blunder'>
    >>> verdict("margin", 3.0, 8.0, is_best=False), verdict("margin", 1.0, 1.0, is_best=False)
    (<Verdict.INACCURACY: 'inaccuracy'>, <Verdict.BLUNDER: 'blunder'>)
    """
    if is_best or loss <= 0:
        return Verdict.BEST
    if kind == "win":
        return _by_thresholds(loss, WIN_THRESHOLDS)
    if kind == "score":
        if loss < SCORE_NOISE_POINTS:
            return Verdict.GOOD
        return _by_thresholds(loss / max(abs(value_before), 1.0), SCORE_THRESHOLDS)
    if kind == "margin":
        if _result(value_before - loss) < _result(value_before):
            return Verdict.BLUNDER
        return _by_thresholds(loss, MARGIN_THRESHOLDS)
    raise ValueError(f"a value is of kind 'win', 'score' or 'margin'; got {kind!r}")


def _result(margin: float) -> int:
    """1 for a win, 0 for a draw, -1 for a loss."""
    return (margin > 0) - (margin < 0)


def _by_thresholds(amount: float, thresholds: tuple[tuple[float, Verdict], ...]) -> Verdict:
    for bound, judged in thresholds:
        if amount < bound:
            return judged
    return Verdict.BLUNDER
