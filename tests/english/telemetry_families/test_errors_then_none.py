"""An error rate that changes over time said in one line: "payments fails 20% of requests
for 4 minutes and then none" is the errors for that while and then no errors at all, as "…
and then recovers" says (distribute.py). Before, the line matched nothing; a service that
already failed some requests before the spike would, after "for 4 minutes" alone, go back to
failing them."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_matched


@pytest.mark.parametrize(
    ("spike", "after", "passes"),
    [
        ("payments fails 20% of requests for 4 minutes and then none", "0%", True),
        ("payments fails 20% of requests for 4 minutes, then no errors", "0%", True),
        ("payments fails 20% of its requests for 4 minutes and then nothing", "0%", True),
        ("payments returns 500s on 20% of requests for 4 minutes, then zero", "0%", True),
        ("payments fails 20% of requests for 4 minutes and then none", "5%", False),
        ("payments fails 20% of requests for 4 minutes", "0%", False),
    ],
)
def test_errors_for_a_while_and_then_none(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], spike: str, after: str, passes: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        "Given payments serves 200 requests per second with 5% errors",
        f"When {spike}",
        "And 10 minutes pass",
        f"Then the error rate of payments is {after}",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("the error rate of payments over the last 10 minutes is above 5%", True),
        ("the error rate of payments over the last 10 minutes is 0%", False),
    ],
)
def test_the_spike_itself_happened(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        "Given payments serves 200 requests per second with no errors",
        "When payments fails 20% of requests for 4 minutes and then none",
        "And 6 minutes pass",
        f"Then {check}",
    )
    assert (code == 0) is passes, out
