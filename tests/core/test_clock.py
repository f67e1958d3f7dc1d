"""The one logical clock: periodic tasks run aligned, in (order, name) order, settle tasks
also at the start and end of each run; advance runs nothing."""

from __future__ import annotations

import pytest

from kubeloop import Cluster, Deployment, InvalidSpecError
from kubeloop.core import ORDER_EVALUATE, ORDER_RECONCILE, ORDER_SCRAPE, Clock, EventLog
from kubeloop.core.clock import MAX_TASK_RUNS
from tests.conftest import nodes


def recorder(log: list[tuple[int, str]], name: str) -> object:
    return lambda now: log.append((now, name))


def test_tasks_run_aligned_to_their_interval_in_order_then_name() -> None:
    clock, log = Clock(), []
    clock.every(60, recorder(log, "rules"), name="rules", order=ORDER_EVALUATE)
    clock.every(15, recorder(log, "scrape-b"), name="scrape-b", order=ORDER_SCRAPE)
    clock.every(15, recorder(log, "scrape-a"), name="scrape-a", order=ORDER_SCRAPE)
    clock.run_for(60)
    assert log[:3] == [(0, "scrape-a"), (0, "scrape-b"), (0, "rules")]
    assert [t for t, name in log if name == "scrape-a"] == [0, 15, 30, 45, 60]
    assert [t for t, name in log if name == "rules"] == [0, 60]
    assert log[-3:] == [(60, "scrape-a"), (60, "scrape-b"), (60, "rules")]
    assert clock.now == 60


def test_a_task_runs_once_per_instant_across_runs() -> None:
    clock, log = Clock(), []
    clock.every(30, recorder(log, "scrape"), name="scrape", order=ORDER_SCRAPE)
    clock.run_for(30)
    clock.run_for(30)
    assert [t for t, _ in log] == [0, 30, 60]


def test_settle_tasks_also_run_at_the_start_and_the_end() -> None:
    clock, log = Clock(), []
    clock.every(15, recorder(log, "settle"), name="settle", order=ORDER_RECONCILE, settle=True)
    clock.advance(5)
    clock.run_for(20)
    assert [t for t, _ in log] == [5, 15, 25]
    clock.run_for(0)
    assert [t for t, _ in log] == [5, 15, 25, 25]  # something may have changed since


def test_advance_runs_nothing_and_cancel_stops_a_task() -> None:
    clock, log = Clock(), []
    task = clock.every(10, recorder(log, "t"), name="t", order=ORDER_SCRAPE)
    clock.advance(100)
    assert log == []
    task.cancel()
    clock.run_for(100)
    assert log == [] and clock.now == 200


@pytest.mark.parametrize("bad", [-1, 1.5, True, "10"])
def test_time_moves_forward_by_whole_seconds(bad: object) -> None:
    clock = Clock()
    with pytest.raises(InvalidSpecError):
        clock.advance(bad)  # type: ignore[arg-type]
    with pytest.raises(InvalidSpecError):
        clock.run_for(bad)  # type: ignore[arg-type]
    with pytest.raises(InvalidSpecError):
        clock.every(bad, recorder([], "t"), name="t", order=1)  # type: ignore[arg-type]
    assert clock.now == 0 and clock.tasks == ()


def test_a_cluster_on_a_shared_clock_reconciles_as_it_runs() -> None:
    clock = Clock()
    events = EventLog(clock)
    scrapes: list[int] = []
    cluster = Cluster(nodes=nodes(2), clock=clock, events=events)
    cluster.apply(Deployment("web", replicas=2, cpu="500m"))

    def scrape(now: int) -> None:
        scrapes.append(sum(p.phase == "Running" for p in cluster.pods()))

    clock.every(15, scrape, name="scrape", order=ORDER_SCRAPE)
    clock.run_for(30)
    assert scrapes == [2, 2, 2]  # the reconcile at each instant ran before the scrape
    assert cluster.clock == 30
    assert any(e.reason == "Scheduled" for e in events)
    assert list(events) == cluster.events


def test_a_span_past_the_task_run_bound_is_refused_before_anything_runs() -> None:
    clock = Clock()
    ran: list[int] = []
    clock.every(15, ran.append, name="scrape", order=ORDER_SCRAPE)
    with pytest.raises(InvalidSpecError, match=f"more than the {MAX_TASK_RUNS} one step"):
        clock.run_for(15 * MAX_TASK_RUNS)
    assert ran == [] and clock.now == 0
    clock.run_for(15 * (MAX_TASK_RUNS // 1000))
    assert clock.now == 15 * (MAX_TASK_RUNS // 1000)


@pytest.mark.parametrize("seconds", [10**20, 2**63, 10_001 * 365 * 86_400])
def test_the_clock_stops_at_ten_thousand_years(seconds: int) -> None:
    clock = Clock()
    with pytest.raises(InvalidSpecError, match="the clock stops at"):
        clock.run_for(seconds)
    with pytest.raises(InvalidSpecError, match="the clock stops at"):
        clock.advance(seconds)
    assert clock.now == 0
    clock.run_for(9_000 * 365 * 86_400)  # no task: any span within the clock is instant


def quiet_task(clock: Clock, log: list[tuple[int, str]], until: list[int]) -> None:
    """A task every 10 s that says it is quiet until ``until[0]`` and logs what it idles."""
    clock.every(
        10,
        recorder(log, "run"),
        name="quiet",
        order=ORDER_RECONCILE,
        quiet=(lambda now: until[0], lambda count, last: log.append((last, f"idle {count}"))),
    )


def test_a_quiet_task_idles_until_it_may_change_something_and_is_told_what_it_skipped() -> None:
    clock, log, until = Clock(), [], [35]
    quiet_task(clock, log, until)
    clock.run_for(60)
    # quiet until 35: 0 is skipped, 10-30 are not visited (told at 40), 40 on it runs
    assert log == [(0, "idle 1"), (30, "idle 3"), (40, "run"), (50, "run"), (60, "run")]


def test_a_quiet_task_runs_every_instant_when_skipping_is_off() -> None:
    clock, log = Clock(skip_quiet=False), []
    quiet_task(clock, log, [10**9])
    clock.run_for(30)
    assert log == [(0, "run"), (10, "run"), (20, "run"), (30, "run")]


def test_skipped_instants_are_told_once_and_those_advance_passes_are_not() -> None:
    clock, log = Clock(), []
    quiet_task(clock, log, [10**9])
    clock.run_for(25)
    clock.advance(100)
    clock.run_for(20)
    assert log == [(0, "idle 1"), (20, "idle 2"), (140, "idle 2")]


def test_another_task_may_give_a_quiet_task_work_at_once() -> None:
    clock, log, until = Clock(), [], [10**9]
    quiet_task(clock, log, until)

    def wake(now: int) -> None:
        log.append((now, "wake"))
        if now:
            until[0] = now

    clock.every(25, wake, name="waker", order=ORDER_SCRAPE)
    clock.run_for(40)
    assert log == [
        (0, "idle 1"),
        (0, "wake"),
        (20, "idle 2"),  # told before the waker runs at 25
        (25, "wake"),
        (30, "run"),
        (40, "run"),
    ]
