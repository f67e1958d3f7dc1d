"""The release as people say it, put as the phrases say it: approvals still pending and who
gave them ("B1 is pending approval for prod", "Dana signs off on the prod release"), what
an environment runs or no longer runs ("B2 is gone from prod", "the build in prod is B1"),
promotions said with where they leave or "up" to the next environment, a rollback said with
its environment last, a team named by what it owns, and a build that went through the
ladder's stages by name.

Each rule rewrites words, never meaning: the rewritten line must still match exactly one
phrase (``grammar.with_readings``), and a name the line gives is kept. pipeline_readings
calls ``moves_said`` after ``pipeline_restated.restated``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from kubeloop.harness.needed_words import Chain, Screened, screened
from kubeloop.harness.pipeline_restated import ALIAS, ENV

_PENDING = screened(
    rf"^(?P<alias>{ALIAS}|it) (?:is pending|is awaiting|awaits|is still awaiting|still awaits|"
    r"is still pending|is held for|is on hold for|is parked for|needs|still needs|waits for|is "
    r"still waiting for|sits waiting for) (?:an? |manual |the )?(?:manual )?approval "
    rf"(?:for|before|in|to|into|to go to|to go into|to get into|to reach) (?P<env>{ENV})$",
    re.IGNORECASE,
)
"""A build still waiting for an approval ("B1 is pending approval for prod", "B1 needs
approval before prod"): it is waiting for approval there."""

_ENV_WAITS = screened(
    rf"^(?P<env>{ENV}) (?:is waiting|waits|is still waiting) (?:on|for) (?:an? |the )?"
    rf"(?:manual )?approval (?:for|of) (?P<alias>{ALIAS})$",
    re.IGNORECASE,
)
"""An environment waiting on an approval for a build: the build waits for approval there."""

_PROMOTION_PENDING = screened(
    rf"^the (?:promotion|deploy|deployment|release) of (?P<alias>{ALIAS}) to (?P<env>{ENV}) "
    r"(?:is pending|is still pending|is on hold|is held)$",
    re.IGNORECASE,
)
"""A promotion said to be pending: it is waiting for approval."""

_APPROVES_MOVE = screened(
    r"\bapproves (?:the )?(?:release|deploy|deployment|rollout|push|shipping) "
    rf"(?=(?:of {ALIAS} )?to )",
    re.IGNORECASE,
)
"""An approval of "the release of B1 to prod": of its promotion there."""

_APPROVES_ENV_MOVE = screened(
    rf"\bapproves the (?P<env>{ENV}) (?:release|deploy|deployment|rollout|promotion) of "
    rf"(?P<alias>{ALIAS})$",
    re.IGNORECASE,
)
"""An approval of "the prod deploy of B2": of its promotion to prod."""

_GO_AHEAD = screened(
    rf"^(?P<who>(?-i:[A-Z][a-z]+)|the release manager|the change board|security) (?:gives|gave) "
    rf"(?P<alias>{ALIAS}) (?:the |a |her |his |their )?(?:go-ahead|green light|thumbs up|"
    rf"approval|sign-off) (?:for|to go to|into) (?P<env>{ENV})$",
    re.IGNORECASE,
)
"""Someone who gives a build the go-ahead for an environment: they approve it for there."""

_APPROVER = screened(
    rf"^(?:the approval of (?P<a1>{ALIAS})(?: for (?P<e1>{ENV}))? (?:was|is) given by "
    rf"(?P<w1>.+)|(?P<w2>.+?) (?:is|was) (?:recorded|logged|listed) as (?:the )?approver of "
    rf"(?P<a2>{ALIAS})(?: for (?P<e2>{ENV}))?)$",
    re.IGNORECASE,
)
"""Who gave an approval, said of the approval or the approver: the build was approved by
them."""

_NO_LONGER = screened(
    rf"^(?P<alias>{ALIAS}) (?:is no longer|is not|isn't|is gone from|has gone from|is out of|"
    rf"is no longer running in|is no longer live in|is no longer deployed (?:in|to)) "
    rf"(?:in )?(?P<env>{ENV})$",
    re.IGNORECASE,
)
"""A build no longer (or not) in an environment: it is not running there."""

_ENV_NO_LONGER = screened(
    rf"^(?P<env>{ENV}) (?:no longer runs|no longer has|isn't serving|is not serving|no longer "
    r"serves|stopped running) ",
    re.IGNORECASE,
)
"""An environment that no longer runs a build: it does not run it."""

_NOTHING_IN = screened(
    rf"^nothing (?:is running|runs|is deployed|is live|has been deployed|is) (?:in|to|on) "
    rf"(?P<env>{ENV})(?: yet)?$",
    re.IGNORECASE,
)
"""Nothing running in an environment: it runs nothing."""

_STAYS_EMPTY = screened(
    rf"^(?P<env>{ENV}) (?:stays|stayed|remains|remained|is still|is kept) empty$",
    re.IGNORECASE,
)
"""An environment that stays empty: it still runs nothing."""

_STILL_HAS = screened(rf"^(?P<env>{ENV}) (?:still has|has still got|still has got) ", re.IGNORECASE)
"""An environment that still has a build: it still runs it."""

_BUILD_IN = screened(
    rf"^(?:the (?:current |live )?(?:build|artifact|image|release|version|digest) (?:running |"
    rf"deployed |live )?in (?P<e1>{ENV}) is (?P<a1>{ALIAS})|(?P<a2>{ALIAS}) is the (?:current |"
    rf"live )?(?:build|artifact|image|release) (?:running|deployed|live) in (?P<e2>{ENV})"
    rf"|(?P<a3>{ALIAS}) is the (?:current |live )?(?P<e3>{ENV}) (?:build|artifact|image|"
    r"release))$",
    re.IGNORECASE,
)
"""The build in an environment named as such ("the build in prod is B1"): the one it runs."""

_EVERYWHERE = screened(
    rf"^(?P<alias>{ALIAS}) (?:is deployed|is running|runs|is live) everywhere$", re.IGNORECASE
)
"""A build running everywhere: in every environment."""

_AFTER_ROLLBACK = screened(
    r"^(?:after|following) the (?:rollback|roll-back|roll back),? (?=\w)"
    r"|,? (?:after|following) the (?:rollback|roll-back|roll back)$",
    re.IGNORECASE,
)
"""A check said "after the rollback", the rollback the scenario just did: the check."""

_ENV_ROLLS_BACK = screened(
    rf"^(?P<env>{ENV}) (?:rolls|rolled|is rolled|gets rolled|was rolled) back to the "
    r"(?:previous|last good|last known good|last known-good|prior|earlier) "
    r"(?:build|version|release|digest|image)$",
    re.IGNORECASE,
)
"""An environment rolled back to its previous build: a rollback of it."""

_ROLL_BACK_IN = screened(
    rf"^(?P<who>I|we) (?:roll|rolled) back to (?P<alias>{ALIAS}) (?:in|on) (?P<env>{ENV})$",
    re.IGNORECASE,
)
"""A rollback to a build said with the environment last: ENV rolled back to it."""

_WHOSE_TEAM = screened(
    r"^the (?!team\b)[a-z][\w-]*(?: [a-z][\w-]*)? team (?=(?:builds|built|rebuilds|promotes|"
    r"promoted|deploys|deployed|ships|shipped|releases|released|signs|signed|runs|ran) )",
)
"""A team named by what it owns ("the billing team builds …"): the team, who acts."""

_BUT_NOT = screened(
    rf"^(?P<alias>{ALIAS}) is (?:running |live |deployed )?in (?P<yes>{ENV}),? but not "
    rf"(?:in )?(?P<no>{ENV})(?: yet)?$",
    re.IGNORECASE,
)
"""A build in one environment "but not" another: in one, and not running in the other."""

_MOVE_FROM = screened(
    rf"\b(?P<verb>promote|promotes|promoted) (?P<what>{ALIAS}|it) from {ENV} to ", re.IGNORECASE
)
"""A promotion said with where it leaves from ("from dev to staging"): the promotion (the
engine checks it ran in the environment before)."""

_PROMOTED_FROM = screened(rf"(?<=[\w\"]) promoted from {ENV} to ", re.IGNORECASE)
"""A build promoted "from dev to staging": promoted to staging."""

_MOVE_ON = screened(
    rf"^(?:I|we) (?:move|moved|take|took|bump|bumped|advance|advanced) "
    rf"(?P<what>{ALIAS}|it) (?:up |on |along |forward |onward |over )?(?:to|into) "
    rf"(?P<env>{ENV})$",
    re.IGNORECASE,
)
"""A build moved on to the next environment by hand ("I move B1 up to staging")."""

_PROMOTE_ONWARD = screened(
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

_WENT_THROUGH = screened(
    rf"^(?P<alias>{ALIAS}) (?:went|goes|has gone|got|gets|has been|was put) through "
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


_SIGNS_OFF_ON = screened(
    r"^(?P<who>(?-i:[A-Z][a-z]+)|the release manager|the change board|security) (?:signs|signed)"
    rf" off on the (?:(?P<e1>{ENV}) (?:release|promotion|deploy|deployment)(?: of "
    rf"(?P<a1>{ALIAS}))?|(?:release|promotion|deploy|deployment)(?: of (?P<a2>{ALIAS}))? to "
    rf"(?P<e2>{ENV}))$",
    re.IGNORECASE,
)
"""Someone who signs off on a release to an environment: they approve its promotion there
(never a build called by their name)."""


def _signs_off(found: re.Match[str]) -> str:
    alias = found["a1"] or found["a2"]
    what = f" of {alias}" if alias else ""
    return f"{found['who']} approves the promotion{what} to {found['e1'] or found['e2']}"


_APPROVED_BY_WHEN = screened(
    rf"^(?P<alias>{ALIAS}) (?:is|gets|got) approved for (?P<env>{ENV}) by "
    r"(?P<who>(?-i:[A-Z][a-z]+))$"
)
"""A build approved by someone, said as it happens: they approve it (a Then reads "B1 is
approved for prod by Dana" as its own phrase first)."""

_APPROVE_PROMOTION_TO = screened(rf"^I approve the promotion to (?P<env>{ENV})$", re.IGNORECASE)
"""My approval of the promotion to an environment: of the build said last, for there."""

_ROLL_BACK_MOVE = screened(
    r"^(?:I|we) (?:roll|rolled) back the (?:release|deploy|deployment|promotion|rollout) "
    rf"(?:to|in|on) (?P<env>{ENV})$",
    re.IGNORECASE,
)
"""A rollback of the release in an environment: of that environment."""

_REDEPLOY = screened(r"^(?:I|we) (?:redeploy|re-deploy|redeployed) ", re.IGNORECASE)
"""A redeploy: a deploy, verified as every deploy is."""

_DEPLOY_TAG = screened(r"^(I deploy) the tag (?=\")", re.IGNORECASE)
"""A tag deployed by name: the tag (which is refused: environments run digests)."""

_PUTS_BACK = screened(
    rf"^the (?:rollback|roll-back|roll back) (?:puts|put|brings|brought|takes|took) "
    rf"(?P<alias>{ALIAS}) back (?:in|into|on|to) (?P<env>{ENV})$",
    re.IGNORECASE,
)
"""A rollback that puts a build back in an environment: the environment was rolled back to
it."""
_REFUSED_AT = screened(
    rf"^(?P<alias>{ALIAS}) (?:is|was|gets|got) (?:refused|rejected|turned away|turned down) "
    rf"(?:at|by|from|in) (?P<env>{ENV})(?P<why>(?: (?:because|since|with|saying) .+)?)$",
    re.IGNORECASE,
)
"""A build refused at an environment: that environment refused it."""


_RULES: list[tuple[Screened, str | Callable[[re.Match[str]], str]]] = [
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
    (
        _BUILD_IN,
        lambda m: f"{m['e1'] or m['e2'] or m['e3']} runs {m['a1'] or m['a2'] or m['a3']}",
    ),
    (_EVERYWHERE, r"\g<alias> runs in every environment"),
    (_AFTER_ROLLBACK, ""),
    (_ENV_ROLLS_BACK, r"I roll back \g<env>"),
    (_ROLL_BACK_IN, r"I roll \g<env> back to \g<alias>"),
    (_APPROVED_BY_WHEN, r"\g<who> approves \g<alias> for \g<env>"),
    (_APPROVE_PROMOTION_TO, r"I approve it for \g<env>"),
    (_ROLL_BACK_MOVE, r"I roll back \g<env>"),
    (_REDEPLOY, "I deploy "),
    (_DEPLOY_TAG, r"\1 "),
    (_PUTS_BACK, r"\g<env> was rolled back to \g<alias>"),
    (_REFUSED_AT, r"\g<env> refuses \g<alias>\g<why>"),
    (_SIGNS_OFF_ON, _signs_off),
    (_BUT_NOT, r"\g<alias> is in \g<yes> and \g<alias> isn't running in \g<no>"),
    (_MOVE_FROM, r"\g<verb> \g<what> to "),
    (_PROMOTED_FROM, " promoted to "),
    (_MOVE_ON, r"I promote \g<what> to \g<env>"),
    (_PROMOTE_ONWARD, r"\1 \2 to "),
    (_WENT_THROUGH, _went_through),
    (_WHOSE_TEAM, "the team "),
]
_CHAIN = Chain(_RULES)
"""The rules in turn, none asked of a text that holds none of their words."""


@lru_cache(maxsize=4096)
def moves_said(text: str) -> str:
    """TEXT with each of these ways of saying things put as the phrases say them (kept: a
    line is read again many times while it is matched and suggested for)."""
    return _CHAIN.apply(text)
