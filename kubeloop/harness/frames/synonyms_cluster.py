"""The words people use for the cluster's catalog words: machines, copies, placement.
Each key is a word or words a catalog phrase uses; its values are what people say for it
(any tense or number: the lexicon reads every word by its stem)."""

from __future__ import annotations

SYNONYMS: dict[str, tuple[str, ...]] = {
    "node": ("server", "machine", "host", "box", "worker", "worker node", "vm", "instance node"),
    "pod": ("container",),
    "replica": ("copy", "instance"),
    "deployment": ("workload", "app", "application"),
    "schedule": ("place", "put", "land", "assign", "bind"),
    "pending": ("unscheduled", "waiting", "stuck", "not placed"),
    "evict": ("kick off", "kick out", "throw off", "move off"),
    "drain": ("empty out", "clear out"),
    "cordon": ("mark unschedulable",),
    "scale": ("resize", "grow", "shrink"),
    "roll out": ("rollout", "ship", "push out"),
    "cpu": ("cores", "core", "vcpu", "vcpus", "processor"),
    "memory": ("ram", "mem"),
    "spread": ("distribute", "balance", "fan out"),
    "autoscaler": ("hpa", "horizontal pod autoscaler"),
    "zone": ("availability zone", "az"),
    "taint": ("repel",),
    "NotReady": ("not ready", "unready"),
}
