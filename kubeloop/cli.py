"""The ``kubeloop`` command: thin, delegating to the harness and the engine."""

from __future__ import annotations

import argparse
import gc
import os
import sys
from collections.abc import Sequence


def _workers(text: str) -> int | str:
    """``-n``: a number of worker processes, or ``auto``."""
    if text == "auto":
        return text
    try:
        count = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of workers or auto") from None
    if not 0 <= count <= 256:
        raise argparse.ArgumentTypeError(f"{count} workers: give 0 to 256, or auto")
    return count


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="kubeloop", description="Plain-English scenario tests over a miniature Kubernetes."
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    run = commands.add_parser("run", help="run feature files or folders (default: features/)")
    run.add_argument("paths", nargs="*", metavar="PATH", help="a .feature, a folder, or FILE:LINE")
    run.add_argument("-k", dest="keyword", help="only scenarios whose name matches (pytest -k)")
    run.add_argument("-t", "--tags", help='a tag expression, e.g. "@smoke and not @wip"')
    run.add_argument("-x", "--fail-fast", action="store_true", help="stop at the first failure")
    run.add_argument(
        "-q", "--quiet", action="store_true", help="print only failures and the summary"
    )
    run.add_argument(
        "--color",
        choices=["auto", "always", "never"],
        default="auto",
        help="colour the output: auto (a terminal, unless NO_COLOR is set), always or never",
    )
    run.add_argument("--engine", help="module providing the engine contract (default kubeloop)")
    run.add_argument(
        "--report",
        metavar="DIR",
        help="write JUnit, Cucumber JSON, Messages, HTML, Markdown and Exercism reports into DIR",
    )
    run.add_argument(
        "--junit-steps",
        action="store_true",
        help="one JUnit testcase per step instead of per scenario",
    )
    run.add_argument(
        "--alluredir",
        metavar="DIR",
        help="write Allure results into DIR (then: allure generate DIR), pictures attached",
    )
    run.add_argument(
        "-n",
        dest="workers",
        type=_workers,
        default=0,
        metavar="N",
        help="run scenarios in N parallel processes (pytest-xdist); auto: one per CPU, "
        "or serially for a suite too small to gain from workers",
    )
    run.add_argument(
        "--step-timeout",
        type=float,
        metavar="SECONDS",
        help="fail a step that uses more CPU seconds (default 10, plus 1 a simulated day the "
        "step lets pass; 0: no limit)",
    )
    # --- hostile input and isolation ---
    run.add_argument(
        "--scenario-timeout",
        type=float,
        metavar="SECONDS",
        help="with --engine: kill a scenario's process after SECONDS of wall clock (default 60)",
    )
    run.add_argument(
        "--engine-memory",
        type=int,
        metavar="MB",
        help="with --engine: memory limit of a scenario's process (default 2048)",
    )
    run.add_argument(
        "--no-isolation",
        action="store_true",
        help="with --engine: run the engine in kubeloop's own process (debugging: pdb, "
        "breakpoints); only the step time limit then applies",
    )
    run.add_argument(
        "--fixtures-anywhere",
        action="store_true",
        help="let fixture paths leave the project folder",
    )
    # --- end of hostile input and isolation ---
    run.add_argument(
        "--compare",
        metavar="MODULE",
        help="run again against this engine and report scenarios whose outcome differs",
    )
    starter = commands.add_parser(
        "init", help="write a starting project (a feature, a fixture, README, CI) into DIR"
    )
    starter.add_argument("directory", metavar="DIR")
    exercise = commands.add_parser("exercise", help="exercise mode: grade your own engine")
    exercise_commands = exercise.add_subparsers(dest="exercise_command", required=True)
    init = exercise_commands.add_parser("init", help="write a learner's starting point into DIR")
    init.add_argument("directory", metavar="DIR")
    init.add_argument(
        "--lab",
        choices=["all", "cluster", "pipeline", "telemetry"],
        default="all",
        help="which lab to start: Lab 01 the cluster, Lab 02 the pipeline, Lab 03 telemetry, "
        "or all three (default)",
    )
    contract = exercise_commands.add_parser(
        "check",
        help="list every contract member MODULE lacks or mis-types, before any scenario runs",
    )
    contract.add_argument("module", metavar="MODULE")
    steps = commands.add_parser("steps", help="print the step catalog")
    steps.add_argument(
        "--format",
        choices=["text", "markdown", "cucumber-js"],
        default="text",
        help="cucumber-js: a glue file for the Cucumber language server (editor completion)",
    )
    check = commands.add_parser(
        "check",
        help="find every mistake in feature files without running them (syntax, lint, "
        "undefined or ambiguous steps, tables, fixtures)",
    )
    check.add_argument("paths", nargs="*", metavar="PATH", help="a .feature or a folder")
    validate = commands.add_parser("validate", help="validate YAML fixture files")
    validate.add_argument("files", nargs="+", metavar="FILE")
    schemas = commands.add_parser(
        "schemas", help="print where the JSON Schemas are, or export them"
    )
    schemas.add_argument("--export", metavar="DIR", help="copy the schemas into DIR")
    commands.add_parser("demo", help="watch a demo feature run: the main use of kubeloop")
    explore = commands.add_parser(
        "explore",
        help="draw events from a scenario's Givens until a rule breaks, and print the "
        "shortest scenario that breaks it",
    )
    explore.add_argument(
        "targets",
        nargs="+",
        metavar="FEATURE[:LINE]",
        help="a .feature (or one scenario), or a folder",
    )
    explore.add_argument("--engine", help="module providing the engine contract (default kubeloop)")
    explore.add_argument("--seed", type=int, default=0, help="the seed to draw with (default 0)")
    explore.add_argument(
        "--examples", type=int, default=500, help="sequences to try per scenario (default 500)"
    )
    explore.add_argument(
        "--steps", type=int, default=8, help="most steps in one sequence (default 8)"
    )
    explore.add_argument(
        "--budget", type=float, default=60.0, help="seconds per scenario (default 60)"
    )
    explore.add_argument("--save", metavar="DIR", help="write each scenario found into DIR")
    explore.add_argument(
        "--compare",
        action="store_true",
        help="with --engine: also run kubeloop step by step and report where the worlds differ",
    )
    # -- telemetry: `kubeloop test rules` (promtool's rule unit tests) --
    from kubeloop.cli_rules import add_parser as add_test_rules  # noqa: PLC0415

    add_test_rules(commands)
    # -- end telemetry --
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    try:
        return _main(argv)
    except BrokenPipeError:  # the reader went away (`kubeloop run | head`): stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


