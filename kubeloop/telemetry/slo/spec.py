"""An SLO spec: what is measured, the objective, and who is alerted.

``SLOSpec`` is the engine's own shape; ``load_sloth`` reads Sloth's ``prometheus/v1``
files into it (validated against schemas/sloth-slo.schema.json, then Sloth's own rules
from pkg/common/validation/slo.go), naming FILE:LINE:COL and the field for every problem.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from kubeloop.errors import FixtureError, FixtureProblem, InvalidSpecError
from kubeloop.telemetry.slo.budget import Objective
from kubeloop.telemetry.slo.windows import DAY

WINDOW_VARIABLE = re.compile(r"{{ *\.window *}}")
_OTHER_TEMPLATE = re.compile(r"{{(?! *\.window *}})")
SCHEMA = "sloth-slo.schema.json"


@dataclass(frozen=True)
class AlertMeta:
    """One of the two generated alerts (page or ticket)."""

    disable: bool = False
    labels: Mapping[str, str] = field(default_factory=dict)
    annotations: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class SLOSpec:
    service: str
    name: str
    objective: Objective
    error_query: str = ""
    total_query: str = ""
    error_ratio_query: str = ""
    """A raw SLI: one query giving the error ratio (instead of error and total queries)."""
    description: str = ""
    labels: Mapping[str, str] = field(default_factory=dict)
    """The service's labels merged with the SLO's, added to every generated rule."""
    alert_name: str = ""
    alert_labels: Mapping[str, str] = field(default_factory=dict)
    alert_annotations: Mapping[str, str] = field(default_factory=dict)
    page: AlertMeta = AlertMeta()
    ticket: AlertMeta = AlertMeta()

    def __post_init__(self) -> None:
        events = bool(self.error_query or self.total_query)
        if events == bool(self.error_ratio_query):
            raise InvalidSpecError(
                f'SLO "{self.name}" needs either an error and a total query or a raw '
                "error-ratio query, not both and not neither"
            )
        queries = (self.error_query, self.total_query) if events else (self.error_ratio_query,)
        for query in queries:
            if not WINDOW_VARIABLE.search(query):
                raise InvalidSpecError(
                    f'SLO "{self.name}": the query "{query}" must contain the {{{{.window}}}} '
                    "variable, replaced by each alerting window"
                )
            if _OTHER_TEMPLATE.search(query):
                raise InvalidSpecError(
                    f'SLO "{self.name}": the query "{query}" uses a template variable other '
                    "than {{.window}}"
                )
        if events and self.error_query == self.total_query:
            raise InvalidSpecError(
                f'SLO "{self.name}": the error and total queries cannot be the same'
            )
        if not self.alert_name and not (self.page.disable and self.ticket.disable):
            raise InvalidSpecError(
                f'SLO "{self.name}": alerting.name is required unless both the page and the '
                "ticket alerts are disabled"
            )

    @property
    def id(self) -> str:
        """Sloth's SLO ID, ``<service>-<name>`` (the sloth_id label)."""
        return f"{self.service}-{self.name}"


def load_sloth(text: str, filename: str, period: int = 30 * DAY) -> list[SLOSpec]:
    """Every SLO in a Sloth ``prometheus/v1`` file (one or more YAML documents)."""
    from kubeloop.fixtures.schemas import validator  # noqa: PLC0415 (jsonschema loads lazily)
    from kubeloop.fixtures.yamlsafe import load_documents  # noqa: PLC0415

    problems: list[FixtureProblem] = []
    specs: list[SLOSpec] = []
    documents = load_documents(text, filename)
    if not documents:
        raise FixtureError([FixtureProblem(filename, 1, 1, "$", "the file holds no SLO spec")])
    for doc in documents:

        def report(path: tuple[str | int, ...], message: str, doc: Any = doc) -> None:
            line, column = doc.where(path)
            shown = "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path)
            problems.append(FixtureProblem(filename, line, column, shown, message))

        errors = list(validator(SCHEMA).iter_errors(doc.data))
        for error in sorted(errors, key=lambda e: [str(p) for p in e.absolute_path]):
            report(tuple(error.absolute_path), _explain(error))
        if errors:
            continue
        data = doc.data
        for index, slo in enumerate(data["slos"]):
            try:
                specs.append(_spec(data, slo, period))
            except InvalidSpecError as error:
                report(("slos", index), str(error))
    names = [s.name for s in specs]
    for name in sorted({n for n in names if names.count(n) > 1}):
        problems.append(
            FixtureProblem(filename, 1, 1, "$.slos", f'SLO "{name}" is declared more than once')
        )
    if problems:
        raise FixtureError(sorted(problems, key=lambda p: (p.line, p.column)))
    return specs


def _explain(error: Any) -> str:
    if error.validator == "pattern" and "window" in str(error.validator_value):
        return "the query must contain the {{.window}} variable"
    if error.validator == "additionalProperties":
        allowed = ", ".join(sorted(error.schema.get("properties", {})))
        return f"{error.message}; allowed: {allowed}"
    return str(error.message)


def _spec(data: Mapping[str, Any], slo: Mapping[str, Any], period: int) -> SLOSpec:
    sli = slo["sli"]
    events = sli.get("events", {})
    alerting = slo.get("alerting", {})

    def meta(key: str) -> AlertMeta:
        raw = alerting.get(key, {})
        return AlertMeta(
            bool(raw.get("disable", False)), raw.get("labels", {}), raw.get("annotations", {})
        )

    return SLOSpec(
        service=data["service"],
        name=slo["name"],
        objective=Objective(float(slo["objective"]), period),
        error_query=events.get("error_query", ""),
        total_query=events.get("total_query", ""),
        error_ratio_query=sli.get("raw", {}).get("error_ratio_query", ""),
        description=slo.get("description", ""),
        labels={**data.get("labels", {}), **slo.get("labels", {})},
        alert_name=alerting.get("name", ""),
        alert_labels=alerting.get("labels", {}),
        alert_annotations=alerting.get("annotations", {}),
        page=meta("page_alert"),
        ticket=meta("ticket_alert"),
    )
