"""The one-world story as team leads and incident commanders tell it, read as the phrases
say it: a build described in apposition ("O1, the build of orders v1, is what prod runs"),
a version said before its project ("v2 of orders is built as O2"), a build said by who
made it ("we build storefront v3 as S3"), a promotion nobody approved ("P2 is promoted to
prod but nobody approves it"), a build that rolls out ("O2 rolls out to orders with …"),
every pod of a version failing ("every pod on v2 fails 30% of requests"), automation
"on its own", a page said with whom it woke ("the SLO paged the on-call") and a count said
"1 time".

Each rule rewrites words, never meaning: the rewritten line must still match exactly one
phrase (``grammar.with_readings``), and a name the line gives is kept.
"""

from __future__ import annotations

import re

from kubeloop.harness.needed_words import Chain, screened

_VERSION = r'(?:v\d[\w.+-]*|\d+(?:\.\d+)+[\w.+-]*|"v?\d[^"]*")'
"""A version said as people write it: v2, v1.4, 2.3.0, "2.4.1-rc1"."""
_NAMED_VERSION = rf"(?:version (?:{_VERSION}|\d+|\"[^\"]+\")|{_VERSION})"
_PROJECT = r'(?:"[^"]+"|(?!version\b)[A-Za-z][\w.-]*)'
_ALIAS = r'(?:(?-i:[A-Z][\w.:-]*\d[\w.:-]*)|"[^"]+")'
"""A build's name as people give one: a capital and a digit (O1, R2, build-B7 quoted)."""


def _bare(version: str) -> str:
    """The version without the word "version" before it."""
    return version[len("version ") :] if version.lower().startswith("version ") else version


_BUILD_NOUN = r"(?:build|artifact|image|release)"
_DESCRIBED = (
    rf"(?:(?:the|our|a|an|its|their) |(?:built|made|cut) (?:from|of|off) )?"
    rf"(?:{_BUILD_NOUN} of (?P<p1>{_PROJECT})(?: at)? (?P<v1>{_NAMED_VERSION})"
    rf"|(?P<v2>{_NAMED_VERSION}) {_BUILD_NOUN} of (?P<p2>{_PROJECT})"
    rf"|(?P<p3>{_PROJECT}) (?P<v3>{_NAMED_VERSION})(?: {_BUILD_NOUN})?)"
)
"""A build described by its project and version: the build of orders v1, our v1 build of
orders, the orders v1 build, orders v1, built from orders v1."""
_APPOSED_BUILD = screened(
    rf"^(?P<name>{_ALIAS})(?P<open>, (?:which|that) (?:is|was) |, | \(| [-–—] ){_DESCRIBED}"
    r"(?P<close> [-–—]|\)|,?) (?P<rest>.+)$",
    re.IGNORECASE,
)
"""A build described between commas or brackets ("O1, the build of orders v1, is …", "O1
(orders v1) is live in prod"): the build of that project at that version ("O1 of orders
version v1 is …")."""
_RUNS_APPOSED = screened(
    r"^(?P<env>[\w-]+) (?:runs|is running|is on|has) "
    rf"(?P<name>{_ALIAS}),? (?:(?:which|that) (?:is|was) )?{_DESCRIBED}$",
    re.IGNORECASE,
)
"""An environment's build described after it ("prod runs O1, the build of orders v1"):
that build running there."""


def _described(found: re.Match[str]) -> tuple[str, str]:
    project = found.group("p1") or found.group("p2") or found.group("p3")
    return project, _bare(found.group("v1") or found.group("v2") or found.group("v3"))


def _paired(opening: str, closing: str) -> bool:
    """The description closes as it opened: a bracket with a bracket, a dash with a dash,
    a comma with a comma (or with the verb)."""
    if opening == " (" or closing == ")":
        return (opening, closing) == (" (", ")")
    dashed = opening.strip() in "-–—"
    return dashed == (closing.strip() in "-–—" and closing != "")


def build_apposition(text: str) -> str | None:
    """TEXT with a build's description said as its project and version, else None."""
    found = _APPOSED_BUILD.match(text)
    if found is not None and _paired(found["open"], found["close"]):
        project, version = _described(found)
        return f"{found.group('name')} of {project} version {version} {found.group('rest')}"
    found = _RUNS_APPOSED.match(text)
    if found is not None:
        project, version = _described(found)
        return f"{found['name']} of {project} version {version} is running in {found['env']}"
    return None


