"""Due times by name (the rollouts' progress deadlines), with the earliest kept: "is anything
due yet?" costs O(1), not O(names)."""

from __future__ import annotations

from math import inf


class Deadlines(dict[str, int]):
    """A dict of due times; set them with ``[]=`` so that ``earliest`` stays a lower bound."""

    def __init__(self) -> None:
        super().__init__()
        self.earliest: float = inf
        """No time here is earlier (removals may leave it lower than the true minimum)."""

    def __setitem__(self, name: str, due: int) -> None:
        super().__setitem__(name, due)
        self.earliest = min(self.earliest, due)

    def due(self, now: int) -> list[str]:
        """The names due by ``now``; scans only when one may be."""
        if self.earliest > now:
            return []
        found = [name for name, due in self.items() if due <= now]
        self.earliest = min(self.values(), default=inf)
        return found
