"""More of the pipeline as people say it, put as the phrases say it: tests said without an
article or "on" a build ("unit tests for C4 pass at 91% coverage", "3 unit tests fail on
B1"), the coverage bar said as a requirement ("the platform requires 80% coverage"), a run
that "goes red" or that a build "fails", a finding that blocks a build, approvals still
pending, an environment a build is "no longer" in, and the day said as "the date is …".

Each rule rewrites words, never meaning: the rewritten line must still match exactly one
phrase (``grammar.with_readings``), and a name the line gives is kept. pipeline_readings
calls ``restated`` once a line's possessives are said with "of".
"""

from __future__ import annotations

import re
from collections.abc import Callable

from kubeloop.harness.params import NUMBER

_ALIAS = r"(?:(?-i:[A-Z][\w.:-]*\d[\w.:-]*)|\"[^\"]+\")"
"""A build's name as people give one: a capital and a digit (P2, R10; quoted: anything)."""
_ENV = r"(?:prod|production|staging|dev|qa|uat|preprod|canary)"
_PERCENT = r"\d+(?:\.\d+)?%"
_SUITE = r"(?P<kind>unit|integration)"
_PASS = r"(?P<verb>pass|passes|passed|are green|were green)"
_NUMBER = rf"(?:{NUMBER})"

_NO_ARTICLE = re.compile(r"^(?P<kind>unit|integration) tests (?P<prep>for|of|on) ", re.IGNORECASE)
"""Tests said without an article ("unit tests for C4 pass"): the tests of that build."""
_SUITE_WORD = re.compile(
    r"\b(?P<kind>unit|integration)(?:[- ]test)? (?:suite|test suite)\b", re.IGNORECASE
)
"""A suite said as one ("the unit test suite of B1 passes"): its tests."""
_END_TO_END = re.compile(r"\b(?:e2e|end-to-end|end to end) tests\b", re.IGNORECASE)
"""End-to-end tests: the ladder's integration tests."""
_SUITE_PASSES = re.compile(
    r"\b(?P<kind>unit|integration) tests (?:of|for|on) (?P<alias>\S+) passes\b", re.IGNORECASE
)
_TESTS_AFTER = re.compile(
    rf"^(?P<count>(?:all )?{_NUMBER} |all )?(?:the )?{_SUITE} tests {_PASS} "
    rf"(?:on|for|against|in) (?P<alias>{_ALIAS}|it)(?P<rest>(?: |,|$).*)$",
    re.IGNORECASE,
)
"""Tests that pass "on" or "for" a build, their number said first ("412 unit tests pass on
B1 with 88% coverage", "the unit tests pass for B1"): the tests of that build."""
_FAIL_ON = re.compile(
    rf"^(?P<count>{_NUMBER}) unit tests? (?:fail|fails|failed) (?:on|for|in) (?P<alias>{_ALIAS})$",
    re.IGNORECASE,
)
"""Unit tests that fail "on" a build, counted ("3 unit tests fail on B1")."""
_FAILS_OF = re.compile(
    rf"^(?P<alias>{_ALIAS}) (?:fails|failed) (?P<failures>{_NUMBER}) (?:of|out of) "
    rf"(?P<tests>{_NUMBER}) (?P<kind>unit|integration) tests$",
    re.IGNORECASE,
)
"""A build that fails some of its tests ("B1 fails 3 of 412 unit tests")."""
_PASSING_AND = re.compile(
    rf"^(?P<alias>{_ALIAS}) has (?P<count>{_NUMBER}) passing {_SUITE} tests"
    rf"(?:,? (?:and|with) (?P<cov>{_PERCENT}) (?:line |code |test )?coverage)?$",
    re.IGNORECASE,
)
"""A build that "has 412 passing unit tests and 88% coverage": they pass, with it."""
_PASS_AT = re.compile(rf"\b(pass|passes|passed) at (?={_PERCENT} coverage$)", re.IGNORECASE)
"""Tests that pass "at" a coverage: with it."""
_KIND_OF_COVERAGE = re.compile(
    rf"^(?P<alias>{_ALIAS}) has (?P<cov>{_PERCENT}) (?:line|code|test|statement|unit test) "
    r"coverage$",
    re.IGNORECASE,
)
"""A coverage said with its kind ("B1 has 88% test coverage"): coverage.py's total."""
_TESTS_GREEN = re.compile(
    rf"^(?P<alias>{_ALIAS})'s tests (?:pass|passed|are green|were green) with "
    rf"(?P<cov>{_PERCENT}) coverage$",
    re.IGNORECASE,
)
"""A build's tests, both suites, green with a coverage: it is tested with that coverage."""

