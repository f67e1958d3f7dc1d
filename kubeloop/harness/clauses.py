"""Clause lists: the optional details of a declaration, in any order.

"a deployment of 4 requesting 1 CPU at version v2 with maxSurge 1 and maxUnavailable 0"
and "… at version v2, requesting 1 CPU" both parse: after the head of the phrase comes a
list of clauses, each introduced by a space, a comma or "and". The clause list is one
parameter (``{options:workload}``) whose value is a dict of the fields the clauses set.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import kubeloop.harness.artifacts
import kubeloop.harness.later_dates
import kubeloop.harness.outcome_words
import kubeloop.harness.pipeline_words
import kubeloop.harness.reasons
import kubeloop.harness.release_words
import kubeloop.harness.telemetry_nouns
import kubeloop.harness.text_checks  # noqa: F401  (registers "is" / "contains" / "starts with")
from kubeloop.harness.amounts import AMOUNTS, _resources
from kubeloop.harness.first_use import Clauses
from kubeloop.harness.nouns import NAME, _strip_groups, unquote
from kubeloop.harness.params import NUMBER, TYPES, ParamType, number, parse_taint

_RES = _strip_groups(AMOUNTS["resources"].regex)
_INT_OR_PERCENT = r"\d+%?"
_SEPARATOR = r"(?:,? and |, | )"

Clause = tuple[str, Callable[[re.Match[str]], dict[str, object]]]


def _int_or_percent(text: str) -> int | str:
    return text if text.endswith("%") else int(text)


def _requests(match: re.Match[str]) -> dict[str, object]:
    resources = _resources(match.group("res"))
    return {"cpu": resources.cpu, "memory": resources.memory}


def _budget(match: re.Match[str]) -> dict[str, object]:
    found: dict[str, object] = {}
    if "surge" in match.re.groupindex and match.group("surge"):
        found["max_surge"] = _int_or_percent(match.group("surge"))
    if match.group("unavailable"):
        found["max_unavailable"] = _int_or_percent(match.group("unavailable"))
    return found


_SURGE = rf"max ?surge(?: of)? (?P<surge>{_INT_OR_PERCENT})"
_UNAVAILABLE = rf"max ?unavailable(?: of)? (?P<unavailable>{_INT_OR_PERCENT})"

_SMALL = {"one": 1, "two": 2, "three": 3}
"""Small counts said in words, as in "one extra pod at a time"."""

WORKLOAD: list[Clause] = [
    (
        rf"(?:each pod |each |every pod |its pods )?(?:requesting|requests|request|needing|using|"
        rf"with|at|asking for|that needs?|needs?|that asks? for|that uses?|wanting)"
        rf" (?P<res>{_RES})",
        _requests,
    ),
    (
        rf"(?:at|running|on|of|with) version (?P<version>{NAME})",
        lambda m: {"version": unquote(m.group("version"))},
    ),
    (
        r"(?:at|running) (?P<short>v\d[\w.-]*)(?![\w.-])",
        lambda m: {"version": m.group("short")},
    ),
    (
        rf"(?:running|with|using) (?:the )?image (?P<image>{NAME})",
        lambda m: {"version": unquote(m.group("image"))},
    ),
    (rf"(?:with |using )?{_SURGE}(?:{_SEPARATOR}{_UNAVAILABLE})?", _budget),
    (
        rf"(?:with |using )?a (?:max(?:imum)? )?surge of (?P<surge>{_INT_OR_PERCENT})"
        rf"(?: (?:pods?|replicas?|extra pods?))?",
        lambda m: {"max_surge": _int_or_percent(m.group("surge"))},
    ),
    (
        r"(?:with )?(?:no|zero) (?:unavailability|unavailable (?:pods|replicas)|pods? "
        r"(?:down|unavailable)|downtime)",
        lambda m: {"max_unavailable": 0},
    ),
    (rf"(?:with |using )?{_UNAVAILABLE}", _budget),
    (
        r"one (?:pod|copy|replica|instance) at a time(?:,? never taking (?:a|one|any) "
        r"(?:pod|copy|replica|instance) (?:away|down) first)?",
        lambda m: {"max_surge": 1, "max_unavailable": 0},
    ),
    (
        r"(?:never|without) taking (?:a|one|any) (?:pod|copy|replica|instance) (?:away|down) first",
        lambda m: {"max_unavailable": 0},
    ),
    (
        r"(?P<extra>\d+|one|two|three) (?:extra|more|additional|surge) (?:pods?|copies|copy|"
        r"replicas?|instances?) at a time",
        lambda m: {"max_surge": _SMALL.get(m.group("extra").lower()) or int(m.group("extra"))},
    ),
    (
        r"(?:with )?(?:none|nothing|not one) (?:down|unavailable|taken down)"
        r"(?: at any (?:point|time))?",
        lambda m: {"max_unavailable": 0},
    ),
    (
        rf"(?:with|at|using|in) (?:the )?(?:priority class|PriorityClass|priority(?: of)?)"
        rf" (?!-?\d+(?![-\w.]))(?P<pclass>{NAME})",
        lambda m: {"priority_class_name": unquote(m.group("pclass"))},
    ),
    (
        r"(?:with|using) the (?P<strategy>Recreate|RollingUpdate) strategy",
        lambda m: {
            "strategy": "Recreate" if m.group("strategy").lower() == "recreate" else "RollingUpdate"
        },
    ),
]


def _nodes(match: re.Match[str]) -> dict[str, object]:
    found: dict[str, object] = {"nodes": int(match.group("nodes"))}
    if match.group("size"):
        found["node_size"] = _resources(match.group("size"))
    return found


NODES: Clause = (
    rf"(?:(?:spread |split |distributed |scheduled )?(?:on|across|over|between)) (?P<nodes>\d+) "
    rf"(?:worker )?(?:nodes?|servers?|machines?|hosts?)"
    rf"(?: (?:each )?(?:with|of|having) (?P<size>{_RES})(?: each)?)?",
    _nodes,
)
"""The nodes a service runs on, said with it: "on 3 nodes", "across 4 servers with 8 CPU",
"spread over 3 nodes"."""

SERVING: list[Clause] = [
    NODES,
    (
        r"(?:(?:with|as|in|at) )?(?P<replicas>\d+) (?:replicas?|pods?|copies|instances)",
        lambda m: {"replicas": int(m.group("replicas"))},
    ),
    *WORKLOAD,
]
"""A running service said in one sentence: the nodes it runs on, its replicas ("with 6
replicas", or bare after a comma: "at v1, 6 replicas across 3 nodes"), and the details of a
workload (above)."""

_LABEL = r"[A-Za-z0-9][-A-Za-z0-9._/]*=[-A-Za-z0-9._]*"
_TAINT = TYPES["taint"].regex
_KEY = r"(?:the )?(?:nodes?|hosts?|hostnames?|zones?|[A-Za-z0-9][-A-Za-z0-9._/]*)"

PLACEMENT: list[Clause] = [
    (
        rf"(?:with )?(?:a |the )?(?:node ?selector|nodeSelector)(?: of)? (?P<labels>{_LABEL}"
        rf"(?:(?:,| and|, and) {_LABEL})*)",
        lambda m: {
            "node_selector": dict(
                item.split("=", 1) for item in re.findall(_LABEL, m.group("labels"))
            )
        },
    ),
    (
        rf"(?:(?:that|which) )?(?:only )?(?:on|(?:runs?|goes|lands?|is (?:pinned|restricted)|are "
        rf"(?:pinned|restricted)|pinned|restricted) (?:only )?(?:on|to)|(?:needs?|needing|"
        rf"requires?|requiring|wants?)(?: only)?|(?:(?:must|can|may|should|will) )?only (?:run|go|"
        rf"land|be (?:scheduled|placed)) on|(?:must|should|has to|have to) (?:run|go|land|be "
        rf"(?:scheduled|placed)) on) (?:the |an? )?nodes? "
        rf"(?:labell?ed|with(?: the)? labels?|with|having|carrying) (?P<labels>{_LABEL}"
        rf"(?:(?:,| and|, and) {_LABEL})*)",
        lambda m: {
            "node_selector": dict(
                item.split("=", 1) for item in re.findall(_LABEL, m.group("labels"))
            )
        },
    ),
    (
        rf"(?:(?:that|which) )?(?:needs?|needing|requires?|requiring|selects?|selecting|"
        rf"(?:only )?(?:runs?|running|goes|going|lands?|landing) (?:only )?on|"
        rf"(?:is |are )?(?:pinned|restricted) to) "
        rf"(?P<labels>{_LABEL}(?:(?:,| and|, and) {_LABEL})*)",
        lambda m: {
            "node_selector": dict(
                item.split("=", 1) for item in re.findall(_LABEL, m.group("labels"))
            )
        },
    ),
    (
        rf"(?:with )?(?:a )?(?P<soft>required |preferred )?pod anti-?affinity "
        rf"(?:on|over|per|by|across) (?P<key>{_KEY})",
        lambda m: {
            "anti_affinity": (m.group("key"), (m.group("soft") or "").strip() != "preferred")
        },
    ),
    (
        r"(?:(?:that|which) )?(?:(?:must|should|can|may|will) )?never (?:share|run on|land on|"
        r"be (?:put |placed )?on) (?:a|the same|one) node|no two (?:of them )?(?:on|share) "
        r"(?:the same|a|one) node|each on (?:its|their) own node|(?:each )?on (?:separate|"
        r"different) nodes|(?:with |and )?(?:(?:spread|spread out|at most|no more than|"
        r"max(?:imum)?|only) )?"
        r"(?:one|1) (?:pod |replica |copy )?(?:per|a|on each) node",
        lambda m: {"anti_affinity": ("node", True)},
    ),
    (
        rf"(?:and )?(?:evenly )?(?:spread|spreading|spreads)(?: out)? (?:evenly )?(?:across|over) "
        rf"(?P<key>{_KEY})(?: with max ?skew (?P<skew>{NUMBER}))?(?P<soft> when possible)?",
        lambda m: {
            "spread": (
                m.group("key"),
                number(m.group("skew")) if m.group("skew") else 1,
                bool(m.group("soft")),
            )
        },
    ),
    (
        rf"(?:and |with )?(?:a |the )?(?:(?P<zone>zone) topology ?spread(?: constraint)?|topology "
        rf"?spread(?: constraint)? (?:on|over|across|by|per) (?P<key>{_KEY}))"
        rf"(?:,? (?:with )?(?:a )?max ?skew(?: of)? (?P<skew>{NUMBER}))?(?P<soft> when possible)?",
        lambda m: {
            "spread": (
                m.group("key") or m.group("zone"),
                number(m.group("skew")) if m.group("skew") else 1,
                bool(m.group("soft")),
            )
        },
    ),
    (
        r"(?:and |with )?(?:no tolerations|without (?:any )?tolerations|tolerating nothing)",
        lambda m: {"tolerations": []},
    ),
    (
        rf"(?:with a toleration (?:for|of)|tolerating|that tolerates|which tolerates)"
        rf"(?: the taint| the)? (?P<taint>{_TAINT})(?: taint)?",
        lambda m: {"tolerate": parse_taint(m.group("taint"))},
    ),
    (
        r"(?:with|at) (?:a )?priority(?: of)? (?P<priority>-?\d+)",
        lambda m: {"priority": int(m.group("priority"))},
    ),
]
"""Where a declared deployment's pods may go: a nodeSelector, pod anti-affinity (said
plainly too: "that must never share a node", "one per node", "each on its own node" are
required anti-affinity on the hostname), spread (maxSkew 1 unless said), the taints they
tolerate ("with no tolerations": none), and their priority ("at priority 100": a
PriorityClass of that value)."""

_PDB_NAME = r"(?:a |its )?(?:pod )?(?:disruption budget|PodDisruptionBudget|PDB)"
_AVAILABLE = r"(?: pods?| replicas?)? (?:available|up|running|ready)"

BUDGET: list[Clause] = [
    (
        rf"(?:and |with )?{_PDB_NAME} (?:of|keeping|that keeps|requiring|with) (?:at least )?"
        rf"(?P<min>{_INT_OR_PERCENT}){_AVAILABLE}",
        lambda m: {"budget": ("min_available", _int_or_percent(m.group("min")))},
    ),
    (
        rf"(?:and |with )?{_PDB_NAME} (?:of|allowing|that allows|with) (?:at most |up to )?"
        rf"(?P<max>{_INT_OR_PERCENT})(?: pods?| replicas?)? (?:unavailable|down|disrupted)",
        lambda m: {"budget": ("max_unavailable", _int_or_percent(m.group("max")))},
    ),
    (
        rf"(?:and |with )?{_PDB_NAME} (?:of |with )?(?P<field>minAvailable|maxUnavailable) "
        rf"(?P<value>{_INT_OR_PERCENT})",
        lambda m: {
            "budget": (
                "min_available" if m.group("field") == "minAvailable" else "max_unavailable",
                _int_or_percent(m.group("value")),
            )
        },
    ),
    (
        rf"(?:that|which) (?:always )?(?:keeps|must keep|should keep) (?:at least )?"
        rf"(?P<min>{_INT_OR_PERCENT}){_AVAILABLE}(?: during (?:disruptions|drains|maintenance))?",
        lambda m: {"budget": ("min_available", _int_or_percent(m.group("min")))},
    ),
]
"""A PodDisruptionBudget said with the deployment it protects: "with a disruption budget of
at least 4 available", "and a PDB allowing 1 pod down", "with a PDB of minAvailable 3", "that
always keeps 4 running"."""

