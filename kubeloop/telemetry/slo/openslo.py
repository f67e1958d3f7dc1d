"""OpenSLO v1 ``SLO`` documents read as SLO specs (a ratio SLI counted by occurrences).

Read: ``metadata.name``, ``spec.service``, ``spec.description``, one ``objectives`` entry
(``target`` 0.999 or ``targetPercent`` 99.9), one rolling ``timeWindow`` (its duration is
the SLO period), ``budgetingMethod: Occurrences``, and an inline ``indicator`` with a
``ratioMetric`` whose ``bad`` (or ``good``) and ``total`` sources hold Prometheus queries
of counters: they are rated over each alerting window, ``sum(rate(<query>[w]))``. A
``good`` source gives the error ratio ``1 − good ÷ total``. Anything else — threshold
metrics, timeslices, calendar windows, referenced indicators — is refused by name.
"""

from __future__ import annotations

from typing import Any

from kubeloop.core.excerpt import excerpt
from kubeloop.errors import FixtureError, FixtureProblem, InvalidSpecError
from kubeloop.telemetry.slo.budget import Objective
from kubeloop.telemetry.slo.spec import SLOSpec
from kubeloop.telemetry.slo.windows import parse_duration

DocPath = tuple[str | int, ...]


class _Problem(Exception):
    def __init__(self, path: DocPath, message: str) -> None:
        super().__init__(message)
        self.path = path
        self.message = message


def load_openslo(text: str, filename: str) -> list[SLOSpec]:
    """Every ``kind: SLO`` document of an OpenSLO v1 file; other kinds are skipped."""
    from kubeloop.fixtures.yamlsafe import load_documents  # noqa: PLC0415

    specs: list[SLOSpec] = []
    problems: list[FixtureProblem] = []
    for doc in load_documents(text, filename):
        data = doc.data
        if not isinstance(data, dict) or data.get("kind") != "SLO":
            continue
        try:
            specs.append(_spec(data))
        except _Problem as problem:
            line, column = doc.where(problem.path)
            shown = "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in problem.path)
            problems.append(FixtureProblem(filename, line, column, shown, problem.message))
    if problems:
        raise FixtureError(problems)
    if not specs:
        raise FixtureError([FixtureProblem(filename, 1, 1, "$", "no OpenSLO kind: SLO document")])
    return specs


def _get(data: Any, path: DocPath) -> Any:
    for key in path:
        if isinstance(key, int):
            if not isinstance(data, list) or len(data) <= key:
                raise _Problem(path, "is required")
        elif not isinstance(data, dict) or key not in data:
            raise _Problem(path, "is required")
        data = data[key]
    return data


def _text(data: Any, path: DocPath) -> str:
    value = _get(data, path)
    if not isinstance(value, str) or not value.strip():
        raise _Problem(path, "must be a non-empty string")
    return value.strip()


def _spec(data: dict[str, Any]) -> SLOSpec:
    if data.get("apiVersion") != "openslo/v1":
        raise _Problem(("apiVersion",), 'only "openslo/v1" is read')
    spec = _get(data, ("spec",))
    method = spec.get("budgetingMethod") if isinstance(spec, dict) else None
    if method != "Occurrences":
        raise _Problem(
            ("spec", "budgetingMethod"), f"{excerpt(method)} is not read; use Occurrences"
        )
    window = _get(data, ("spec", "timeWindow", 0))
    if not isinstance(window, dict) or window.get("isRolling") is not True:
        raise _Problem(("spec", "timeWindow", 0), "only a rolling time window is read")
    try:
        period = parse_duration(_text(data, ("spec", "timeWindow", 0, "duration")))
    except InvalidSpecError as error:
        raise _Problem(("spec", "timeWindow", 0, "duration"), str(error)) from None
    objectives = _get(data, ("spec", "objectives"))
    if not isinstance(objectives, list) or len(objectives) != 1:
        raise _Problem(("spec", "objectives"), "exactly one objective is read")
    percent = _percent(objectives[0])
    base: DocPath = ("spec", "indicator", "spec", "ratioMetric")
    ratio = _get(data, base)
    if not isinstance(ratio, dict):
        raise _Problem(base, "must be a mapping with bad (or good) and total")
    total = _query(data, (*base, "total"))
    if "bad" in ratio:
        errors = f"sum(rate({_query(data, (*base, 'bad'))}[{{{{.window}}}}]))"
        raw = f"({errors})\n/\n(sum(rate({total}[{{{{.window}}}}])))"
    else:
        good = f"sum(rate({_query(data, (*base, 'good'))}[{{{{.window}}}}]))"
        raw = f"1 - (({good})\n/\n(sum(rate({total}[{{{{.window}}}}]))))"
    name = _text(data, ("metadata", "name"))
    service = _text(data, ("spec", "service"))
    try:
        return SLOSpec(
            service=service,
            name=name,
            objective=Objective(percent, period),
            error_ratio_query=raw,
            description=str(spec.get("description", "")),
            alert_name="".join(w.capitalize() for w in _words(name)) + "ErrorBudgetBurn",
        )
    except InvalidSpecError as error:
        raise _Problem(("spec",), str(error)) from None


def _percent(objective: Any) -> float:
    path: DocPath = ("spec", "objectives", 0)
    if not isinstance(objective, dict):
        raise _Problem(path, "must be a mapping with target or targetPercent")
    for key, scale in (("target", 100), ("targetPercent", 1)):
        value = objective.get(key)
        if isinstance(value, int | float) and not isinstance(value, bool):
            return float(value) * scale
    raise _Problem(path, "needs a number target (0.999) or targetPercent (99.9)")


def _query(data: Any, path: DocPath) -> str:
    """The Prometheus query of one ratio source (``bad``, ``good`` or ``total``)."""
    kind = _get(data, (*path, "metricSource", "type"))
    if not isinstance(kind, str) or kind.lower() != "prometheus":
        raise _Problem(
            (*path, "metricSource", "type"), f"{excerpt(kind)} is not read; use Prometheus"
        )
    return _text(data, (*path, "metricSource", "spec", "query"))


def _words(text: str) -> list[str]:
    return "".join(c if c.isalnum() else " " for c in text).split()
