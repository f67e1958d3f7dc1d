"""``kubeloop test rules`` beside ``promtool test rules`` on one large generated file.

    python benchmarks/promtool.py [--workload sloth|series10x|days10x]
                                  [--series 1000] [--hours 24] [--slos 2] [--only TOOL]

The workloads are the issue's: ``sloth`` (1,000 series for a day, the Sloth-sized one),
``series10x`` (10,000 series for a day) and ``days10x`` (1,000 series for ten days);
``--series``/``--hours`` set any other size.

The file: ``--series`` request counters (``http_requests_total{job, instance, code}``,
split over ``--slos`` services) sampled every minute for ``--hours``, and for each service
the rules Sloth generates for one SLO (the SLI error ratio over 5m, 30m, 1h, 2h, 6h, 1d
and 3d, the 30-day ratio, the objective and budget, and the page and ticket
multi-window multi-burn-rate alerts), all evaluated every minute. Prints both wall-clock
and CPU times, peak memory (``/usr/bin/time``'s maximum resident set), both verdicts and
the ratios (promtool writes its samples to a temporary TSDB, so much of its wall-clock time
is not CPU).
promtool comes from ``apt-get install -y prometheus``.
"""

from __future__ import annotations

import argparse
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

WINDOWS = ("5m", "30m", "1h", "2h", "6h", "1d", "3d")
WORKLOADS = {"sloth": (1000, 24), "series10x": (10_000, 24), "days10x": (1000, 240)}
"""(series, hours) of the issue's Sloth-sized workload and its 10× variants."""
CODES = ("200", "201", "404", "500", "503")


def rules(service: str) -> list[str]:
    sel = f'job="{service}"'
    out = [f"  - name: sloth-slo-sli-recordings-{service}-requests-availability", "    rules:"]
    for w in WINDOWS:
        out += [
            f"      - record: slo:sli_error:ratio_rate{w}",
            "        expr: |",
            f'          (sum(rate(http_requests_total{{{sel},code=~"(5..|429)"}}[{w}])))',
            "          /",
            f"          (sum(rate(http_requests_total{{{sel}}}[{w}])))",
            f"        labels: {{sloth_service: {service}, sloth_slo: requests-availability, "
            f'sloth_window: "{w}"}}',
        ]
    ids = f'sloth_service="{service}", sloth_slo="requests-availability"'
    out += [
        "      - record: slo:sli_error:ratio_rate30d",
        "        expr: |",
        f"          sum_over_time(slo:sli_error:ratio_rate5m{{{ids}}}[30d])",
        "          / ignoring (sloth_window)",
        f"          count_over_time(slo:sli_error:ratio_rate5m{{{ids}}}[30d])",
        f"        labels: {{sloth_service: {service}, sloth_slo: requests-availability, "
        'sloth_window: "30d"}',
        f"  - name: sloth-slo-meta-recordings-{service}-requests-availability",
        "    rules:",
        "      - record: slo:objective:ratio",
        "        expr: vector(0.9990000000000001)",
        f"        labels: {{sloth_service: {service}, sloth_slo: requests-availability}}",
        "      - record: slo:error_budget:ratio",
        "        expr: vector(1-0.9990000000000001)",
        f"        labels: {{sloth_service: {service}, sloth_slo: requests-availability}}",
        "      - record: slo:current_burn_rate:ratio",
        "        expr: |",
        f"          slo:sli_error:ratio_rate5m{{{ids}}}",
        "          / on(sloth_id, sloth_slo, sloth_service) group_left",
        f"          slo:error_budget:ratio{{{ids}}}",
        f"        labels: {{sloth_service: {service}, sloth_slo: requests-availability}}",
        f"  - name: sloth-slo-alerts-{service}-requests-availability",
        "    rules:",
    ]
    for name, pairs, severity in (
        ("Page", (("5m", "1h", 14.4), ("30m", "6h", 6)), "page"),
        ("Ticket", (("2h", "1d", 3), ("6h", "3d", 1)), "ticket"),
    ):
        parts = [
            f"(max(slo:sli_error:ratio_rate{short}{{{ids}}} > ({f} * 0.0009999999999999432))"
            f" without (sloth_window) and max(slo:sli_error:ratio_rate{long}{{{ids}}}"
            f" > ({f} * 0.0009999999999999432)) without (sloth_window))"
            for short, long, f in pairs
        ]
        out += [
            f"      - alert: {service.title()}HighErrorRate{name}",
            f"        expr: '{' or '.join(parts)}'",
            f"        labels: {{severity: {severity}, sloth_severity: {severity}}}",
            "        annotations:",
            "          summary: 'High error rate on {{$labels.sloth_service}} requests'",
            "          title: '(" + severity + ") {{$labels.sloth_service}} {{$labels.sloth_slo}} "
            "SLO error budget burn rate is too fast.'",
        ]
    return out


