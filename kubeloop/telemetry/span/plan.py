"""The pieces of a leap (``span/leap.py``): each rule's place in the evaluation order with its
proven answers, and what a rule's expression can read."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from typing import Any, Final, TypeVar

from kubeloop.telemetry.promql import ast
from kubeloop.telemetry.promql.cached import leaves
from kubeloop.telemetry.promql.evaluator import DEFAULT_LOOKBACK_MS
from kubeloop.telemetry.rules.alerting import AlertingRule, EvalContext
from kubeloop.telemetry.rules.group import Rule
from kubeloop.telemetry.scheduled import Scheduled
from kubeloop.telemetry.series import Labels, Matcher, SeriesStore, StoredSeries, is_stale


class Slot:
    """Rule ``index`` of a group, the ``position``-th rule evaluated at each instant, and its
    answers at the stretch's instants if proven (``answers[k % len(answers)]`` at the
    ``k``-th)."""

    def __init__(
        self, entry: Scheduled, index: int, position: int, answers: list[Any] | None
    ) -> None:
        self.entry = entry
        self.index = index
        self.position = position
        self.answers = answers
        self.rule: Rule = entry.group.rules[index]
        self.given: dict[Labels, list[float]] | None = None
        """Answers computed as columns instead (``columned.py``): each series written, with
        its value at each instant of the stretch."""
        self.watched: list[StoredSeries] | None = None
        """For a rule not proven that reads only instant selectors: the series it reads
        that may change in the stretch."""

    @property
    def proven(self) -> bool:
        return self.answers is not None or self.given is not None

    def outputs(self) -> dict[Labels, list[float]]:
        """Each series a proven recording rule writes, with its value in each class."""
        if self.given is not None:
            return self.given
        out: dict[Labels, list[float]] = {}
        for result in self.answers or ():
            for labels, value in result:
                out.setdefault(labels, []).append(value)
        return out

    def columns(self, count: int) -> dict[Labels, list[float]]:
        """Each series it writes, with its value at each of ``count`` instants."""
        if self.given is not None:
            return self.given
        return {
            labels: (values * (count // len(values) + 1))[:count]
            for labels, values in self.outputs().items()
        }

    def watch(self, store: SeriesStore, steady: set[Labels], quiet: Quiet, first_ms: int) -> None:
        """Note what a rule not proven reads, if only instant selectors (no offset, no
        ``@``): its answer is a function of their samples, leaving out the series whose
        value is the same through the stretch (``steady``) or that nothing writes."""
        found = leaves(self.rule.spec.parsed)
        if self.proven or not all(
            isinstance(leaf, ast.VectorSelector) and leaf.at is None and not leaf.offset_ms
            for leaf in found
        ):
            return
        self.watched = [
            series
            for leaf in found
            if isinstance(leaf, ast.VectorSelector)
            for series in store.select(leaf.matchers)
            if series.labels not in steady and not quiet.silent(series, first_ms)
        ]

    def unchanged(self, ts: int, step_ms: int, answer: list[tuple[Labels, float]]) -> bool:
        """Whether the rule gives at ``ts`` the ``answer`` it gave one instant before: every
        watched series got its newest sample at ``ts`` and one at ``ts - step_ms``, of the
        same bits (and an alerting rule's state cannot move: ``AlertingRule.steady``)."""
        if self.watched is None:
            return False
        rule = self.rule
        if isinstance(rule, AlertingRule) and (answer or rule.alerts()) and not rule.steady():
            return False
        for series in self.watched:
            times, values = series.ts, series.vs
            if len(times) < 2 or times[-1] != ts or times[-2] != ts - step_ms:
                return False
            if math.isnan(values[-1]) or not same_bits(values[-1], values[-2]):
                return False
        return True

    def settle(self, done: int, last_ms: int) -> None:
        """What ``done`` evaluations ending at ``last_ms`` leave besides samples: the rule's
        last error cleared (an alert's template errors too), the answers counted."""
        rule = self.rule
        if isinstance(rule, AlertingRule):
            rule.apply([], last_ms, EvalContext())
        else:
            rule.last_error = None
        replay = self.entry.replays[self.index]
        if self.given is not None:
            replay.columned += done
        else:
            replay.replayed += done


def _children(node: ast.Expr) -> Iterator[ast.Expr]:
    if isinstance(node, ast.MatrixSelector):
        yield node.selector
    elif isinstance(node, ast.Subquery | ast.Unary | ast.Paren):
        yield node.expr
    elif isinstance(node, ast.Call):
        yield from node.args
    elif isinstance(node, ast.Aggregate):
        yield node.expr
        if node.param is not None:
            yield node.param
    elif isinstance(node, ast.Binary):
        yield node.lhs
        yield node.rhs


def _walk(node: ast.Expr) -> Iterator[ast.Expr]:
    yield node
    for child in _children(node):
        yield from _walk(child)


_T = TypeVar("_T")
MAX_KNOWN: Final = 4096
_KNOWN: dict[tuple[str, int], tuple[ast.Expr, Any]] = {}


def per_rule(what: str, node: ast.Expr, compute: Callable[[ast.Expr], _T]) -> _T:
    """``compute(node)``, kept for the same expression (a leap asks the same question about
    each rule's tree at every stretch)."""
    found = _KNOWN.get((what, id(node)))
    if found is None or found[0] is not node:
        if len(_KNOWN) >= MAX_KNOWN:
            _KNOWN.clear()
        found = _KNOWN[what, id(node)] = (node, compute(node))
    result: _T = found[1]
    return result


def reads_ahead(node: ast.Expr) -> bool:
    """Whether the expression can read samples after its evaluation time (``@``, or a
    negative offset)."""
    return per_rule("ahead", node, _reads_ahead)


def _reads_ahead(node: ast.Expr) -> bool:
    return any(
        isinstance(n, ast.VectorSelector | ast.Subquery) and (n.at is not None or n.offset_ms < 0)
        for n in _walk(node)
    )


def selectors_of(node: ast.Expr) -> list[tuple[Matcher, ...]]:
    """The matchers of every selector in the expression, range selectors' included."""
    return per_rule("selectors", node, _selectors_of)


def _selectors_of(node: ast.Expr) -> list[tuple[Matcher, ...]]:
    return [n.matchers for n in _walk(node) if isinstance(n, ast.VectorSelector)]


def hopeful(store: SeriesStore, slots: list[Slot], never: set[int]) -> set[int]:
    """The rules not proven now that may be later in the stretch (their positions): they
    replay, are not among those that cannot be (``never``), and none of their instant
    selectors reads what a rule that cannot be proven writes."""
    blocked: set[Labels] = set()
    found: set[int] = set()
    for slot in slots:
        if slot.proven:
            continue
        replay = slot.entry.replays[slot.index]
        rule = slot.rule
        keeps = isinstance(rule, AlertingRule) and bool(rule.alerts())  # proven only once idle
        if (
            replay.enabled
            and slot.position not in never
            and not keeps
            and not any(
                series.labels in blocked
                for matchers, _ in replay.selectors()
                for series in store.select(matchers)
            )
        ):
            found.add(slot.position)
        else:
            blocked |= slot.entry.group.previous(slot.index)
    return found


class Quiet:
    """The series nothing writes in the stretch, that the leap relied on reading nothing
    from: a rule that writes one after all stops the leap (they are protected)."""

    def __init__(self, loud: set[Labels]) -> None:
        self.loud = loud
        """Every series a scrape or a rule wrote last time (they may be written again)."""
        self.relied: set[Labels] = set()

    def silent(self, series: StoredSeries, first_ms: int) -> bool:
        """Whether an instant selector finds nothing in ``series`` from ``first_ms`` on,
        nothing writing to it (noted as relied on)."""
        if series.labels in self.loud:
            return False
        if series.ts:
            last = series.vs[-1]
            if series.ts[-1] > first_ms - DEFAULT_LOOKBACK_MS and not (
                math.isnan(last) and is_stale(last)
            ):
                return False
        self.relied.add(series.labels)
        return True


def queries(rule: AlertingRule) -> bool:
    """Whether a template of the rule may run a query (and so read any series)."""
    texts = [*(v for _, v in rule.spec.labels), *(v for _, v in rule.spec.annotations)]
    return any("query" in text for text in texts)


def same_bits(a: float, b: float) -> bool:
    return a == b and (a != 0.0 or math.copysign(1.0, a) == math.copysign(1.0, b))


def shared_writers(previous: list[set[Labels]]) -> set[int]:
    """The positions of the rules that wrote, at their last evaluation, a series another rule
    wrote too (``previous``: what each rule in evaluation order wrote). A leap neither proves
    them nor answers them as columns: which of the two samples the store keeps, and so what
    each rule wrote, is only known instant by instant."""
    owners: dict[Labels, list[int]] = {}
    for position, written in enumerate(previous):
        for labels in written:
            owners.setdefault(labels, []).append(position)
    return {position for found in owners.values() if len(found) > 1 for position in found}


def conflicts(store: SeriesStore, slots: list[Slot]) -> set[int]:
    """Proven rules that a rule evaluated at each instant, before them in the order, reads
    (it would read their appended samples ahead of time): they are evaluated at each instant
    too."""
    writers = {labels: slot.position for slot in slots if slot.proven for labels in slot.outputs()}
    found: set[int] = set()
    for slot in slots:
        if slot.proven:
            continue
        rule = slot.rule
        if isinstance(rule, AlertingRule) and rule.spec.templates is not None and queries(rule):
            found |= {s.position for s in slots if s.proven and s.position > slot.position}
        for matchers in selectors_of(rule.spec.parsed):
            for series in store.select(matchers):
                writer = writers.get(series.labels, -1)
                if writer >= slot.position:
                    found.add(writer)
    return found


def protected_by(
    scraped: dict[Labels, list[float]], slots: list[Slot], quiet: Quiet
) -> set[Labels] | None:
    """The series the stretch appends to or proves silent: a rule evaluated at each instant
    writing one of them stops the leap. None if one of those rules wrote one last time."""
    protected = set(scraped) | quiet.relied
    for slot in slots:
        if slot.proven:
            protected |= set(slot.outputs())
    for slot in slots:
        if not slot.proven and slot.entry.group.previous(slot.index) & protected:
            return None
    return protected
