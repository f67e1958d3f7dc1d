"""Each of explore's rules, judged on small hand-made worlds: one that keeps it, one that
breaks it."""

from __future__ import annotations

from kubeloop.harness.explore.invariants import (
    Known,
    Moment,
    a_failed_node_is_not_ready,
    a_rejected_operation_changes_nothing,
    counters_never_decrease,
    drains_keep_disruption_budgets,
    no_alert_fires_before_its_for,
    no_node_is_overcommitted,
    node_groups_stay_within_bounds,
    nothing_new_lands_where_it_may_not,
    nothing_unverified_runs,
    one_rollback_per_firing,
    preemption_only_by_higher_priority,
    promotion_never_changes_a_digest,
    rollouts_stay_within_budget,
)
from kubeloop.harness.explore.observe import NodeSeen, Observed, PodSeen


def pod(name: str, node: str | None = "n1", ready: bool = True, priority: int = 0) -> PodSeen:
    return PodSeen(name, "web", node, "Running", "v1", ready, 1.0, 1.0, priority)


NODES = {"n1": NodeSeen("n1", True, False, 2.0, 8.0), "n2": NodeSeen("n2", True, False, 2.0, 8.0)}


def world(*pods: PodSeen, **parts: object) -> Observed:
    return Observed(pods, dict(NODES), {"web": len(pods)}, **parts)  # type: ignore[arg-type]


def moment(before: Observed, after: Observed, text: str = "", **kwargs: object) -> Moment:
    passes = kwargs.pop("passes", ())
    return Moment(text, before, after, bool(kwargs.pop("rejected", False)), passes)  # type: ignore[arg-type]


def test_overcommit() -> None:
    ok = moment(world(), world(pod("a"), pod("b")))
    assert no_node_is_overcommitted(ok, Known()) is None
    broken = no_node_is_overcommitted(moment(world(), world(pod("a"), pod("b"), pod("c"))), Known())
    assert broken is not None and "n1 has 2 cpu" in broken.detail


def test_new_pods_keep_off_failed_and_cordoned_nodes() -> None:
    new = moment(world(pod("a")), world(pod("a"), pod("b", node="n2")))
    assert nothing_new_lands_where_it_may_not(new, Known()) is None
    assert nothing_new_lands_where_it_may_not(new, Known(failed={"n2"})) is not None
    assert nothing_new_lands_where_it_may_not(new, Known(cordoned={"n2"})) is not None
    realistic = Known(failed={"n2"}, realistic=True)
    assert nothing_new_lands_where_it_may_not(new, realistic) is None  # not NotReady yet
    realistic.down.add("n2")
    assert nothing_new_lands_where_it_may_not(new, realistic) is not None
    old = moment(world(pod("b", node="n2")), world(pod("b", node="n2")))
    assert nothing_new_lands_where_it_may_not(old, Known(failed={"n2"})) is None


def test_a_failed_node_shows_not_ready() -> None:
    down = dict(NODES, n1=NodeSeen("n1", False, False, 2.0, 8.0))
    assert a_failed_node_is_not_ready(moment(world(), world(), "n1 fails"), Known()) is not None
    shown = Observed((), down, {})
    assert a_failed_node_is_not_ready(moment(world(), shown, "n1 fails"), Known()) is None
    realistic = Known(realistic=True)
    assert a_failed_node_is_not_ready(moment(world(), world(), "n1 fails"), realistic) is None


def test_a_refusal_changes_nothing() -> None:
    same = moment(world(pod("a")), world(pod("a")), "I scale web to 9", rejected=True)
    assert a_rejected_operation_changes_nothing(same, Known()) is None
    changed = moment(world(pod("a")), world(pod("a"), pod("b")), "I scale web to 9", rejected=True)
    assert a_rejected_operation_changes_nothing(changed, Known()) is not None
    accepted = moment(world(pod("a")), world(pod("a"), pod("b")), "I scale web to 2")
    assert a_rejected_operation_changes_nothing(accepted, Known()) is None


def test_rollouts_are_judged_on_every_pass() -> None:
    text = "I roll out version v2 of web with maxSurge 1 and maxUnavailable 0"
    before = world(pod("a"), pod("b"))
    fine = (pod("a"), pod("b"), pod("c", ready=False))
    assert (
        rollouts_stay_within_budget(moment(before, before, text, passes=(fine,)), Known()) is None
    )
    surge = (pod("a"), pod("b"), pod("c"), pod("d"))
    broke = rollouts_stay_within_budget(moment(before, before, text, passes=(fine, surge)), Known())
    assert broke is not None and "pass 2" in broke.detail
    unready = (pod("a"), pod("b", ready=False))
    assert rollouts_stay_within_budget(moment(before, before, text, passes=(unready,)), Known())


