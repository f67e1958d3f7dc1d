"""More of the pipeline's evidence as people say it, put as the phrases say it: tests said
without an article or "on" a build ("unit tests for C4 pass at 91% coverage", "3 unit
tests fail on B1"), the coverage bar said as a requirement ("the platform requires 80%
coverage"), a run that "goes red" or that a build "fails", a finding that blocks a build,
a waiver list said with whose it is and its clauses in any order, and the day said as "the
date is …". release_moves_said.py has the approvals, promotions and rollbacks.

Each rule rewrites words, never meaning: the rewritten line must still match exactly one
phrase (``grammar.with_readings``), and a name the line gives is kept. pipeline_readings
calls ``restated`` once a line's possessives are said with "of".
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from kubeloop.harness.needed_words import Chain, Screened, screened
from kubeloop.harness.params import NUMBER

ALIAS = r"(?:(?-i:[A-Z][\w.:-]*\d[\w.:-]*)|\"[^\"]+\")"
"""A build's name as people give one: a capital and a digit (P2, R10; quoted: anything)."""

ENV = r"(?:prod|production|staging|dev|qa|uat|preprod|canary)"
"""An environment as people name one."""

_PERCENT = r"\d+(?:\.\d+)?%"

_SUITE = r"(?P<kind>unit|integration)"

_PASS = r"(?P<verb>pass|passes|passed|are green|were green)"

_NUMBER = rf"(?:{NUMBER})"

_NO_ARTICLE = screened(r"^(?P<kind>unit|integration) tests (?P<prep>for|of|on) ", re.IGNORECASE)
"""Tests said without an article ("unit tests for C4 pass"): the tests of that build."""

_SUITE_WORD = screened(
    r"\b(?P<kind>unit|integration)(?:[- ]test)? (?:suite|test suite)\b", re.IGNORECASE
)
"""A suite said as one ("the unit test suite of B1 passes"): its tests."""

_END_TO_END = screened(r"\b(?:e2e|end-to-end|end to end) tests\b", re.IGNORECASE)
"""End-to-end tests: the ladder's integration tests."""

_SUITE_PASSES = screened(
    r"\b(?P<kind>unit|integration) tests (?:of|for|on) (?P<alias>\S+) passes\b", re.IGNORECASE
)

_TESTS_AFTER = screened(
    rf"^(?P<count>(?:all )?{_NUMBER} |all )?(?:the )?{_SUITE} tests {_PASS} "
    rf"(?:on|for|against|in) (?P<alias>{ALIAS}|it)(?P<rest>(?: |,|$).*)$",
    re.IGNORECASE,
)
"""Tests that pass "on" or "for" a build, their number said first ("412 unit tests pass on
B1 with 88% coverage", "the unit tests pass for B1"): the tests of that build."""

_FAIL_ON = screened(
    rf"^(?P<count>{_NUMBER}) unit tests? (?:fail|fails|failed) (?:on|for|in) (?P<alias>{ALIAS})$",
    re.IGNORECASE,
)
"""Unit tests that fail "on" a build, counted ("3 unit tests fail on B1")."""

_FAILS_OF = screened(
    rf"^(?P<alias>{ALIAS}) (?:fails|failed) (?P<failures>{_NUMBER}) (?:of|out of) "
    rf"(?P<tests>{_NUMBER}) (?P<kind>unit|integration) tests$",
    re.IGNORECASE,
)
"""A build that fails some of its tests ("B1 fails 3 of 412 unit tests")."""

_PASSING_AND = screened(
    rf"^(?P<alias>{ALIAS}) has (?P<count>{_NUMBER}) passing {_SUITE} tests"
    rf"(?:,? (?:and|with) (?P<cov>{_PERCENT}) (?:line |code |test )?coverage)?$",
    re.IGNORECASE,
)
"""A build that "has 412 passing unit tests and 88% coverage": they pass, with it."""

_PASS_AT = screened(rf"\b(pass|passes|passed) at (?={_PERCENT} coverage$)", re.IGNORECASE)
"""Tests that pass "at" a coverage: with it."""

_KIND_OF_COVERAGE = screened(
    rf"^(?P<alias>{ALIAS}) has (?P<cov>{_PERCENT}) (?:line|code|test|statement|unit test) "
    r"coverage$",
    re.IGNORECASE,
)
"""A coverage said with its kind ("B1 has 88% test coverage"): coverage.py's total."""

_TESTS_GREEN = screened(
    rf"^(?P<alias>{ALIAS})'s tests (?:pass|passed|are green|were green) with "
    rf"(?P<cov>{_PERCENT}) coverage$",
    re.IGNORECASE,
)
"""A build's tests, both suites, green with a coverage: it is tested with that coverage."""

