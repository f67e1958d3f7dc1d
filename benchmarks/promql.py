"""PromQL speed: a Sloth-sized SLO rule set over 1,000 series for a simulated day at
1-minute resolution, kubeloop's evaluator against ``promtool test rules`` on the same data.

``python benchmarks/promql.py [--services 100] [--hours 24] [--no-promtool]``

Series: ``http_requests_total{service, instance, code}`` for 100 services × 5 instances ×
{200, 500}, one sample a minute. Rules (Sloth's layout for one SLO spec covering every
service): 7 error-ratio recording rules (5m … 3d), the page and ticket multiwindow
multi-burn-rate alerts on the recorded ratios. Both sides evaluate every rule every minute of
the day; kubeloop records each result back into its store as Prometheus does.
"""

from __future__ import annotations

import argparse
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

from kubeloop.telemetry.promql import Vector, evaluate, parse
from kubeloop.telemetry.series import Labels, SeriesStore

WINDOWS = ("5m", "30m", "1h", "2h", "6h", "1d", "3d")
SLO_BUDGET = 0.001  # 99.9%
PAGE = (("1h", "5m", 14.4), ("6h", "30m", 6))
TICKET = (("1d", "2h", 3), ("3d", "6h", 1))


def recording_rules() -> list[tuple[str, str]]:
    rules = []
    for window in WINDOWS:
        expr = (
            f'sum by (service) (rate(http_requests_total{{code=~"5.."}}[{window}]))\n'
            f"/\nsum by (service) (rate(http_requests_total[{window}]))"
        )
        rules.append((f"slo:sli_error:ratio_rate{window}", expr))
    return rules


def alert_rules() -> list[tuple[str, str]]:
    alerts = []
    for name, table in (("ErrorBudgetPage", PAGE), ("ErrorBudgetTicket", TICKET)):
        parts = [
            f"(slo:sli_error:ratio_rate{long} > ({factor} * {SLO_BUDGET}) and "
            f"slo:sli_error:ratio_rate{short} > ({factor} * {SLO_BUDGET}))"
            for long, short, factor in table
        ]
        alerts.append((name, "\nor\n".join(parts)))
    return alerts


def generate(services: int, minutes: int, seed: int = 7) -> dict[Labels, list[float]]:
    rng = random.Random(seed)
    series: dict[Labels, list[float]] = {}
    for s in range(services):
        for instance in range(5):
            ok = bad = 0.0
            ok_values, bad_values = [], []
            incident = rng.randrange(minutes)
            for minute in range(minutes + 1):
                rate = rng.randint(50, 150)
                failing = 0.2 if incident <= minute < incident + 45 else 0.001
                errors = sum(1 for _ in range(3) if rng.random() < failing * 3)
                ok += rate
                bad += errors
                ok_values.append(ok)
                bad_values.append(bad)
            base = {"service": f"svc-{s:03d}", "instance": str(instance)}
            series[Labels.of(base, name="http_requests_total", code="200")] = ok_values
            series[Labels.of(base, name="http_requests_total", code="500")] = bad_values
    return series


def run_kubeloop(series: dict[Labels, list[float]], minutes: int) -> tuple[float, float, int]:
    """Load the series and evaluate every rule every minute (timed like promtool: loading
    included)."""
    start, cpu = time.perf_counter(), time.process_time()
    store = SeriesStore()
    for labels, values in series.items():
        for minute, value in enumerate(values):
            store.append(labels, minute * 60_000, value)
    recorded = [(Labels.of(name=name), parse(expr)) for name, expr in recording_rules()]
    alerts = [parse(expr) for _, expr in alert_rules()]
    firing = 0
    for minute in range(minutes + 1):
        t = minute * 60_000
        for name_labels, expr in recorded:
            result = evaluate(expr, store, t)
            assert isinstance(result, Vector)
            for sample in result:
                store.append(sample.labels.with_(__name__=name_labels.name), t, sample.value)
        for expr in alerts:
            result = evaluate(expr, store, t)
            assert isinstance(result, Vector)
            firing += len(result)
    return time.perf_counter() - start, time.process_time() - cpu, firing


def run_promtool(
    series: dict[Labels, list[float]], minutes: int, promtool: str
) -> tuple[float, float]:
    groups = [
        {
            "name": "slo",
            "interval": "1m",
            "rules": [{"record": n, "expr": e} for n, e in recording_rules()]
            + [{"alert": n, "expr": e} for n, e in alert_rules()],
        }
    ]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "rules.yml").write_text(yaml.safe_dump({"groups": groups}))
        input_series = [
            {"series": _series_text(labels), "values": " ".join(str(int(v)) for v in values)}
            for labels, values in series.items()
        ]
        test = {
            "rule_files": ["rules.yml"],
            "evaluation_interval": "1m",
            "tests": [
                {
                    "interval": "1m",
                    "input_series": input_series,
                    "alert_rule_test": [{"eval_time": f"{minutes}m", "alertname": "Nothing"}],
                }
            ],
        }
        (folder / "test.yml").write_text(yaml.safe_dump(test))
        start, before = time.perf_counter(), resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run([promtool, "test", "rules", "test.yml"], cwd=folder, check=True,
                       capture_output=True)  # fmt: skip
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        return time.perf_counter() - start, cpu


def _series_text(labels: Labels) -> str:
    inner = ", ".join(f'{k}="{v}"' for k, v in labels if k != "__name__")
    return f"{labels.name}{{{inner}}}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--services", type=int, default=100)
    parser.add_argument("--hours", type=int, default=24)
    parser.add_argument("--no-promtool", action="store_true")
    args = parser.parse_args()
    minutes = args.hours * 60
    series = generate(args.services, minutes)
    rules = len(recording_rules()) + len(alert_rules())
    print(f"{len(series)} series, {minutes + 1} samples each, {rules} rules every minute")
    ours, ours_cpu, firing = run_kubeloop(series, minutes)
    print(f"kubeloop: {ours:.2f} s wall, {ours_cpu:.2f} s CPU ({firing} alert samples; "
          "includes loading the series)")  # fmt: skip
    promtool = shutil.which("promtool")
    if args.no_promtool or promtool is None:
        print("promtool: not run" + ("" if promtool else " (apt-get install -y prometheus)"))
        return
    theirs, theirs_cpu = run_promtool(series, minutes, promtool)
    print(f"promtool: {theirs:.2f} s wall, {theirs_cpu:.2f} s CPU (includes loading the series)")
    print(f"ratio kubeloop / promtool: {ours / theirs:.2f} wall, {ours_cpu / theirs_cpu:.2f} CPU")


if __name__ == "__main__":
    sys.exit(main())