def test_drains_keep_budgets() -> None:
    before = world(budgets={"pdb": (3, 2)})
    kept, broken = world(budgets={"pdb": (2, 2)}), world(budgets={"pdb": (1, 2)})
    assert drains_keep_disruption_budgets(moment(before, kept, "I drain n1"), Known()) is None
    assert drains_keep_disruption_budgets(moment(before, broken, "I drain n1"), Known())
    assert drains_keep_disruption_budgets(moment(before, broken, "n1 fails"), Known()) is None


def test_preemption_needs_a_higher_priority() -> None:
    before = world(pod("low", priority=1), pod("high", node=None, priority=9))
    after = world(pod("high", priority=9), preemptions=(("high", "low"),))
    assert preemption_only_by_higher_priority(moment(before, after), Known()) is None
    same = world(pod("peer", node=None, priority=1), pod("low", priority=1))
    later = world(pod("peer", priority=1), preemptions=(("peer", "low"),))
    assert preemption_only_by_higher_priority(moment(same, later), Known()) is not None


def test_node_groups_stay_within_bounds() -> None:
    inside, outside = world(groups={"g": (1, 3, 3, 3)}), world(groups={"g": (1, 3, 4, 4)})
    assert node_groups_stay_within_bounds(moment(world(), inside), Known()) is None
    assert node_groups_stay_within_bounds(moment(world(), outside), Known()) is not None


def test_environments_run_what_was_promoted_and_verified() -> None:
    known = Known(digests={"D1": "sha256:1", "D2": "sha256:2"}, verified={"sha256:1": True})
    before = world(running={"dev": None})
    promoted = world(running={"dev": "sha256:1"})
    assert (
        promotion_never_changes_a_digest(moment(before, promoted, "I promote D1 to dev"), known)
        is None
    )
    rebuilt = world(running={"dev": "sha256:9"})
    assert promotion_never_changes_a_digest(moment(before, rebuilt, "I promote D1 to dev"), known)
    assert nothing_unverified_runs(moment(before, promoted), known) is None
    unverified = world(running={"dev": "sha256:2"})
    found = nothing_unverified_runs(moment(before, unverified), known)
    assert found is not None and "D2" in found.detail


def test_alerts_wait_out_their_for() -> None:
    known = Known(holds={"A": 300})
    waited = world(alerts={"A": ((60, "pending"), (360, "firing"))})
    assert no_alert_fires_before_its_for(moment(world(), waited), known) is None
    early = world(alerts={"A": ((60, "pending"), (120, "firing"))})
    assert no_alert_fires_before_its_for(moment(world(), early), known) is not None
    direct = world(alerts={"A": ((60, "firing"),)})
    assert no_alert_fires_before_its_for(moment(world(), direct), known) is not None
    assert no_alert_fires_before_its_for(moment(world(), direct), Known(holds={"A": 0})) is None


def test_no_pod_runs_an_unverified_digest() -> None:
    known = Known(digests={"D1": "sha256:1", "D2": "sha256:2"}, verified={"sha256:1": True})
    verified = PodSeen("a", "web", "n1", "Running", "v1", True, 1.0, 1.0, 0, "sha256:1")
    unverified = PodSeen("b", "web", "n1", "Running", "v2", True, 1.0, 1.0, 0, "sha256:2")
    assert nothing_unverified_runs(moment(world(), world(verified)), known) is None
    found = nothing_unverified_runs(moment(world(), world(verified, unverified)), known)
    assert found is not None and found.thens == ("no pod of web runs D2",)


def test_counters_only_go_up() -> None:
    up = moment(world(counters={"c": 1.0}), world(counters={"c": 5.0}))
    assert counters_never_decrease(up, Known()) is None
    down = moment(world(counters={"c": 5.0}), world(counters={"c": 1.0}))
    assert counters_never_decrease(down, Known()) is not None


def test_rollbacks_are_asked_for_or_paged_once() -> None:
    back = ("sha256:1", "rollback")
    none, one, two = (world(history={"prod": (back,) * n}) for n in (0, 1, 2))
    page = world(history={"prod": (back,)}, alerts={"A": ((60, "firing"),)})
    assert one_rollback_per_firing(moment(none, one, "I roll back prod"), Known()) is None
    assert one_rollback_per_firing(moment(none, page, "5 minutes pass"), Known()) is None
    assert one_rollback_per_firing(moment(none, one, "5 minutes pass"), Known()) is not None
    assert one_rollback_per_firing(moment(none, two, "I roll back prod"), Known()) is not None