_REPLICAS = r"(?: replicas?| pods?)?"
_MIN = r"(?:with )?(?:a )?(?:min|minimum|minReplicas|min replicas)(?: of)?"
_MAX = r"(?:with )?(?:a )?(?:max|maximum|maxReplicas|max replicas)(?: of)?"
_AIM = (
    r"(?:(?:targeting|aiming at|aiming for|aimed at|that targets|with a target of|a target of|"
    r"with target|target|at(?: an?)?|for an?|with a|with|a) )?(?:average )?"
)

AUTOSCALING: list[Clause] = [
    (
        rf"(?:with |scaling |that scales )?(?:from|between) (?P<low>{NUMBER}) (?:to|and) "
        rf"(?P<high>{NUMBER}){_REPLICAS}",
        lambda m: {"low": number(m.group("low")), "high": number(m.group("high"))},
    ),
    (rf"{_MIN} (?P<low>{NUMBER}){_REPLICAS}", lambda m: {"low": number(m.group("low"))}),
    (rf"{_MAX} (?P<high>{NUMBER}){_REPLICAS}", lambda m: {"high": number(m.group("high"))}),
    (
        rf"{_AIM}(?P<target>\d+(?:\.\d+)?)%(?: average)?(?: cpu)?(?: utili[sz]ation)?"
        r"(?: target)?",
        lambda m: {"target": float(m.group("target"))},
    ),
    (
        r"(?:with |and )?(?:a |the )?(?:target |targeting )?(?:average )?cpu utili[sz]ation"
        r"(?: target)?(?: of| at)? (?P<target>\d+(?:\.\d+)?)%",
        lambda m: {"target": float(m.group("target"))},
    ),
    (
        r"(?:with |and )?(?:targetCPUUtilizationPercentage|averageUtilization):? "
        r"(?P<target>\d+(?:\.\d+)?)%?",
        lambda m: {"target": float(m.group("target"))},
    ),
]


