"""Seeded fuzzing: mutated and random PromQL never escapes as anything but PromQLError."""

from __future__ import annotations

import contextlib
import random

import pytest

from kubeloop.telemetry.promql import PromQLError, evaluate, evaluate_range
from kubeloop.telemetry.series import Labels, SeriesStore

SEEDS = (
    'sum by (job) (rate(http_requests_total{job=~"a.*",code!="200"}[5m] offset 1m))',
    "histogram_quantile(0.9, sum by (le) (rate(latency_bucket[10m])))",
    'label_replace(up, "x", "$1", "job", "(.*)") / on (job) group_left (x) vector(1)',
    "max_over_time(rate(up[1m])[10m:30s] @ 300) > bool -Inf",
    'topk(2, count_values("v", up)) or absent(nothing{a="b"})',
    "predict_linear(up[10m], 3600) unless up == 0x1F % 2 ^ -1",
    'sort_by_label(clamp(up, 0, 1), "job") and ignoring (instance) up',
    "quantile_over_time(0.5, up[1h]) - stddev without (job) (up) * time()",
)
TOKENS = (
    "up", "x", "(", ")", "[", "]", "{", "}", ",", "5m", "1", "-", "+", "*", "/", "^", "%",
    "==", "!=", ">", "<", "=~", "!~", "=", '"a"', "'b'", "`c`", "by", "without", "on",
    "ignoring", "group_left", "group_right", "bool", "offset", "@", "sum", "rate", "topk",
    "and", "or", "unless", "NaN", "Inf", ":", "start()", "1e308", "0x", "\\", "#", "\n",
    "histogram_quantile", "label_replace", "count_values", "vector", "scalar", "time",
)  # fmt: skip


def make_store() -> SeriesStore:
    store = SeriesStore()
    for job in ("api", "web"):
        for instance in ("0", "1"):
            labels = Labels.of(name="up", job=job, instance=instance)
            for minute in range(30):
                store.append(labels, minute * 60_000, float((minute * 7 + len(job)) % 5))
            bucket = Labels.of(
                name="latency_bucket", job=job, le="+Inf" if instance == "1" else "1"
            )
            for minute in range(30):
                store.append(bucket, minute * 60_000, float(minute * (2 if instance == "1" else 1)))
    return store


def mutate(rng: random.Random, text: str) -> str:
    chars = list(text)
    for _ in range(rng.randint(1, 4)):
        roll = rng.random()
        i = rng.randrange(len(chars) + 1)
        if roll < 0.4 and chars:
            del chars[min(i, len(chars) - 1)]
        elif roll < 0.8:
            chars.insert(i, rng.choice(TOKENS))
        else:
            j = rng.randrange(len(chars) + 1)
            chars[i:j] = chars[j:i] if j < i else chars[i:j][::-1]
    return "".join(chars)


@pytest.mark.parametrize("seed", range(3))
def test_mutations_and_random_tokens_only_raise_promql_errors(seed: int) -> None:
    rng = random.Random(seed)
    store = make_store()
    texts = [mutate(rng, rng.choice(SEEDS)) for _ in range(400)]
    texts += [" ".join(rng.choice(TOKENS) for _ in range(rng.randint(1, 12))) for _ in range(400)]
    evaluated = 0
    for text in texts:
        try:
            evaluate(text, store, 20 * 60_000)
            evaluated += 1
        except PromQLError:
            pass
        with contextlib.suppress(PromQLError):
            evaluate_range(text, store, 0, 10 * 60_000, 60_000)
    assert evaluated > 50  # the fuzz also reaches the evaluator, not only the parser
