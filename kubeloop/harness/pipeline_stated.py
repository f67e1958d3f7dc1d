"""The pipeline as release and security engineers state it, put as the phrases say it: a
build declared in any shape ("C7 is a build of checkout 2.6.0", "G3 is gateway 4.2.2 with
…", "manifest X version V has been built as A"), a test count or coverage said as a fact
about a build ("3 of the 412 unit tests fail for C4", "C4's unit tests have 7 failures",
"G1 passes unit tests with 88% coverage"), a finding with its severity and package in any
order ("the scan of G2 shows CVE-… (HIGH, package curl)"), a waiver's author with their
team ("Dana from appsec waives …"), a waiver that does not exist, a tampered build's
contents, a refusal said of "it" or of "verification", a deploy "directly" without the
pipeline, evidence said of the audit trail, a gate "not run for" a build, a block
"because" of coverage or missing evidence, and an approval required of an environment's
promotions.

Each rule rewrites words, never meaning: the rewritten line must still match exactly one
phrase (``grammar.with_readings``), and a name the line gives is kept.
``pipeline_readings.pipeline_said_of`` calls ``stated`` after ``pipeline_joined.joined``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from kubeloop.harness.needed_words import Chain, Screened, screened
from kubeloop.harness.params import NUMBER
from kubeloop.harness.pipeline_restated import ALIAS, ENV

_PROJECT = (
    r"(?:\"[^\"]+\"|(?!(?:a|an|the|running|deployed|live|in|on|at|now|still|version|release|"
    r"signed|unsigned|approved|promoted|blocked|built|not|also|being|green|red|from|"
    r"prod|production|staging|dev|qa|uat|preprod|canary)\b)[a-z][\w-]*)"
)
"""A project as people name one: quoted, or a lower-case word that is no verb, environment
or small word ("gateway", "checkout")."""

_RELEASE = r"(?:\"v?\d[\w.+-]*\"|v?\d+(?:\.\d+)+(?:[-+][\w.-]+)?|v\d+)"
"""A version said as a number: 4.2.1, "2.6.0", v2 (a bare "3" is no version here)."""

_MANIFEST = screened(
    rf"^(?:(?:a|the) )?(?:new )?manifest (?P<project>{_PROJECT}) (?:at )?version "
    rf"(?P<version>{_RELEASE}),? (?:is |was |gets |got |has been |had been )?built as "
    rf"(?P<alias>{ALIAS})(?P<rest>(?:,? .+)?)$",
    re.IGNORECASE,
)
"""A manifest declared and built in one line ("manifest "checkout" version "2.4.2" has been
built as C4"): that version built as ALIAS, with whatever is said after it."""

_IS_BUILD_OF = screened(
    rf"^(?P<alias>{ALIAS}) (?:is|was) (?:(?:a|the) (?:new )?build of |an? )?"
    rf"(?P<project>{_PROJECT}) (?:(?:at )?version |release |at )?(?P<version>{_RELEASE})"
    rf"(?: build)?(?P<rest>(?:,? (?:that|which|and|with|whose|but) .+)?)$",
    re.IGNORECASE,
)
"""A build said to be a project's version ("C7 is a build of checkout 2.6.0", "G3 is
gateway 4.2.2 with passing unit tests at 92% coverage", "D2 is a checkout 2.7.1 build"):
that version built as ALIAS, with whatever is said after it."""

_PERCENT = r"\d+(?:\.\d+)?%"

_WITH_UNIT_TESTS = screened(
    r"(?<=\S),? (?:with|whose|and its) (?:passing |green )?unit tests(?: (?:passing|pass|passed|"
    r"green|all passing|all green|that pass|that passed))? (?:at|with) (?P<cov>\d+(?:\.\d+)?)% "
    r"(?:line |code |test )?coverage\b",
    re.IGNORECASE,
)
"""A build's unit tests said in passing ("… built as G2 with unit tests passing at 90%
coverage", "… whose unit tests pass at 88% coverage"): it passed its unit tests with that
coverage, as the facts say it."""

_NO_ONE_TRUSTS = screened(
    r"\bsigned (?P<how>with|by) (?:an untrusted key|an unknown key|a rogue key|a key (?:that is |"
    r"that's |which is )?(?:not in|outside|missing from) the (?:trusted )?(?:keyring|key ring|"
    r"trust store|list of trusted keys)|a key (?:that is |that's |which is )?(?:not trusted|"
    r"untrusted)|a key (?:that )?(?:nobody|no environment) trusts|a key (?:that )?(?:prod|"
    r"staging|the environment) (?:does not|doesn't) trust)(?=$|,| and | but )",
    re.IGNORECASE,
)
"""A build signed with a key the line does not name, only that no one trusts it ("signed
with a key that is not in the trusted keyring"): an untrusted key of its own, trusted
nowhere (made from a seed of its name, as any key not declared)."""
UNTRUSTED_KEY = "untrusted"

_SUITE = r"(?P<suite>unit|integration)"
_COUNT = rf"(?:{NUMBER})"

_OF_THE_TOTAL = screened(
    rf"^(?P<n>{_COUNT}) (?:of|out of) (?:the |its |all )?(?P<m>{_COUNT}) {_SUITE} tests "
    rf"(?P<verb>fail|failed) (?:for|on|in|of|against) (?P<alias>{ALIAS})$",
    re.IGNORECASE,
)
"""Failing tests counted against the total, the build said last ("3 of the 412 unit tests
fail for C4"): that many of its tests fail."""

_FAILS_OF_ITS = screened(
    rf"^(?P<alias>{ALIAS}) (?:fails|failed) (?P<n>{_COUNT}) (?:of|out of) (?:its |the )?"
    rf"(?P<m>{_COUNT}) {_SUITE} tests$",
    re.IGNORECASE,
)
"""A build that fails some of its tests ("C4 fails 3 of its 412 unit tests")."""

_HAVE_FAILURES = screened(
    rf"^(?:the {_SUITE} tests (?:of|for|on) (?P<a1>{ALIAS}) (?:have|had|show|showed|report|"
    rf"reported) (?P<n1>{_COUNT}) (?:failures|failed tests|failing tests|failing|failed)"
    rf"|(?P<a2>{ALIAS}) (?:has|had) (?P<n2>{_COUNT}) (?P<suite2>unit|integration) test "
    rf"failures)$",
    re.IGNORECASE,
)
"""Failures said as what the tests have ("the unit tests of C4 have 7 failures", "C5 has 3
unit test failures"): they fail with that many failures."""

_PASSES_TESTS = screened(
    rf"^(?P<alias>{ALIAS}) (?P<verb>passes|passed) (?:the |its |all (?:of )?its )?{_SUITE} tests "
    rf"(?:with|at) (?P<cov>{_PERCENT}) (?:line |code |test )?coverage(?P<bar>,? (?:against|over|"
    rf"above|below|under|versus|vs) (?:a|an|the) {_PERCENT} (?:coverage )?(?:threshold|bar|"
    r"minimum|floor|requirement))?$",
    re.IGNORECASE,
)
"""A build that passes its tests at a coverage ("G1 passes unit tests at 88% coverage"):
its tests pass with that coverage."""

_SEVERITY = r"(?:critical|high|medium|low)"
_SCAN_HEAD = screened(
    r"^(?P<head>(?:the )?(?:vulnerability |security |image |container |CVE |Trivy )?"
    rf"(?:scan|scanner) (?:of|on|for) (?P<a1>{ALIAS}|it)|(?P<a2>{ALIAS})'s (?:vulnerability |"
    rf"security |image )?scan) (?:shows|showed|flags|flagged|finds|found|reports|reported|"
    r"turns up|turned up|lists|listed|detects|detected|surfaces|surfaced) (?P<rest>.+)$",
    re.IGNORECASE,
)
"""A scan that finds something, said of a build: what it finds is read in any order."""
_ITS_SCAN = screened(
    r"^its (?P<scan>(?:vulnerability |security |image |container |CVE )?scan) (?=(?:finds|found|"
    r"reports|reported|shows|showed|turns up|turned up|flags|flagged) )",
    re.IGNORECASE,
)
"""A scan said as the build's own ("its scan finds … in curl"): the scan of the build said
last, so the package is never read as the build."""
_HAS_FINDING = screened(
    rf"^(?P<a3>{ALIAS}) (?:has|had|carries|ships with|contains) (?P<rest>(?:an? )?"
    r"(?:[\w-]+ )?(?:CVE|GHSA)-.+)$",
    re.IGNORECASE,
)
"""A build said to have a finding ("C4 has CVE-… (HIGH) in curl"): its scan finds it."""
_FINDING = screened(r"\b(?:CVE|GHSA)-[\w-]+\b")
_SEVERITY_SAID = screened(rf"\b(?P<sev>{_SEVERITY})\b(?: severity)?", re.IGNORECASE)
_PACKAGE_SAID = screened(
    r"\b(?:in (?:the )?(?:package )?|package |in the )(?P<pkg>\"[^\"]+\"|[a-z][\w.+-]*)"
    r"(?: package| library)?",
    re.IGNORECASE,
)
_READ_ALREADY = screened(
    r"\S+ with severity \w+ in (?:package )?\S+|\S+, \w+, in (?:package )?\S+(?:, with .+)?",
    re.IGNORECASE,
)
"""The two ways the phrases read a finding already (kept as said)."""
_FILLER = frozenset(
    {"a", "an", "the", "with", "severity", "as", "of", "rated", "in", "package"}
    | {"vulnerability", "finding", "cve", "issue"}
)
"""Words around a finding's parts that say nothing more ("a HIGH CVE-… with severity …")."""

_AFFILIATION = screened(
    r"^(?P<who>(?-i:[A-Z][a-z]+)) (?:(?:from|of|on|in) (?:the )?[a-z][\w-]*(?: team)?|"
    r"\([a-z][\w-]*\))(?=,? (?:waives|waived|grants|granted|approves|approved|signs off|"
    r"signed off) )",
)
"""Someone said with their team ("Dana from appsec waives …", "Dana (appsec) waives …"):
who acts, the team being where they work, not someone else."""

_APPROVED_THE_MOVE = screened(
    r"^(?P<who>(?-i:[A-Z][a-z][\w.-]*)) (?:approved|signed off on|okayed|OK'd) the (?:promotion|"
    rf"deploy|deployment|release|rollout) of (?P<alias>{ALIAS}) (?:to|into|for|in) "
    rf"(?P<env>{ENV})$",
    re.IGNORECASE,
)
"""Someone who approved a build's promotion, said in the past: the build was approved for
that environment by them (the audit log names them)."""

_NO_WAIVER = screened(
    r"^(?:no (?:waiver|exception) (?:exists|is on file|is in place|has been filed|was filed) "
    r"for|(?:there's|there is|there are) no (?:waivers?|exceptions?) (?:on file )?for)"
    r" (?=(?:CVE|GHSA)-)",
    re.IGNORECASE,
)
"""A waiver that does not exist: there is no waiver for the finding."""

_CONTENTS = screened(
    r"^(?P<who>someone|somebody|an attacker) (?P<verb>tampers|tampered) with (?:the (?:contents?|"
    r"image|bytes|layers) of )(?=\S)",
    re.IGNORECASE,
)
"""A build's contents tampered with: the build tampered with."""

_TRIES = screened(r"^(?:tries|tried) to (?=(?:deploy|promote|push) )", re.IGNORECASE)
"""A second action of the one who acted last, its subject not said again ("… and tries to
deploy G5 to prod"): someone tries to."""

_IT_FAILS = screened(
    r"^(?:it|that|this|the attempt) (?:fails|failed|is refused|was refused|is rejected|"
    r"was rejected) (?=because |since )",
    re.IGNORECASE,
)
"""A refusal said of "it" with its reason: the operation fails for that reason."""

_VERIFICATION = screened(
    r"^(?:the )?(?:signature )?verification(?: of (?P<alias>" + ALIAS + r"))? "
    r"(?:fails|failed|does not pass|doesn't pass|did not pass|didn't pass)$",
    re.IGNORECASE,
)
"""Verification said to fail ("verification fails", "verification of G5 fails"): the
deploy was refused because no signature verifies (of that build: its signature does not)."""

_DIRECT_WITHOUT = screened(
    rf"^(?P<head>(?:I|we|someone|somebody) (?:deploy|deploys|push|pushes) {ALIAS} )"
    rf"(?:(?:directly|straight|right) )?to (?P<env>{ENV})(?: (?:directly|straight|by hand|"
    r"manually))?,? (?:without running|without ever running|skipping|bypassing|without going "
    r"through|without) the (?P<what>pipeline|gates)$",
    re.IGNORECASE,
)
"""A deploy "directly" without the pipeline: the deploy without running the pipeline."""

_BY_DIGEST = screened(
    rf"^(?P<env>{ENV}) (?:runs|is running|is on|serves|is serving|references|pins) "
    rf"(?P<alias>{ALIAS}) by (?:its |the )?(?:sha256 |image |content |full )?digest"
    r"(?:,? not (?:by )?(?:a |its |the )?tag)?$",
    re.IGNORECASE,
)
"""An environment running a build "by its digest": it runs that digest, not a tag."""

_AUDIT_WAIVER = screened(
    r"^the audit (?:log|trail|record|entry)(?: (?:for|of) (?P<alias>" + ALIAS + r"))? "
    r"(?:mentions|shows|lists|records|includes|names|cites|contains) the (?P<what>waiver|"
    r"exception) (?:for|on) (?P<finding>(?:CVE|GHSA)-[\w-]+)$",
    re.IGNORECASE,
)
"""The audit record for a build mentioning a waiver: the waiver is recorded in the audit
log for that build."""

_GATE_NOT_RUN_FOR = screened(
    r"^(?P<gate>the [\w -]+?(?:gate|stage|step|check|scan|tests)) (?P<verb>was not run|"
    r"wasn't run|did not run|didn't run|never ran|was skipped|got skipped|was never reached) "
    rf"(?P<prep>for|on) (?P<alias>{ALIAS})$",
    re.IGNORECASE,
)
"""A gate not run "for" a build, said after the verb: that build's gate did not run."""

_BLOCKED_BECAUSE = screened(
    r"^(?:the (?:pipeline|run|build|ladder)|it)(?: (?:for|of) (?P<alias>" + ALIAS + r"))? "
    r"(?:is blocked|was blocked|gets blocked|got blocked|stops|stopped|is stopped|was stopped|"
    r"halts|halted|fails|failed) at (?P<gate>the [\w -]+?) (?P<why>because|since|as) "
    r"(?P<reason>(?!(?:of |over )?(?:CVE|GHSA)-).+)$",
    re.IGNORECASE,
)
"""The run blocked at a gate for a reason: that gate blocked, for that reason (a finding as
the reason is the scan's, read by pipeline_joined, never another gate's)."""

_NO_EVIDENCE = screened(
    r"\b(?:because|since|as) (?:there (?:is|was|are|were) no (?:evidence|results|test results)"
    r"(?: for (?:them|it|those|these|that gate|the tests))?|(?:the )?(?:evidence|results|test "
    r"results) (?:is|are|was|were) missing|nothing was recorded|no results were recorded)$",
    re.IGNORECASE,
)
"""A block for want of evidence, as people say it: no results were recorded."""

_REQUIRE_APPROVAL = screened(
    rf"^(?:(?:the )?(?P<e1>{ENV}) (?:promotions|deploys|deployments|releases)|(?:all )?"
    rf"(?:promotions|deploys|deployments|releases|deploying|promoting|releasing) (?:to|into) "
    rf"(?P<e2>{ENV})) (?:require|requires|need|needs) (?:an? |one |a manual |manual )?"
    r"(?:approval|sign-off|signoff)$",
    re.IGNORECASE,
)
"""An environment's promotions said to need an approval: the environment requires one."""


def _built(found: re.Match[str]) -> str:
    rest = found["rest"] or ""
    return f"{found['project']} version {found['version']} was built as {found['alias']}{rest}"


def _of_the_total(found: re.Match[str]) -> str:
    return f"{found['n']} of {found['alias']}'s {found['m']} {found['suite']} tests fail"


def _passes_tests(found: re.Match[str]) -> str:
    bar = (found["bar"] or "").lstrip(",")
    return f"the {found['suite']} tests of {found['alias']} pass with {found['cov']} coverage{bar}"


def _failures(found: re.Match[str]) -> str:
    alias = found["a1"] or found["a2"]
    count = found["n1"] or found["n2"]
    suite = found["suite"] or found["suite2"]
    return f"the {suite} tests of {alias} fail with {count} failures"


def _finding_parts(found: re.Match[str]) -> str:
    """The scan's finding with its id, severity and package said in any order; the line
    kept as it is unless each of the three is said once and nothing else is."""
    rest = found["rest"]
    if _READ_ALREADY.fullmatch(rest):
        return found.group(0)
    ids = _FINDING.findall(rest)
    severities = _SEVERITY_SAID.findall(rest)
    packages = _PACKAGE_SAID.findall(rest)
    left = _PACKAGE_SAID.sub(" ", _SEVERITY_SAID.sub(" ", _FINDING.sub(" ", rest)))
    words = re.findall(r"[\w\"'.+-]+", left)
    spare = [w for w in words if w.lower() not in _FILLER]
    if not packages and len(spare) == 1:  # "(curl, HIGH)": the one word left is the package
        packages, spare = spare, []
    if len(ids) != 1 or len(severities) != 1 or len(packages) != 1 or spare:
        return found.group(0)
    alias = next(found[g] for g in ("a1", "a2", "a3") if g in found.re.groupindex and found[g])
    return (
        f"the scan of {alias} finds {ids[0]}, severity {severities[0].upper()}, "
        f"in package {packages[0]}"
    )


def _verification(found: re.Match[str]) -> str:
    alias = found["alias"]
    of = f" of {alias}" if alias else ""
    return f"the deploy fails because the signature{of} does not verify"


def _not_run_for(found: re.Match[str]) -> str:
    return f"{found['gate']} {found['prep']} {found['alias']} {found['verb']}"


def _blocked_because(found: re.Match[str]) -> str:
    of = f" for {found['alias']}" if found["alias"] else ""
    return f"{found['gate']} blocked{of} {found['why']} {found['reason']}"


_RULES: list[tuple[Screened, str | Callable[[re.Match[str]], str]]] = [
    (_WITH_UNIT_TESTS, r" and passed its unit tests with \g<cov>% coverage"),
    (_NO_ONE_TRUSTS, rf'signed \g<how> untrusted key "{UNTRUSTED_KEY}"'),
    (_MANIFEST, _built),
    (_IS_BUILD_OF, _built),
    (_OF_THE_TOTAL, _of_the_total),
    (_FAILS_OF_ITS, _of_the_total),
    (_HAVE_FAILURES, _failures),
    (_PASSES_TESTS, _passes_tests),
    (_ITS_SCAN, r"the \g<scan> of it "),
    (_SCAN_HEAD, _finding_parts),
    (_HAS_FINDING, _finding_parts),
    (_AFFILIATION, r"\g<who>"),
    (_APPROVED_THE_MOVE, r"\g<alias> was approved for \g<env> by \g<who>"),
    (_NO_WAIVER, "there is no waiver for "),
    (_CONTENTS, r"\g<who> \g<verb> with "),
    (_TRIES, "I try to "),
    (_IT_FAILS, "the operation fails "),
    (_VERIFICATION, _verification),
    (_DIRECT_WITHOUT, r"\g<head>to \g<env> without running the \g<what>"),
    (_BY_DIGEST, r"\g<env> runs the digest of \g<alias>, not a tag"),
    (
        _AUDIT_WAIVER,
        lambda m: (
            f"the {m['what']} for {m['finding']} shows up in the audit log"
            + (f" for {m['alias']}" if m["alias"] else "")
        ),
    ),
    (_GATE_NOT_RUN_FOR, _not_run_for),
    (_NO_EVIDENCE, r"because no results were recorded"),
    (_BLOCKED_BECAUSE, _blocked_because),
    (_REQUIRE_APPROVAL, lambda m: f"{m['e1'] or m['e2']} requires an approval"),
]
_CHAIN = Chain(_RULES)
"""The rules in turn, none asked of a text that holds none of their words."""


@lru_cache(maxsize=4096)
def stated(text: str) -> str:
    """TEXT with each of these ways of saying things put as the phrases say them (kept: a
    line is read again many times while it is matched and suggested for)."""
    return _CHAIN.apply(text)