_SLO_WORDS = r"(?: availability| success(?: rate)?| of requests succeeding| uptime)?"
_NINES = {"two": 2, "three": 3, "four": 4, "five": 5}


def _nines(count: str, half: bool) -> float:
    """ "three nines" → 99.9, "three and a half nines" → 99.95: an objective as SREs say it."""
    digits = _NINES[count.lower()]
    return round(100.0 - 10.0 ** (2 - digits) / (2 if half else 1), 9)


OBJECTIVE: list[Clause] = [
    (
        r"(?:of|at|targets|targeting|that targets|with a target of|with an objective of|"
        rf"aiming at|for|is) (?P<objective>\d+(?:\.\d+)?)%{_SLO_WORDS}",
        lambda m: {"objective": float(m.group("objective"))},
    ),
    (
        r"(?:of|at|targets|targeting|that targets|with a target of|aiming at|for|is) "
        r"(?P<nines>two|three|four|five)(?P<half> and a half)?[ -]nines(?: availability)?",
        lambda m: {"objective": _nines(m.group("nines"), m.group("half") is not None)},
    ),
    (
        r"over (?:a |the last |a rolling )?(?P<period>\d+ ?(?:days?|d|hours?|h|weeks?|w))"
        r"(?: window| rolling window)?",
        lambda m: {"period": m.group("period")},
    ),
    (
        rf"(?:for|on|covers|covering|that covers|which covers|protecting|that protects) "
        rf"(?:(?:the )?service (?P<service>{NAME})|the (?P<owner>{NAME}) service|"
        rf"(?P<bare>{NAME}))",
        lambda m: {"service": unquote(m.group("service") or m.group("owner") or m.group("bare"))},
    ),
    (rf"with (?P<windows>{NAME}) windows", lambda m: {"windows": unquote(m.group("windows"))}),
    (
        r"(?:(?:that |which |and )?pages on (?:a )?fast burns?|(?:that |which |and )?"
        r"(?:opens|raises|files) a ticket on (?:a )?slow burns?|(?:with )?a page on (?:a )?"
        r"fast burns?|(?:with )?a ticket on (?:a )?slow burns?)",
        lambda m: {},
    ),
    (
        r"(?:with )?(?:the )?(?:multi-?window )?(?:multi-?burn-?rate|burn[- ]rate) alerts"
        r"(?: with (?:paging|page) and (?:ticketing|ticket) severities)?",
        lambda m: {},
    ),
]
"""An SLO's objective, period, service and window table, in any order; "that pages on a
fast burn", "a ticket on slow burn" and "with burn rate alerts" say what the Workbook's
windows do (they add nothing,
and "pages on a slow burn", which they do not do, does not read)."""


