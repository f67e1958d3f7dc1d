"""SLO spec → Prometheus recording and alerting rules, as Sloth generates them.

Follows slok/sloth's core plugins (sli_rules_v1, metadata_rules_v1, alert_rules_v1):

* one group ``sloth-slo-sli-recordings-<id>``: ``slo:sli_error:ratio_rate<w>`` for every
  window of the table, and for the SLO period the "optimized" ratio — the period's
  ``sum_over_time`` of the shortest-window ratio ``/ ignoring (sloth_window)`` its
  ``count_over_time``. A window as long as the period (a 3-day SLO's ``3d``) is that
  optimized rule: Sloth writes it for the window and again for the period (the same rule
  twice, one series); it is written once here, last;
* one group ``sloth-slo-meta-recordings-<id>``: objective, error budget, period in days,
  current and period burn rates, budget remaining, ``sloth_slo_info``;
* one group ``sloth-slo-alerts-<id>`` (unless both alerts are disabled): the page and the
  ticket alert, each ``(quick short AND quick long) OR (slow short AND slow long)`` with
  ``max(… > (factor * budget)) without (sloth_window)``, and no ``for:`` unless the table
  has one (Pyrra's).

Numbers are printed as Go prints them (shortest round-trip, ``%g`` style), so the output
matches Sloth's golden files (``0.9990000000000001``, ``0.0009999999999999432``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import yaml

from kubeloop.telemetry.slo.spec import WINDOW_VARIABLE, AlertMeta, SLOSpec
from kubeloop.telemetry.slo.windows import BurnWindow, WindowTable, format_duration

Rule = dict[str, Any]
Group = dict[str, Any]
SLI_METRIC = "slo:sli_error:ratio_rate"
WINDOW_LABEL = "sloth_window"


def go_float(value: float) -> str:
    """Go's ``%g``/``%v`` with shortest precision: 6 → "6", 14.4 → "14.4", 1e21 → "1e+21"."""
    if value == int(value) and abs(value) < 1e21:
        return str(int(value))
    text = repr(value)
    if "e" in text:
        mantissa, exponent = text.split("e")
        sign = "-" if exponent.startswith("-") else "+"
        return f"{mantissa}e{sign}{abs(int(exponent)):02d}"
    return text


def sli_metric(window: int) -> str:
    return f"{SLI_METRIC}{format_duration(window)}"


def id_labels(spec: SLOSpec) -> dict[str, str]:
    return {"sloth_id": spec.id, "sloth_service": spec.service, "sloth_slo": spec.name}


def label_filter(labels: Mapping[str, str]) -> str:
    """prometheus/common LabelSet.String(): sorted, ``, ``-joined, Go-quoted values."""
    inner = ", ".join(f"{k}={_go_quote(labels[k])}" for k in sorted(labels))
    return "{" + inner + "}"


def _go_quote(value: str) -> str:
    escaped = value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped}"'


def generate(
    spec: SLOSpec, windows: WindowTable, *, version: str = "kubeloop", mode: str = "cli-gen-prom"
) -> list[Group]:
    """The rule groups for one SLO, in Sloth's order."""
    groups = [
        {"name": f"sloth-slo-sli-recordings-{spec.id}", "rules": sli_rules(spec, windows)},
        {
            "name": f"sloth-slo-meta-recordings-{spec.id}",
            "rules": meta_rules(spec, windows, version, mode),
        },
    ]
    alerts = alert_rules(spec, windows)
    if alerts:
        groups.append({"name": f"sloth-slo-alerts-{spec.id}", "rules": alerts})
    return groups


def sli_rules(spec: SLOSpec, windows: WindowTable) -> list[Rule]:
    rules = []
    labels = {**id_labels(spec), **spec.labels}
    for window in windows.durations():
        if window == windows.period:
            continue  # (Sloth's optimized period rule, below, records this window)
        text = format_duration(window)
        if spec.error_ratio_query:
            template = f"({spec.error_ratio_query})"
        else:
            template = f"({spec.error_query})\n/\n({spec.total_query})\n"
        expr = WINDOW_VARIABLE.sub(text, template)
        rules.append(
            {
                "record": sli_metric(window),
                "expr": expr,
                "labels": _sorted({**labels, WINDOW_LABEL: text}),
            }
        )
    shortest = windows.severity("page")[0].short
    period = format_duration(windows.period)
    metric = sli_metric(shortest) + label_filter(id_labels(spec))
    rules.append(
        {
            "record": sli_metric(windows.period),
            "expr": f"sum_over_time({metric}[{period}])\n/ ignoring ({WINDOW_LABEL})\n"
            f"count_over_time({metric}[{period}])\n",
            "labels": _sorted({**labels, WINDOW_LABEL: period}),
        }
    )
    return rules


