"""``kubeloop test rules FILE…``: promtool's ``test rules``, without Prometheus.

Exit status as promtool's: 0 when every test passes, 1 when a test fails or a file is
broken (each problem named FILE:LINE). ``--junit FILE`` writes promtool's JUnit XML. The
command itself is kubeloop.telemetry.promtool.command; this module is its argument parser.
"""

from __future__ import annotations

import argparse
import sys

from kubeloop.telemetry.promql.features import FLAG_NAMES


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
        "--enable-feature",
        action="append",
        default=[],
        metavar="NAMES",
        help="comma separated PromQL features to enable, as promtool's: "
        f"{', '.join(FLAG_NAMES)} (promql-duration-expr is always on)",
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
    from kubeloop.telemetry.promtool.command import run_unit_tests  # noqa: PLC0415 (loads lazily)

    return run_unit_tests(
        args.files,
        args.run,
        args.ignore_unknown_fields,
        args.junit,
        sys.stdout,
        sys.stderr,
        files_anywhere=args.files_anywhere,
        enable_feature=args.enable_feature,
        debug=args.debug,
        diff=args.diff,
    )