_WHO_REQUIRES = (
    r"(?:we|I|the team|the teams|every team|each team|the platform|the platform team|our policy|"
    r"policy|the policy|the org|the company|security|the release process|the pipeline|CI|"
    r"builds|every build|each build|releases|every release)"
)
_REQUIRES = re.compile(
    rf"^{_WHO_REQUIRES} (?:require|requires|need|needs|demand|demands|expect|expects|insist on|"
    r"insists on|want|wants|must have|has to have|have to have) (?:at least |a minimum of |"
    rf"minimum )?(?P<cov>{_PERCENT}) (?:line |code |test |unit test )?coverage"
    r"(?: (?:for|from|on|of) (?:every|each|all|any) (?:team|teams|build|builds|service|services|"
    r"release|releases|merge|merges)| to (?:ship|merge|release|pass|deploy|get through))?$",
    re.IGNORECASE,
)
"""The coverage bar said as someone's requirement ("the platform requires 80% coverage for
every team", "we need at least 85% coverage to ship"): the coverage threshold."""
_POLICY_IS = re.compile(
    rf"^(?:the |our )?(?:coverage )?(?:policy|rule|requirement|standard) is (?:at least )?"
    rf"(?P<cov>{_PERCENT})(?: coverage)?$",
    re.IGNORECASE,
)
"""The coverage bar said as the policy ("the policy is 80% coverage")."""

_RED = re.compile(
    rf"^(?:the pipeline (?:for|of) (?P<a1>{_ALIAS})|(?P<a2>{_ALIAS})) (?:is|was|goes|went|turns|"
    r"turned) red$",
    re.IGNORECASE,
)
"""A build whose pipeline is red: it is blocked."""
_RUN_FAILS = re.compile(
    r"^(?:the build|the pipeline run|the run|the CI run|CI) (?:fails|failed|is red|was red|"
    r"goes red|went red|turns red|turned red)$",
    re.IGNORECASE,
)
"""The run that fails or goes red, no build named: the pipeline is blocked."""
_GOES_RED_ON = re.compile(
    r"^the (?P<what>pipeline|build|run) (?:goes|went|turns|turned) red (?P<prep>on|at) ",
    re.IGNORECASE,
)
"""A run that goes red on a gate: it fails there."""
_FAILS_PIPELINE = re.compile(
    rf"^(?P<alias>{_ALIAS}) (?:fails|failed) (?:the pipeline|CI|its pipeline run)$",
    re.IGNORECASE,
)
"""A build that fails the pipeline: its pipeline is blocked."""
_FAILS_GATE = re.compile(
    rf"^(?P<alias>{_ALIAS}) (?:fails|failed) (?:the |its )(?P<gate>(?:unit tests|unit test|"
    r"integration tests|integration test|coverage|scan|vulnerability scan|security scan|"
    r"signing|sign|signature|unit|integration|security|vulnerability|image scan)"
    r"(?: (?:gate|stage|step|check|job))?)$",
    re.IGNORECASE,
)
"""A build that fails a gate ("B2 fails the scan step", "B2 failed its unit tests"): that
gate blocks it."""
_GET_PAST = re.compile(
    r"\b(?:does not|doesn't|cannot|can't|can not|could not|couldn't) (?:get|make it) past\b",
    re.IGNORECASE,
)
"""A build that cannot get past a gate: it did not get past it."""

