"""The pipeline as release engineers and app developers say it, read as the phrases say it:
coverage said with a hedge ("pass with only 79% coverage", "pass but coverage is just
84%"), tests said as someone's ("my unit tests on I1 all pass"), the scanner as the one
who finds ("the scanner finds no vulnerabilities in I1"), a gate "shown as" blocked, and a
promotion or rollback said "by digest", which every one of them is.

Each rule rewrites words, never meaning: the rewritten line must still match exactly one
phrase (``grammar.with_readings``), and a name the line gives is kept.
"""

from __future__ import annotations

import re

from kubeloop.harness.axes_pipeline import axes
from kubeloop.harness.needed_words import Chain, Rule, screened
from kubeloop.harness.params import NUMBER
from kubeloop.harness.pipeline_joined import joined
from kubeloop.harness.pipeline_restated import restated
from kubeloop.harness.pipeline_stated import stated
from kubeloop.harness.release_moves_said import moves_said

_PERCENT = r"\d+(?:\.\d+)?%"
_HEDGE = screened(
    rf"\b(with|at|is|was|of) (?:only|just|merely|barely|a mere|a measly|a meagre|a meager) "
    rf"(?={_PERCENT})",
    re.IGNORECASE,
)
"""A coverage said small ("with only 61% coverage", "coverage is just 84%"): the number."""
_BUT_COVERAGE = screened(
    rf"\b(pass|passes|passed)(?:,? (?:but|and|though|yet)|,) (?:the |its |their )?"
    rf"(?:line |code |test )?coverage (?:is|was|comes in at|came in at|is at|was at|sits at|"
    rf"reaches|reached|only reaches|only reached) (?P<cov>{_PERCENT})$",
    re.IGNORECASE,
)
"""Tests that pass, then their coverage said in a clause of its own ("398 unit tests of C2
pass but coverage is 84%"): the tests pass with that coverage."""
_MINE = screened(
    r"^(?:my|our|the team's|their|his|her) (?=(?:unit|integration|e2e|end-to-end|smoke) tests\b)",
    re.IGNORECASE,
)
"""Tests said as someone's ("my unit tests on I1"): the tests."""
_ALL_PASS = screened(
    r"^(?P<head>(?:the )?(?:unit|integration) tests (?:of|for|on) \S+) all (?=pass(?:es|ed)?\b)",
    re.IGNORECASE,
)
"""Tests that "all pass": they pass (a count is said elsewhere, or not at all)."""
_SCANNER = screened(
    r"^(?:the |our )?(?:vulnerability |image |container |security |CVE )?(?:scanner|trivy|grype)"
    r" (?P<verb>finds|found|reports|reported|turns up|turned up)"
    r" (?P<what>.+?) (?:in|on|for) (?P<alias>(?-i:[A-Z][\w.:-]*)|\"[^\"]+\")$",
    re.IGNORECASE,
)
"""The scanner as the one who finds ("the scanner finds no vulnerabilities in I1",
"Trivy reports nothing for I1"): the scan of that build finds it."""
_SHOWN = screened(
    r"\b(?:shows|is shown|shows up|is marked|is reported|is displayed|appears)(?: as)?"
    r" (?=(?:blocked|skipped)\b)",
    re.IGNORECASE,
)
"""A gate said as it is shown ("the scan gate shows as blocked for C3"): what it is."""
_BY_DIGEST = screened(
    r"^(?P<move>I (?:roll|promote|deploy|redeploy) .+?),? (?:by|using|via) (?:its |the |their )?"
    r"(?:image )?digest$",
    re.IGNORECASE,
)
"""A rollback or promotion said "by digest": every one moves a digest, never a tag."""


