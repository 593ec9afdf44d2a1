"""Confidence intervals for match tables: a win rate (Wilson) and a mean score (normal)."""

from __future__ import annotations

import math
from collections.abc import Sequence

Z_95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""


def wilson_interval(successes: int, trials: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of a proportion: unlike p ± z·se it stays in [0, 1] and works near 0 and 1.

    >>> [round(bound, 4) for bound in wilson_interval(5, 10)]
    [0.2366, 0.7634]
    >>> [round(bound, 4) for bound in wilson_interval(0, 10)]
    [0.0, 0.2775]
    """
    if trials <= 0:
        return (0.0, 1.0)
    rate = successes / trials
    spread = z * z / trials
    centre = (rate + spread / 2) / (1 + spread)
    half = z * math.sqrt(rate * (1 - rate) / trials + spread / (4 * trials)) / (1 + spread)
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(values: Sequence[float], z: float = Z_95) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval (normal approximation; 0 for fewer than 2 values).

    >>> mean, half = mean_interval([1, 2, 3, 4, 5])
    >>> mean, round(half, 4)
    (3.0, 1.3859)
    """
    count = len(values)
    if count == 0:
        return (math.nan, 0.0)
    mean = sum(values) / count
    if count < 2:
        return (mean, 0.0)
    variance = sum((value - mean) ** 2 for value in values) / (count - 1)
    return (mean, z * math.sqrt(variance / count))
