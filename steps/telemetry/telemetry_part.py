"""What the telemetry phrases share: the world's telemetry engine, numbers, series text."""

from __future__ import annotations

import math
from collections.abc import Mapping
from decimal import ROUND_HALF_EVEN, Decimal, InvalidOperation
from typing import Any

from kubeloop.harness.world import World

ENTRY = "Telemetry"
MAX_STEPS = 100_000
"""Most samples one series of a ``Given the series:`` table may expand to."""
MAX_SAMPLES = 1_000_000
"""Most samples one ``Given the series:`` table may expand to, all series together."""


def telemetry(world: World) -> Any:
    """The world's telemetry engine: the learner's ``Telemetry`` if their module has one."""

    def build() -> Any:
        module, _ = world.engine_for(ENTRY)
        engine = module.Telemetry(clock=world.clock)
        from kubeloop.render.telemetry import telemetry_picture, telemetry_snapshot  # noqa: PLC0415

        world.report.snapshots["telemetry"] = lambda: telemetry_snapshot(engine, world.clock.now)
        world.report.pictures["telemetry"] = lambda: telemetry_picture(engine, world.clock.now)
        from ..links.links_part import links  # noqa: PLC0415  (links: one world)

        links(world)  # a service served by a deployment's pods (kubeloop/links/pod_traffic.py)
        return engine

    return world.part("telemetry", build)


def call(world: World, name: str, *args: Any, **kwargs: Any) -> Any:
    """``engine.name(...)``, or a capability error naming what the engine lacks."""
    return world.capability(telemetry(world), name)(*args, **kwargs)


def scalar(world: World, expr: str, at: int | None = None) -> float:
    """A query expected to give one number: the engine's ``scalar`` when it has one (no part
    of Lab 03's contract), else its core ``query`` read the same way (a scalar, or a vector
    of at most one sample; NaN when empty), so an engine written to the contract alone is
    asked for the samples and the number is read here, not taken from it."""
    if hasattr(telemetry(world), "scalar"):
        return float(call(world, "scalar", expr, at))
    rows = result_rows(call(world, "query", expr, at))
    if isinstance(rows, float):
        return rows
    if len(rows) > 1:
        raise world.fail(f'"{expr}" to give one number', show_result(rows))
    return rows[0][1] if rows else math.nan


# --- numbers ------------------------------------------------------------------------------


def parse_number(text: str) -> float:
    """A number as Prometheus writes it (NaN, +Inf, -Inf, 1e-05, 0.9)."""
    special = {"nan": math.nan, "+inf": math.inf, "inf": math.inf, "-inf": -math.inf}
    if text.strip().lower() in special:
        return special[text.strip().lower()]
    return float(text)


def matches(written: str, value: float) -> bool:
    """``value`` rounded to the decimals written equals the written number.

    ``0.1682`` matches 0.168182…, ``14.4`` matches 14.400000000000002, ``100`` matches
    99.99999; NaN, +Inf and -Inf match only themselves.
    """
    expected = parse_number(written)
    if math.isnan(expected) or math.isnan(value):
        return math.isnan(expected) and math.isnan(value)
    if math.isinf(expected) or math.isinf(value):
        return expected == value
    try:
        target = Decimal(written.strip())
        exponent = target.as_tuple().exponent
        assert isinstance(exponent, int)
        rounded = Decimal(repr(value)).quantize(Decimal(1).scaleb(exponent), ROUND_HALF_EVEN)
    except InvalidOperation:
        return False
    return rounded == target


def show(value: float) -> str:
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "+Inf" if value > 0 else "-Inf"
    shown = float(f"{value:.12g}")  # 100.00000000000568 reads 100: float noise is not news
    return repr(shown) if shown != int(shown) or abs(shown) >= 1e21 else str(int(shown))


# --- results ------------------------------------------------------------------------------


def labels_of(sample: Any) -> dict[str, str]:
    labels = sample.labels
    return dict(labels.items()) if isinstance(labels, Mapping) else dict(labels)


def result_rows(result: Any) -> list[tuple[dict[str, str], float]] | float:
    """A query result as a number (a scalar) or ``(labels, value)`` rows (a vector)."""
    if isinstance(result, int | float):
        return float(result)
    if hasattr(result, "value") and not hasattr(result, "__iter__"):
        return float(result.value)
    rows = []
    for sample in result:
        if hasattr(sample, "points"):
            raise ValueError(
                "the expression gives a range vector; these steps check instant queries "
                "(wrap it in a function such as rate() or last_over_time())"
            )
        rows.append((labels_of(sample), float(sample.value)))
    return rows


def series_text(labels: Mapping[str, str]) -> str:
    name = labels.get("__name__", "")
    rest = ", ".join(f'{k}="{v}"' for k, v in sorted(labels.items()) if k != "__name__")
    return f"{name}{{{rest}}}" if rest or not name else name


def show_result(result: list[tuple[dict[str, str], float]] | float) -> str:
    if isinstance(result, float):
        return f"the scalar {show(result)}"
    if not result:
        return "an empty result"
    return "; ".join(f"{series_text(labels)} {show(value)}" for labels, value in result)


def require_table(world: World, columns: tuple[str, ...]) -> list[dict[str, str]]:
    table = world.step.datatable
    header = "| " + " | ".join(columns) + " |"
    if not table or len(table) < 2:
        raise world.fail(f"a table {header} with a header row and one row per item", "no rows")
    names = [c.strip().lower() for c in table[0]]
    if names != list(columns):
        raise world.fail(f"the table's header {header}", "| " + " | ".join(names) + " |")
    return [dict(zip(columns, (c.strip() for c in row), strict=True)) for row in table[1:]]


def require_docstring(world: World, what: str) -> str:
    if world.step.docstring is None or not world.step.docstring.strip():
        raise world.fail(f'a doc string (""") holding {what} under this step', "no doc string")
    return world.step.docstring


def fixture_text(world: World, path: str, what: str) -> str:
    """A rule or SLO file named by the scenario, relative to the feature, read as every
    fixture is: inside the project, a regular UTF-8 file of bounded size."""
    # the fixture reader brings YAML with it: loaded with a scenario's first file, not by check
    from kubeloop.fixtures.yamlsafe import read_text  # noqa: PLC0415

    file = world.resolve(path)
    if not file.exists() and not file.is_symlink():
        raise world.fail(f"{what} at {path} (relative to the feature)", f"no file {file}")
    return read_text(file)