def _main(argv: Sequence[str] | None) -> int:
    args = _parser().parse_args(argv)
    match args.command:
        case "run":
            from kubeloop.harness.runner import RunOptions, run  # noqa: PLC0415 (pytest loads lazily)

            return run(
                RunOptions(
                    args.paths,
                    args.keyword,
                    args.tags,
                    args.fail_fast,
                    args.engine,
                    args.report,
                    args.junit_steps,
                    args.workers,
                    args.step_timeout,
                    args.compare,
                    quiet=args.quiet,
                    color=args.color,
                    alluredir=args.alluredir,
                    scenario_timeout=args.scenario_timeout,
                    engine_memory=args.engine_memory,
                    fixtures_anywhere=args.fixtures_anywhere,
                    no_isolation=args.no_isolation,
                )
            )
        case "init":
            from kubeloop.harness.starter import init as init_project  # noqa: PLC0415

            return init_project(args.directory)
        case "exercise" if args.exercise_command == "check":
            from kubeloop.harness.contract_check import check as check_contract  # noqa: PLC0415

            return check_contract(args.module)
        case "exercise":
            from kubeloop.harness.exercise import init  # noqa: PLC0415

            return init(args.directory, args.lab)
        case "steps":
            from kubeloop.harness.catalog import render  # noqa: PLC0415
            from kubeloop.harness.team_phrases import load_project  # noqa: PLC0415

            load_project()  # the team's own phrases beside the project's features
            print(render(args.format), end="")
            return 0
        case "check":
            from kubeloop.core.gc_pause import gc_paused  # noqa: PLC0415

            with gc_paused(big=0):  # (start-up keeps what it makes: no collection frees any)
                from kubeloop.harness.check import check as check_features  # noqa: PLC0415

            code = check_features(args.paths)
            if argv is None:  # the process's own command, about to end: its exit's full
                gc.freeze()  # collections would walk all it made (docs/speed.md)
            return code
        case "validate":
            from kubeloop.fixtures.commands import validate  # noqa: PLC0415

            return validate(args.files)
        case "test":  # telemetry: `kubeloop test rules`
            from kubeloop.cli_rules import main as test_rules  # noqa: PLC0415

            return test_rules(args)
        case "explore":
            from kubeloop.harness.explore.command import ExploreOptions  # noqa: PLC0415
            from kubeloop.harness.explore.command import run as run_explore  # noqa: PLC0415
            from kubeloop.harness.explore.explorer import Budget  # noqa: PLC0415

            budget = Budget(args.examples, args.steps, args.budget)
            return run_explore(
                ExploreOptions(
                    args.targets, args.engine, args.seed, budget, args.save, args.compare
                )
            )
        case "schemas":
            from kubeloop.fixtures.commands import schemas  # noqa: PLC0415

            return schemas(args.export)
        case _:
            from kubeloop.harness import demo  # noqa: PLC0415

            return demo.run()


if __name__ == "__main__":
    sys.exit(main())