_WHAT_RUNS = screened(
    r"\b(?P<verb>is|was)(?P<still> still)? what(?:'s| is)? "
    r"(?:(?:running|live|deployed) (?:in|on) (?P<e1>[\w-]+)"
    r"|(?P<e2>[\w-]+) (?:runs|is running|ran|was running|serves|is serving))$",
    re.IGNORECASE,
)
"""What an environment runs said as a clause ("O1 is what prod runs"): running there."""

_STILL_WAITING = screened(r"^(?P<what>\S+) is still waiting for\b", re.IGNORECASE)
_WAITING_ALONE = screened(
    rf"^(?P<what>{_ALIAS}) is waiting for (?:an |a manual |manual |its )?approval$", re.IGNORECASE
)
"""A build said to wait ("P2 is still waiting for an approval"): its promotion waits."""
_NEVER_GOT = screened(
    r"^(?P<env>[\w-]+) never (?:got|received|saw|had|ran) (?P<what>\S+)$", re.IGNORECASE
)
"""What an environment never got ("prod never got P2"): it never made it there."""
_VERSION_FIRST = screened(
    rf"^(?P<v>{_VERSION}) of (?P<p>{_PROJECT}) "
    r"(?=(?:is|was|gets|got|has been)(?: then)? built as )",
    re.IGNORECASE,
)
"""A version said before its project ("v2 of orders is built as O2"): version v2 of orders."""
_BUILT_THEN = screened(
    rf"^(?P<subject>(?:version )?{_VERSION} of {_PROJECT}|{_PROJECT} (?:version )?{_VERSION}) "
    r"(?:is|was|gets|got) built(?:,| and)(?= )",
    re.IGNORECASE,
)
"""A version built and then more ("v2 of orders is built, passes its gates and …"): what
happened to that version (a build is made to make the rest true)."""
_GETS_THROUGH = screened(
    r"\b(?:gets|got|get|makes it|made it) through (?:every|all|each) (?:of )?(?:its |the )?"
    r"(?:checks?|gates?|stages?)\b",
    re.IGNORECASE,
)
_SIGNED_OFF = screened(r"\b(is|was|gets|got) signed off (?:for|on) ", re.IGNORECASE)
"""Release words for the gates and the approval ("gets through every check", "is signed
off for prod"): passes them, is approved for it."""
_PROJECT_VERSION_FACTS = screened(
    rf"^(?P<p>{_PROJECT}) (?:version )?(?P<v>{_VERSION}) (?=(?:is|was|gets|got|has|had|passes|"
    r"passed|clears|cleared|goes|went|makes it|made it|reaches|reached)\b)(?!.* built as )",
    re.IGNORECASE,
)
"""What happened to a project's version said with the project first ("search v2 is signed,
approved and promoted to prod"): that version of it ("v2 of search is …")."""

_WHO_BUILDS = screened(
    r"^(?P<who>I|we|the team|someone|somebody|CI|the pipeline) (?P<verb>builds?|built) "
    rf"(?:(?P<p1>{_PROJECT}) (?:at )?(?P<v1>{_NAMED_VERSION})"
    rf"|(?P<v2>{_NAMED_VERSION}) of (?P<p2>{_PROJECT})) (?P<as>as|into) (?P<alias>\S+)$",
    re.IGNORECASE,
)
"""A build said by who made it, with the project's version ("we build storefront v3 as S3",
"the team built checkout version 5.2.0 as R1"): the build of that project at that version."""


_WE_PUSH = screened(
    r"^(?P<who>we|I) (?:push|pushed|move|moved|take|took|get|got|send|sent) (?=\S+ (?:of \S+ )?"
    r"(?:all the way )?to )",
    re.IGNORECASE,
)
"""A release moved along in plain verbs ("we push v2 of orders all the way to prod"): we
ship it there."""


def _who_builds(found: re.Match[str]) -> str:
    project = found.group("p1") or found.group("p2")
    version = _bare(found.group("v1") or found.group("v2"))
    return (
        f"{found.group('who')} {found.group('verb')} {project} at version {version} as "
        f"{found.group('alias')}"
    )