_WHO_REQUIRES = (
    r"(?:we|I|the team|the teams|every team|each team|the platform|the platform team|our policy|"
    r"policy|the policy|the org|the company|security|the release process|the pipeline|CI|"
    r"builds|every build|each build|releases|every release)"
)

_REQUIRES = screened(
    rf"^{_WHO_REQUIRES} (?:require|requires|need|needs|demand|demands|expect|expects|insist on|"
    r"insists on|want|wants|must have|has to have|have to have) (?:at least |a minimum of |"
    rf"minimum )?(?P<cov>{_PERCENT}) (?:line |code |test |unit test )?coverage"
    r"(?: (?:for|from|on|of) (?:every|each|all|any) (?:team|teams|build|builds|service|services|"
    r"release|releases|merge|merges)| to (?:ship|merge|release|pass|deploy|get through))?$",
    re.IGNORECASE,
)
"""The coverage bar said as someone's requirement ("the platform requires 80% coverage for
every team", "we need at least 85% coverage to ship"): the coverage threshold."""

_POLICY_IS = screened(
    rf"^(?:the |our )?(?:coverage )?(?:policy|rule|requirement|standard) is (?:at least )?"
    rf"(?P<cov>{_PERCENT})(?: coverage)?$",
    re.IGNORECASE,
)
"""The coverage bar said as the policy ("the policy is 80% coverage")."""

_RED = screened(
    rf"^(?:the pipeline (?:for|of) (?P<a1>{ALIAS})|(?P<a2>{ALIAS})) (?:is|was|goes|went|turns|"
    r"turned) red$",
    re.IGNORECASE,
)
"""A build whose pipeline is red: it is blocked."""

_RUN_FAILS = screened(
    r"^(?:the build|the pipeline run|the run|the CI run|CI) (?:fails|failed|is red|was red|"
    r"goes red|went red|turns red|turned red)$",
    re.IGNORECASE,
)
"""The run that fails or goes red, no build named: the pipeline is blocked."""

_GOES_RED_ON = screened(
    r"^the (?P<what>pipeline|build|run) (?:goes|went|turns|turned) red (?P<prep>on|at) ",
    re.IGNORECASE,
)
"""A run that goes red on a gate: it fails there."""

_FAILS_PIPELINE = screened(
    rf"^(?P<alias>{ALIAS}) (?:fails|failed) (?:the pipeline|CI|its pipeline run)$",
    re.IGNORECASE,
)
"""A build that fails the pipeline: its pipeline is blocked."""

_FAILS_GATE = screened(
    rf"^(?P<alias>{ALIAS}) (?:fails|failed) (?:the |its )(?P<gate>(?:unit tests|unit test|"
    r"integration tests|integration test|coverage|scan|vulnerability scan|security scan|"
    r"signing|sign|signature|unit|integration|security|vulnerability|image scan)"
    r"(?: (?:gate|stage|step|check|job))?)$",
    re.IGNORECASE,
)
"""A build that fails a gate ("B2 fails the scan step", "B2 failed its unit tests"): that
gate blocks it."""

_GET_PAST = screened(
    r"\b(?:does not|doesn't|cannot|can't|can not|could not|couldn't) (?:get|make it) past\b",
    re.IGNORECASE,
)
"""A build that cannot get past a gate: it did not get past it."""

_FINDING = r"(?:CVE|GHSA)-[\w-]+"

_FINDING_BLOCKS = screened(
    rf"^(?P<finding>{_FINDING}) (?:blocks|blocked|is blocking|stops|stopped) (?P<alias>{ALIAS})$",
    re.IGNORECASE,
)
"""A finding said to block a build: the build is blocked by it."""

_FINDING_LETS_PASS = screened(
    rf"^(?P<finding>{_FINDING}) (?:does not|doesn't|did not|didn't|no longer) (?:block|blocks) "
    rf"(?:{ALIAS}|the pipeline|the build|the scan|the scan gate|it)$",
    re.IGNORECASE,
)
"""A finding that does not block a build: it is reported but does not block."""

_HAS_FINDING = screened(
    rf"^(?P<alias>{ALIAS}) (?:has|had|carries|ships with|contains) (?:an? )?"
    rf"(?P<severity>critical|high|medium|low)(?:[- ]severity)? (?:CVE|vulnerability|finding),? "
    rf"(?P<finding>{_FINDING}),? in (?P<package>[\w.+-]+)$",
    re.IGNORECASE,
)
"""A build said to have a finding ("B1 has a critical CVE, CVE-2026-1234, in openssl"): its
scan finds it."""

