"""promtool's ``test rules`` as a command: run each file, print its outcome in promtool's
shape, optionally write promtool's JUnit XML, and answer promtool's exit status (0 every test
passed, 1 a test failed or a file broke, 2 a bad ``--run`` pattern).

The ``kubeloop test rules`` command line and the scenario step that runs it both call
:func:`run_unit_tests`, so neither needs the other.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO
from xml.etree import ElementTree as ET

from kubeloop.fixtures.paths import roots_for
from kubeloop.telemetry.promql.features import from_flags
from kubeloop.telemetry.promtool.runner import FileResult, run_file
from kubeloop.telemetry.series.matchers import InvalidRegexError, compile_regex


def run_unit_tests(
    files: Sequence[str],
    run: Sequence[str] | None,
    ignore_unknown_fields: bool,
    junit: str | None,
    out: TextIO,
    err: TextIO,
    *,
    files_anywhere: bool = False,
    enable_feature: Sequence[str] = (),
    debug: bool = False,
    diff: bool = False,
) -> int:
    """Run promtool unit-test files; ``run``: only groups whose name matches one of these;
    ``files_anywhere`` lets rule files lie outside the test file's project;
    ``enable_feature``: promtool's ``--enable-feature`` values; ``debug``: promtool's
    ``--debug`` (each group's dump of its series and how long it took); ``diff``: promtool's
    ``--diff`` (an alert test's failure as a coloured JSON diff)."""
    pattern = None
    if run:
        try:  # RE2, as promtool's Go regexp: linear time, so no --run can hang
            pattern = compile_regex("|".join(run))
        except InvalidRegexError as error:
            print(f"kubeloop: --run: not a valid regular expression: {error}", file=err)
            return 2
    features, unknown = from_flags(list(enable_feature))
    for warning in unknown:
        print(warning, end="", file=out)  # promtool prints it without a newline
    results = []
    for path in files:
        print(f"Unit Testing:  {path}", file=out)
        roots = None if files_anywhere else roots_for(Path(path).parent)
        clock = time.perf_counter if debug else None  # --debug reports how long each group took
        result = run_file(path, pattern, ignore_unknown_fields, roots, features, debug, clock, diff)
        results.append(result)
        if debug:
            report_debug(result, err)
        report(result, out, err)
    code = 0 if all(r.passed for r in results) else 1
    if junit:
        try:
            with open(junit, "w", encoding="utf-8") as stream:
                stream.write(junit_xml(results))
                stream.flush()
        except OSError as error:
            print(f"failed to write JUnit XML: {error.strerror or error}", file=err)
            return 1
    return code


def report_debug(result: FileResult, err: TextIO) -> None:
    """``--debug``: each group's start, its dump and how long it took, as promtool prints."""
    for group in result.groups:
        print(f"DEBUG: Starting test {group.name}", file=err)
        for line in group.debug:
            print(line, file=err)
        print(f"DEBUG: Test {group.name} finished, took {go_elapsed(group.seconds or 0.0)}",
              file=err)  # fmt: skip


def go_elapsed(seconds: float) -> str:
    """Go's ``time.Duration.String()`` for a measured time: ``812.5µs``, ``1.2034s``."""
    ns = round(seconds * 1e9)
    if ns < 1000:
        return f"{ns}ns"
    for unit, size in (("µs", 1_000), ("ms", 1_000_000)):
        if ns < size * 1000:
            return _trim(f"{ns / size:.{len(str(size)) - 1}f}") + unit
    minutes, rest = divmod(ns, 60_000_000_000)
    hours, minutes = divmod(minutes, 60)
    text = _trim(f"{rest / 1e9:.9f}") + "s"
    if hours:
        return f"{hours}h{minutes}m{text}"
    return f"{minutes}m{text}" if minutes else text


def _trim(number: str) -> str:
    return number.rstrip("0").rstrip(".") if "." in number else number


def report(result: FileResult, out: TextIO, err: TextIO) -> None:
    """Print one file's outcome in promtool's shape, plus kubeloop's notes."""
    for warning in result.warnings:
        print(f"  WARNING: {warning}", file=err)
    for group in result.groups:
        for warning in group.warnings:
            print(f"  WARNING: {warning}", file=err)
    if result.passed:
        print("  SUCCESS", file=out)
        print(file=out)
        return
    print("  FAILED:", file=err)
    if result.error is not None:
        print(result.error, file=err)
        print(file=out)
    for group in result.groups:
        for failure in group.failures:
            print(failure.message, file=err)
            for note in failure.notes:
                print(f"        kubeloop: {note}", file=err)
            print(file=out)
    print(file=out)


def junit_xml(results: list[FileResult]) -> str:
    """promtool's util/junitxml layout: one testsuite per file, one testcase per group."""
    root = ET.Element("testsuites")
    for result in results:
        suite = ET.SubElement(root, "testsuite", name=result.path)
        failures = sum(len(g.failures) for g in result.groups)
        suite.set("tests", str(len(result.groups) + (1 if result.error else 0)))
        suite.set("failures", str(failures))
        suite.set("errors", "1" if result.error else "0")
        suite.set("skipped", "0")
        if result.error is not None:
            case = ET.SubElement(suite, "testcase", name="unknown")
            ET.SubElement(case, "error").text = result.error
        for group in result.groups:
            case = ET.SubElement(suite, "testcase", name=group.name)
            for failure in group.failures:
                text = "\n".join([failure.message, *failure.notes])
                ET.SubElement(case, "failure").text = text
    return ET.tostring(root, encoding="unicode") + "\n"
