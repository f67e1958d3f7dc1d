"""``kubeloop run``: pytest underneath, Gherkin progress on top, reports, one exit code."""

from __future__ import annotations

import gc
import os
import re
import sys
import time
from dataclasses import dataclass, field, replace
from pathlib import Path

import pytest

from kubeloop.harness.colour import use_colour
from kubeloop.harness.compare import compare
from kubeloop.harness.engine import ENGINE_VARIABLE, engine_name
from kubeloop.harness.progress import Progress
from kubeloop.harness.reports import ordered, write_reports
from kubeloop.harness.reports.allure import write_allure
from kubeloop.harness.reports.scoreboard import scoreboard
from kubeloop.harness.shown_paths import from_shown

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
_LINE = re.compile(r"^(.*\.feature):(\d+)$")
INTERRUPTED = 130
"""The exit status of a run stopped by Ctrl-C or SIGTERM, as a shell reports SIGINT."""


@dataclass
class RunOptions:
    paths: list[str] = field(default_factory=list)
    keyword: str | None = None
    tags: str | None = None
    fail_fast: bool = False
    engine: str | None = None
    report: str | None = None
    junit_steps: bool = False
    workers: int | str = 0
    """Worker processes, or "auto" (serial below workers.BREAK_EVEN scenarios)."""
    step_timeout: float | None = None
    compare: str | None = None
    quiet: bool = False
    scenario_timeout: float | None = None
    engine_memory: int | None = None
    fixtures_anywhere: bool = False
    color: str = "auto"
    """auto (a terminal, unless NO_COLOR is set), always or never."""
    no_isolation: bool = False
    """Run the engine under test in this process (debugging only)."""
    alluredir: str | None = None


def default_paths() -> list[str]:
    """The project's features/ when run in a project, else the suite shipped in the package."""
    local = Path.cwd() / "features"
    return [str(local)] if local.is_dir() else [str(EXAMPLES)]


def tags_to_markers(expression: str) -> str:
    """Cucumber tag expressions ("@smoke and not @wip") as pytest marker expressions."""
    return re.sub(r"@([\w-]+)", r"\1", expression)


def pytest_arguments(options: RunOptions, engine: str | None = None) -> list[str]:
    # Our own progress replaces pytest's terminal output; nothing is captured, so it streams.
    args = ["-p", "no:cacheprovider", "-p", "no:hypothesispytest", "-p", "no:terminal", "-s"]
    pictures = options.report or options.alluredir
    args.append(f"--kubeloop-record={'pictures' if pictures else 'steps'}")
    if options.alluredir:  # kubeloop writes the results: allure-pytest, if installed, must not
        args += ["-p", "no:allure_pytest"]
    args.append("--continue-on-collection-errors")
    if options.workers:
        args += ["-n", str(options.workers), "--dist", "loadfile"]
    for path in map(from_shown, options.paths or default_paths()):
        match = _LINE.match(path)
        if match:
            args += [match.group(1), f"--kubeloop-line={match.group(1)}:{match.group(2)}"]
        else:
            args.append(path)
    if options.keyword:
        args += ["-k", options.keyword]
    if options.tags:
        args += ["-m", tags_to_markers(options.tags)]
    if options.fail_fast:
        args.append("-x")
    if engine or options.engine:
        args += ["--engine", engine or options.engine or ""]
    if options.step_timeout is not None:
        args += ["--step-timeout", str(options.step_timeout)]
    if options.scenario_timeout is not None:
        args += ["--scenario-timeout", str(options.scenario_timeout)]
    if options.engine_memory is not None:
        args += ["--engine-memory", str(options.engine_memory)]
    if options.fixtures_anywhere:
        args.append("--fixtures-anywhere")
    if options.no_isolation:
        args.append("--no-isolation")
    return args


def _collect(options: RunOptions, engine: str | None, show: bool) -> tuple[int, Progress]:
    colour = use_colour(options.color, os.environ, sys.stdout.isatty())
    progress = Progress(
        write=print if show else (lambda _: None), quiet=options.quiet, colour=colour
    )
    try:
        code = pytest.main(pytest_arguments(options, engine), plugins=[progress])
    finally:
        gc.unfreeze()  # Progress froze the collected items; the run is over
    return int(code), progress


def run(options: RunOptions) -> int:
    """Run the scenarios; 0 only if every selected scenario passed (and there was one)."""
    for path in map(from_shown, options.paths):
        file = _LINE.match(path)
        if not Path(file.group(1) if file else path).exists():
            print(f"kubeloop run: no such file or folder: {path}")
            return 2
    started = time.time_ns()
    code, progress = _collect(options, None, show=True)
    print(progress.summary())
    engine = engine_name(options.engine)
    if options.engine or os.environ.get(ENGINE_VARIABLE):  # grading an engine: a learner's path
        print(scoreboard(progress.records))
    if options.report:
        written = write_reports(
            progress.records, Path(options.report), started, engine, options.junit_steps
        )
        print("reports: " + ", ".join(str(p) for p in written))
    if options.alluredir:
        count = write_allure(ordered(progress.records), Path(options.alluredir), started)
        print(
            f"allure: {count} results in {options.alluredir} (allure generate {options.alluredir})"
        )
    if code == pytest.ExitCode.INTERRUPTED:  # Ctrl-C or SIGTERM: stop, reports written
        print(f"interrupted: the reports hold the {len(progress.records)} scenarios that finished")
        return INTERRUPTED
    if options.compare:  # the other engine runs the feature files this run graded, no more
        graded = sorted({r.uri for r in progress.records if not r.is_file_error})
        _, other = _collect(replace(options, paths=graded or options.paths), options.compare, False)
        print(compare(engine, progress.records, options.compare, other.records))
    if code == pytest.ExitCode.NO_TESTS_COLLECTED or not progress.records:
        print("no scenarios ran: check the paths, -k and --tags")
        return 1
    return 0 if code == pytest.ExitCode.OK else 1