_NO_SEVERE = screened(
    rf"^the (?P<scan>(?:vulnerability |image |container |security )?scan) (?:of|for|on) "
    rf"(?P<alias>{ALIAS}) (?:finds|found|reports|reported|shows|showed|turns up|turned up) no "
    r"(?:critical|high|critical or high|high or critical|critical and high|high and critical|"
    r"blocking) (?:vulnerabilities|CVEs|findings|issues)$",
    re.IGNORECASE,
)
"""A scan with no critical or high findings, and nothing else said: it finds nothing."""

_LIST_OWNER = screened(
    r"^(?:the |our )?(?:platform|platform's|platform team's|team|team's|security|security "
    r"team's|shared|org|org-wide|company|company-wide|central|global|default|main) "
    r"(?=(?:waiver|exception|waivers|exceptions) list\b)",
    re.IGNORECASE,
)
"""A waiver list said with whose it is ("platform waiver list version 12"): the waiver list
(a scenario has one)."""

_LIST_V = screened(r"\b((?:waiver|exception|waivers|exceptions) list) v(\d+)\b", re.IGNORECASE)
"""A waiver list's version said "v3": version 3."""

_LIST_HEAD = screened(
    r"^(?P<head>(?:the )?(?:waiver|exception|waivers|exceptions) list (?:version )?\d+ \w+ "
    rf"{_FINDING})(?P<rest>(?:,? .+)?)$",
    re.IGNORECASE,
)

_CLAUSE = re.compile(
    r'(?:,? and |, |,? )(?:(?:because|with (?:the )?reason|reason:?|for the reason) (?P<reason>"'
    r'[^"]*")|(?:until|expiring(?: on)?|expires(?: on)?|valid until|good until) '
    r"(?P<until>\d{4}-\d\d-\d\d)|(?:owner:?|owned by|approved by|signed off by|granted by) "
    r'(?P<owner>"[^"]*"|[\w.@-]+))',
    re.IGNORECASE,
)


def _waiver_in_order(found: re.Match[str]) -> str:
    """A waiver list's line with its reason, expiry and owner in the order the phrase says
    them, whatever order they were said in; the line as said when a clause is not one."""
    rest, position, parts = found["rest"], 0, {}
    while position < len(rest):
        clause = _CLAUSE.match(rest, position)
        if clause is None:
            return found.group()
        parts.update({k: v for k, v in clause.groupdict().items() if v is not None})
        position = clause.end()
    said = found["head"]
    if "reason" in parts:
        said += f" because {parts['reason']}"
    if "until" in parts:
        said += f" until {parts['until']}"
    if "owner" in parts:
        said += f", owned by {parts['owner']}"
    return said


_LETS_THROUGH = screened(
    r"^the (?:waiver|exception|waiver list)(?: for (?P<f1>(?:CVE|GHSA)-[\w-]+))? (?:lets|let|"
    rf"allows|allowed|waves) (?P<f2>{_FINDING}) (?:through|past|pass)$",
    re.IGNORECASE,
)
"""A waiver that lets a finding through: the finding is waived."""

_PIPELINE_PASSED = screened(
    rf"^(?:the pipeline (?:for|of|on) (?P<a1>{ALIAS}) (?:passed|passes|is green|was green|"
    rf"went green)|the pipeline (?:passed|passes) for (?P<a2>{ALIAS})|(?P<a3>{ALIAS}) has a "
    r"(?:passing|green) (?:pipeline|pipeline run|build))$",
    re.IGNORECASE,
)
"""A pipeline said to have passed for a build: the build passed the pipeline (a Given makes
it so; a Then checks it)."""

_CI_FOR = screened(rf"^(?:CI|the CI) (?:runs|ran|is run|was run) (?:for|on) (?={ALIAS}$)")
"""CI said to run for a build: the pipeline runs for it."""

_THROUGH_PIPELINE = screened(
    rf"^(?:I|we) (?:push|pushed|put|send|sent|run|ran) (?P<alias>{ALIAS}) through (?:the "
    r"pipeline|CI|the gates)$",
    re.IGNORECASE,
)
"""A build pushed through the pipeline: the pipeline runs for it."""

_FAILING_OUT_OF = screened(
    rf"^(?P<alias>{ALIAS}) has (?P<n>{_NUMBER}) (?:failing|failed|broken) {_SUITE} tests "
    rf"(?:out of|of) (?P<m>{_NUMBER})$",
    re.IGNORECASE,
)
"""Failing tests counted against the total ("B2 has 2 failing integration tests out of
140"): that many of them fail."""

_CLEAN_WITH = screened(
    r"\bscans clean,? with no (?:CVEs|vulnerabilities|findings|issues)$", re.IGNORECASE
)
"""A build that scans clean "with no CVEs": it scans clean."""

