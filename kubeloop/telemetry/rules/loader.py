"""Loading Prometheus rule files with the checks of model/rulefmt, as FILE:LINE errors.

Every problem in a file is reported at once (``FixtureError.problems``): bad YAML,
unknown fields, an empty or repeated group name, a rule with both or neither of
``record``/``alert``, a missing or unparsable ``expr``, ``for``/``keep_firing_for``/
``annotations`` on a recording rule, invalid metric or label names, bad durations, and
templates that do not parse. Names are checked as Prometheus 3 does (UTF-8 validation: any
non-empty text), so ``my.ratio:rate5m`` is a recording rule name.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kubeloop.telemetry.durations import DurationError, parse_duration
from kubeloop.telemetry.promql import PromQLError, durationexpr, parse
from kubeloop.telemetry.promql.features import EVERYTHING, Features
from kubeloop.telemetry.rules.model import GroupSpec, Pairs, RuleFile, RuleSpec
from kubeloop.telemetry.rules.template_exec import check
from kubeloop.telemetry.rules.templates import TemplateError
from kubeloop.telemetry.rules.templates import parse as parse_template
from kubeloop.telemetry.rules.yamlfile import DocPath, YamlFile, parse_yaml, read_yaml

SCHEMA = "prometheus-rules.schema.json"
MAX_RULES = 10_000


def load_rule_file(
    path: str | Path,
    display: str | None = None,
    ignore_unknown: bool = False,
    features: Features = EVERYTHING,
) -> RuleFile:
    """Read one rule file; raises ``FixtureError`` listing every problem.

    ``ignore_unknown`` skips fields Prometheus does not know (``--ignore-unknown-fields``);
    ``features`` is the experimental PromQL the expressions may use.
    """
    file = read_yaml(path, SCHEMA, display, ignore_unknown)
    return _build(file, features)


def load_rule_text(text: str, filename: str = "<rules>") -> RuleFile:
    return _build(parse_yaml(text, filename, SCHEMA), EVERYTHING)


def _build(file: YamlFile, features: Features) -> RuleFile:
    groups: list[GroupSpec] = []
    seen: set[str] = set()
    count = 0
    for gi, raw in enumerate(file.data.get("groups") or []):
        gpath: DocPath = ("groups", gi)
        name = file.text((*gpath, "name"), raw.get("name"))
        if not name:
            file.report(gpath, "Groupname must not be empty: give the group a name")
        elif name in seen:
            file.report((*gpath, "name"), f'groupname: "{name}" is repeated in the same file')
        seen.add(name)
        interval = _duration(file, (*gpath, "interval"), raw.get("interval"), None)
        offset = _duration(file, (*gpath, "query_offset"), raw.get("query_offset"), 0)
        group_labels = _labels(file, (*gpath, "labels"), raw.get("labels"))
        rules: list[RuleSpec] = []
        for ri, rule in enumerate(raw.get("rules") or []):
            count += 1
            if count > MAX_RULES:
                file.report((*gpath, "rules", ri), f"more than {MAX_RULES} rules in one file")
                break
            spec = _rule(file, (*gpath, "rules", ri), rule, name, ri + 1, group_labels, features)
            if spec is not None:
                rules.append(spec)
        line, _ = file.where(gpath)
        groups.append(
            GroupSpec(
                name=name,
                rules=tuple(rules),
                interval_ms=interval,
                query_offset_ms=offset or 0,
                limit=int(raw.get("limit") or 0),
                labels=group_labels,
                file=file.filename,
                line=line,
            )
        )
    file.raise_problems()
    return RuleFile(file.filename, tuple(groups))


def _duration(file: YamlFile, path: DocPath, value: Any, default: int | None) -> int | None:
    if value is None:
        return default
    try:
        ms = parse_duration(file.text(path, value))
    except DurationError as error:
        file.report(path, str(error))
        return default
    return ms


def _labels(file: YamlFile, path: DocPath, raw: dict[str, Any] | None) -> Pairs:
    out: dict[str, str] = {}
    for key, value in (raw or {}).items():
        if not key or key == "__name__":
            file.report((*path, key), f"invalid label name: {key}", key=True)
        out[key] = file.text((*path, key), value)
    return tuple(sorted(out.items()))


def _rule(
    file: YamlFile,
    path: DocPath,
    raw: dict[str, Any],
    group: str,
    index: int,
    extra: Pairs,
    features: Features,
) -> RuleSpec | None:
    record = file.text((*path, "record"), raw.get("record"))
    alert = file.text((*path, "alert"), raw.get("alert"))
    expr = file.text((*path, "expr"), raw.get("expr"))
    name = alert or record
    before = len(file.problems)

    def report(sub: DocPath, message: str, key: bool = False) -> None:
        file.report((*path, *sub), f'group "{group}", rule {index}, "{name}": {message}', key)

    if record and alert:
        report(("record",), "only one of 'record' and 'alert' must be set")
    if not record and not alert:
        report((), "one of 'record' or 'alert' must be set")
    parsed = None
    if not expr.strip():
        report(("expr",), "field 'expr' must be set in rule")
    else:
        try:
            parsed = parse(expr, features)
        except PromQLError as error:
            report(("expr",), f"could not parse expression: {error.as_prometheus()}")
    if parsed is not None:
        try:  # a rule is an instant query: step() and range() are 0
            parsed = durationexpr.resolve(parsed, 0, 0)
        except PromQLError as error:
            report(("expr",), f"duration expression: {error}")
    for_ms = _duration(file, (*path, "for"), raw.get("for"), 0) or 0
    keep_ms = _duration(file, (*path, "keep_firing_for"), raw.get("keep_firing_for"), 0) or 0
    labels = dict(extra)
    labels.update(_labels(file, (*path, "labels"), raw.get("labels")))
    annotations = _annotations(file, (*path, "annotations"), raw.get("annotations"))
    if record:
        if annotations:
            report(("record",), "invalid field 'annotations' in recording rule")
        if for_ms:
            report(("record",), "invalid field 'for' in recording rule")
        if keep_ms:
            report(("record",), "invalid field 'keep_firing_for' in recording rule")
        if "{" in record or "}" in record:
            report(
                ("record",),
                f"braces present in the recording rule name; should it be in expr?: {record}",
            )
    templates = _templates(report, alert, labels, annotations) if alert else None
    if len(file.problems) > before:
        return None
    line, _ = file.where(path)
    return RuleSpec(
        kind="alert" if alert else "record",
        name=name,
        expr=expr,
        for_ms=for_ms,
        keep_firing_for_ms=keep_ms,
        labels=tuple(sorted(labels.items())),
        annotations=annotations,
        file=file.filename,
        line=line,
        parsed=parsed,
        templates=templates,
    )


def _annotations(file: YamlFile, path: DocPath, raw: dict[str, Any] | None) -> Pairs:
    out: dict[str, str] = {}
    for key, value in (raw or {}).items():
        if not key:
            file.report((*path, key), f"invalid annotation name: {key}", key=True)
        out[key] = file.text((*path, key), value)
    return tuple(sorted(out.items()))


def _templates(report: Any, alert: str, labels: dict[str, str], annotations: Pairs) -> Any:
    parsed: dict[str, dict[str, Any]] = {"labels": {}, "annotations": {}}
    for kind, pairs in (("labels", sorted(labels.items())), ("annotations", annotations)):
        for key, text in pairs:
            try:
                nodes = parse_template(text)
                check(nodes)
            except TemplateError as error:
                report(
                    (kind, key),
                    f'{kind[:-1]} "{key}": template: __alert_{alert}: {error}',
                    key=True,
                )
                continue
            parsed[kind][key] = nodes
    return parsed
