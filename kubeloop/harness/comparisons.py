"""Comparisons as people write them ("fewer than", "at least") and what they mean."""

from __future__ import annotations

COMPARISONS = {
    "fewer than": "<",
    "less than": "<",
    "below": "<",
    "under": "<",
    "more than": ">",
    "greater than": ">",
    "higher than": ">",
    "lower than": "<",
    "smaller than": "<",
    "above": ">",
    "over": ">",
    "at least": ">=",
    "at most": "<=",
    "no more than": "<=",
    "not more than": "<=",
    "no fewer than": ">=",
    "no less than": ">=",
    "not less than": ">=",
    "exactly": "==",
    "less than or equal to": "<=",
    "greater than or equal to": ">=",
    "no higher than": "<=",
    "not higher than": "<=",
    "no greater than": "<=",
    "not greater than": "<=",
    "no lower than": ">=",
    "not lower than": ">=",
    "not above": "<=",
    "not over": "<=",
    "not below": ">=",
    "not under": ">=",
}


def compare(value: float, bound: str, limit: float) -> bool:
    """``value`` against ``limit`` with a comparison's canonical operator ("<", ">=", …)."""
    return {
        "<": value < limit,
        ">": value > limit,
        "<=": value <= limit,
        ">=": value >= limit,
        "==": value == limit,
    }[bound]