_NOTHING_FOUND = screened(
    rf"^no (?:vulnerabilities|CVEs|findings) (?:are|were) (?:found|reported) (?:in|for|on) "
    rf"(?P<alias>{ALIAS})$",
    re.IGNORECASE,
)
"""No vulnerabilities found in a build: its scan finds nothing."""

_NO_SEVERE_HAS = screened(
    rf"^(?P<alias>{ALIAS}) (?:has|had) no (?:critical|high|critical or high|high or critical) "
    r"(?:CVEs|vulnerabilities|findings)$",
    re.IGNORECASE,
)
"""A build with no critical or high CVEs, and nothing else said: its scan finds nothing."""

_DATE_IS = screened(
    r"^(?:the date is|the current date is|it is|it's|it is now|it's now|we are on|the day is|"
    r"today's date is|the clock says) (?=\d{4}-\d\d-\d\d$)",
    re.IGNORECASE,
)
"""The day said another way ("the date is 2026-10-01", "it is 2026-10-01"): today is."""


def _tests_of(found: re.Match[str]) -> str:
    """The tests of the build, counted if a number was said ("all" alone is no count)."""
    count = (found["count"] or "").replace("all", "").strip()
    head = f"{count} " if count else "the "
    return f"{head}{found['kind']} tests of {found['alias']} {found['verb']}{found['rest']}"


_RULES: list[tuple[Screened, str | Callable[[re.Match[str]], str]]] = [
    (_NO_ARTICLE, r"the \g<kind> tests \g<prep> "),
    (_SUITE_WORD, r"\g<kind> tests"),
    (_END_TO_END, "integration tests"),
    (_SUITE_PASSES, r"\g<kind> tests of \g<alias> pass"),
    (_TESTS_AFTER, _tests_of),
    (_FAIL_ON, r"\g<count> unit tests of \g<alias> fail"),
    (_FAILS_OF, r"\g<failures> of the \g<tests> \g<kind> tests of \g<alias> fail"),
    (
        _PASSING_AND,
        lambda m: (
            f"{m['count']} {m['kind']} tests of {m['alias']} pass"
            + (f" with {m['cov']} coverage" if m["cov"] else "")
        ),
    ),
    (_PASS_AT, r"\1 with "),
    (_KIND_OF_COVERAGE, r"\g<alias> has \g<cov> coverage"),
    (_TESTS_GREEN, r"\g<alias> is tested with \g<cov> coverage"),
    (_REQUIRES, r"the coverage threshold is \g<cov>"),
    (_POLICY_IS, r"the coverage threshold is \g<cov>"),
    (_RED, lambda m: f"the pipeline for {m['a1'] or m['a2']} is blocked"),
    (_RUN_FAILS, "the pipeline is blocked"),
    (_GOES_RED_ON, r"the pipeline fails \g<prep> "),
    (_FAILS_PIPELINE, r"the pipeline for \g<alias> is blocked"),
    (_FAILS_GATE, r"the \g<gate> blocks \g<alias>"),
    (_GET_PAST, "did not get past"),
    (_FINDING_BLOCKS, r"\g<alias> is blocked by \g<finding>"),
    (_FINDING_LETS_PASS, r"\g<finding> is reported but does not block"),
    (_HAS_FINDING, r"the scan of \g<alias> finds \g<finding>, \g<severity>, in \g<package>"),
    (_NO_SEVERE, r"the \g<scan> of \g<alias> finds nothing"),
    (_DATE_IS, "today is "),
    (_PIPELINE_PASSED, lambda m: f"{m['a1'] or m['a2'] or m['a3']} passed the pipeline"),
    (_CI_FOR, "the pipeline runs for "),
    (_THROUGH_PIPELINE, r"I run the pipeline for \g<alias>"),
    (_FAILING_OUT_OF, r"\g<n> of the \g<m> \g<kind> tests of \g<alias> fail"),
    (_CLEAN_WITH, "scans clean"),
    (_NOTHING_FOUND, r"the scan of \g<alias> finds nothing"),
    (_NO_SEVERE_HAS, r"the scan of \g<alias> finds nothing"),
    (_LETS_THROUGH, r"\g<f2> is waived"),
    (_LIST_OWNER, ""),
    (_LIST_V, r"\1 version \2"),
    (_LIST_HEAD, _waiver_in_order),
]
_CHAIN = Chain(_RULES)
"""The rules in turn, none asked of a text that holds none of their words."""


@lru_cache(maxsize=4096)
def restated(text: str) -> str:
    """TEXT with each of these ways of saying things put as the phrases say them (kept: a
    line is read again many times while it is matched and suggested for)."""
    return _CHAIN.apply(text)
