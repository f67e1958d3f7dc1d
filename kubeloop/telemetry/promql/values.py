"""What an evaluation returns: frozen snapshots sorted by labels."""

from __future__ import annotations

import math
from dataclasses import dataclass

from kubeloop.telemetry.promql.gofloat import go_g
from kubeloop.telemetry.promql.histogram.notation import histogram_text
from kubeloop.telemetry.series import Labels
from kubeloop.telemetry.series.histogram import FloatHistogram
from kubeloop.telemetry.series.labels import quote


def format_value(value: float | FloatHistogram) -> str:
    """A float as Prometheus prints it: ``NaN``, ``+Inf``, ``-Inf``, else shortest repr (a
    native histogram in its series notation)."""
    if isinstance(value, FloatHistogram):
        return histogram_text(value)
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "+Inf" if value > 0 else "-Inf"
    if value == int(value) and abs(value) < 1e21:
        return str(int(value))
    return repr(value)


@dataclass(frozen=True, slots=True)
class Sample:
    labels: Labels
    value: float

    def __str__(self) -> str:
        return f"{self.labels} => {format_value(self.value)}"


class Vector(tuple[Sample, ...]):
    """An instant vector: samples sorted by labels (a tuple)."""

    __slots__ = ()

    def __str__(self) -> str:
        return "\n".join(str(s) for s in self) if self else "{} (empty vector)"


@dataclass(frozen=True, slots=True)
class Scalar:
    value: float

    def __str__(self) -> str:
        return f"scalar: {format_value(self.value)}"


@dataclass(frozen=True, slots=True)
class String:
    value: str

    def __str__(self) -> str:
        return f"string: {self.value}"


@dataclass(frozen=True, slots=True)
class Series:
    """One series of a range vector: ``points`` are ``(t_ms, value)`` oldest first."""

    labels: Labels
    points: tuple[tuple[int, float], ...]

    def __str__(self) -> str:
        shown = " ".join(f"{format_value(v)} @{t}" for t, v in self.points)
        return f"{self.labels} => {shown}"


class Matrix(tuple[Series, ...]):
    """A range vector: series sorted by labels (a tuple)."""

    __slots__ = ()

    def __str__(self) -> str:
        return "\n".join(str(s) for s in self) if self else "{} (empty matrix)"


Value = Vector | Scalar | Matrix | String
__all__ = ["Matrix", "Sample", "Scalar", "Series", "String", "Value", "Vector", "format_value",
           "go_g", "go_labels"]  # fmt: skip


def go_labels(labels: Labels) -> str:
    """Go's ``labels.Labels.String()``, as engine errors print series: ``{__name__="x"}``."""
    return "{" + ", ".join(f"{k}={quote(v)}" for k, v in labels.pairs) + "}"
