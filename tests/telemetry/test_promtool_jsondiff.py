"""``--diff``'s JSON diff against nsf/jsondiff's own test table (jsondiff_test.go, the
cases without skipping), with its marker tags in place of colours."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kubeloop.cli import main
from kubeloop.telemetry.promtool import jsondiff

MARKERS = jsondiff.Style(
    jsondiff.Tag("", ""),
    jsondiff.Tag("(A:", ":A)"),
    jsondiff.Tag("(R:", ":R)"),
    jsondiff.Tag("(C:", ":C)"),
    "  ",
    " => ",
)


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        (
            '{"b":"foo","a":[1,2,3],"c":"zoo","d":"Joe"}',
            '{"a":[1,2,4,5],"b":"baz","c":"zoo"}',
            '{\n  "a": [\n    1,\n    2,\n    (C:3 => 4:C),\n    (A:5:A)\n  ],\n'
            '  "b": (C:"foo" => "baz":C),\n  "c": "zoo",\n  (R:"d": "Joe":R)\n}',
        ),
        (
            '{"a":[{"foo":"bar"},{"b": "c"}]}',
            '{"a":[{"foo":"bar"},{"b": "d"}]}',
            '{\n  "a": [\n    {\n      "foo": "bar"\n    },\n    {\n'
            '      "b": (C:"c" => "d":C)\n    }\n  ]\n}',
        ),
    ],
)
def test_upstream_diff_strings(a: str, b: str, expected: str) -> None:
    found, text = jsondiff.compare(json.loads(a), json.loads(b), MARKERS)
    assert found == jsondiff.NO_MATCH
    assert text == expected


@pytest.mark.parametrize(
    ("a", "b", "result"),
    [
        ('{"a": 5}', '["a"]', jsondiff.NO_MATCH),
        ('{"a": 5}', '{"a": 6}', jsondiff.NO_MATCH),
        ('{"a": 5}', '{"a": true}', jsondiff.NO_MATCH),
        ('{"a": 5}', '{"a": 5}', jsondiff.FULL_MATCH),
        ('{"a": 5}', '{"a": 5, "b": 6}', jsondiff.NO_MATCH),
        ('{"a": 5, "b": 6}', '{"a": 5}', jsondiff.SUPERSET_MATCH),
        ('{"a": null}', '{"a": 1}', jsondiff.NO_MATCH),
        ('{"a": null}', '{"a": null}', jsondiff.FULL_MATCH),
        ('{"a": "null"}', '{"a": null}', jsondiff.NO_MATCH),
    ],
)
def test_upstream_compare_results(a: str, b: str, result: int) -> None:
    assert jsondiff.compare(json.loads(a), json.loads(b))[0] == result


def test_diff_flag_reports_alerts_as_a_coloured_json_diff(
    capsys: pytest.CaptureFixture[str],
) -> None:
    failing = Path(__file__).parent / "promtool" / "upstream" / "failing.yml"
    assert main(["test", "rules", "--diff", str(failing)]) == 1
    err = capsys.readouterr().err
    assert "    alertname: InstanceDown, time: 5m, \n        diff: [\n" in err
    assert '\033[0;32m"severity": "page"\033[0m' in err
    assert "exp:" not in err.split("expr:")[0]
