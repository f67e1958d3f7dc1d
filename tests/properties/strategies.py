"""Hypothesis strategies for the cluster state machine: nodes, templates, taints, budgets."""

from __future__ import annotations

from hypothesis import strategies as st

from tests.properties.oracles import GI, MI, NodeModel, Resources, TaintModel, TolerationModel

NODE_NAMES = [f"node-{i}" for i in range(1, 6)]
DEPLOYMENTS = ["api", "web"]
GHOST = "ghost"
"""A name that never exists: operations on it must be rejected and change nothing."""

TOLERATIONS: dict[str, tuple[TolerationModel, ...]] = {
    "api": (
        TolerationModel("maintenance", "Exists", "", "NoExecute"),
        TolerationModel("dedicated", "Equal", "batch", "NoSchedule"),
    ),
    "web": (),
}
"""What each deployment's pods tolerate (fixed, so the oracle knows it)."""

FITTING = [
    Resources(500, 256 * MI),
    Resources(250, 128 * MI),
    Resources(1000, 512 * MI),
    Resources(100, 1 * GI),
]
UNPLACEABLE = Resources(16000, 256 * MI)
"""More cpu than any node has: its pods must stay Pending."""

pod_requests = st.sampled_from([*FITTING, *FITTING, *FITTING, UNPLACEABLE])

node_models = st.builds(
    NodeModel,
    cpu=st.sampled_from([1000, 2000, 4000, 4000, 8000]),
    memory=st.sampled_from([1 * GI, 2 * GI, 8 * GI, 8 * GI]),
    pods=st.sampled_from([3, 110, 110]),
)

taints = st.builds(
    TaintModel,
    key=st.sampled_from(["maintenance", "dedicated"]),
    value=st.sampled_from(["true", "batch"]),
    effect=st.sampled_from(["NoSchedule", "NoExecute", "PreferNoSchedule"]),
)

budgets = st.sampled_from([0, 1, 2, 3, "0%", "10%", "25%", "33%", "50%", "100%"])
"""maxSurge / maxUnavailable values apps/v1 accepts (both literally 0 is refused)."""

invalid_budgets = st.sampled_from([-1, "x%", "25", "1.5%"])
"""Values apps/v1 refuses for either field ("150%" is refused for maxUnavailable only)."""

rollout_budgets = st.none() | budgets
"""What ``rolling_update`` is given: a budget, or None (keep the spec's)."""

replicas = st.integers(0, 6)