def reader(clauses: list[Clause]) -> Clauses:
    """The clauses read one at a time, each after a separator; a clause ends only where the
    rest reads as clauses: "the host" is not taken from "the hostname" although the shorter
    word is tried first."""
    one = "|".join(_strip_groups(regex) for regex, _ in clauses)
    rest = f"(?=(?:{_SEPARATOR}(?:{one}))*\\Z)"
    return Clauses(_SEPARATOR, [regex for regex, _ in clauses], rest)


def clause_list(clauses: list[Clause], description: str) -> ParamType:
    """A parameter type matching zero or more clauses, each after a separator."""
    one = "|".join(_strip_groups(regex) for regex, _ in clauses)
    read = reader(clauses)
    builds = [build for _, build in clauses]

    def convert(text: str) -> dict[str, object]:
        fields: dict[str, object] = {}
        position = 0
        while position < len(text):
            found = read.first(text, position)
            if found is None:  # the whole regex matched, so some clause always does
                raise ValueError(f"cannot read the clauses {text[position:]!r}")
            clause, match = found
            fields.update({k: v for k, v in builds[clause](match).items() if v is not None})
            position = match.end()
        return fields

    return ParamType(f"(?:{_SEPARATOR}(?:{one}))*", convert, description)


_PRIORITY_CLASS = next(c for c in WORKLOAD if "pclass" in c[0])
_PRIORITY_VALUE = next(c for c in PLACEMENT if "<priority>" in c[0])
EARLY: list[Clause] = [WORKLOAD[1], WORKLOAD[2], _PRIORITY_CLASS, _PRIORITY_VALUE]
"""What people say of a deployment before its count ("a deployment "crawler" at priority
best-effort with 4 replicas", "… at version v2 of 3 replicas"): its version and priority."""