_ALIAS = r"(?:(?-i:[A-Z][\w.:-]*\d[\w.:-]*)|\"[^\"]+\")"
_PROJECT_BUILD = screened(
    rf"^(?:the |our |their )?(?P<project>(?!the\b)[a-z][\w-]*|\"[^\"]+\") (?:build|artifact|image)"
    rf" (?P<alias>{_ALIAS}) ",
    re.IGNORECASE,
)
"""A build said by its project before its name ("model build M1 is live in prod", "the
checkout build C3 …"): M1 of model, never a deployment "model" at a version "M1"."""
"""A build's name as people give one: a capital and a digit (P2, R10, build-B7 quoted)."""
_COVERAGE_OF = screened(
    rf"\bwith (?:a |its )?(?:line |code |test )?coverage of ({_PERCENT})$"
    rf"|\band cover(?:s|ed)? ({_PERCENT}) of (?:the |its )?(?:code|lines|codebase)$"
    rf"|\bwith ({_PERCENT}) (?:line|code|test|statement) coverage$",
    re.IGNORECASE,
)
"""Coverage said another way ("with coverage of 91%", "and cover 91% of the code", "with 91%
line coverage"): with that coverage."""
_TESTS_ON = screened(
    rf"^(?:the )?(?P<kind>unit|integration) tests (?P<verb>pass|passes|passed|fail|failed|"
    rf"are green|were green) (?:on|against) (?P<alias>{_ALIAS})(?= |$)",
    re.IGNORECASE,
)
"""Tests said to pass "on" a build ("unit tests pass on P2 with 91% coverage"): its tests."""
_CI_RUNS = screened(
    r"^(?:CI|the CI|the CI pipeline|the build pipeline|our pipeline|the pipeline)"
    r" (?P<verb>runs|ran|reruns|re-runs|runs again) (?:on|against|over) "
    r"|^(?P<me>I|we) (?P<run>run|ran|rerun|re-run|trigger|triggered|start|started) (?:CI|the CI)"
    r"(?: pipeline)? (?:for|on|against) ",
    re.IGNORECASE,
)
"""CI said to run "on" a build ("CI runs on P2"): the pipeline runs for it."""
_GREEN = screened(
    rf"^(?P<alias>{_ALIAS}) (?:goes|went|turns|turned|is|was|comes back|came back|ends up|"
    r"ended up) green$"
)
"""A build that goes green: its pipeline passes."""
_BLOCKED_ON = screened(
    rf"^(?P<alias>{_ALIAS}) (?:is|was|gets|got) blocked (?:on|over|due to) (?=(?:CVE|GHSA)-)"
)
"""A build blocked "on" a finding: blocked by it."""
_STOPPED_AT = screened(
    rf"^(?P<alias>{_ALIAS}) (?:is|was|gets|got) (?:stopped|held|halted|blocked) (?:at|by) "
    r"(?!(?:CVE|GHSA)-)"
    r"|^the (?:run|build|CI run|ladder) (?P<verb>stops|stopped|halts|halted|fails|failed) at ",
    re.IGNORECASE,
)
"""A build stopped at a gate, or the run that stops there: the pipeline is blocked there."""
_NEVER_RUN = screened(r"\b(?:are|were|is|was) (never|not) run$", re.IGNORECASE)
"""A gate "never run": it never ran."""
_NEVER_REACHES = screened(
    rf"^the (?:pipeline|run|build)(?: (?:for|of) (?P<alias>{_ALIAS}))? never (?:reaches|reached|"
    r"gets to|got to|makes it to|made it to) (?P<gate>.+)$",
    re.IGNORECASE,
)
"""A run that never reaches a gate: that gate never ran."""
_ENV_STAYS = screened(
    r"^(?P<env>prod|production|staging|dev|qa|uat|preprod|canary) (?:stays|stayed|remains|"
    r"remained|is left|was left|sits|sat|is kept|was kept) on ",
    re.IGNORECASE,
)
"""An environment that stays on a build: it is still on it."""
_ENV_EMPTY = screened(
    r"^(?P<env>prod|production|staging|dev|qa|uat|preprod|canary) (?:is|stays|remains|is "
    r"left|was left) empty$",
    re.IGNORECASE,
)
"""An environment said to be empty: it runs nothing (it is still empty)."""
_SIGNATURE = screened(
    rf"^(?:the signature (?:on|of|for) (?P<alias>{_ALIAS})|(?P<owner>{_ALIAS})'s signature)"
    r" (?:checks out|checked out|is valid|"
    r"was valid|is good|holds up|passes verification|passed verification)$",
    re.IGNORECASE,
)
"""A signature that checks out: it verifies."""
_SIGNS_OFF = screened(
    r"^(?P<who>security|the security team|someone|I|we) (?:signs? off on|signed off on|accepts?"
    r" the risk of|accepted the risk of|grants? an exception for|granted an exception for) "
    r"(?=(?:CVE|GHSA)-)",
    re.IGNORECASE,
)
"""A finding signed off on by security: security waives it."""
_THERE_IS = screened(
    r"^(?:there is|there's|we have|we've got|security has|there exists) (?=an? (?:waiver|"
    r"exception) for )",
    re.IGNORECASE,
)
"""A waiver said to exist ("there is a waiver for CVE-… until …"): the waiver."""