_NOBODY_APPROVES = screened(
    r",? (?:but|and|yet) (?:(?:nobody|no one|no-one|noone) (?:ever )?(?:approves|approved|has "
    r"approved|signs off on|signed off on|signs off|signed off)(?: (?:it|that|this|them|the "
    r"promotion|the release))?|(?:it )?(?:is|was|gets|got|has been) (?:never|not) approved)$"
    r"|,? without (?:anyone|anybody|someone|somebody) (?:approving|signing off on)"
    r"(?: (?:it|that|them))?$|,? with no approval$|,? without approval$",
    re.IGNORECASE,
)
"""What did not happen after a promotion ("… but nobody approves it"): without an approval."""
_PROMOTED_UNAPPROVED = screened(
    r"^(?P<what>\S+) (?:(?:is|gets|got|was) (?:promoted|pushed|shipped|sent|moved)|goes|went"
    r"|moves|moved) (?:straight |directly |right )?to (?P<env>\S+) without an approval$",
    re.IGNORECASE,
)
"""A promotion said in the passive with no approval: the promotion, nothing else done."""
_NEVER_APPROVED = screened(
    r"^(?P<what>\S+) (?:never gets|never got|is never|was never|never was|never is) approved "
    r"for (?P<env>\S+)$",
    re.IGNORECASE,
)
"""An approval that never comes ("P2 never gets approved for prod"): nobody approved it."""

_OUT_TO_ENV = screened(
    r"^(?P<what>\S+) (?:rolls out|gets rolled out|goes out|went out|is pushed out|gets pushed "
    r"out) to (?P<env>dev|staging|prod)$",
    re.IGNORECASE,
)
"""A release going out to an environment ("v2 goes out to prod"): released there, not rolled
out to a deployment called prod."""
_ROLLS_OUT = screened(
    r"^(?P<what>\S+) (?:rolls out|gets rolled out|is being rolled out|goes out|went out|is "
    r"pushed out) to (?P<to>\S+)",
    re.IGNORECASE,
)
"""A build rolling out said as what it does ("O2 rolls out to orders"): I roll it out."""
_ROLL_IT_OUT = screened(r"^I roll (?!out\b|back\b)(?P<what>\S+) out\b", re.IGNORECASE)
"""The particle after its object ("I roll it out with …"): I roll out it."""

_EVERY_POD_ON = screened(
    r"^(?:every|each|any|all(?: of)?(?: the)?|the) (?:pods?|copies|copy|instances?|replicas?) "
    rf"(?:on|running|at|with|of) (?P<v>{_VERSION}|{_ALIAS}) "
    r"(?P<verb>fails|fail|starts failing|start failing) ",
    re.IGNORECASE,
)
"""Every pod of a version said one by one ("every pod on v2 fails 30% of requests"): the
pods on that version fail that share, each of them."""
_VERSION_PODS = screened(
    rf"^(?:every|each|any|all(?: of)?(?: the)?)? ?(?P<v>{_VERSION}|{_ALIAS}) "
    r"(?:pods?|copies|copy|instances?|replicas?) "
    r"(?P<verb>fails|fail|starts failing|start failing) ",
    re.IGNORECASE,
)
"""The pods of a version said with the version first ("every v2 pod fails …")."""
_TURNS_OUT = screened(r"^(?P<who>\S+) (?:turns|turned) out to (?:fail|be failing) ", re.IGNORECASE)
"""A fault found out ("G2 turns out to fail 30% of requests"): it fails."""

_ON_ITS_OWN = screened(
    r"\b(?:rolls itself back|rolls back (?:on its own|by itself|all by itself|itself))\b",
    re.IGNORECASE,
)
_MODAL_ON_ITS_OWN = screened(
    r"\b(should|will|must|is going to|is expected to) (?:roll itself back|roll back "
    r"(?:on its own|by itself|all by itself|itself))\b",
    re.IGNORECASE,
)
"""The same said as what should happen ("orders should roll back on its own"): the modal
verb is read off afterwards, as anywhere."""
_BY_ITSELF = screened(r"\b(is|gets) rolled back (?:on its own|by itself)\b", re.IGNORECASE)
"""Automation said as the system acting alone ("rolls back on its own"): automatically."""
_WHENEVER = screened(
    r"\b(?P<act>rolls back|rolled back)(?P<auto> automatically)? (?:whenever|if|as soon as|once)"
    r' (?=(?:that|the|our|it)\b|")',
    re.IGNORECASE,
)
"""The trigger said with another conjunction ("… whenever that SLO pages"): when."""
_POLICY = screened(
    r'^(?P<env>"[^"]+"|[\w-]+) rolls back (?:when|whenever|if|as soon as|once) '
    r'(?P<slo>its SLO|its promise|"[^"]+"|[\w-]+) (?P<verb>pages|starts paging|is paging)$',
    re.IGNORECASE,
)
"""A rollback on a page said as what the service does ("notify rolls back when
"notify-slo" pages", "shop rolls back whenever its SLO pages"): the automation itself."""