_FINDING = r"(?:CVE|GHSA)-[\w-]+"
_FINDING_BLOCKS = re.compile(
    rf"^(?P<finding>{_FINDING}) (?:blocks|blocked|is blocking|stops|stopped) (?P<alias>{_ALIAS})$",
    re.IGNORECASE,
)
"""A finding said to block a build: the build is blocked by it."""
_FINDING_LETS_PASS = re.compile(
    rf"^(?P<finding>{_FINDING}) (?:does not|doesn't|did not|didn't|no longer) (?:block|blocks) "
    rf"(?:{_ALIAS}|the pipeline|the build|the scan|the scan gate|it)$",
    re.IGNORECASE,
)
"""A finding that does not block a build: it is reported but does not block."""
_HAS_FINDING = re.compile(
    rf"^(?P<alias>{_ALIAS}) (?:has|had|carries|ships with|contains) (?:an? )?"
    rf"(?P<severity>critical|high|medium|low)(?:[- ]severity)? (?:CVE|vulnerability|finding),? "
    rf"(?P<finding>{_FINDING}),? in (?P<package>[\w.+-]+)$",
    re.IGNORECASE,
)
"""A build said to have a finding ("B1 has a critical CVE, CVE-2026-1234, in openssl"): its
scan finds it."""
_NO_SEVERE = re.compile(
    rf"^the (?P<scan>(?:vulnerability |image |container |security )?scan) (?:of|for|on) "
    rf"(?P<alias>{_ALIAS}) (?:finds|found|reports|reported|shows|showed|turns up|turned up) no "
    r"(?:critical|high|critical or high|high or critical|critical and high|high and critical|"
    r"blocking) (?:vulnerabilities|CVEs|findings|issues)$",
    re.IGNORECASE,
)
"""A scan with no critical or high findings, and nothing else said: it finds nothing."""

_PENDING = re.compile(
    rf"^(?P<alias>{_ALIAS}|it) (?:is pending|is awaiting|awaits|is still awaiting|still awaits|"
    r"is still pending|is held for|is on hold for|is parked for|needs|still needs|waits for|is "
    r"still waiting for|sits waiting for) (?:an? |manual |the )?(?:manual )?approval "
    rf"(?:for|before|in|to|into) (?P<env>{_ENV})$",
    re.IGNORECASE,
)
"""A build still waiting for an approval ("B1 is pending approval for prod", "B1 needs
approval before prod"): it is waiting for approval there."""
_ENV_WAITS = re.compile(
    rf"^(?P<env>{_ENV}) (?:is waiting|waits|is still waiting) (?:on|for) (?:an? |the )?"
    rf"(?:manual )?approval (?:for|of) (?P<alias>{_ALIAS})$",
    re.IGNORECASE,
)
"""An environment waiting on an approval for a build: the build waits for approval there."""
_PROMOTION_PENDING = re.compile(
    rf"^the (?:promotion|deploy|deployment|release) of (?P<alias>{_ALIAS}) to (?P<env>{_ENV}) "
    r"(?:is pending|is still pending|is on hold|is held)$",
    re.IGNORECASE,
)
"""A promotion said to be pending: it is waiting for approval."""
_APPROVES_MOVE = re.compile(
    r"\bapproves (?:the )?(?:release|deploy|deployment|rollout|push|shipping) "
    rf"(?=(?:of {_ALIAS} )?to )",
    re.IGNORECASE,
)
"""An approval of "the release of B1 to prod": of its promotion there."""
_APPROVES_ENV_MOVE = re.compile(
    rf"\bapproves the (?P<env>{_ENV}) (?:release|deploy|deployment|rollout|promotion) of "
    rf"(?P<alias>{_ALIAS})$",
    re.IGNORECASE,
)
"""An approval of "the prod deploy of B2": of its promotion to prod."""
_GO_AHEAD = re.compile(
    rf"^(?P<who>(?-i:[A-Z][a-z]+)|the release manager|the change board|security) (?:gives|gave) "
    rf"(?P<alias>{_ALIAS}) (?:the |a |her |his |their )?(?:go-ahead|green light|thumbs up|"
    rf"approval|sign-off) (?:for|to go to|into) (?P<env>{_ENV})$",
    re.IGNORECASE,
)
"""Someone who gives a build the go-ahead for an environment: they approve it for there."""
_APPROVER = re.compile(
    rf"^(?:the approval of (?P<a1>{_ALIAS})(?: for (?P<e1>{_ENV}))? (?:was|is) given by "
    rf"(?P<w1>.+)|(?P<w2>.+?) (?:is|was) (?:recorded|logged|listed) as (?:the )?approver of "
    rf"(?P<a2>{_ALIAS})(?: for (?P<e2>{_ENV}))?)$",
    re.IGNORECASE,
)
"""Who gave an approval, said of the approval or the approver: the build was approved by
them."""

