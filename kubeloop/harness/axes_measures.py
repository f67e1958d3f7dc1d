"""Measurements said along an axis the catalog's phrases fix one point of, read as the
phrases say them: a whole unit of time ("for a whole day" is "for 1 day"), a load a service
is under ("is under a load of 800 requests per second" serves them), what one pod can take
("a single catalog pod can handle at most 60 requests per second"), a status code returned
for a share of requests ("returns 503 for every request" fails 100% of them with a 503), a
bound over a drain said with "never" ("never more than 1 api pod was unavailable during the
drain"), what replicas ask for ("5 replicas asking for 2 CPU apiece"), a budget pointed
back at ("more than 95% of that budget is left"), traffic that stops or goes back to a rate
("payments stops receiving traffic", "payments goes back to 80 requests per second"), a
latency stated at a rate ("checkout's p99 latency is 180ms at 400 requests per second"), a
measure of the service named last ("its p99 latency is 180ms"), a budget fully spent ("the
error budget for X is fully spent"), an SLO said by what it targets ("SLO X targets 99.9%
over 30 days"), pods that stayed ready over a rollout and one percentile moving while
another stays ("ranker's p99 climbs to 400ms while the median stays at 40ms").

Each rule rewrites words, never meaning, and keeps every name and value the line gives: the
rewritten line must still match exactly one phrase (``grammar.with_readings``).
"""

from __future__ import annotations

import re

from kubeloop.harness.needed_words import Chain, screened

_WHOLE_UNIT = screened(
    r"\b(?:an?|one) (?:whole|full|entire|complete|single) (second|minute|hour|day|week)\b",
    re.IGNORECASE,
)
"""A whole unit of time ("a whole day", "one full hour"): 1 of that unit."""

_UNDER_LOAD = screened(
    r"\bis (?:under|taking|seeing|getting|receiving|handling) (?:a |an )?"
    r"(?:steady |constant |sustained |average )?(?:load|traffic) of ",
    re.IGNORECASE,
)
"""A load a service is under ("is under a load of 800 requests per second"): it serves it."""

_ONE_POD = screened(
    r"^(?:a single|a|one|any|any single|each|every) (?P<name>\"[^\"]+\"|[A-Za-z][\w.-]*) "
    r"(?:pod|replica|instance) (?:can handle|can serve|can take|can sustain|handles|takes|"
    r"sustains|can cope with|copes with) (?:at most|up to|no more than|a maximum of) ",
    re.IGNORECASE,
)
"""What one pod can take ("a single catalog pod can handle at most 60 requests per
second"): each pod of the service serves at most that."""

_CODE_FOR_ALL = screened(
    r"\b(?:returns|answers|responds with|serves|throws|gives) (?:an? |HTTP )?"
    r"(?P<code>500|503)s? (?:for|to|on) (?:every|each|all) (?:single )?(?:of (?:its|the) )?"
    r"(?:requests?|calls?)\b",
    re.IGNORECASE,
)
"""A status code returned for every request ("returns 503 for every request"): all of them
fail with that code."""

_DRAIN_SCOPE = screened(r"\b(?:during|throughout)\b.*\bdrain", re.IGNORECASE)
_NEVER_MORE = screened(r"\b(?:never|not|at no point|at no time) more than\b", re.IGNORECASE)
_NEVER_FEWER = screened(r"\b(?:never|not|no) (?:fewer|less) than\b", re.IGNORECASE)
"""A bound over a drain said with "never" ("never more than 1 api pod was unavailable during
the drain"): the drain already says the bound held throughout, so "no more than"/"at least"."""

_ASKING = screened(
    r"\b(?P<who>replicas|pods|copies) (?:each )?(?:asking for|needing|wanting|that ask for|"
    r"that need|that request) ",
    re.IGNORECASE,
)
_EACH = screened(
    r"\b(?P<head>replicas requesting [^,]*?) (?:apiece|each|per pod|a pod|per replica)$",
    re.IGNORECASE,
)
"""What replicas ask for ("5 replicas asking for 2 CPU apiece"): a replica's request is its
own, so "5 replicas requesting 2 CPU"."""

