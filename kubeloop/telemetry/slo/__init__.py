"""Service level objectives: budgets, burn rates, window tables and generated rules."""

from kubeloop.telemetry.slo.budget import Objective, burn_factor
from kubeloop.telemetry.slo.generate import generate, to_yaml
from kubeloop.telemetry.slo.spec import AlertMeta, SLOSpec, load_sloth
from kubeloop.telemetry.slo.windows import (
    BurnWindow,
    WindowTable,
    format_duration,
    parse_duration,
    table,
)

__all__ = [
    "AlertMeta",
    "BurnWindow",
    "Objective",
    "SLOSpec",
    "WindowTable",
    "burn_factor",
    "format_duration",
    "generate",
    "load_sloth",
    "parse_duration",
    "table",
    "to_yaml",
]
