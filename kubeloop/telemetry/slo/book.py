"""The SLOs of one world: their specs, window tables and generated rules, and their burn.

``SLOBook`` knows nothing of stores or clocks: it is given a function that loads rule
text (so the generated rules run with every other rule) and one that measures a PromQL
expression now (so burn rates are read from the same series the alerts read).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from kubeloop.errors import AlreadyExistsError, NotFoundError
from kubeloop.telemetry.slo.budget import Objective
from kubeloop.telemetry.slo.generate import generate, to_yaml
from kubeloop.telemetry.slo.openslo import load_openslo
from kubeloop.telemetry.slo.spec import WINDOW_VARIABLE, SLOSpec, load_sloth
from kubeloop.telemetry.slo.verdict import Verdict, judge
from kubeloop.telemetry.slo.windows import WindowTable, format_duration, table


@dataclass(frozen=True)
class SLO:
    name: str
    service: str
    spec: SLOSpec
    windows: WindowTable
    alert: str
    """The name of its generated page and ticket alerts (told apart by sloth_severity)."""

    @property
    def objective(self) -> Objective:
        return self.spec.objective


def availability(name: str, percent: float, period: int, service: str) -> SLOSpec:
    """An SLO over a service's http_requests_total: 5xx responses are the errors."""
    selector = f'http_requests_total{{job="{service}"'
    words = "".join(p.capitalize() for p in _words(f"{service} {name}"))
    return SLOSpec(
        service=service,
        name=name,
        objective=Objective(percent, period),
        error_query=f'sum(rate({selector},code=~"5.."}}[{{{{.window}}}}]))',
        total_query=f"sum(rate({selector}}}[{{{{.window}}}}]))",
        alert_name=f"{words}ErrorBudgetBurn",
    )


def _words(text: str) -> list[str]:
    return "".join(c if c.isalnum() else " " for c in text).split()


class SLOBook:
    def __init__(
        self,
        load_rules: Callable[[str, str], None],
        measure: Callable[[str, int | None], float],
    ) -> None:
        self._load_rules = load_rules
        self._measure = measure
        self._slos: dict[str, SLO] = {}
        self._rules: dict[str, str] = {}
        """Each SLO's generated rule file, kept as loaded (the report shows it again)."""

    def add(self, spec: SLOSpec, windows: str = "workbook") -> SLO:
        """Add an SLO and load its generated rules; nothing changes if either fails."""
        if spec.name in self._slos:
            raise AlreadyExistsError(f'an SLO named "{spec.name}" already exists')
        chosen = table(windows, spec.objective.period)
        rules = to_yaml(generate(spec, chosen))
        self._load_rules(rules, f"<SLO {spec.name}>")
        slo = SLO(spec.name, spec.service, spec, chosen, spec.alert_name)
        self._slos[spec.name] = slo
        self._rules[spec.name] = rules
        return slo

    def load_sloth(self, text: str, filename: str, windows: str = "workbook") -> list[SLO]:
        """Every SLO of a Sloth prometheus/v1 file; all or none are added."""
        specs = load_sloth(text, filename)
        clash = sorted({s.name for s in specs} & set(self._slos))
        if clash:
            raise AlreadyExistsError(f"SLOs named {', '.join(clash)} already exist")
        for spec in specs:
            table(windows, spec.objective.period)
        return [self.add(spec, windows) for spec in specs]

    def load_openslo(self, text: str, filename: str, windows: str = "workbook") -> list[SLO]:
        """Every OpenSLO v1 ratio SLO of a file; all or none are added."""
        specs = load_openslo(text, filename)
        clash = sorted({s.name for s in specs} & set(self._slos))
        if clash:
            raise AlreadyExistsError(f"SLOs named {', '.join(clash)} already exist")
        for spec in specs:
            table(windows, spec.objective.period)
        return [self.add(spec, windows) for spec in specs]

    def get(self, name: str) -> SLO:
        found = self._slos.get(name)
        if found is None:
            raise NotFoundError("SLO", name, sorted(self._slos))
        return found

    def names(self) -> list[str]:
        return sorted(self._slos)

    def rules(self, name: str) -> str:
        """The SLO's generated rule file, as Sloth would write it."""
        self.get(name)  # an unknown name is a NotFoundError
        return self._rules[name]

    def error_ratio(self, name: str, window: int, at: int | None = None) -> float:
        """The SLI's error ratio over ``window`` seconds, measured at ``at`` (NaN: no traffic)."""
        spec = self.get(name).spec
        template = spec.error_ratio_query or f"({spec.error_query})\n/\n({spec.total_query})"
        return self._measure(WINDOW_VARIABLE.sub(format_duration(window), template), at)

    def burn_rate(self, name: str, window: int, at: int | None = None) -> float:
        return self.get(name).objective.burn_rate(self.error_ratio(name, window, at))

    def verdict(self, name: str, at: int | None = None) -> Verdict:
        """Each pair's burn over its long and short windows, judged at ``at`` seconds of data."""
        slo = self.get(name)
        return judge(slo.objective, slo.windows, lambda w: self.error_ratio(name, w, at), at)
