"""A scenario's telemetry as the pictures need it: alert states (an SLO's page and ticket
alerts apart), SLO burn rates over the run, and the series its queries named.

``telemetry_snapshot`` turns an engine into plain data (the record's
``snapshot["telemetry"]``); ``telemetry_charts.telemetry_svg`` draws that data for the
HTML report, and ``telemetry_picture`` writes it as text under a failed step. Only Lab
03's contract is read (kubeloop/contract/telemetry.py: an SLO's window pairs by their
``long``, ``short`` and ``factor``), and an extension only when the engine has it, so a
learner's engine written to the contract alone draws as far as it goes.
"""

from __future__ import annotations

import math
import re
from typing import Any

from kubeloop.render.burn_samples import recorded_burn_samples, snapped
from kubeloop.telemetry.slo.windows import format_duration

BURN_POINTS = 24
"""Burn-rate samples per window: each costs one query at report time. The burn chart and
the one-world timeline both draw these (``kubeloop.render.timeline``)."""
MAX_SERIES, MAX_POINTS = 8, 400
_NAME = re.compile(r"[a-zA-Z_:][a-zA-Z0-9_:]*")


def telemetry_snapshot(engine: Any, now: int | None = None) -> dict[str, Any]:
    """The engine as plain data at ``now`` (the world's clock; the engine's own if None)."""
    now = int(engine.clock.now if now is None else now)
    data: dict[str, Any] = {"now": now, "alerts": [], "slos": [], "queries": [], "series": []}
    store = getattr(engine, "store", None)
    slo_alerts = _slo_alerts(engine)
    for name in getattr(engine, "alert_names", list)():
        changes = [[int(t), str(s)] for t, s in engine.timeline(name).changes]
        alert: dict[str, Any] = {"name": name, "changes": changes}
        if name in slo_alerts:  # an SLO's page and ticket alerts share a name: one band each
            alert["severities"] = {
                severity: [
                    [int(t), str(s)] for t, s in engine.severity_timeline(name, severity).changes
                ]
                for severity in ("page", "ticket")
            }
        else:
            bands = severity_bands(store, name, changes) if store is not None else {}
            if len(bands) > 1:  # alerts of one name told apart by their severity label
                alert["severities"] = bands
        data["alerts"].append(alert)
    for name in getattr(engine, "slos", list)():
        data["slos"].append(_slo(engine, name, now))
    names: set[str] = set()
    for expr, t, result in getattr(engine, "queries", [])[-10:]:
        value = _single(result)
        data["queries"].append({"expr": expr, "t": t, "result": str(result), "value": value})
        names.update(_NAME.findall(expr))
    if store is not None:
        for labels in store.series():
            if labels.name in names and len(data["series"]) < MAX_SERIES:
                points = [[p.t_ms, _plain(p.value)] for p in store.points(labels)][-MAX_POINTS:]
                data["series"].append({"labels": str(labels), "points": points})
    return data


def _slo_alerts(engine: Any) -> set[str]:
    """The names of the SLOs' generated alerts, when the engine can say their severities."""
    if not hasattr(engine, "severity_timeline"):
        return set()
    return {str(engine.slo(name).alert) for name in getattr(engine, "slos", list)()}


def severity_bands(store: Any, name: str, changes: list[list[Any]]) -> dict[str, list[list[Any]]]:
    """Each severity's state changes, read from the ``ALERTS`` series Prometheus writes for
    an active alert (labelled ``sloth_severity`` or ``severity``): at each evaluation an
    alert of that severity is firing, pending, or — without a sample — inactive."""
    seen: dict[str, dict[int, str]] = {}
    for labels in store.series():
        if labels.name != "ALERTS" or labels.get("alertname") != name:
            continue
        severity = labels.get("sloth_severity") or labels.get("severity") or "alert"
        state = labels.get("alertstate")
        at = seen.setdefault(severity, {})
        for point in store.points(labels):
            if not math.isnan(point.value):
                t = point.t_ms // 1000
                at[t] = "firing" if "firing" in (state, at.get(t)) else state
    times = sorted({int(t) for t, _ in changes} | {t for at in seen.values() for t in at})
    bands = {}
    for severity, at in sorted(seen.items()):
        band: list[list[Any]] = []
        for t in times:
            state = at.get(t, "inactive")
            if not band or band[-1][1] != state:
                band.append([t, state])
        bands[severity] = band
    return bands


def _slo(engine: Any, name: str, now: int) -> dict[str, Any]:
    slo = engine.slo(name)
    times = snapped(sorted({now * i // BURN_POINTS for i in range(1, BURN_POINTS + 1)}), engine)
    windows = sorted({w for pair in slo.windows.windows for w in (pair.long, pair.short)})
    burns = recorded_burn_samples(engine, name, windows, times)
    pairs = []
    for w in slo.windows.windows:
        label = f"{format_duration(w.long)}/{format_duration(w.short)}"
        pairs.append(
            {  # name and severity are extensions: a core engine's pair is named by its windows
                "name": str(getattr(w, "name", "") or label),
                "severity": str(getattr(w, "severity", "")),
                "label": label,
                "windows": [w.long, w.short],
                "factor": w.factor,
                "long": [_plain(v) for v in burns[w.long]],
                "short": [_plain(v) for v in burns[w.short]],
            }
        )
    rules = getattr(getattr(engine, "book", None), "rules", None)
    return {
        "name": name,
        "objective": getattr(slo.objective, "percent", None),
        "times": times,
        "pairs": pairs,
        "rules": rules(name) if rules is not None else "",
    }


def _single(result: Any) -> float | None:
    """A query's one number (a scalar, or a vector of one element), for its chart; else None."""
    if isinstance(getattr(result, "value", None), float):
        return _plain(result.value)
    try:
        (only,) = list(result)
    except (TypeError, ValueError):
        return None
    value = getattr(only, "value", None)
    return _plain(float(value)) if isinstance(value, float | int) else None


def _plain(value: float) -> float | None:
    """JSON has no NaN or infinities: those become null (drawn as a gap)."""
    return None if math.isnan(value) or math.isinf(value) else float(value)


# --- text ------------------------------------------------------------------------------------


def telemetry_picture(engine: Any, now: int | None = None) -> str:
    data = telemetry_snapshot(engine, now)
    lines = [f"telemetry at {format_duration(data['now'])}:"]
    for alert in data["alerts"]:
        rows = {f" ({k})": v for k, v in alert.get("severities", {}).items()}
        for label, changes in (rows or {"": alert["changes"]}).items():
            steps = ", ".join(f"{s} from {format_duration(t)}" for t, s in changes)
            lines.append(f"  alert {alert['name']}{label}: {steps}")
    for slo in data["slos"]:
        verdict = getattr(engine, "verdict", None)
        if verdict is not None:
            objective = "" if slo["objective"] is None else f" ({slo['objective']:g}%)"
            lines.append(f"  SLO {slo['name']}{objective}:")
            lines += [f"    {line}" for line in verdict(slo["name"]).explain().splitlines()]
    for query in data["queries"][-3:]:
        shown = query["result"].replace("\n", "; ")
        expr = " ".join(query["expr"].split())
        lines.append(f"  query {expr} at {format_duration(query['t'])} = {shown}")
    return "\n".join(lines)
