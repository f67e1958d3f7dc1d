"""Expanders (``expander/*``): which node group's option a scale-up takes.

Each expander filters the options down to the equally good ones; a chain
(``priority,least-waste``) applies them in turn and stops as soon as one option is left
(``factory/chain.go``). Upstream breaks what ties remain at random; kubeloop takes the
first by group name, so a scenario gives the same answer every time. The ``random``
expander draws from a generator seeded by the settings (deterministic, but not by name).

- ``least-waste`` (the default since CA 1.33; ``random`` before): the smallest
  ``(cpu capacity × n − Σ pod cpu) / (cpu capacity × n) + (same for memory)``, from the
  template's *capacity* (``waste.go``).
- ``most-pods``: the options that schedule the most pods.
- ``least-nodes``: the options that need the fewest nodes.
- ``priority``: the options whose group name matches (a regex search) the highest priority;
  groups matching no priority are dropped, and if none matches, every option stays.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from kubeloop.cluster.pods import PodRecord


@dataclass(frozen=True)
class Option:
    """Grow ``group`` by ``node_count`` nodes for ``pods``."""

    group: str
    node_count: int
    pods: tuple[PodRecord, ...]
    capacity: tuple[int, int]
    """The template's (cpu millicores, memory bytes) capacity."""


Filter = Callable[[list[Option]], list[Option]]


def least_waste(options: list[Option]) -> list[Option]:
    best: list[Option] = []
    lowest = 0.0
    for option in options:
        cpu = sum(p.template.cpu for p in option.pods)
        memory = sum(p.template.memory for p in option.pods)
        avail_cpu = option.capacity[0] * option.node_count
        avail_memory = option.capacity[1] * option.node_count
        score = (avail_cpu - cpu) / avail_cpu + (avail_memory - memory) / avail_memory
        if best and score == lowest:
            best.append(option)
        elif not best or score < lowest:
            lowest, best = score, [option]
    return best


def most_pods(options: list[Option]) -> list[Option]:
    most = max((len(o.pods) for o in options), default=0)
    return [o for o in options if len(o.pods) == most]


def least_nodes(options: list[Option]) -> list[Option]:
    usable = [o for o in options if o.node_count > 0]
    fewest = min((o.node_count for o in usable), default=0)
    return [o for o in usable if o.node_count == fewest]


def by_priority(priorities: Mapping[int, Sequence[str]]) -> Filter:
    compiled = [(p, [re.compile(pattern) for pattern in ps]) for p, ps in priorities.items()]

    def choose(options: list[Option]) -> list[Option]:
        best: list[Option] = []
        highest = -1
        for option in options:
            matching = [
                p for p, patterns in compiled if any(r.search(option.group) for r in patterns)
            ]
            if not matching:
                continue
            priority = max(matching)
            if priority > highest:
                highest, best = priority, [option]
            elif priority == highest:
                best.append(option)
        return best or options

    return choose


def choose(
    options: list[Option],
    chain: Sequence[str],
    priorities: Mapping[int, Sequence[str]],
    rng: random.Random,
) -> Option:
    """The option the chain of expanders picks (``options`` sorted by group name)."""
    filters: dict[str, Filter] = {
        "least-waste": least_waste,
        "most-pods": most_pods,
        "least-nodes": least_nodes,
        "priority": by_priority(priorities),
    }
    remaining = sorted(options, key=lambda o: o.group)
    for name in chain:
        if name == "random":
            return remaining[rng.randrange(len(remaining))]
        remaining = filters[name](remaining) or remaining
        if len(remaining) == 1:
            return remaining[0]
    return remaining[0]