_NO_LONGER = re.compile(
    rf"^(?P<alias>{_ALIAS}) (?:is no longer|is not|isn't|is gone from|has gone from|is out of|"
    rf"is no longer running in|is no longer live in|is no longer deployed (?:in|to)) "
    rf"(?:in )?(?P<env>{_ENV})$",
    re.IGNORECASE,
)
"""A build no longer (or not) in an environment: it is not running there."""
_ENV_NO_LONGER = re.compile(
    rf"^(?P<env>{_ENV}) (?:no longer runs|no longer has|isn't serving|is not serving|no longer "
    r"serves|stopped running) ",
    re.IGNORECASE,
)
"""An environment that no longer runs a build: it does not run it."""
_NOTHING_IN = re.compile(
    rf"^nothing (?:is running|runs|is deployed|is live|has been deployed|is) (?:in|to|on) "
    rf"(?P<env>{_ENV})(?: yet)?$",
    re.IGNORECASE,
)
"""Nothing running in an environment: it runs nothing."""
_STAYS_EMPTY = re.compile(
    rf"^(?P<env>{_ENV}) (?:stays|stayed|remains|remained|is still|is kept) empty$",
    re.IGNORECASE,
)
"""An environment that stays empty: it still runs nothing."""
_STILL_HAS = re.compile(
    rf"^(?P<env>{_ENV}) (?:still has|has still got|still has got) ", re.IGNORECASE
)
"""An environment that still has a build: it still runs it."""
_BUILD_IN = re.compile(
    rf"^(?:the (?:build|artifact|image|release|version|digest) (?:running |deployed |live )?in "
    rf"(?P<e1>{_ENV}) is (?P<a1>{_ALIAS})|(?P<a2>{_ALIAS}) is the (?:build|artifact|image|release)"
    rf" (?:running|deployed|live) in (?P<e2>{_ENV}))$",
    re.IGNORECASE,
)
"""The build in an environment named as such ("the build in prod is B1"): the one it runs."""
_EVERYWHERE = re.compile(
    rf"^(?P<alias>{_ALIAS}) (?:is deployed|is running|runs|is live) everywhere$", re.IGNORECASE
)
"""A build running everywhere: in every environment."""
_AFTER_ROLLBACK = re.compile(
    r"^(?:after|following) the (?:rollback|roll-back|roll back),? (?=\w)"
    r"|,? (?:after|following) the (?:rollback|roll-back|roll back)$",
    re.IGNORECASE,
)
"""A check said "after the rollback", the rollback the scenario just did: the check."""
_ENV_ROLLS_BACK = re.compile(
    rf"^(?P<env>{_ENV}) (?:rolls|rolled|is rolled|gets rolled|was rolled) back to the "
    r"(?:previous|last good|last known good|last known-good|prior|earlier) "
    r"(?:build|version|release|digest|image)$",
    re.IGNORECASE,
)
"""An environment rolled back to its previous build: a rollback of it."""
_ROLL_BACK_IN = re.compile(
    rf"^(?P<who>I|we) (?:roll|rolled) back to (?P<alias>{_ALIAS}) (?:in|on) (?P<env>{_ENV})$",
    re.IGNORECASE,
)
"""A rollback to a build said with the environment last: ENV rolled back to it."""

