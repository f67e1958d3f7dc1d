"""Fuzzing the pipeline's readers (.trivyignore, OpenVEX, JUnit XML, coverage.py and Trivy
JSON) and PromQL's number literals: whatever the bytes, the answer is a result or a located
FixtureError — never another exception — and a .trivyignore never waives an id Trivy would
not (the first field of a line split on \\n only)."""

from __future__ import annotations

import contextlib
import json
import re
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kubeloop.errors import FixtureError
from kubeloop.fixtures.pipeline_common import one_document
from kubeloop.fixtures.pipeline_junit import junit_summary
from kubeloop.fixtures.pipeline_reports import read_coverage, read_trivy
from kubeloop.fixtures.pipeline_waivers import GO_SPACE, read_waivers
from kubeloop.telemetry.promql import PromQLError, parse

LOCATED = re.compile(r"^.+:\d+:\d+: ")
FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

IGNORE_PIECES = st.sampled_from(
    [
        "CVE-2026-1111",
        "CVE-2026-2222",
        "GHSA-aaaa-bbbb-cccc",
        " ",
        "\t",
        "\n",
        "\r\n",
        "\r",
        "\v",
        "\f",
        "\x85",
        "\xa0",
        "\u2028",
        "\u3000",
        "\ufeff",
        "#",
        "# reason",
        "exp:2027-01-01",
        "exp:2027-W01-1",
        "exp:20270101",
        "exp:",
        "x",
        ";",
    ]
)


def trivy_ids(text: str) -> set[str]:
    """What Trivy's parseIgnore waives (any expiry, so every listed id): the first field of
    every line split on \\n, trimmed with Go's TrimSpace, that is not a comment."""
    ids = set()
    for raw in text.split("\n"):
        line = raw.strip(GO_SPACE)
        if line and not line.startswith("#"):
            ids.add(re.split(f"[{GO_SPACE}]+", line)[0])
    return ids


@FAST
@given(st.lists(IGNORE_PIECES, max_size=30).map("".join))
def test_trivyignore_waives_only_what_trivy_waives(text: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / ".trivyignore"
        path.write_bytes(text.encode("utf-8"))
        try:
            waivers = read_waivers(path, "2026-01-01", 1)
        except FixtureError as error:
            assert all(LOCATED.match(str(p)) for p in error.problems), error
            return
    assert {w.id for w in waivers.waivers} <= trivy_ids(text)


STATEMENT = st.fixed_dictionaries(
    {
        "vulnerability": st.sampled_from(["CVE-2026-1", "CVE-2026-2", {"name": "CVE-2026-1"}]),
        "status": st.sampled_from(["not_affected", "affected", "fixed", "under_investigation"]),
    },
    optional={
        "justification": st.just("component_not_present"),
        "action_statement": st.just("upgrade"),
        "timestamp": st.sampled_from(
            ["2026-01-01T00:00:00Z", "2026-02-01T00:00:00+01:00", "2026-01-01", "x"]
        ),
    },
)


def effective(statements: list[dict[str, object]]) -> dict[str, str]:
    """OpenVEX's rule, written plainly: per vulnerability, the last statement by (timestamp,
    position) is the one in effect."""
    latest: dict[str, tuple[str, int, str]] = {}
    for index, statement in enumerate(statements):
        vulnerability = statement["vulnerability"]
        name = vulnerability if isinstance(vulnerability, str) else vulnerability["name"]  # type: ignore[index]
        stamp = str(statement.get("timestamp", "2026-01-01T00:00:00Z")).replace(
            "2026-02-01T00:00:00+01:00", "2026-01-31T23:00:00Z"
        )
        if name not in latest or (latest[name][0], latest[name][1]) <= (stamp, index):
            latest[name] = (stamp, index, str(statement["status"]))
    return {name: status for name, (_, _, status) in latest.items()}


@FAST
@given(st.lists(STATEMENT, max_size=6))
def test_openvex_waives_exactly_the_effective_suppressions(
    statements: list[dict[str, object]],
) -> None:
    document = {
        "@context": "https://openvex.dev/ns/v0.2.0",
        "author": "a",
        "timestamp": "2026-01-01T00:00:00Z",
        "version": 1,
        "statements": statements,
    }
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "w.openvex.json"
        path.write_text(json.dumps(document))
        try:
            waivers = read_waivers(path, "2026-01-01", None)
        except FixtureError as error:
            assert all(LOCATED.match(str(p)) for p in error.problems), error
            return
    expected = {n for n, status in effective(statements).items() if status != "affected"}
    expected -= {
        n for n, status in effective(statements).items() if status == "under_investigation"
    }
    assert {w.id for w in waivers.waivers} == expected


XML_PIECES = st.sampled_from(
    [
        "<testsuite>",
        "</testsuite>",
        "<testsuites>",
        "</testsuites>",
        '<testcase name="a">',
        "</testcase>",
        "<failure/>",
        "<error/>",
        "<skipped/>",
        '<testsuite tests="²">',
        '<testsuite tests="' + "9" * 40 + '">',
        '<testsuite tests="3" failures="1">',
        "<!DOCTYPE x [<!ENTITY a 'b'>]>",
        "&a;",
        "<?xml version='1.0'?>",
        "text",
        "<",
        ">",
    ]
)


@FAST
@given(st.lists(XML_PIECES, max_size=20).map("".join))
def test_junit_is_a_summary_or_a_located_error(text: str) -> None:
    try:
        summary = junit_summary(text, "r.xml")
    except FixtureError as error:
        assert all(LOCATED.match(str(p)) for p in error.problems), error
        return
    if summary.failures or summary.errors:
        assert not summary.passed


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**30), max_value=10**30)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)


@FAST
@given(JSON_VALUES)
def test_any_json_document_reads_as_python_json_reads_it_or_is_located(value: object) -> None:
    text = json.dumps({"v": value}, ensure_ascii=True)
    try:
        document = one_document(text, "d.json")
    except FixtureError as error:
        assert all(LOCATED.match(str(p)) for p in error.problems), error
        return
    assert document.data == json.loads(text)


@FAST
@given(JSON_VALUES, st.sampled_from(["coverage.json", "trivy.json"]))
def test_reports_of_any_shape_are_read_or_located(value: object, name: str) -> None:
    reader = read_coverage if name == "coverage.json" else read_trivy
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / name
        path.write_text(json.dumps(value))
        try:
            reader(path)
        except FixtureError as error:
            assert all(LOCATED.match(str(p)) for p in error.problems), error


@FAST
@given(
    st.from_regex(
        r"[-+]?(0[xX][0-9a-fA-F_]{1,400}|0[0-7_]{1,400}|[0-9_]{1,400}(\.[0-9]*)?([eE][-+]?[0-9]{1,4})?)",
        fullmatch=True,
    )
)
def test_number_literals_parse_or_are_promql_errors(text: str) -> None:
    with contextlib.suppress(PromQLError):  # anything else (OverflowError) fails the test
        parse(text)
