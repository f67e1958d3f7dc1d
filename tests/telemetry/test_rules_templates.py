"""Alert templates: Go text/template's syntax as Prometheus uses it, and its errors."""

from __future__ import annotations

import pytest

from kubeloop.telemetry.rules.template_exec import TemplateData, check, execute
from kubeloop.telemetry.rules.templates import TemplateError, parse

DATA = TemplateData(
    labels={"instance": "web-1:8080", "job": "web", "code": "500"},
    external_labels={"region": "eu"},
    external_url="https://prom.example/prometheus",
    value=0.25,
    ts_ms=90_000,
    query=lambda q: [{"Labels": {"q": q}, "Value": 2.0}],
)


def expand(text: str) -> str:
    nodes = parse(text)
    check(nodes)
    return execute(nodes, DATA)


@pytest.mark.parametrize(
    ("text", "out"),
    [
        ("plain text", "plain text"),
        ("{{ $labels.job }}/{{ .Labels.code }}", "web/500"),
        ("{{ $labels.missing }}|", "|"),
        ("{{ $value }} {{ .Value }}", "0.25 0.25"),
        ("{{ $externalLabels.region }} {{ $externalURL }}", "eu https://prom.example/prometheus"),
        ("{{ $value | humanizePercentage }}", "25%"),
        ("{{ $x := 3 }}{{ $x }}", "3"),
        ("{{ $x := 1 }}{{ $x = 2 }}{{ $x }}", "2"),
        ('a {{- "" -}} b', "ab"),
        ("{{ range $i := 3 }}{{ $i }}{{ end }}", "012"),
        ("a  {{- $labels.job }}", "aweb"),
        ("{{/* a comment */}}x", "x"),
        ('{{ if eq $labels.code "500" }}server{{ else }}client{{ end }}', "server"),
        ("{{ if lt $value 0.1 }}a{{ else if lt $value 0.5 }}b{{ else }}c{{ end }}", "b"),
        ("{{ with $labels.job }}job={{ . }}{{ end }}", "job=web"),
        ('{{ range $i, $s := query "up" }}{{ $i }}:{{ $s.Labels.q }}{{ end }}', "0:up"),
        ('{{ range query "x" }}{{ .Value }}{{ else }}none{{ end }}', "2"),
        ('{{ (query "up" | first | value) }}', "2"),
        ("{{ now }} {{ pathPrefix }}", "90 /prometheus"),
        ('{{ printf "%s=%.1f" $labels.job $value }}', "web=0.2"),
        ('{{ "a\\tb" }} {{ `raw\\t` }}', "a\tb raw\\t"),
        ('{{ len (printf "%s" "abc") }}', "3"),
        # template/template_test.go's cases for toTime, toDuration and parseDuration
        ('{{ (1435065584.128 | toTime).Format "2006" }}', "2015"),
        ('{{ ("1435065584.128" | toTime).Format "2006" }}', "2015"),
        ("{{ 1435065584.128 | toTime }}", "2015-06-23 13:19:44.128 +0000 UTC"),
        ("{{ (1800 | toDuration).String }}", "30m0s"),
        ('{{ ("1800" | toDuration).String }}', "30m0s"),
        ('{{ printf "%0.2f" (parseDuration "1h2m10ms") }}', "3720.01"),
        ('{{ printf "%0.2f" (parseDuration "-1h2m10ms") }}', "-3720.01"),
        ('{{ (now | toTime).Format "Mon Jan 2 15:04:05 2006" }}', "Thu Jan 1 00:01:30 1970"),
        ('{{ ("-30s" | parseDuration | toDuration | (now | toTime).Add).UnixMilli }}', "60000"),
        ("{{ ($value | toDuration).Seconds }}", "0.25"),
        (
            '{{ (0.5 | toTime).Format "15:04:05.000 -07:00 MST _2 Jan 06 3PM" }}',
            "00:00:00.500 +00:00 UTC  1 Jan 70 12AM",
        ),
    ],
)
def test_expansion(text: str, out: str) -> None:
    assert expand(text) == out


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{{ $labels.job ", "unclosed action"),
        ("{{ if 1 }}x", "missing its {{end}}"),
        ("x{{ end }}", "unexpected {{end}}"),
        ("{{ nosuch }}", 'function "nosuch" not defined'),
        ('{{ define "x" }}{{ end }}', 'the "define" action is not supported'),
        ("{{ (1 }}", "unclosed left paren"),
        ("{{ }}", "missing value for command"),
        ("{{ 1 | }}", "missing command"),
        ("{{ /* x }}", "unclosed comment"),
        ("{{ " + "(" * 3000 + "1" + ")" * 3000 + " }}", "nested too deeply"),
        ("{{ if 1 }}" * 3000 + "{{ end }}" * 3000, "nested too deeply"),
    ],
)
def test_parse_errors(text: str, message: str) -> None:
    with pytest.raises(TemplateError, match=message.replace("(", r"\(").replace("{", r"\{")):
        check(parse(text))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{{ $nope }}", "undefined variable: \\$nope"),
        ('{{ humanize "x" }}', "invalid syntax"),
        ("{{ $labels.job 1 }}", "can't give argument to non-function"),
        ("{{ index $labels 1 }}", "cannot index"),
        ('{{ first (query "none") }}', r"first\(\) called on vector with no elements"),
        ('{{ label "x" 1 }}', "error calling label"),
        ("{{ humanize }}", "error calling humanize"),
        ("{{ range $i := 1.5 }}{{ end }}", "range can't iterate over 1.5"),
        ('{{ (1 | toTime).Nope "x" }}', "can't give argument to non-function"),
        ("{{ (1 | toTime).Nope }}", "can't evaluate field Nope"),
        ('{{ "NaN" | toTime }}', "value is NaN or Inf"),
        ('{{ parseDuration "5 minutes" }}', "not a valid duration string"),
    ],
)
def test_execution_errors(text: str, message: str) -> None:
    nodes = parse(text)
    check(nodes)
    data = TemplateData({}, {}, "", 1.0, 0, query=lambda q: [])
    with pytest.raises(TemplateError, match=message):
        execute(nodes, data)