_NO_FINDINGS = screened(
    rf"^(?P<alias>{_ALIAS}) (?:has|had|shows|showed) no (?:known )?(?:vulnerabilities|CVEs|"
    r"findings|security findings|security issues)$",
    re.IGNORECASE,
)
"""A build with no known vulnerabilities: its scan finds nothing."""
_SCAN_FINDS_IN = screened(
    r"^(?:the )?(?P<scan>(?:vulnerability |image |container |security |CVE )?scan)"
    rf" (?P<verb>finds|found|reports|reported|turns up|turned up) (?P<what>.+?) (?:in|on|for)"
    rf" (?P<alias>{_ALIAS})$",
    re.IGNORECASE,
)
"""A scan said to find something "in" a build: the scan of that build finds it."""
_SOME = rf"(?!(?:0|zero|no)\b)(?:{NUMBER})"
_FAILING = screened(
    rf"^(?:(?P<a1>{_ALIAS}) has (?P<n1>{_SOME}) (?:failing|failed|broken|red) unit tests?"
    rf"|(?P<n2>{_SOME}) unit tests? (?:of|for|on) (?P<a2>{_ALIAS}) (?:fail|fails|failed)"
    rf"|(?P<n3>{_SOME}) of (?P<a3>{_ALIAS})'s unit tests (?:fail|failed))$",
    re.IGNORECASE,
)
"""Failing unit tests counted with no total ("O2 has 3 failing unit tests", "2 unit tests of
O2 fail"): the unit tests fail with that many failures (never none: "0 failing" is green)."""
_REACH = screened(
    rf"^(?P<alias>{_ALIAS}) (?:does not|doesn't|did not|didn't|never) (?:reach|reaches|reached|"
    r"get to|gets to|got to|make it to|makes it to|made it to) (?P<gate>(?:the )?(?:scan|"
    r"unit|integration|sign|signing|vulnerability|security)\b.*)$",
    re.IGNORECASE,
)
"""A build that never reaches a gate: that gate never ran for it."""
_REJECTED_AT = screened(
    rf"^(?P<alias>{_ALIAS}) (?:is|was|gets|got) (?:rejected|turned back|refused|failed) at ",
    re.IGNORECASE,
)
"""A build rejected at a gate: the pipeline is blocked there."""
_SHARE = screened(
    rf"^(?P<a>{_ALIAS}) and (?P<b>{_ALIAS}) (?:share|shared) (?:a|the same|one) digest$"
    rf"|^(?P<c>{_ALIAS}) (?:has|had) the same digest as (?P<d>{_ALIAS})$",
)
"""Two builds that share a digest: they have the same digest."""
_DIFFER = screened(
    rf"^(?:the digest of (?P<a>{_ALIAS}) (?:differs from|is different from|is not) the digest of"
    rf" (?P<b>{_ALIAS})|(?P<c>{_ALIAS}) (?:does not|doesn't) have the same digest as"
    rf" (?P<d>{_ALIAS})|(?P<e>{_ALIAS}) has a different digest (?:than|from) (?P<f>{_ALIAS}))$",
)
"""Two builds whose digests differ: they have different digests."""
_ENV_MOVE = screened(
    r"\bthe (?P<env>prod|production|staging|dev) (?P<what>promotion|deploy|deployment|release)\b",
    re.IGNORECASE,
)
"""A move named by its environment ("the prod promotion"): the promotion to prod."""
_APPROVED_BY = screened(
    r"^the promotion (?P<where>(?:of \S+ )?to \S+) (?:is|was|gets|got) approved by (?P<who>.+)$",
    re.IGNORECASE,
)
"""A promotion approved by someone: they approve it."""


