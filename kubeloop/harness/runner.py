"""``kubeloop run``: pytest underneath, Gherkin progress on top, one exit code."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from kubeloop.harness.progress import Progress

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
_LINE = re.compile(r"^(.*\.feature):(\d+)$")


@dataclass
class RunOptions:
    paths: list[str] = field(default_factory=list)
    keyword: str | None = None
    tags: str | None = None
    fail_fast: bool = False
    engine: str | None = None
    extra: list[str] = field(default_factory=list)


def default_paths() -> list[str]:
    """The project's features/ when run in a project, else the suite shipped in the package."""
    local = Path.cwd() / "features"
    return [str(local)] if local.is_dir() else [str(EXAMPLES)]


def tags_to_markers(expression: str) -> str:
    """Cucumber tag expressions ("@smoke and not @wip") as pytest marker expressions."""
    return re.sub(r"@([\w-]+)", r"\1", expression)


def pytest_arguments(options: RunOptions) -> list[str]:
    # Our own progress replaces pytest's terminal output; nothing is captured, so it streams.
    args = ["-p", "no:cacheprovider", "-p", "no:terminal", "-p", "no:hypothesispytest", "-s"]
    args.append("--continue-on-collection-errors")
    for path in options.paths or default_paths():
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
    if options.engine:
        args += ["--engine", options.engine]
    return args + options.extra


def run(options: RunOptions) -> int:
    """Run the scenarios; 0 only if every selected scenario passed (and there was one)."""
    for path in options.paths:
        file = _LINE.match(path)
        if not Path(file.group(1) if file else path).exists():
            print(f"kubeloop run: no such file or folder: {path}")
            return 2
    progress = Progress()
    code = pytest.main(pytest_arguments(options), plugins=[progress])
    print(progress.summary())
    if code == pytest.ExitCode.NO_TESTS_COLLECTED:
        print("no scenarios ran: check the paths, -k and --tags")
        return 1
    return 0 if code == pytest.ExitCode.OK else 1