_LIST_OWNER = re.compile(
    r"^(?:the |our )?(?:platform|platform's|platform team's|team|team's|security|security "
    r"team's|shared|org|org-wide|company|company-wide|central|global|default|main) "
    r"(?=(?:waiver|exception|waivers|exceptions) list\b)",
    re.IGNORECASE,
)
"""A waiver list said with whose it is ("platform waiver list version 12"): the waiver list
(a scenario has one)."""
_LIST_V = re.compile(r"\b((?:waiver|exception|waivers|exceptions) list) v(\d+)\b", re.IGNORECASE)
"""A waiver list's version said "v3": version 3."""
_LIST_HEAD = re.compile(
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


_LETS_THROUGH = re.compile(
    r"^the (?:waiver|exception|waiver list)(?: for (?P<f1>(?:CVE|GHSA)-[\w-]+))? (?:lets|let|"
    rf"allows|allowed|waves) (?P<f2>{_FINDING}) (?:through|past|pass)$",
    re.IGNORECASE,
)
"""A waiver that lets a finding through: the finding is waived."""
_WHOSE_TEAM = re.compile(
    r"^the (?!team\b)[a-z][\w-]*(?: [a-z][\w-]*)? team (?=(?:builds|built|rebuilds|promotes|"
    r"promoted|deploys|deployed|ships|shipped|releases|released|signs|signed|runs|ran) )",
)
"""A team named by what it owns ("the billing team builds …"): the team, who acts."""
_BUT_NOT = re.compile(
    rf"^(?P<alias>{_ALIAS}) is (?:running |live |deployed )?in (?P<yes>{_ENV}),? but not "
    rf"(?:in )?(?P<no>{_ENV})(?: yet)?$",
    re.IGNORECASE,
)
"""A build in one environment "but not" another: in one, and not running in the other."""
_MOVE_FROM = re.compile(
    rf"\b(?P<verb>promote|promotes|promoted) (?P<what>{_ALIAS}|it) from {_ENV} to ", re.IGNORECASE
)
"""A promotion said with where it leaves from ("from dev to staging"): the promotion (the
engine checks it ran in the environment before)."""
_PROMOTED_FROM = re.compile(rf"(?<=[\w\"]) promoted from {_ENV} to ", re.IGNORECASE)
"""A build promoted "from dev to staging": promoted to staging."""
_MOVE_ON = re.compile(
    rf"^(?:I|we) (?:move|moved|take|took|bump|bumped|advance|advanced) "
    rf"(?P<what>{_ALIAS}|it) (?:up |on |along |forward |onward |over )?(?:to|into) "
    rf"(?P<env>{_ENV})$",
    re.IGNORECASE,
)
"""A build moved on to the next environment by hand ("I move B1 up to staging")."""
_PROMOTE_ONWARD = re.compile(
    r"\b(promote|promotes|promoted) (\S+) (?:onward|onwards|forward|along|on|up) to ", re.IGNORECASE
)
"""A promotion "onward" or "up" to an environment: the promotion."""
_STAGES = {
    "gates": "passed every gate",
    "checks": "passed every gate",
    "pipeline": "passed every gate",
    "promotions": "was promoted to dev, staging and prod",
    "environments": "was promoted to dev, staging and prod",
    "prod approval": "was approved for prod",
    "production approval": "was approved for prod",
    "approval": "was approved for prod",
    "approvals": "was approved for prod",
    "sign-off": "was approved for prod",
    "signing": "was signed",
}
_STAGE = "|".join(sorted(_STAGES, key=len, reverse=True)).replace(" ", " +")
_WENT_THROUGH = re.compile(
    rf"^(?P<alias>{_ALIAS}) (?:went|goes|has gone|got|gets|has been|was put) through "
    r"(?:the same |all the |all |every |its |the (?:usual |whole |full )?)?"
    rf"(?P<list>(?:{_STAGE})(?:, (?:the )?(?:{_STAGE}))*,? and (?:the )?(?:{_STAGE}))$",
    re.IGNORECASE,
)
"""A build that went through the ladder's stages by name ("R2 went through the same gates,
promotions and prod approval"): each, said as the facts say it (the promotions: through the
pipeline's environments, dev, staging and prod)."""


def _went_through(found: re.Match[str]) -> str:
    said = re.split(r",? and (?:the )?|, (?:the )?", found["list"], flags=re.IGNORECASE)
    facts = list(dict.fromkeys(_STAGES[" ".join(s.lower().split())] for s in said))
    return (
        f"{found['alias']} {', '.join(facts[:-1])} and {facts[-1]}"
        if len(facts) > 1
        else (f"{found['alias']} {facts[0]}")
    )


_SIGNS_OFF_ON = re.compile(
    r"^(?P<who>(?-i:[A-Z][a-z]+)|the release manager|the change board|security) (?:signs|signed)"
    rf" off on the (?:(?P<e1>{_ENV}) (?:release|promotion|deploy|deployment)(?: of "
    rf"(?P<a1>{_ALIAS}))?|(?:release|promotion|deploy|deployment)(?: of (?P<a2>{_ALIAS}))? to "
    rf"(?P<e2>{_ENV}))$",
    re.IGNORECASE,
)
"""Someone who signs off on a release to an environment: they approve its promotion there
(never a build called by their name)."""


def _signs_off(found: re.Match[str]) -> str:
    alias = found["a1"] or found["a2"]
    what = f" of {alias}" if alias else ""
    return f"{found['who']} approves the promotion{what} to {found['e1'] or found['e2']}"


_DATE_IS = re.compile(
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


_RULES: list[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]]] = [
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
    (_PENDING, r"\g<alias> is waiting for approval in \g<env>"),
    (_ENV_WAITS, r"\g<alias> is waiting for approval in \g<env>"),
    (_PROMOTION_PENDING, r"\g<alias> is waiting for approval in \g<env>"),
    (_APPROVES_MOVE, "approves the promotion "),
    (_APPROVES_ENV_MOVE, r"approves the promotion of \g<alias> to \g<env>"),
    (_GO_AHEAD, r"\g<who> approves \g<alias> for \g<env>"),
    (
        _APPROVER,
        lambda m: (
            f"{m['a1'] or m['a2']} was approved"
            + (f" for {m['e1'] or m['e2']}" if m["e1"] or m["e2"] else "")
            + f" by {m['w1'] or m['w2']}"
        ),
    ),
    (_NO_LONGER, r"\g<alias> isn't running in \g<env>"),
    (_ENV_NO_LONGER, r"\g<env> doesn't run "),
    (_NOTHING_IN, r"\g<env> runs nothing"),
    (_STAYS_EMPTY, r"\g<env> still runs nothing"),
    (_STILL_HAS, r"\g<env> still runs "),
    (_BUILD_IN, lambda m: f"{m['e1'] or m['e2']} runs {m['a1'] or m['a2']}"),
    (_EVERYWHERE, r"\g<alias> runs in every environment"),
    (_AFTER_ROLLBACK, ""),
    (_ENV_ROLLS_BACK, r"I roll back \g<env>"),
    (_ROLL_BACK_IN, r"I roll \g<env> back to \g<alias>"),
    (_DATE_IS, "today is "),
    (_SIGNS_OFF_ON, _signs_off),
    (_BUT_NOT, r"\g<alias> is in \g<yes> and \g<alias> isn't running in \g<no>"),
    (_MOVE_FROM, r"\g<verb> \g<what> to "),
    (_PROMOTED_FROM, " promoted to "),
    (_MOVE_ON, r"I promote \g<what> to \g<env>"),
    (_PROMOTE_ONWARD, r"\1 \2 to "),
    (_WENT_THROUGH, _went_through),
    (_WHOSE_TEAM, "the team "),
    (_LETS_THROUGH, r"\g<f2> is waived"),
    (_LIST_OWNER, ""),
    (_LIST_V, r"\1 version \2"),
    (_LIST_HEAD, _waiver_in_order),
]


def restated(text: str) -> str:
    """TEXT with each of these ways of saying things put as the phrases say them."""
    for rule, replacement in _RULES:
        text = rule.sub(replacement, text)
    return text