def write(folder: Path, series: int, hours: int, slos: int) -> Path:
    services = [f"svc{i}" for i in range(slos)]
    lines = ["groups:"]
    for service in services:
        lines += rules(service)
    (folder / "rules.yml").write_text("\n".join(lines) + "\n")
    steps = hours * 60
    test = [
        "rule_files: [rules.yml]",
        "evaluation_interval: 1m",
        "tests:",
        "  - interval: 1m",
        "    input_series:",
    ]
    per_service = series // slos
    for s, service in enumerate(services):
        for i in range(per_service):
            code = CODES[i % len(CODES)]
            rate = (1 if i % 50 == 3 else 0) if code.startswith("5") else 100 + (i % 7)
            test += [
                f'      - series: \'http_requests_total{{job="{service}", '
                f'instance="{service}-{i // len(CODES)}", code="{code}"}}\'',
                f"        values: '{(s + i) % 50}+{rate}x{steps}'",
            ]
    test += ["    alert_rule_test:"]
    for service in services:
        for name in ("Page", "Ticket"):
            test += [
                f"      - eval_time: {hours}h",
                f"        alertname: {service.title()}HighErrorRate{name}",
                "        exp_alerts: []",
            ]
    test += [
        "    promql_expr_test:",
        "      - expr: count(http_requests_total)",
        f"        eval_time: {hours}h",
        "        exp_samples:",
        f"          - value: {per_service * slos}",
    ]
    path = folder / "test.yml"
    path.write_text("\n".join(test) + "\n")
    return path


def timed(command: list[str], cwd: Path) -> tuple[float, float, int, int, str]:
    """Wall-clock and CPU (user + system) seconds of one run, its peak resident memory in
    KiB (0 when ``/usr/bin/time`` is missing), its exit code and stderr."""
    meter = shutil.which("time") or ("/usr/bin/time" if Path("/usr/bin/time").exists() else None)
    prefix = [meter, "-f", "%M"] if meter else []
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(prefix + command, cwd=cwd, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    err = done.stderr
    peak = 0
    if meter:
        err, _, last = err.rstrip("\n").rpartition("\n")
        peak = int(last) if last.strip().isdigit() else 0
    return wall, cpu, peak, done.returncode, err[-2000:]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workload", choices=sorted(WORKLOADS))
    parser.add_argument("--series", type=int, default=1000)
    parser.add_argument("--hours", type=int, default=24)
    parser.add_argument("--slos", type=int, default=2)
    parser.add_argument("--only", choices=("kubeloop", "promtool"))
    args = parser.parse_args()
    if args.workload:
        args.series, args.hours = WORKLOADS[args.workload]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        path = write(folder, args.series, args.hours, args.slos)
        rules_count = (len(WINDOWS) + 6) * args.slos
        print(
            f"{args.series} series × {args.hours * 60 + 1} samples, {rules_count} rules "
            f"evaluated every minute ({args.hours * 60 + 1} evaluations)",
            flush=True,
        )
        runs = {}
        if args.only != "promtool":
            kubeloop = [sys.executable, "-m", "kubeloop.cli", "test", "rules", path.name]
            runs["kubeloop"] = timed(kubeloop, folder)
        promtool = shutil.which("promtool")
        if args.only != "kubeloop" and promtool is not None:
            runs["promtool"] = timed([promtool, "test", "rules", path.name], folder)
        for name, (wall, cpu, peak, code, err) in runs.items():
            print(f"{name} test rules: {wall:8.2f} s  (cpu {cpu:8.2f} s)  "
                  f"peak {peak / 1024:7.1f} MB  exit {code}", flush=True)  # fmt: skip
            if code:
                print(err)
        if len(runs) == 2:
            (w1, c1, m1, _, _), (w2, c2, m2, _, _) = runs["kubeloop"], runs["promtool"]
            print(f"ratio kubeloop / promtool: wall {w1 / w2:.2f}, cpu {c1 / c2:.2f}, "
                  f"peak memory {m1 / max(m2, 1):.2f}")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
