"""The reports CI already produces, as gate inputs, and the pipeline definition file."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from kubeloop.harness.registry import given
from kubeloop.harness.world import World

from .pipeline_part import scene


def _record_file(world: World, alias: str, method: str, reader: str, path: str) -> None:
    from kubeloop.fixtures import pipeline_reports  # noqa: PLC0415

    current = scene(world)
    digest = current.digest(world, alias)
    read = getattr(pipeline_reports, reader)
    world.attempt(
        lambda: world.capability(current.pipeline, method)(digest, read(world.resolve(path)))
    )


@given(
    "the unit tests of {alias:artifact} report {path:text}",
    'the unit tests of D1 report "reports/unit.xml"',
)
def unit_tests_report(world: World, alias: str, path: str) -> None:
    """Read the unit results from JUnit XML: green when some test ran and none failed."""
    _record_file(world, alias, "record_unit_tests", "read_junit", path)


@given(
    "the integration tests of {alias:artifact} report {path:text}",
    'the integration tests of D1 report "reports/integration.xml"',
)
def integration_tests_report(world: World, alias: str, path: str) -> None:
    """Read the integration results from JUnit XML."""
    _record_file(world, alias, "record_integration_tests", "read_junit", path)


@given(
    "the coverage report of {alias:artifact} is {path:text}",
    'the coverage report of D1 is "reports/coverage.json"',
)
def coverage_report(world: World, alias: str, path: str) -> None:
    """Read totals.percent_covered from coverage.py's JSON report (coverage json)."""
    _record_file(world, alias, "record_coverage", "read_coverage", path)


@given(
    "the scan report of {alias:artifact} is {path:text}",
    'the scan report of D1 is "reports/trivy.json"',
)
def scan_report(world: World, alias: str, path: str) -> None:
    """Read the findings of a Trivy JSON report (trivy image -f json)."""
    _record_file(world, alias, "record_scan", "read_trivy", path)


def _define(world: World, text: str, filename: str) -> None:
    from kubeloop.fixtures.pipeline_definition import read_definition  # noqa: PLC0415

    current = scene(world)
    definition = read_definition(text, filename)
    world.capability(current.pipeline, "configure")(definition)
    current.definition = definition


@given("the pipeline {path:text}", 'the pipeline "pipeline.yaml"')
def the_pipeline_file(world: World, path: str) -> None:
    """Set the pipeline up from a definition file (kind Pipeline): coverage, keys, environments."""
    from kubeloop.fixtures.pipeline_common import read_file  # noqa: PLC0415

    def load() -> None:
        _define(world, *read_file(world.resolve(path)))

    world.attempt(load)


@given("the pipeline:", "the pipeline:")
def the_pipeline_doc(world: World) -> None:
    """Set the pipeline up from the doc string's definition (YAML, kind Pipeline)."""
    if world.step.docstring is None:
        raise world.fail('a doc string (""") with the pipeline definition', "no doc string")
    text = world.step.docstring
    world.attempt(lambda: _define(world, text, f"{world.step.location} (doc string)"))


def _report_checker(reader: str) -> Callable[[str | Path, str, dict[str, Any]], object]:
    """What ``kubeloop check`` reads of a CI report: the file as the report step reads it."""

    def check(source: str | Path, _: str, __: dict[str, Any]) -> object:
        from kubeloop.fixtures import pipeline_reports  # noqa: PLC0415

        return getattr(pipeline_reports, reader)(source)

    return check


def _check_definition(source: str | Path, filename: str, _: dict[str, Any]) -> object:
    from kubeloop.fixtures.pipeline_common import read_file  # noqa: PLC0415
    from kubeloop.fixtures.pipeline_definition import read_definition  # noqa: PLC0415

    if isinstance(source, Path):
        return read_definition(*read_file(source))
    return read_definition(source, filename)


for _step, _reader in (
    (unit_tests_report, "read_junit"),
    (integration_tests_report, "read_junit"),
    (coverage_report, "read_coverage"),
    (scan_report, "read_trivy"),
):
    _step.fixture_argument = "path"  # type: ignore[attr-defined]
    _step.fixture_reader = _report_checker(_reader)  # type: ignore[attr-defined]
the_pipeline_file.fixture_argument = "path"  # type: ignore[attr-defined]
the_pipeline_file.fixture_reader = _check_definition  # type: ignore[attr-defined]
the_pipeline_doc.fixture_argument = "docstring"  # type: ignore[attr-defined]
the_pipeline_doc.fixture_reader = _check_definition  # type: ignore[attr-defined]
