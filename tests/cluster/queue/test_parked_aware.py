"""``ParkedAware`` answers the flush as a scan of every parked pod would."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from kubeloop import Deployment
from kubeloop.cluster.pods import PodRecord
from kubeloop.cluster.queue.parked_aware import ParkedAware

_TEMPLATE = Deployment("web", cpu="1").template()
_PODS = [PodRecord(f"web-{i}", "web", "web-rs", _TEMPLATE, i, 0) for i in range(8)]

_OPS = st.lists(
    st.one_of(
        st.tuples(st.just("wait"), st.sampled_from([0, 1, 5, 10])),
        st.tuples(st.just("park"), st.lists(st.integers(0, 7), unique=True, max_size=4)),
        st.tuples(st.just("pop"), st.integers(0, 7)),
        st.tuples(st.just("due"), st.sampled_from([0, 1, 5, 10])),
        st.tuples(st.just("all"), st.just(0)),
    ),
    max_size=60,
)


@pytest.mark.slow
@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(_OPS)
@example([("park", [0]), ("pop", 0), ("wait", 5), ("park", [0]), ("due", 5)])  # parked anew
def test_the_due_pods_are_those_a_scan_of_every_parked_pod_finds(
    ops: list[tuple[str, object]],
) -> None:
    parked = ParkedAware()
    model: dict[str, int] = {}  # name → parked at, as the scan over every pod kept it
    now = 0
    for op, arg in ops:
        if op == "wait":
            assert isinstance(arg, int)
            now += arg
        elif op == "park":  # only pods not parked now, as the queue parks pods it tried
            assert isinstance(arg, list)
            pods = [_PODS[i] for i in arg if _PODS[i].name not in model]
            if pods:
                parked.park(pods, now)
                model.update((pod.name, now) for pod in pods)
        elif op == "pop":
            assert isinstance(arg, int)
            name = _PODS[arg].name
            assert (parked.pop(name) is not None) == (model.pop(name, None) is not None)
        elif op == "due":
            assert isinstance(arg, int)
            due = [name for name, at in model.items() if now - at >= arg]
            got = [pod.name for pod in parked.take_due(now, arg)]
            assert sorted(got) == sorted(due) and len(got) == len(due)
            for name in due:
                del model[name]
        else:
            assert list(parked.take_all()) == list(model)
            model.clear()
        assert [pod.name for pod in parked.values()] == list(model) and len(parked) == len(model)
