"""An SLO's burn rate over one window at a list of instants, for the pictures.

The reference asks the engine at every instant (``burn_rate(name, window, t)``: a PromQL
evaluation each). The fast path reads what the SLO's generated rules already wrote: Sloth's
``slo:sli_error:ratio_rate<window>`` is the very error ratio ``burn_rate`` evaluates,
recorded at every rule evaluation, so at an instant where it holds a sample the burn rate is
that sample ÷ the error budget. Where it holds none (no evaluation then, no traffic yet, an
engine without a store) the fast path asks the engine as the reference does.
``tests/telemetry/test_burn_samples.py`` holds the two equal.
"""

from __future__ import annotations

from typing import Any

from kubeloop.telemetry.slo.generate import SLI_METRIC, WINDOW_LABEL
from kubeloop.telemetry.slo.windows import format_duration


def burn_samples(
    engine: Any, name: str, windows: list[int], times: list[int]
) -> dict[int, list[float]]:
    """The reference: the engine's burn rate over each window at each instant (NaN:
    nothing to measure)."""
    return {w: [float(engine.burn_rate(name, w, t)) for t in times] for w in windows}


def recorded_burn_samples(
    engine: Any, name: str, windows: list[int], times: list[int]
) -> dict[int, list[float]]:
    """The same numbers, read from the recorded error ratio where it has a sample."""
    recorded = _recorded(engine, name)
    objective = engine.slo(name).objective
    found: dict[int, list[float]] = {}
    for window in windows:
        series = recorded.get(format_duration(window))
        values = []
        for t in times:
            kept = series.window(t * 1000 - 1, t * 1000)[1] if series is not None else []
            if kept:
                values.append(float(objective.burn_rate(kept[-1])))
            else:
                values.append(float(engine.burn_rate(name, window, t)))
        found[window] = values
    return found


def snapped(times: list[int], engine: Any) -> list[int]:
    """Instants moved back to the rule evaluation before them, where the recorded ratio
    has its samples (unchanged for an engine that does not say its interval)."""
    every = getattr(engine, "evaluation_interval", None)
    if not isinstance(every, int) or every <= 0:
        return times
    return sorted({t - t % every for t in times})


def _recorded(engine: Any, name: str) -> dict[str, Any]:
    """Window label → the one series the SLO's recording rule for it wrote (a window whose
    rule wrote several series, or none, is left out: the engine is asked there)."""
    store = getattr(engine, "store", None)
    if store is None or not hasattr(store, "series"):
        return {}
    found: dict[str, list[Any]] = {}
    for labels in store.series():
        if labels.name.startswith(SLI_METRIC) and labels.get("sloth_slo") == name:
            found.setdefault(str(labels.get(WINDOW_LABEL)), []).append(labels)
    return {w: store.get(only[0]) for w, only in found.items() if len(only) == 1}
