"""Test results as QA leads say them: counts by outcome ("412 passed, 0 failed and 1
flaky", "1 skipped and 0 failures"), which suite ("the unit tests", "the JUnit report",
"the integration tests"), tests by name ("test_login_timeout"), and where a run stopped
("the vulnerability gate", "coverage"). Each is one parameter type.
"""

from __future__ import annotations

import re
from typing import NamedTuple

import kubeloop.harness.pipeline_words  # noqa: F401  (registers gate, which stage reads)
from kubeloop.harness.nouns import _strip_groups, unquote
from kubeloop.harness.params import NUMBER, TYPES, ParamType, number

OUTCOME_WORDS = {
    "passed": ("passed", "passing", "pass", "passes", "green", "succeeded", "successful", "ok"),
    "failed": ("failed", "failing", "fail", "fails", "failures", "failure", "red", "broken"),
    "errors": ("errors", "error", "errored"),
    "skipped": ("skipped", "skip", "skips", "ignored", "disabled"),
    "flaky": ("flaky", "flakes", "flake", "flaked", "flakey", "reruns", "rerun", "retried"),
}
"""Each outcome a test report counts, and the words people count it with."""
_OUTCOME = {word: outcome for outcome, words in OUTCOME_WORDS.items() for word in words}
_WORD = "|".join(sorted(_OUTCOME, key=len, reverse=True))
_ONE = re.compile(
    rf"(?P<n>{NUMBER}) (?:(?:unit |integration )?tests? )?(?P<w>{_WORD})(?: (?:tests?|ones?))?",
    re.IGNORECASE,
)
_SEP = r"(?:,? and |, )"
_OUTCOMES = rf"{_strip_groups(_ONE.pattern)}(?:{_SEP}{_strip_groups(_ONE.pattern)})*"


class Count(NamedTuple):
    """One count said: the outcome (passed, failed, errors, skipped, flaky) and how many."""

    outcome: str
    amount: int


def _outcomes(text: str) -> tuple[Count, ...]:
    """Each count in the order said ("412 passed, 0 failed and 1 flaky")."""
    found = []
    for item in re.split(_SEP, text, flags=re.IGNORECASE):
        one = _ONE.fullmatch(item)
        assert one is not None  # the whole list matched, so each item does
        found.append(Count(_OUTCOME[one.group("w").lower()], number(one.group("n"))))
    return tuple(found)


SUITES = {
    "unit": (
        "unit tests",
        "unit test",
        "unit test run",
        "unit test suite",
        "unit suite",
        "tests",
        "test run",
        "test suite",
        "test report",
        "unit test report",
        "unit test results",
        "test results",
        "junit report",
        "junit results",
        "junit xml",
        "pytest run",
    ),
    "integration": (
        "integration tests",
        "integration test",
        "integration test run",
        "integration test suite",
        "integration test report",
        "integration test results",
        "integration suite",
        "e2e tests",
        "end-to-end tests",
    ),
}
"""Which suite a sentence is about, by the names people give it (a bare "tests", "the JUnit
report": the unit tests)."""
_SUITE = {name: suite for suite, names in SUITES.items() for name in names}
_SUITE_WORDS = "|".join(sorted(_SUITE, key=len, reverse=True)).replace(" ", " +")

TEST_NAME = r'"[^"]+"|(?=[\w.:/\[\]-]*(?:_|::))[A-Za-z_][\w.:/\[\]-]*'
"""A test by name: quoted, or a bare id with an underscore or :: (test_login_timeout,
tests/test_login.py::test_timeout), so that a plain word is never taken for one."""
_TEST_NAMES = rf"(?:{TEST_NAME})(?:(?:,? and |, )(?:{TEST_NAME}))*"


def _test_names(text: str) -> tuple[str, ...]:
    return tuple(unquote(n) for n in re.split(r",? and |, ", text) if n)


_STAGE = _strip_groups(TYPES["gate"].regex)


class Stage(NamedTuple):
    """Where a run stopped: the gate, and whether the coverage rule is what was said."""

    gate: str
    coverage: bool


def _stage(text: str) -> Stage:
    lowered = " ".join(text.lower().split())
    bare = re.sub(r"^the |(?: (?:gate|stage|step|check|job))$", "", lowered)
    if bare == "coverage":
        return Stage("unit", True)
    return Stage(TYPES["gate"].convert(text), False)


_SEVERITY_WORDS = {
    "critical": "CRITICAL",
    "criticals": "CRITICAL",
    "high": "HIGH",
    "highs": "HIGH",
    "medium": "MEDIUM",
    "mediums": "MEDIUM",
    "moderate": "MEDIUM",
    "low": "LOW",
    "lows": "LOW",
    "unknown": "UNKNOWN",
}
"""Trivy's severities as people count findings by them ("3 high", "the mediums")."""
_SEVERITY = "|".join(sorted(_SEVERITY_WORDS, key=len, reverse=True))
_ONE_SEVERITY = re.compile(rf"(?P<n>{NUMBER}) (?P<s>{_SEVERITY})", re.IGNORECASE)


def _severity_counts(text: str) -> tuple[tuple[str, int], ...]:
    """(severity, how many) in the order said: "1 critical, 3 high and 12 medium"."""
    found = []
    for item in re.split(_SEP, text, flags=re.IGNORECASE):
        one = _ONE_SEVERITY.fullmatch(item)
        assert one is not None  # the whole list matched, so each item does
        found.append((_SEVERITY_WORDS[one.group("s").lower()], number(one.group("n"))))
    return tuple(found)


_INPUT = {
    "scan": "scan",
    "vulnerability scan": "scan",
    "security scan": "scan",
    "trivy": "scan",
    "trivy scan": "scan",
    "unit test": "unit",
    "unit tests": "unit",
    "test": "unit",
    "junit": "unit",
    "coverage": "coverage",
    "integration test": "integration",
    "integration tests": "integration",
}
"""A gate input by what people call its result: "no scan result", "no coverage report"."""

TYPES.update(
    {
        "severitycounts": ParamType(
            rf"{_strip_groups(_ONE_SEVERITY.pattern)}(?:{_SEP}{_strip_groups(_ONE_SEVERITY.pattern)})*",
            _severity_counts,
            "findings counted by severity: 1 critical, 3 high and 12 medium",
        ),
        "severities": ParamType(
            _SEVERITY,
            lambda text: _SEVERITY_WORDS[text.lower()],
            "a severity as people name its findings: the mediums, the high ones",
        ),
        "gateinput": ParamType(
            "|".join(sorted(_INPUT, key=len, reverse=True)).replace(" ", " +"),
            lambda text: _INPUT[" ".join(text.lower().split())],
            "a gate's input by its result: scan (Trivy), unit test, coverage, integration test",
        ),
        "outcomes": ParamType(
            _OUTCOMES,
            _outcomes,
            "test counts by outcome: 412 passed, 0 failed and 1 flaky; 1 skipped and 0 "
            "failures; 3 failing tests",
        ),
        "suite": ParamType(
            _SUITE_WORDS,
            lambda text: _SUITE[" ".join(text.lower().split())],
            "a test suite: the unit tests (tests, the JUnit report), the integration tests",
        ),
        "testnames": ParamType(
            _TEST_NAMES,
            _test_names,
            'tests by name: test_login_timeout, "checkout handles a timeout", '
            "tests/test_api.py::test_retry",
        ),
        "stage": ParamType(
            _STAGE,
            _stage,
            "where a run stopped: a gate by any of its names, or coverage (the unit gate's "
            "coverage rule)",
        ),
    }
)
