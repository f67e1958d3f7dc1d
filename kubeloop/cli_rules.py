"""``kubeloop test rules FILE…``: promtool's ``test rules``, without Prometheus.

Exit status as promtool's: 0 when every test passes, 1 when a test fails or a file is
broken (each problem named FILE:LINE). ``--junit FILE`` writes promtool's JUnit XML.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
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
        "--enable-feature",
        action="append",
        default=[],
        metavar="NAMES",
        help="comma separated PromQL features to enable, as promtool's: "
        "promql-experimental-functions, promql-extended-range-selectors, "
        "promql-binop-fill-modifiers, promql-duration-expr (always on)",
    )
    rules.add_argument("--debug", action="store_true", help="enable unit test debugging")
    rules.add_argument(
        "--diff",
        action="store_true",
        help="print colored differential output between expected and received alerts",
    )
    rules.add_argument(
        "--run",
        action="append",
        metavar="REGEX",
        help="only test groups whose name matches (repeatable; promtool's --run)",
    )


def main(args: argparse.Namespace) -> int:
    from kubeloop.telemetry.promql.features import from_flags  # noqa: PLC0415 (the engine loads lazily)
    from kubeloop.telemetry.promtool.runner import run_file  # noqa: PLC0415

    pattern = None
    if args.run:
        try:
            pattern = re.compile("|".join(args.run))
        except re.error as error:
            print(f"kubeloop: --run: not a valid regular expression: {error}", file=sys.stderr)
            return 2
    features, unknown = from_flags(args.enable_feature)
    for warning in unknown:
        print(warning, end="")  # promtool prints it without a newline
    if features.delayed_name_removal:
        print(
            "kubeloop: --enable-feature=promql-delayed-name-removal: delayed __name__ removal "
            "is not modelled by kubeloop (see docs/rules.md)",
            file=sys.stderr,
        )
        return 2
    results = []
    for path in args.files:
        print(f"Unit Testing:  {path}")
        result = run_file(path, pattern, args.ignore_unknown_fields, features, args.debug,
                          time.perf_counter if args.debug else None, args.diff)  # fmt: skip
        results.append(result)
        if args.debug:
            report_debug(result, sys.stderr)
        report(result, sys.stdout, sys.stderr)
    if args.junit:
        try:
            with open(args.junit, "w", encoding="utf-8") as out:
                out.write(junit_xml(results))
        except OSError as error:
            print(f"failed to write JUnit XML: {error}", file=sys.stderr)
    return 0 if all(r.passed for r in results) else 1


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