_THAT_BUDGET = screened(r"\b(?:that|this|its) ((?:error )?budget)\b", re.IGNORECASE)
"""A budget pointed back at ("that budget", "its error budget"): the one the scenario has."""

_NAME = r'(?:"[^"]+"|[A-Za-z][\w.-]*)'
_RATE = r"\d+(?:\.\d+)? (?:requests (?:per|a) second|requests/s|req/s|rps)"
_NO_TRAFFIC = screened(
    rf"^(?:traffic to (?P<a>{_NAME}) (?:stops|dries up|goes away)"
    rf"|(?P<b>{_NAME}) (?:stops (?:receiving|getting) (?:any )?(?:traffic|requests)"
    r"|(?:receives|gets) no (?:more )?(?:traffic|requests)))$",
    re.IGNORECASE,
)
"""Traffic that stops ("payments stops receiving traffic"): it drops to 0 requests a second."""
_BACK_TO = screened(
    rf"^(?P<name>{_NAME}) (?:goes|comes|climbs|drops|gets) back (?:up |down )?to "
    rf"(?P<rate>{_RATE})$",
    re.IGNORECASE,
)
"""Traffic that goes back to a rate ("payments goes back to 80 requests per second")."""
_LATENCY_AT = screened(
    rf"^(?:(?P<a>{_NAME})'s (?P<qa>p\d+) latency|the (?P<qb>p\d+) latency of (?P<b>{_NAME}))"
    rf" is (?P<latency>\d+(?:\.\d+)? ?(?:ms|s|seconds?|milliseconds?))"
    rf" (?:at|under|with|while serving) (?P<rate>{_RATE})$",
    re.IGNORECASE,
)
"""A latency stated at a rate ("checkout's p99 latency is 180ms at 400 requests per second"):
the service serves that rate with that latency."""

_ITS = screened(
    r"^its (?P<what>(?:p\d+ |median |average |mean |\d+(?:st|nd|rd|th) percentile )?"
    r"(?:latency|error rate|error ratio|request rate))\b",
    re.IGNORECASE,
)
"""A measure of the service named last ("its p99 latency is 180ms"): the measure of it."""

_FULLY_SPENT = screened(
    r"^(?P<head>(?:the |its |that )?(?:error )?budget(?: (?:for|of) .+?)?) (?:is|has been|was) "
    r"(?:(?:fully|entirely|completely|totally|all) (?:spent|used|used up|gone|burned|burnt|"
    r"consumed)|(?:fully |completely |entirely |totally )?(?:depleted|exhausted))$",
    re.IGNORECASE,
)
"""A budget fully spent ("the error budget for X is fully spent", "the budget for X is
depleted"): at least all of it is spent."""
_SHARE_OF_BUDGET = screened(
    r"^(?P<share>(?:(?:more|less|fewer) than |at least |at most |about |over |under )?"
    r"\d+(?:\.\d+)?% of the) budget (?P<of>of|for) ",
    re.IGNORECASE,
)
"""A share of a named SLO's budget said without "error" ("50% of the budget of pay remains"):
its error budget."""
_TARGETS = screened(
    rf"^(?:the )?SLO (?P<name>{_NAME}) (?:targets|aims for|promises|is set to|is) "
    r"(?P<rest>\d+(?:\.\d+)?% .+)$",
    re.IGNORECASE,
)
"""An SLO said by what it targets ("SLO ledger-avail targets 99.9% over 30 days"): an SLO
of that share."""
_NAMED_SLO = screened(rf"^an SLO (?:named|called) (?P<name>{_NAME}) ", re.IGNORECASE)
"""An SLO said with "named"/"called" before its name: the name."""
_ROLLOUT_SCOPE = screened(r"\b(?:during|throughout)\b.*\brollout", re.IGNORECASE)
_STAYED = screened(r"\b(?:stayed|remained|kept) (ready|available|up)\b", re.IGNORECASE)
"""Pods that stayed ready over a rollout ("at least 8 catalog pods stayed ready throughout
the rollout"): the rollout already says throughout, so they were ready."""