def meta_rules(spec: SLOSpec, windows: WindowTable, version: str, mode: str) -> list[Rule]:
    labels = _sorted({**id_labels(spec), **spec.labels})
    ratio = go_float(spec.objective.target)
    selector = label_filter(id_labels(spec))

    def burn(window: int) -> str:
        return (
            f"{sli_metric(window)}{selector}\n/ on(sloth_id, sloth_slo, sloth_service) "
            f"group_left\nslo:error_budget:ratio{selector}\n"
        )

    info = {
        **labels,
        "sloth_version": version,
        "sloth_mode": mode,
        "sloth_spec": "prometheus/v1",
        "sloth_objective": go_float(spec.objective.percent),
    }
    return [
        {"record": "slo:objective:ratio", "expr": f"vector({ratio})", "labels": labels},
        {"record": "slo:error_budget:ratio", "expr": f"vector(1-{ratio})", "labels": labels},
        {
            "record": "slo:time_period:days",
            "expr": f"vector({go_float(windows.period / 86_400)})",
            "labels": labels,
        },
        {
            "record": "slo:current_burn_rate:ratio",
            "expr": burn(windows.severity("page")[0].short),
            "labels": labels,
        },
        {"record": "slo:period_burn_rate:ratio", "expr": burn(windows.period), "labels": labels},
        {
            "record": "slo:period_error_budget_remaining:ratio",
            "expr": f"1 - slo:period_burn_rate:ratio{selector}",
            "labels": labels,
        },
        {"record": "sloth_slo_info", "expr": "vector(1)", "labels": _sorted(info)},
    ]


def alert_rules(spec: SLOSpec, windows: WindowTable) -> list[Rule]:
    rules: list[Rule] = []
    for severity, meta in (("page", spec.page), ("ticket", spec.ticket)):
        if meta.disable:
            continue
        quick, slow = windows.severity(severity)
        if quick.hold or slow.hold:
            rules.extend(_alert(spec, severity, meta, (w,)) for w in (quick, slow))
        else:
            rules.append(_alert(spec, severity, meta, (quick, slow)))
    return rules


def alert_expression(spec: SLOSpec, pairs: tuple[BurnWindow, ...]) -> str:
    """Sloth's mwmbAlertTpl: (quick short AND quick long) OR (slow short AND slow long)."""
    selector = label_filter(id_labels(spec))
    budget = go_float(spec.objective.error_budget)

    def side(window: int, factor: float) -> str:
        return (
            f"max({sli_metric(window)}{selector} > ({go_float(factor)} * {budget})) "
            f"without ({WINDOW_LABEL})"
        )

    def pair(window: BurnWindow) -> str:
        return (
            f"(\n    {side(window.short, window.factor)}\n    and\n"
            f"    {side(window.long, window.factor)}\n)"
        )

    return "\nor\n".join(pair(w) for w in pairs) + "\n"


def _alert(spec: SLOSpec, severity: str, meta: AlertMeta, pairs: tuple[BurnWindow, ...]) -> Rule:
    """One alert over ``pairs``; a table with ``for:`` (Pyrra's) gets one alert per pair,
    labelled with its windows as Pyrra labels them (``long``, ``short``)."""
    rule: Rule = {"alert": spec.alert_name, "expr": alert_expression(spec, pairs)}
    extra: dict[str, str] = {}
    if len(pairs) == 1:
        rule["for"] = format_duration(pairs[0].hold)
        extra = {"long": format_duration(pairs[0].long), "short": format_duration(pairs[0].short)}
    rule["labels"] = _sorted(
        {"sloth_severity": severity, **extra, **spec.alert_labels, **meta.labels}
    )
    title = (
        f"({severity}) {{{{$labels.sloth_service}}}} {{{{$labels.sloth_slo}}}} SLO error "
        "budget burn rate is too fast."
    )
    summary = (
        "{{$labels.sloth_service}} {{$labels.sloth_slo}} SLO error budget burn rate is "
        "over expected."
    )
    rule["annotations"] = _sorted(
        {"title": title, "summary": summary, **spec.alert_annotations, **meta.annotations}
    )
    return rule


def _sorted(labels: Mapping[str, str]) -> dict[str, str]:
    return {k: labels[k] for k in sorted(labels)}


def to_yaml(groups: list[Group]) -> str:
    """A Prometheus rule file (``groups:``), as ``promtool check rules`` reads it."""
    return yaml.safe_dump({"groups": groups}, sort_keys=False, width=100, allow_unicode=True)
