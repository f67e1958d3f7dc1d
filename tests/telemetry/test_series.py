"""The series store: labels, ordering, staleness, left-open windows and the index."""

from __future__ import annotations

import math

import pytest

from kubeloop.errors import InvalidSpecError
from kubeloop.telemetry.series import (
    STALE_NAN,
    InvalidRegexError,
    Labels,
    Matcher,
    MatchOp,
    SampleOrderError,
    SeriesStore,
    is_stale,
)


def test_labels_are_sorted_frozen_and_print_like_prometheus() -> None:
    a = Labels.of({"job": "api", "__name__": "up", "instance": "1"})
    b = Labels.of(name="up", instance="1", job="api")
    assert a == b and hash(a) == hash(b)
    assert [k for k, _ in a] == ["__name__", "instance", "job"]
    assert str(a) == 'up{instance="1", job="api"}'
    assert a.name == "up" and a.get("missing", "x") == "x"
    assert str(a.without("__name__")) == '{instance="1", job="api"}'
    assert a.with_(job="web").get("job") == "web"
    assert "job" not in a.with_(job="")
    assert a.as_dict() == {"__name__": "up", "instance": "1", "job": "api"}
    assert str(Labels.of(name="up")) == "up"
    assert str(Labels.of({"__name__": "a.b", "x": 'q"\n'})) == '{"a.b", x="q\\"\\n"}'
    with pytest.raises(AttributeError):
        a.foo = 1  # type: ignore[attr-defined]


def test_empty_label_values_are_absent_and_bad_labels_are_errors() -> None:
    assert Labels.of(name="x", job="") == Labels.of(name="x")
    with pytest.raises(InvalidSpecError, match="given twice"):
        Labels.of({"__name__": "x"}, name="y")
    with pytest.raises(InvalidSpecError, match="must be text"):
        Labels.of(job=3)  # type: ignore[arg-type]


def test_appends_must_be_in_time_order_per_series() -> None:
    store = SeriesStore()
    up = Labels.of(name="up")
    store.append(up, 1000, 1)
    store.append(up, 1000, 1)  # an identical repeat is ignored, as the TSDB does
    with pytest.raises(SampleOrderError, match="older sample"):
        store.append(up, 500, 2)
    with pytest.raises(SampleOrderError, match="different value at the same time"):
        store.append(up, 1000, 2)
    store.append(Labels.of(name="other"), 0, 1)  # other series keep their own order
    assert [p.t_ms for p in store.points(up)] == [1000]
    with pytest.raises(InvalidSpecError, match="not a number"):
        store.append(up, 2000, "1")  # type: ignore[arg-type]


def test_window_is_left_open_and_drops_stale_markers() -> None:
    store = SeriesStore()
    x = Labels.of(name="x")
    for t in range(0, 60_001, 10_000):
        store.append(x, t, t / 1000)
    store.append_stale(x, 70_000)
    series = store.get(x)
    assert series is not None
    assert series.window(0, 60_000)[0] == [10_000, 20_000, 30_000, 40_000, 50_000, 60_000]
    assert series.window(0, 80_000)[0][-1] == 60_000
    assert series.latest(60_000, 300_000) == (60_000, 60.0)
    assert series.latest(75_000, 300_000) is None  # stale from 70 s on
    assert series.latest(360_000, 300_000) is None  # 60 s + 5 m is outside (t-5m, t]
    assert series.latest(359_999, 300_000) is None  # the stale marker is newer
    assert is_stale(STALE_NAN) and not is_stale(math.nan)


def test_lookback_excludes_a_sample_on_the_left_boundary() -> None:
    store = SeriesStore()
    x = Labels.of(name="x")
    store.append(x, 0, 1)
    series = store.get(x)
    assert series is not None
    assert series.latest(299_999, 300_000) == (0, 1.0)
    assert series.latest(300_000, 300_000) is None


def test_select_uses_every_matcher_kind_and_empty_means_missing() -> None:
    store = SeriesStore()
    for job in ("api", "web", "db"):
        store.append(Labels.of(name="up", job=job), 0, 1)
    store.append(Labels.of(name="up"), 0, 1)
    store.append(Labels.of(name="down", job="api"), 0, 1)

    def names(*matchers: Matcher) -> list[str]:
        return [str(s.labels) for s in store.select(matchers)]

    up = Matcher("__name__", MatchOp.EQUAL, "up")
    assert names(up, Matcher("job", MatchOp.EQUAL, "api")) == ['up{job="api"}']
    assert names(up, Matcher("job", MatchOp.NOT_EQUAL, "api")) == [
        "up", 'up{job="db"}', 'up{job="web"}'
    ]  # fmt: skip
    assert names(up, Matcher("job", MatchOp.REGEX, "a.*|w.*")) == ['up{job="api"}', 'up{job="web"}']
    assert names(up, Matcher("job", MatchOp.NOT_REGEX, ".+")) == ["up"]
    assert names(up, Matcher("job", MatchOp.EQUAL, "")) == ["up"]
    assert names(Matcher("job", MatchOp.REGEX, "ap")) == []  # regexes are fully anchored
    store.append(Labels.of(name="up", job="apx"), 0, 1)  # new series invalidate the cache
    assert names(up, Matcher("job", MatchOp.REGEX, "ap.")) == ['up{job="api"}', 'up{job="apx"}']


def test_regexes_are_re2_and_hostile_ones_are_rejected_or_linear() -> None:
    with pytest.raises(InvalidRegexError, match="invalid regex"):
        Matcher("a", MatchOp.REGEX, "(a)\\1")  # backreferences are not RE2
    with pytest.raises(InvalidRegexError, match="invalid regex"):
        Matcher("a", MatchOp.REGEX, "(?=x)")
    with pytest.raises(InvalidRegexError, match="at most"):
        Matcher("a", MatchOp.REGEX, "a" * 5000)
    slow = Matcher("a", MatchOp.REGEX, "(a+)+b")  # catastrophic for a backtracking engine
    assert not slow.matches("a" * 100_000)
    assert Matcher("a", MatchOp.REGEX, "a.b").matches("a\nb")  # Prometheus uses (?s)
    assert Matcher("a", MatchOp.REGEX, "[[:alpha:]]+").matches("abc")


def test_select_does_not_scan_every_series() -> None:
    store = SeriesStore()
    for i in range(2000):
        store.append(Labels.of(name=f"m{i % 50}", i=str(i)), 0, 1)
    calls = 0
    original = Matcher.matches

    def counting(self: Matcher, value: str) -> bool:
        nonlocal calls
        calls += 1
        return original(self, value)

    Matcher.matches = counting  # type: ignore[method-assign]
    try:
        found = store.select([Matcher("__name__", MatchOp.EQUAL, "m7"),
                              Matcher("i", MatchOp.NOT_EQUAL, "7")])  # fmt: skip
    finally:
        Matcher.matches = original  # type: ignore[method-assign]
    assert len(found) == 39
    assert calls < 200