_PASSES_SUITE = screened(
    rf"^(?P<who>it|{_ALIAS}) (?:passes|passed|clears|cleared) (?:the|its|all (?:of )?its|all the)"
    r" (?P<kind>unit|integration) tests$",
    re.IGNORECASE,
)
"""A build said to pass its tests, with nothing more ("it passes the integration tests"):
its tests pass."""
_GIVES_APPROVAL = screened(
    r"^(?P<who>(?-i:[A-Z][a-z]+)|the release manager|someone|security) (?:gives|gave|grants|"
    r"granted) (?:the |an |their |her |his )?(?:approval|sign-off|go-ahead) (?:for|to)"
    r" (?P<env>prod|production|staging|dev)$",
    re.IGNORECASE,
)
"""An approval given for an environment: the approval of the promotion there."""

_ENV_NAME = r"(?:prod|production|staging|dev|qa|uat|preprod|canary)"
_STAGES = {
    "signed": r"signing|(?:the )?signature|being signed",
    "approved": r"(?:(?:an?|the) )?(?:manual )?(?:approval|sign-off)",
    "passed every gate": r"(?:all (?:of )?(?:the |its )?|every |the |its )?"
    r"(?:gates?|gate ladder|checks)|CI|the pipeline",
    "scanned clean": r"(?:a |the )?(?:clean )?scan(?:ning)?",
}
_PROMOTION = rf"promotion (?:all the way )?(?:to|into|up to|through to|on to) {_ENV_NAME}"
_STAGE = "|".join([*_STAGES.values(), _PROMOTION])
_THROUGH_STAGES = screened(
    r"\b(?:went|goes|has gone|have gone|had gone|made it|makes it|has made it|got|gets|came|comes|"
    r"passed|has passed|has been|had been|was taken|has been taken) through "
    rf"(?P<stages>(?:{_STAGE})(?:(?:,? and |, )(?:{_STAGE}))+)$",
    re.IGNORECASE,
)
"""A build's history said as the stages it went through ("v2 went through signing, approval
and promotion to prod"): the facts those nouns name, in the order said (signed, approved,
promoted all the way to prod)."""


def _stages(found: re.Match[str]) -> str:
    facts = []
    for stage in re.split(r",? and |, ", found["stages"], flags=re.IGNORECASE):
        promotion = re.fullmatch(rf"promotion .*?(?P<env>{_ENV_NAME})", stage, re.IGNORECASE)
        if promotion is not None:
            facts.append(f"promoted all the way to {promotion['env']}")
            continue
        facts.extend(
            fact for fact, said in _STAGES.items() if re.fullmatch(said, stage, re.IGNORECASE)
        )
    return f"{', '.join(facts[:-1])} and {facts[-1]}"


_ENVS = rf"{_ENV_NAME}(?:(?:,? and |, ){_ENV_NAME})*"
_THROUGH_ENVS = screened(
    r"\b(?P<verb>promote|promotes|promoted|push|pushes|pushed|move|moves|moved|take|takes|took|"
    rf"ship|ships|shipped) (?P<what>{_ALIAS}|it|v\d[\w.-]*) (?:through|via) (?P<envs>{_ENVS})"
    rf"(?:,? (?:(?:and )?(?:then |finally )?(?:into|to|on to|onto|up to|on into)) "
    rf"(?P<last>{_ENV_NAME}))?$",
    re.IGNORECASE,
)
"""A promotion said as the way it goes ("I promote P1 through dev and staging into prod"):
the promotion to each environment in turn, the last one said included, by any verb."""


def _through_envs(found: re.Match[str]) -> str:
    envs = re.split(r",? and |, ", found["envs"], flags=re.IGNORECASE)
    envs += [found["last"]] if found["last"] else []
    said = envs[0] if len(envs) == 1 else f"{', '.join(envs[:-1])} and {envs[-1]}"
    verb = found["verb"].lower()
    tense = "d" if verb.endswith("ed") or verb == "took" else "s" if verb.endswith("s") else ""
    return f"promote{tense} {found['what']} to {said}"


