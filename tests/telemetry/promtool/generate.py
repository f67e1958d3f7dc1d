"""Seeded rule files and promtool unit-test files for the differential test.

Values are compared exactly, as promtool does, so expressions are rounded to 1e-6 and
annotations print 4 digits: Prometheus 2.42 and 3.x sum floats in different orders (Kahan
summation, incremental means) and differ in the last bit. Every sample sits on the
1-minute grid and every rule and test is evaluated on it, so
range selectors use ranges of N minutes 30 seconds: no sample ever sits on a range's left
boundary, where Prometheus 2.x (left-closed) and 3.x (left-open) differ. Series run past
the last evaluation (or end in ``stale``), and gaps are shorter than the 5-minute
lookback, so the lookback's boundary never decides a result either.

Counters start at 0 and have no gaps: Prometheus 2.42 applies rate()'s zero floor before
the extrapolation threshold and 3.x after it, which gives different results when a
window starts well before its first sample and that sample is far from zero (found by
this test; e.g. ``8+5x6 _x2 14+20x9`` at 11m over [4m30s]: 2.42 says 0.2, 3.x 0.185185).
"""

from __future__ import annotations

import math
import random
from pathlib import Path
from typing import Any

import yaml

from kubeloop.fixtures.yamlsafe import load_documents
from kubeloop.telemetry.promtool import run_file
from kubeloop.telemetry.promtool.compare import labels_string

JOBS = ("api", "web", "db")
RANGES = ("1m30s", "2m30s", "4m30s", "5m30s", "7m30s")


def _counter(rng: random.Random, steps: int) -> str:
    """A counter from 0 with resets and no gaps (see the module docstring)."""
    parts, left, value = [], steps, 0
    while left > 0:
        run = min(left, rng.randint(3, 12))
        parts.append(f"{value}+{rng.randint(0, 20)}x{run - 1}")
        left -= run
        value = rng.randint(0, 30) if rng.random() < 0.3 else value + 200
    return " ".join(parts)


def _gauge(rng: random.Random, steps: int) -> str:
    items = []
    for _ in range(steps):
        roll = rng.random()
        items.append("_" if roll < 0.05 else str(rng.choice([0, 1, 2, 3, 5, 8, 13, 0.5, 2.25])))
    if rng.random() < 0.2:
        items.append("stale")
    return " ".join(items)


def _series(rng: random.Random, steps: int) -> list[dict[str, str]]:
    out = []
    for job in rng.sample(JOBS, rng.randint(1, 3)):
        for instance in range(rng.randint(1, 2)):
            ident = f'job="{job}", instance="{job}-{instance}"'
            out.append({"series": f"requests_total{{{ident}}}", "values": _counter(rng, steps)})
            out.append({"series": f"queue_depth{{{ident}}}", "values": _gauge(rng, steps)})
            up = " ".join(rng.choice(["1", "1", "1", "0"]) for _ in range(steps))
            out.append({"series": f"up{{{ident}}}", "values": up})
    return out


def _exprs(rng: random.Random) -> tuple[list[dict[str, Any]], list[str]]:
    r = lambda: rng.choice(RANGES)  # noqa: E731
    records = [
        {"record": "job:requests:rate", "expr": f"sum by (job) (rate(requests_total[{r()}]))"},
        {"record": "job:queue:max", "expr": f"max by (job) (max_over_time(queue_depth[{r()}]))"},
        {"record": "instance:requests:increase", "expr": f"increase(requests_total[{r()}])"},
        {"record": "job:up:count", "expr": "count by (job) (up == 1)"},
    ]
    alerts = [
        f"job:requests:rate > {rng.choice([0.05, 0.1, 0.2])}",
        f"avg_over_time(queue_depth[{r()}]) >= {rng.choice([2.03, 3.07, 4.99])}",
        "up == 0",
        f"irate(requests_total[{r()}]) > {rng.choice([0.1, 0.2])}",
        f"delta(queue_depth[{r()}]) > 1",
        "job:queue:max > 4 and on (job) job:up:count >= 1",
        f"resets(requests_total[{r()}]) > 0",
    ]
    rng.shuffle(alerts)
    return rng.sample(records, rng.randint(1, len(records))), alerts[: rng.randint(2, 4)]


