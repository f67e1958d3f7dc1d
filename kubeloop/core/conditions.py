"""Status conditions, as ``kubectl describe`` shows them, and the one rule for changing them.

The rule follows apimachinery's ``SetStatusCondition`` (and the deployment and HPA
controllers' own setters): a condition whose status, reason and message are unchanged is
left alone; ``last_transition`` moves only when the status flips; ``last_update`` records
the last time anything about it changed, or progress was reported (``touched``).
"""

from __future__ import annotations

from collections.abc import MutableMapping
from dataclasses import dataclass, replace


@dataclass(frozen=True, slots=True)
class Condition:
    type: str
    status: str
    reason: str
    message: str
    last_update: int = 0
    last_transition: int = 0


def set_condition(
    conditions: MutableMapping[str, Condition],
    type_: str,
    status: str,
    reason: str,
    message: str,
    now: int,
) -> bool:
    """Set a condition in place of the old one; False when nothing changed."""
    old = conditions.get(type_)
    if old is not None and (old.status, old.reason, old.message) == (status, reason, message):
        return False
    transition = now if old is None or old.status != status else old.last_transition
    conditions[type_] = Condition(type_, status, reason, message, now, transition)
    return True


def touched(condition: Condition, now: int) -> Condition:
    """The same condition, reporting progress at ``now``."""
    return replace(condition, last_update=now)