def _policy(found: re.Match[str]) -> str:
    env, slo = found.group("env"), found.group("slo")
    said = f"the SLO of {env}" if slo.lower().startswith("its") else slo
    return f"{env} rolls back automatically when {said} {found.group('verb')}"


_WHEN_FIRST = screened(
    r"^(?:when|whenever|if|as soon as|once) (?P<slo>that SLO|the SLO|that promise|the promise|"
    r'our promise|it|the SLO "[^"]+"|the SLO [\w-]+) (?P<verb>pages|starts paging|is paging),? '
    r"(?P<env>[\w-]+) (?:rolls back|is rolled back|gets rolled back)(?: automatically)?$",
    re.IGNORECASE,
)
"""The trigger said first ("when that SLO pages, storefront rolls back"): the rollback."""
_WENT_BACK = screened(
    rf"^(?P<env>[\w-]+) (?:went|goes|has gone|got|moved) back to (?=(?:{_VERSION}|{_ALIAS})$)",
    re.IGNORECASE,
)
"""An environment said to go back ("prod went back to O1"): it is back on it."""
_ROLLBACK_TOOK = screened(
    r"^(?:the|an|a)(?: automatic| auto)? rollback (?:took|put|brought|moved|sent|has taken|has "
    r"put) (?P<env>[\w-]+) back (?:on|to) (?P<to>\S+)$",
    re.IGNORECASE,
)
"""What a rollback did said with the rollback as subject ("the rollback took prod back to
O1"): the environment was rolled back to it."""
_FIRED_A_PAGE = screened(r"\b(?:fired|sent|raised|triggered|sent out) a page$", re.I)
"""A page said as a thing sent ("the SLO fired a page"): it paged."""
_ENDED_UP = screened(r"\b(?:ended|ends|has ended) up (back )?on\b", re.IGNORECASE)
"""Where an environment ended ("prod ended up back on v1"): it is (back) on it."""
_ROLLBACK_COUNT = screened(
    r"^there (?:was|were|has been|have been) (?P<bound>exactly |only |just |at least |at most )?"
    r"(?P<n>one|a single|1|two|2|three|3|\d+) rollbacks? (?:of|in|for|to) (?P<env>[\w-]+)$",
    re.IGNORECASE,
)
"""Rollbacks counted as things ("there was exactly one rollback of prod"): how many times the
environment was rolled back."""
_COUNTS = {"one": "once", "a single": "once", "1": "once", "two": "twice", "2": "twice"}


def _rolled_back(found: re.Match[str]) -> str:
    said = found.group("n").lower()
    times = _COUNTS.get(said, f"{said} times")
    return f"{found['env']} was rolled back {found['bound'] or ''}{times}"


_PAGED_WHOM = screened(
    r"\b(?P<verb>paged|pages|has paged|is paging)(?: (?:the on-call(?: engineer| team)?|on-call|"
    r"the on call|someone|somebody|us|the team|the SRE|whoever is on call|the pager))$",
    re.IGNORECASE,
)
"""A page said with whom it woke ("the SLO paged the on-call"): it paged."""

_ONE_TIME = screened(r"\b(?:1|one|a single) time\b", re.IGNORECASE)
"""A count of one said as "1 time": once."""


_DEPLOYMENT = r'(?:"[^"]+"|(?!(?:it|prod|staging|dev|version|the|a|an)\b)[a-z][\w.-]*)'
_OPTIONS = r"(?P<rest>(?: (?:on|with|across) .*)?)"
_HEALTHY = screened(
    r",? (?:and )?(?:it's|it is|is|all|everything is|everything's) (?:healthy|happy|green|fine|"
    r"stable|ready)$",
    re.IGNORECASE,
)
"""A running service said to be well ("… and it's healthy"): running is all its setup says
(left out only from a running service said in another order, a situation)."""
_RUNS_IN = [
    screened(
        rf"^(?P<dep>{_DEPLOYMENT}) (?:runs|is running|is at|is on) (?:version )?(?P<v>{_VERSION}) "
        rf"in (?P<env>[\w-]+){_OPTIONS}$",
        re.IGNORECASE,
    ),
    screened(
        rf"^(?P<dep>{_DEPLOYMENT}) (?:version )?(?P<v>{_VERSION}) (?:is running|runs|is live|is "
        rf"deployed|is up) in (?P<env>[\w-]+)(?P<rest> (?:on|with|across) .*)$",
        re.IGNORECASE,
    ),
    screened(
        rf"^(?P<env>[\w-]+) (?:is running|runs|is serving|serves|has) (?P<dep>{_DEPLOYMENT}) "
        rf"(?:version )?(?P<v>{_VERSION}){_OPTIONS}$",
        re.IGNORECASE,
    ),
]
"""A running service said in another order ("orders runs v1 in prod on 3 nodes", "prod is
running orders v1 with 6 replicas"): the environment runs the deployment at that version."""