def generate(seed: int, folder: Path) -> Path:
    """Write ``rules.yml`` and ``test.yml`` (expectations empty) for ``seed``."""
    rng = random.Random(seed)
    records, alert_exprs = _exprs(rng)
    rules: list[dict[str, Any]] = []
    for i, expr in enumerate(alert_exprs):
        rule: dict[str, Any] = {"alert": f"Alert{i}", "expr": expr}
        if rng.random() < 0.8:
            rule["for"] = rng.choice(["1m", "2m", "3m", "5m"])
        if rng.random() < 0.3:
            rule["keep_firing_for"] = rng.choice(["1m", "2m"])
        rule["labels"] = {"severity": rng.choice(["page", "ticket"])}
        if rng.random() < 0.3:
            rule["labels"]["team"] = "{{ $labels.job }}-team"
        rule["annotations"] = {
            "summary": '{{ $labels.job }} is at {{ printf "%.4f" $value }}',
            "pretty": "{{ $value | humanize }} / {{ humanizePercentage $value }}",
        }
        rules.append(rule)
    # Two groups in an explicit order (promtool 2.42 orders unlisted groups at random):
    # alerts may run before the records they read, and then see the previous evaluation's.
    groups = [{"name": "records", "rules": records}, {"name": "alerts", "rules": rules}]
    order = [g["name"] for g in groups]
    if rng.random() < 0.5:
        order.reverse()
    (folder / "rules.yml").write_text(yaml.safe_dump({"groups": groups}, sort_keys=False))
    minutes = rng.randint(15, 40)
    tests: list[dict[str, Any]] = []
    for _ in range(rng.randint(1, 2)):
        alert_tests = [
            {"eval_time": f"{rng.randint(0, minutes)}m", "alertname": f"Alert{i}", "exp_alerts": []}
            for i in range(len(alert_exprs))
            for _ in range(rng.randint(1, 3))
        ]
        exprs = [r["record"] for r in records] + [
            'ALERTS{alertstate="firing"}',
            "ALERTS_FOR_STATE",
            f"sum(rate(requests_total[{rng.choice(RANGES)}]))",
            "sum without (instance) (queue_depth)",
        ]
        promql_tests = [
            {
                "expr": f"round({rng.choice(exprs)}, 0.000001)",
                "eval_time": f"{rng.randint(0, minutes)}m",
                "exp_samples": [],
            }
            for _ in range(rng.randint(2, 6))
        ]
        tests.append(
            {
                "interval": "1m",
                "input_series": _series(rng, minutes + 8),
                "alert_rule_test": alert_tests,
                "promql_expr_test": promql_tests,
            }
        )
    test_file = {
        "rule_files": ["rules.yml"],
        "evaluation_interval": "1m",
        "group_eval_order": order,
        "tests": tests,
    }
    path = folder / "test.yml"
    path.write_text(yaml.safe_dump(test_file, sort_keys=False, width=10_000))
    return path


def fill_expectations(path: Path, seed: int, mutate: bool) -> bool:
    """Write kubeloop's results into the test's expectations; with ``mutate``, spoil one
    of them so the file must fail. Returns False when a result cannot be written down
    (a NaN, which promtool never matches)."""
    result = run_file(str(path))
    found = {f.line: f.got for g in result.groups for f in g.failures if f.line}
    data = yaml.safe_load(path.read_text())
    (doc,) = load_documents(path.read_text(), str(path))
    for g, test_group in enumerate(data["tests"]):
        for i, test in enumerate(test_group["alert_rule_test"]):
            got = found.get(doc.where(("tests", g, "alert_rule_test", i))[0], ())
            test["exp_alerts"] = [
                {
                    "exp_labels": {k: v for k, v in labels if k != "alertname"},
                    "exp_annotations": dict(annotations),
                }
                for labels, annotations in got
            ]
        for i, test in enumerate(test_group.get("promql_expr_test", [])):
            got = found.get(doc.where(("tests", g, "promql_expr_test", i))[0], ())
            if any(math.isnan(value) for _, value in got):
                return False
            test["exp_samples"] = [
                {"labels": labels_string(labels), "value": value} for labels, value in got
            ]
    if mutate:
        rng = random.Random(seed)
        group = rng.choice(data["tests"])
        if group["promql_expr_test"] and rng.random() < 0.5:
            test = rng.choice(group["promql_expr_test"])
            if test["exp_samples"]:
                test["exp_samples"][0]["value"] += 1
            else:
                test["exp_samples"].append({"labels": "{}", "value": 1})
        else:
            test = rng.choice(group["alert_rule_test"])
            if test["exp_alerts"]:
                test["exp_alerts"].pop()
            else:
                test["exp_alerts"].append({"exp_labels": {"severity": "none"}})
    path.write_text(yaml.safe_dump(data, sort_keys=False, width=10_000))
    return True


