"""``kubeloop test rules FILE…``: promtool's ``test rules``, without Prometheus.

Exit status as promtool's: 0 when every test passes, 1 when a test fails or a file is
broken (each problem named FILE:LINE). ``--junit FILE`` writes promtool's JUnit XML.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, TextIO
from xml.etree import ElementTree as ET

if TYPE_CHECKING:
    from kubeloop.telemetry.promtool.runner import FileResult


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``test rules`` on the ``kubeloop`` command line."""
    test = commands.add_parser("test", help="run rule unit tests (promtool test rules)")
    kinds = test.add_subparsers(dest="test_command", required=True, metavar="KIND")
    rules = kinds.add_parser(
        "rules", help="run promtool rule unit-test files: kubeloop test rules FILE…"
    )
    rules.add_argument("files", nargs="+", metavar="FILE", help="promtool unit-test YAML files")
    rules.add_argument("--junit", metavar="FILE", help="also write a JUnit XML report to FILE")
    rules.add_argument(
        "--ignore-unknown-fields",
        action="store_true",
        help="ignore fields rule files have that Prometheus does not know",
    )
    rules.add_argument(
        "--files-anywhere",
        action="store_true",
        help="let rule_files name files outside the project (by default they must stay inside)",
    )
    rules.add_argument(
        "--run",
        action="append",
        metavar="REGEX",
        help="only test groups whose name matches (repeatable; promtool's --run)",
    )


def main(args: argparse.Namespace) -> int:
    from kubeloop.fixtures.paths import roots_for  # noqa: PLC0415
    from kubeloop.telemetry.promtool.runner import run_file  # noqa: PLC0415 (the engine loads lazily)
    from kubeloop.telemetry.series.matchers import InvalidRegexError, compile_regex  # noqa: PLC0415

    pattern = None
    if args.run:
        try:  # RE2, as promtool's Go regexp: linear time, so no --run can hang
            pattern = compile_regex("|".join(args.run))
        except InvalidRegexError as error:
            print(f"kubeloop: --run: not a valid regular expression: {error}", file=sys.stderr)
            return 2
    results = []
    for path in args.files:
        print(f"Unit Testing:  {path}")
        roots = None if args.files_anywhere else roots_for(Path(path).parent)
        result = run_file(path, pattern, args.ignore_unknown_fields, roots)
        results.append(result)
        report(result, sys.stdout, sys.stderr)
    code = 0 if all(r.passed for r in results) else 1
    if args.junit:
        try:
            with open(args.junit, "w", encoding="utf-8") as out:
                out.write(junit_xml(results))
                out.flush()
        except OSError as error:
            print(f"failed to write JUnit XML: {error.strerror or error}", file=sys.stderr)
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
