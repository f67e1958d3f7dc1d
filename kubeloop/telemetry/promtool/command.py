"""promtool's ``test rules`` as a command: run each file, print its outcome in promtool's
shape, optionally write promtool's JUnit XML, and answer promtool's exit status (0 every test
passed, 1 a test failed or a file broke, 2 a bad ``--run`` pattern).

The ``kubeloop test rules`` command line and the scenario step that runs it both call
:func:`run_unit_tests`, so neither needs the other.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TextIO
from xml.etree import ElementTree as ET

from kubeloop.fixtures.paths import roots_for
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
) -> int:
    """Run promtool unit-test files; ``run``: only groups whose name matches one of these;
    ``files_anywhere`` lets rule files lie outside the test file's project."""
    pattern = None
    if run:
        try:  # RE2, as promtool's Go regexp: linear time, so no --run can hang
            pattern = compile_regex("|".join(run))
        except InvalidRegexError as error:
            print(f"kubeloop: --run: not a valid regular expression: {error}", file=err)
            return 2
    results = []
    for path in files:
        print(f"Unit Testing:  {path}", file=out)
        roots = None if files_anywhere else roots_for(Path(path).parent)
        result = run_file(path, pattern, ignore_unknown_fields, roots)
        results.append(result)
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
