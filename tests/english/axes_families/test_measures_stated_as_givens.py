"""A measurement stated as a Given where the catalog only checks it ("Given checkout's p99
is 180ms", "Given the request rate of checkout is 300 per second"): the phrase that sets it
(kubeloop/harness/axes/stated.py). Each is run and then checked, with a twin check that
must fail; a bound or an estimate is no value to set, so it stays a check."""

from __future__ import annotations

from pathlib import Path

import pytest

from kubeloop.harness.errors import UndefinedStepError
from kubeloop.harness.registry import REGISTRY
from tests.harness.one_scenario import run_matched


@pytest.mark.parametrize(
    ("given", "check", "holds"),
    [
        (
            "the request rate of checkout is 300 per second",
            "the request rate of checkout is about 300 per second",
            True,
        ),
        ("checkout's p99 is 180ms", "the p99 latency of checkout is below 300ms", True),
        ("the 5xx ratio for checkout is 2%", "the error rate of checkout is about 2%", True),
        ("the error ratio of checkout is 0.05", "the error rate of checkout is about 5%", True),
        (
            "the median latency of checkout is 80ms",
            "the p50 latency of checkout is below 100ms",
            True,
        ),
        ("checkout responds in 180ms at p99", "the p99 latency of checkout is below 300ms", True),
        (
            "the request rate of checkout is 300 per second",
            "the request rate of checkout is about 100 per second",
            False,
        ),
        ("checkout's p99 is 180ms", "the p99 latency of checkout is below 150ms", False),
        ("the 5xx ratio for checkout is 2%", "the error rate of checkout is about 5%", False),
    ],
)
def test_a_measure_stated_is_set(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], given: str, check: str, holds: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        'Given "checkout" is handling 100 requests per second',
        f"And {given}",
        "When 10 minutes pass",
        f"Then {check}",
    )
    assert (code == 0) is holds, out


@pytest.mark.parametrize(
    "said",
    [
        "the request rate for checkout is about 300 per second",
        "checkout's p99 latency is above 180ms",
        "the error rate of checkout is below 2%",
    ],
)
def test_a_bound_or_an_estimate_sets_nothing(said: str) -> None:
    with pytest.raises(UndefinedStepError, match="this is a check"):
        REGISTRY.match("given", said)