_FAULT_SAID = [
    (
        screened(
            r"^(?P<who>(?:version )?\S+(?: of \S+)?) (?:has|ships with) an? (?:[\w-]+ )?"
            r"(?:bug|defect|regression|problem|"
            r"flaw) (?:that|which) (?:fails|breaks) ",
            re.IGNORECASE,
        ),
        r"\g<who> fails ",
    ),
    (
        screened(
            rf"^(?P<share>\d+(?:\.\d+)?%) of (?:the )?requests (?:to|on|served by|handled by|"
            rf"hitting|that hit) (?P<v>{_VERSION}|{_ALIAS}) "
            r"(?:fail|error out|come back as errors)$",
            re.IGNORECASE,
        ),
        r"pods on \g<v> fail \g<share> of requests",
    ),
    (
        screened(
            rf"^requests (?:to|on|served by|handled by|hitting) (?P<v>{_VERSION}|{_ALIAS}) fail "
            r"(?P<share>\d+(?:\.\d+)?%) of the time$",
            re.IGNORECASE,
        ),
        r"pods on \g<v> fail \g<share> of requests",
    ),
]
"""A version's fault said with the requests or the bug first ("30% of requests to v2 fail",
"v2 has a bug that fails 30% of requests"): the pods on that version fail that share."""
_RETURNS_ERRORS = screened(
    r"^(?P<subject>.*\bpods?\b.*?) (?:returns?|throws?|serves?|answers?|responds? with) "
    r"(?:errors|5xxs|5xx|5xx errors|failures|server errors|(?:an? |HTTP )?5\d\d(?:s| errors?| "
    r"responses?)?) (?:for|on|to|with|in) (?P<share>\d+(?:\.\d+)?%) of (?:their |its |the )?"
    r"requests$",
    re.IGNORECASE,
)
"""Pods said to return errors ("v2 pods return 500s for 30% of requests", "gateway pods on v6
return 502 for 15% of requests"): they fail them. A server error only (5xx): a 404 is an
answer, not a failure of the service."""

_DEPLOYMENT_PODS = screened(
    r"^(?:the )?(?!(?:the|every|each|all|any|those|these|its|their|our|some|new|old)\b)"
    rf"(?P<dep>{_DEPLOYMENT}) (?P<pods>pods|copies|instances|replicas) (?P<on>on|at|running) "
    rf"(?P<v>{_VERSION}|{_ALIAS}) (?=fail|start failing)",
    re.IGNORECASE,
)
"""A version's pods said with their deployment first ("gateway pods on v6 fail …"): the pods
of that deployment on that version."""

_VERSION_OF_FAILS = screened(
    rf"^(?:version )?(?P<v>{_VERSION}) of (?P<dep>{_DEPLOYMENT}) "
    r"(?P<verb>fails|starts failing) ",
    re.IGNORECASE,
)
"""A version said with its deployment ("v2 of shop fails 30% of requests"): the pods of that
deployment on that version."""
_PER_POD_CAP = screened(
    rf"^(?P<svc>{_DEPLOYMENT}) (?P<load>(?:handles|serves|gets|receives|takes|is handling|is "
    r"serving|is getting) \d+(?:\.\d+)? (?:requests per second|requests a second|rps|req/s)),? "
    r"(?:with |and )?(?:at most|up to|no more than|a maximum of|max) (?P<cap>\d+(?:\.\d+)?)"
    r"(?: requests per second| requests a second| rps| req/s)? (?:per|a|each|for each) pod$",
    re.IGNORECASE,
)
"""A service's load said with what one pod can take ("storefront handles 400 requests per
second, at most 80 per pod"): the service's rate, and each pod of its deployment serving at
most that many."""


def _fails(found: re.Match[str]) -> str:
    subject = found["subject"]
    verb = "fail" if re.search(r"\bpods\b", subject, re.IGNORECASE) else "fails"
    return f"{subject} {verb} {found['share']} of requests"