HELD: list[Clause] = [
    (
        r"(?:(?:with|as|in|at|running) )?(?P<replicas>\d+) (?:replicas?|pods?|copies|instances)",
        lambda m: {"replicas": int(m.group("replicas"))},
    ),
    *WORKLOAD,
    *PLACEMENT,
    *BUDGET,
]
"""A deployment said with the nodes that hold it ("3 nodes with the orders deployment at
version v1 and 6 replicas"): its replicas as one more clause, then a declaration's."""

CLAUSES = {
    "workload": clause_list(
        WORKLOAD,
        'details, in any order, each after a space, a comma or "and": requesting 1 CPU and '
        "256Mi memory per pod, at version v2 (or with image nginx:1.25), with maxSurge 1 and "
        "maxUnavailable 0 (or one pod at a time: maxSurge 1, maxUnavailable 0), with the "
        "Recreate strategy, with priority class high",
    ),
    "serving": clause_list(
        SERVING,
        "where a running service runs, in any order: on 3 nodes (or on 4 nodes with 8 CPU and "
        "16Gi each), with 6 replicas, and the details of a workload (above)",
    ),
    "declaration": clause_list(
        WORKLOAD + PLACEMENT + BUDGET,
        "the details of a workload (above) and where its pods go: with nodeSelector "
        "disktype=ssd, with required pod anti-affinity on kubernetes.io/hostname (or "
        "preferred …), spread across topology.kubernetes.io/zone with maxSkew 1, with a "
        "disruption budget of at least 4 available (or a PDB allowing 1 pod down)",
    ),
    "declared": clause_list(
        [NODES, *WORKLOAD, *PLACEMENT, *BUDGET],
        "the details of a declaration (above) and the nodes it runs on, said with it: on 3 "
        "nodes (or across 4 servers with 8 CPU each)",
    ),
    "early": clause_list(
        EARLY,
        "a version or a priority said before a deployment's count: at version v2, at "
        "priority best-effort (or at priority 1000, in priority class high)",
    ),
    "held": clause_list(
        HELD,
        "a declaration's details (above), its replicas among them: at version v1 and 6 "
        "replicas, with 4 pods requesting 1 CPU",
    ),
    "slo": clause_list(
        OBJECTIVE,
        "an SLO's details, in any order: of 99.9% (or targets 99.5% success, at 99% "
        "availability), over 30 days, for the service web (or covers web), with pyrra windows, "
        "that pages on "
        "a fast burn, with a ticket on slow burn",
    ),
    "autoscaling": clause_list(
        AUTOSCALING,
        'bounds and target, in any order, each after a space, a comma or "and": from 1 to 10 '
        "replicas (or min 1, max 10; minReplicas 1, maxReplicas 10), targeting 50% cpu (or "
        "target 50% CPU, a 50% CPU target, at 50% CPU utilization, target CPU utilization 50%, "
        "targetCPUUtilizationPercentage 50)",
    ),
}

TYPES.update(CLAUSES)
