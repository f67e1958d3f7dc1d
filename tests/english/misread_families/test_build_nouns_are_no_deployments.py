"""A build noun is no deployment, and "roll it out to X" rolls the build out to X (runs17,
blind batch43): "model build M1 is live in prod" made a deployment "model" at a version
"M1", "build M1 is live in prod" was matched by two definitions, "release R7 is live in
prod" made a deployment called "release"; then "I approve M2 for prod and roll it out to
"ranker"" rolled a version called "ranker" out to that deployment "model", and the When
passed. A build said by its project before its name is that build of that project; a
value in a deployment's place is never "build", "release", "version", …; "roll it out to
X", where X is a deployment, rolls the build said last out to X; and a build named only by
what happened to it ("M2 passed every gate") is checked by its name after it rolls out."""

from __future__ import annotations

from pathlib import Path

import pytest

from kubeloop.harness.registry import REGISTRY, load_step_library
from tests.harness.one_scenario import run_matched


def _read(text: str) -> list[tuple[str, dict[str, object]]]:
    load_step_library()
    return [(m.definition.function.__name__, m.arguments) for m in REGISTRY.match("given", text)]


@pytest.mark.parametrize(
    "text",
    [
        "build M1 is live in prod",
        "release R7 is live in prod",
        "version v2 is live in prod",
        "artifact A1 is running in prod",
        "image I3 is live in staging",
        "model build M1 is live in prod",
        "the checkout build C3 is live in prod",
    ],
)
def test_no_build_noun_is_read_as_a_deployment(text: str) -> None:
    load_step_library()
    for match in REGISTRY.quietly("given", text):
        deployment = str(match.arguments.get("deployment", "")).lower()
        assert deployment not in {"build", "release", "version", "artifact", "image"}, match
        assert match.definition.function.__name__ != "live_in", (text, match)


@pytest.mark.parametrize(
    ("text", "alias", "project"),
    [
        ("model build M1 is live in prod", "M1", "model"),
        ("the checkout build C3 is live in prod", "C3", "checkout"),
        ('the "payments" image P7 passed every gate', "P7", "payments"),
    ],
)
def test_a_build_said_by_its_project_first_is_that_build(
    text: str, alias: str, project: str
) -> None:
    [(_, arguments)] = _read(text)
    assert (arguments["alias"], arguments["project"]) == (alias, project)


def test_a_service_at_a_version_is_still_a_deployment_at_that_version() -> None:
    [(function, arguments)] = _read("checkout v2 is live in prod")
    assert function == "live_in"
    assert (arguments["deployment"], arguments["version"]) == ("checkout", "v2")


_TWO = (
    "Given 3 nodes",
    'And a deployment "ranker" with 2 replicas',
    'And a deployment "web" with 2 replicas',
    'And "ranker" version "2.0" is built as R2',
    "And R2 passed every gate and was promoted to prod",
    "And R2 is approved for prod",
    'When I scale "web" to 3 replicas',
)


@pytest.mark.parametrize(
    ("then", "passes"),
    [
        ('Then every pod of "ranker" runs R2', True),
        ('Then every pod of "web" runs v1', True),
        ('Then every pod of "web" runs R2', False),
    ],
)
def test_roll_it_out_to_a_deployment_rolls_the_build_said_last_out_there(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], then: str, passes: bool
) -> None:
    code, out = run_matched(tmp_path, capsys, *_TWO, 'And I roll it out to "ranker"', then)
    assert (code == 0) is passes, out


def test_roll_it_out_with_no_build_said_fails_at_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        "Given 3 nodes",
        'And a deployment "ranker" with 2 replicas',
        'When I roll it out to "ranker"',
        'Then every pod of "ranker" runs v1',
    )
    assert code != 0
    assert "an artifact mentioned earlier" in out, out


@pytest.mark.parametrize(("version", "passes"), [("M2", True), ("v1", False)])
def test_a_build_named_only_by_its_facts_is_checked_by_its_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], version: str, passes: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        "Given 3 nodes",
        'And a deployment "ranker" with 2 replicas',
        "And M2 passed every gate and was promoted to prod",
        "And M2 is approved for prod",
        'When I roll out M2 to "ranker"',
        f'Then every pod of "ranker" runs {version}',
    )
    assert "names two things" not in out, out
    assert (code == 0) is passes, out


@pytest.mark.parametrize(("times", "passes"), [(1, True), (0, False)])
def test_the_model_story_pages_and_rolls_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], times: int, passes: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        "Given 3 nodes",
        'And a deployment "ranker" with 4 replicas requesting 500m CPU per pod',
        "And services are scraped every 15 seconds",
        'And the service "ranker" serves 120 requests per second',
        'And an SLO "ranker-avail" of 99.9% over 30 days for the service "ranker"',
        'And "ranker" rolls back when the SLO "ranker-avail" pages',
        "And model build M1 is live in prod and M2 passed every gate and was promoted to staging",
        "And pods running M2 fail 15% of requests",
        'When I approve M2 for prod and roll it out to "ranker" with maxSurge 1 and '
        "maxUnavailable 0",
        "And 15 minutes pass",
        f"Then an alert rolled prod back {times} time{'s' if times != 1 else ''}",
        'And every pod of "ranker" runs M1',
    )
    assert (code == 0) is passes, out