_ALREADY = screened(
    r"\b(?:already|by now) (?=(?:running|runs|live|deployed|serving|serves|on|at|in)\b)",
    re.IGNORECASE,
)
"""What runs said to run "already" ("1.4.0 is already running in prod"): it runs; the word
adds no fact."""


_OPENING = Chain(
    [
        (_ALREADY, ""),
        (
            _WHAT_RUNS,
            lambda m: f"{m['verb']}{m['still'] or ''} running in {m['e1'] or m['e2']}",
        ),
        (_STILL_WAITING, r"\g<what> is waiting for"),
        (_WAITING_ALONE, r"the promotion of \g<what> is waiting for approval"),
        (_NEVER_GOT, r"\g<what> never made it to \g<env>"),
    ]
)
"""The story's rules before a running service said in another order, in turn."""
_MIDDLE = Chain(
    [
        (_BUILT_THEN, r"\g<subject>"),
        (_GETS_THROUGH, "passes every gate"),
        (_SIGNED_OFF, r"\1 approved for "),
        (_VERSION_FIRST, r"version \g<v> of \g<p> "),
        (_PROJECT_VERSION_FACTS, r"\g<v> of \g<p> "),
        (_WHO_BUILDS, _who_builds),
        (_WE_PUSH, r"\g<who> ship "),
        (_NOBODY_APPROVES, " without an approval"),
        (_PROMOTED_UNAPPROVED, r"I promote \g<what> to \g<env> without an approval"),
        (_NEVER_APPROVED, r"nobody has approved \g<what> for \g<env>"),
        (_OUT_TO_ENV, r"\g<what> is released to \g<env>"),
        (_ROLLS_OUT, r"I roll out \g<what> to \g<to>"),
        (_ROLL_IT_OUT, r"I roll out \g<what>"),
        *_FAULT_SAID,
        (_RETURNS_ERRORS, _fails),
        (
            _PER_POD_CAP,
            r"\g<svc> \g<load> and each pod of \g<svc> serves at most \g<cap> requests per second",
        ),
        (
            _VERSION_OF_FAILS,
            lambda m: f"the pods of {m['dep']} on {m['v']} {_plural(m['verb'])} ",
        ),
        (_DEPLOYMENT_PODS, r"the \g<pods> of \g<dep> \g<on> \g<v> "),
    ]
)
"""The story's rules between a running service said in another order and every pod, in
turn."""
_CLOSING = Chain(
    [
        (_TURNS_OUT, r"\g<who> fails "),
        (_WHEN_FIRST, r"\g<env> is rolled back automatically when \g<slo> \g<verb>"),
        (_POLICY, _policy),
        (_WHENEVER, r"\g<act>\g<auto> when "),
        (_WENT_BACK, r"\g<env> is back on "),
        (_ROLLBACK_TOOK, r"\g<env> was rolled back to \g<to>"),
        (_FIRED_A_PAGE, "paged"),
        (_ENDED_UP, lambda m: "is back on" if m.group(1) else "is on"),
        (_ROLLBACK_COUNT, _rolled_back),
        (_BY_ITSELF, r"\1 rolled back automatically"),
        (_ON_ITS_OWN, "rolls back automatically"),
        (_MODAL_ON_ITS_OWN, r"\1 roll back automatically"),
        (_PAGED_WHOM, r"\g<verb>"),
        (_ONE_TIME, "once"),
    ]
)
"""The story's last rules, in turn."""


def story_said(text: str) -> str:
    """TEXT with the story's ways of saying things put as the phrases say them."""
    text = _OPENING.apply(text)
    calm = _HEALTHY.sub("", text)
    for said in _RUNS_IN:
        if said.match(calm):
            text = said.sub(r"\g<env> runs \g<dep> at \g<v>\g<rest>", calm)
            break
    text = _MIDDLE.apply(text)
    every = _EVERY_POD_ON.sub(lambda m: f"pods on {m['v']} {_plural(m['verb'])} ", text)
    every = _VERSION_PODS.sub(lambda m: f"pods on {m['v']} {_plural(m['verb'])} ", every)
    if every != text:
        text = re.sub(r" of its requests\b", " of their requests", every)
    return _CLOSING.apply(text)


def _plural(verb: str) -> str:
    """The verb said of several pods: fail, start failing."""
    return {"fails": "fail", "starts failing": "start failing"}.get(verb.lower(), verb)