def _latency_at(found: re.Match[str]) -> str:
    name, quantile = found.group("a") or found.group("b"), found.group("qa") or found.group("qb")
    return (
        f"{name} serves {found.group('rate')} with a {quantile} latency of {found.group('latency')}"
    )


def _no_traffic(found: re.Match[str]) -> str:
    return f"traffic to {found.group('a') or found.group('b')} drops to 0 requests per second"


_PCT = r"p\d+(?:\.\d+)?|(?:the )?\d+(?:\.\d+)?(?:st|nd|rd|th) percentile|(?:the )?median"
_TIME = r"\d+(?:\.\d+)? ?(?:ms|s|milliseconds?|seconds?)"
_NAME = r"\"[^\"]+\"|[\w-]+"
_ONE_MOVES_ONE_STAYS = screened(
    rf"^(?:(?P<who>{_NAME})'s |the )(?P<p1>{_PCT})(?: latency| response time)?(?: of "
    rf"(?P<who1>{_NAME}))? (?:climbs|rises|jumps|goes up|spikes|grows|increases|drops|falls|"
    rf"goes down|decreases|moves|goes) to (?P<t1>{_TIME}),? (?:while|and|but|whereas) "
    rf"(?:the |its )?(?P<p2>{_PCT})(?: latency| response time)?(?: of (?P<who2>{_NAME}))? "
    rf"(?:stays|remains|holds|sits|is still|stays put|holds steady|keeps) (?:at|around|near|"
    rf"steady at) (?P<t2>{_TIME})$",
    re.IGNORECASE,
)
"""One percentile moving while another stays ("ranker's p99 climbs to 400ms while the
median stays at 40ms", "the p99 of checkout jumps to 2s but the median holds at 80ms"):
the latency at both, from now, of the one service named."""


def _one_moves_one_stays(found: re.Match[str]) -> str:
    named = [w for w in found.group("who", "who1", "who2") if w]
    if len(named) != 1:
        return found.group(0)
    return (
        f"{named[0]}'s latency is {found['t1']} at {found['p1']} and {found['t2']} at {found['p2']}"
    )


_FIRST = Chain(
    [
        (_WHOLE_UNIT, r"1 \1"),
        (_UNDER_LOAD, "serves "),
        (_ONE_POD, r"each pod of \g<name> serves at most "),
        (_CODE_FOR_ALL, r"fails 100% of its requests with a \g<code>"),
    ]
)
"""The measures read before a drain's bounds, in turn."""
_BUDGETS = Chain(
    [
        (_ITS, r"the \g<what> of it"),
        (_FULLY_SPENT, r"at least 100% of \g<head> is spent"),
        (_SHARE_OF_BUDGET, r"\g<share> error budget \g<of> "),
        (_NAMED_SLO, r"an SLO \g<name> "),
        (_TARGETS, r"an SLO \g<name> of \g<rest>"),
    ]
)
"""The measures of an SLO and its budget, in turn."""
_LAST = Chain(
    [
        (_THAT_BUDGET, r"the \1"),
        (_NO_TRAFFIC, _no_traffic),
        (_BACK_TO, r"traffic to \g<name> goes to \g<rate>"),
        (_LATENCY_AT, _latency_at),
        (_ONE_MOVES_ONE_STAYS, _one_moves_one_stays),
        (_ASKING, r"\g<who> requesting "),
        (_EACH, r"\g<head>"),
    ]
)
"""The last measures read, in turn."""


def measures_said(text: str) -> str:
    """``text`` with each measurement said along an axis as the catalog's phrases say it."""
    text = _FIRST.apply(text)
    if _DRAIN_SCOPE.search(text):
        text = _NEVER_FEWER.sub("at least", _NEVER_MORE.sub("no more than", text))
    text = _BUDGETS.apply(text)
    if _ROLLOUT_SCOPE.search(text):
        text = _STAYED.sub(r"were \1", text)
    return _LAST.apply(text)