def _passes_suite(found: re.Match[str]) -> str:
    who, kind = found["who"], found["kind"]
    return f"its {kind} tests pass" if who.lower() == "it" else f"the {kind} tests of {who} pass"


def _two(found: re.Match[str], verb: str) -> str:
    a, b = (x for x in found.groups() if x)
    return f"{a} and {b} {verb}"


def _failing(found: re.Match[str]) -> str:
    alias = found["a1"] or found["a2"] or found["a3"]
    count = found["n1"] or found["n2"] or found["n3"]
    return f"the unit tests of {alias} fail with {count} failures"


def _never_runs(found: re.Match[str]) -> str:
    gate, alias = found.group("gate"), found.group("alias")
    return f"{gate} for {alias} never ran" if alias else f"{gate} never ran"


_OF_RULES: list[Rule] = [
    (_COVERAGE_OF, lambda m: f"with {m.group(1) or m.group(2) or m.group(3)} coverage"),
    (_TESTS_ON, r"the \g<kind> tests of \g<alias> \g<verb>"),
    (_GREEN, r"the pipeline for \g<alias> passes"),
    (_BLOCKED_ON, r"\g<alias> is blocked by "),
    (
        _STOPPED_AT,
        lambda m: f"{m['alias']} is blocked at " if m["alias"] else f"the pipeline {m['verb']} at ",
    ),
    (_NEVER_RUN, lambda m: "never ran" if m.group(1).lower() == "never" else "did not run"),
    (_REACH, r"the pipeline for \g<alias> never reaches \g<gate>"),
    (_NEVER_REACHES, _never_runs),
    (_REJECTED_AT, r"\g<alias> is blocked at "),
    (_NO_FINDINGS, r"the scan of \g<alias> finds nothing"),
    (_SCAN_FINDS_IN, r"the \g<scan> of \g<alias> \g<verb> \g<what>"),
    (_FAILING, _failing),
    (_SHARE, lambda m: _two(m, "have the same digest")),
    (_DIFFER, lambda m: _two(m, "have different digests")),
    (_ENV_MOVE, r"the \g<what> to \g<env>"),
    (_PASSES_SUITE, _passes_suite),
    (_GIVES_APPROVAL, r"\g<who> approves the promotion to \g<env>"),
    (_APPROVED_BY, r"\g<who> approves the promotion \g<where>"),
    (_ENV_STAYS, r"\g<env> is still on "),
    (_ENV_EMPTY, r"\g<env> is still empty"),
    (_SIGNATURE, lambda m: f"the signature of {m['alias'] or m['owner']} verifies"),
    (_THROUGH_STAGES, _stages),
    (_THROUGH_ENVS, _through_envs),
]
_OF = Chain(_OF_RULES)
"""The rules that read a line again once its possessives are said with "of", in turn."""


def pipeline_said_of(text: str) -> str:
    """TEXT with the pipeline's ways put as the phrases say them: the rules that read a line
    again once its possessives are said with "of" ("P2's unit tests" as "the unit tests of
    P2")."""
    return _OF.apply(stated(joined(moves_said(restated(axes(text))))))


_SAID_RULES: list[Rule] = [
    (_MINE, "the "),
    (_ALL_PASS, r"\g<head> "),
    (_HEDGE, r"\1 "),
    (_BUT_COVERAGE, r"\1 with \g<cov> coverage"),
    (_SCANNER, r"the scan of \g<alias> \g<verb> \g<what>"),
    (_SHOWN, "is "),
    (
        _CI_RUNS,
        lambda m: (
            f"{m['me']} {m['run']} the pipeline for "
            if m["me"]
            else f"the pipeline {m['verb']} for "
        ),
    ),
    (_SIGNS_OFF, r"\g<who> waives "),
    (_THERE_IS, ""),
    (_BY_DIGEST, r"\g<move>"),
    (_PROJECT_BUILD, r"\g<alias> of \g<project> "),
]
_SAID = Chain(_SAID_RULES)
"""The pipeline's ways of saying things the phrases say otherwise, in turn."""


def pipeline_said(text: str) -> str:
    """TEXT with the pipeline's ways of saying things put as the phrases say them."""
    return pipeline_said_of(_SAID.apply(text))