TEMPLATES = {
    "t1": "{{ $value }}",
    "t2": "{{ $value | humanize }}",
    "t3": "{{ humanize1024 $value }}",
    "t4": "{{ $value | humanizeDuration }}",
    "t5": "{{ humanizePercentage $value }}",
    "t6": '{{ printf "%.3f|%5.1f|%e|%g|%v|%s" $value $value $value $value $value $labels.job }}',
    "t7": "{{ $labels.instance | stripPort }} {{ stripDomain $labels.instance }}",
    "t8": "{{ if gt $value 100.0 }}big{{ else if gt $value 1.0 }}mid{{ else }}small{{ end }}",
    "t9": '{{ toUpper $labels.job }}-{{ title "hello world" }}-'
    '{{ reReplaceAll "(.*)-(.*)" "$2.$1" $labels.job }}',
    "t10": '{{- $labels.job -}} | {{ len $labels }} {{ index $labels "job" }} '
    '{{ match "^a" $labels.job }}',
    "t11": "{{ range $k, $v := $labels }}{{ $k }}={{ $v }},{{ end }}",
    "t12": "{{ with $labels.nope }}x{{ else }}none{{ end }} {{ $labels.nope }}|",
    "t13": "{{ humanizeTimestamp $value }}",
    "t14": '{{ (query "up" | first | value) }} '
    '{{ range query "up" }}{{ .Labels.instance }}{{ end }}',
    "t15": '{{ printf "%d%%" 5 }} {{ printf "%q" $labels.job }} {{ printf "%5s|%-5s|" "a" "b" }}',
    "t16": '{{ and 1 0 }} {{ or 0 "" 3 }} {{ not 0 }} {{ eq $labels.job "api-x" "other" }} '
    "{{ ne 1 2 }}",
}
TEMPLATE_VALUES = (
    "0.000123456",
    "1",
    "59.99",
    "3661",
    "123456789",
    "1e-9",
    "0.5",
    "1700000000.5",
    "-42.125",
    "1234.5678",
    "0",
)


def template_files(folder: Path) -> Path:
    """One alert per value, each with every template of TEMPLATES as an annotation."""
    rules = {
        "groups": [
            {
                "name": "templates",
                "rules": [
                    {"alert": f"T{i}", "expr": f'v{{i="{i}"}} > -1e300', "annotations": TEMPLATES}
                    for i in range(len(TEMPLATE_VALUES))
                ],
            }
        ]
    }
    (folder / "rules.yml").write_text(yaml.safe_dump(rules, sort_keys=False))
    series = [
        {
            "series": f'v{{i="{i}", job="api-x", instance="host{i}.example.com:9{i}00"}}',
            "values": value,
        }
        for i, value in enumerate(TEMPLATE_VALUES)
    ] + [{"series": 'up{instance="u1"}', "values": "1"}]
    alert_tests = [
        {"eval_time": "0m", "alertname": f"T{i}", "exp_alerts": []}
        for i in range(len(TEMPLATE_VALUES))
    ]
    test = {
        "rule_files": ["rules.yml"],
        "tests": [{"interval": "1m", "input_series": series, "alert_rule_test": alert_tests}],
    }
    path = folder / "test.yml"
    path.write_text(yaml.safe_dump(test, sort_keys=False, width=10_000))
    return path
