"""Hypothesis strategies shared by the property tests: clusters and operation sequences."""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import strategies as st

NODE_NAMES = [f"node-{i}" for i in range(1, 6)]
DEPLOYMENTS = ["api", "web"]


@dataclass(frozen=True)
class Op:
    kind: str
    target: str = ""
    number: int = 0
    surge: int | str = 1
    unavailable: int | str = 0

    def __str__(self) -> str:
        return f"{self.kind}({self.target}, {self.number}, {self.surge}, {self.unavailable})"


budgets = st.sampled_from([0, 1, 2, "25%", "50%", "0%"])

operations = st.one_of(
    st.builds(Op, st.just("apply"), st.sampled_from(DEPLOYMENTS), st.integers(0, 8)),
    st.builds(Op, st.just("scale"), st.sampled_from([*DEPLOYMENTS, "ghost"]), st.integers(-1, 10)),
    st.builds(Op, st.just("delete_pod"), st.sampled_from(DEPLOYMENTS), st.integers(0, 12)),
    st.builds(Op, st.just("fail"), st.sampled_from(NODE_NAMES)),
    st.builds(Op, st.just("recover"), st.sampled_from(NODE_NAMES)),
    st.builds(Op, st.just("cordon"), st.sampled_from(NODE_NAMES)),
    st.builds(Op, st.just("uncordon"), st.sampled_from(NODE_NAMES)),
    st.builds(Op, st.just("add_node"), st.sampled_from(NODE_NAMES), st.integers(1, 4)),
    st.builds(
        Op, st.just("rollout"), st.sampled_from(DEPLOYMENTS), st.integers(2, 5), budgets, budgets
    ),
    st.builds(Op, st.just("rollback"), st.sampled_from(DEPLOYMENTS)),
    st.builds(Op, st.just("taint"), st.sampled_from(NODE_NAMES)),
    st.builds(Op, st.just("untaint"), st.sampled_from(NODE_NAMES)),
    st.builds(Op, st.just("reconcile")),
)

clusters = st.lists(st.integers(1, 4), min_size=1, max_size=3)
"""Initial node sizes in cores; nodes are node-1, node-2, … in order."""
