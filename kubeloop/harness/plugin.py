"""The kubeloop pytest plugin (registered through the ``pytest11`` entry point).

It collects every ``.feature`` file, gives each scenario a fresh ``world`` over the
chosen engine, and runs every step through the step registry (execute.py), so a step
costs one indexed lookup however large the vocabulary grows.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import pytest

from kubeloop.harness import gherkin_source, isolation, labs
from kubeloop.harness.collect import FeatureFile
from kubeloop.harness.engine import engine_name, load_engine
from kubeloop.harness.errors import HarnessError, ScenarioAssertionError
from kubeloop.harness.execute import run_item
from kubeloop.harness.recorder import Recorder
from kubeloop.harness.scenarios import scenario_line, scenario_template
from kubeloop.harness.shown_paths import relative
from kubeloop.harness.step_context import RunOptions
from kubeloop.harness.time_limit import DEFAULT_SECONDS, PER_SIMULATED_DAY
from kubeloop.harness.workers import pytest_xdist_auto_num_workers  # noqa: F401 (-n auto)
from kubeloop.harness.world import World


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("kubeloop")
    group.addoption(
        "--engine",
        default=None,
        help="module providing the engine contract (default: $KUBELOOP_ENGINE or kubeloop)",
    )
    group.addoption(
        "--kubeloop-record",
        choices=["steps", "pictures"],
        default=None,
        help="record every scenario's steps, or its steps and end state, for kubeloop's "
        "progress and reports (kubeloop run sets this)",
    )
    group.addoption(
        "--step-timeout",
        type=float,
        default=DEFAULT_SECONDS,
        metavar="SECONDS",
        help=f"fail a step that uses more CPU seconds than this (default {DEFAULT_SECONDS:g}, "
        f"plus {PER_SIMULATED_DAY:g} a simulated day the step lets pass; 0: no limit)",
    )
    group.addoption(
        "--scenario-timeout",
        type=float,
        default=isolation.DEFAULT_SCENARIO_SECONDS,
        metavar="SECONDS",
        help="with --engine: kill a scenario's process after this many seconds of wall clock "
        f"(default {isolation.DEFAULT_SCENARIO_SECONDS:g})",
    )
    group.addoption(
        "--engine-memory",
        type=int,
        default=isolation.DEFAULT_MEMORY_MB,
        metavar="MB",
        help=f"with --engine: address-space limit of a scenario's process "
        f"(default {isolation.DEFAULT_MEMORY_MB})",
    )
    group.addoption(
        "--no-isolation",
        action="store_true",
        default=False,
        help="with --engine: run the engine in the harness's own process (debugging only)",
    )
    group.addoption(
        "--fixtures-anywhere",
        action="store_true",
        default=False,
        help="let fixture paths leave the project folder (by default they must stay inside)",
    )
    group.addoption(
        "--kubeloop-line",
        action="append",
        default=[],
        metavar="FILE:LINE",
        help="run only the scenario at this line of this feature file",
    )


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "skip: a Gherkin @skip tag: the scenario is skipped")
    config.addinivalue_line(
        "markers",
        f"{EXACT_TAG}: the scenario pins kubeloop's own numbers, bytes or hints; skipped when "
        "another engine is graded",
    )
    config.addinivalue_line(
        "markers",
        f"{TOOL_TAG}: the scenario runs kubeloop's own command line, not the engine; skipped "
        "when another engine is graded",
    )
    engine = engine_name(config.getoption("engine"))
    if engine != "kubeloop" and isolation.available() and not config.getoption("no_isolation"):
        plugin = isolation.Isolation(
            engine,
            config.getoption("scenario_timeout"),
            config.getoption("engine_memory"),
            config.getoption("step_timeout"),
        )
        config.pluginmanager.register(plugin, "kubeloop-isolation")
    record = config.getoption("kubeloop_record")
    if record:
        recorder = Recorder(engine_name(config.getoption("engine")), pictures=record == "pictures")
        config.pluginmanager.register(recorder, "kubeloop-recorder")


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    if file_path.suffix == ".feature":
        feature: pytest.Collector = FeatureFile.from_parent(parent, path=file_path)
        return feature
    return None


@pytest.hookimpl(tryfirst=True)
def pytest_bdd_apply_tag(tag: str, function: Any) -> bool | None:
    if tag == "skip":
        pytest.mark.skip(reason="tagged @skip")(function)
        return True
    return None


EXACT_TAG = "kubeloop-exact"
EXACT_REASON = (
    "@kubeloop-exact: pins kubeloop's own numbers, bytes or hints (how many steps, exact "
    'peaks, a signature over kubeloop\'s key derivation, a "known:" list); a correct engine '
    "may differ within the rules"
)


TOOL_TAG = "kubeloop-tool"
TOOL_REASON = (
    "@kubeloop-tool: runs kubeloop's own command line (kubeloop test rules), which grades no engine"
)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    engine = engine_name(config.getoption("engine"))
    grading = engine != "kubeloop"
    if grading:
        _one_lab_at_a_time(config, engine, items)
    for item in items:
        if grading and item.get_closest_marker(EXACT_TAG) is not None:
            item.add_marker(pytest.mark.skip(reason=EXACT_REASON))
        if grading and item.get_closest_marker(TOOL_TAG) is not None:
            item.add_marker(pytest.mark.skip(reason=TOOL_REASON))
        template = scenario_template(item)
        if template is not None:
            item.repr_failure = functools.partial(_repr_failure, item)  # type: ignore[method-assign]
            location = f"{relative(item.path)}:{template.line_number}"
            item.user_properties.append(("kubeloop_location", location))
            item.user_properties.append(("kubeloop_scenario", template.name))
    wanted = config.getoption("kubeloop_line")
    if not wanted:
        return
    targets: dict[Path, list[int]] = {}
    for spec in wanted:
        file, _, line = spec.rpartition(":")
        targets.setdefault(Path(file).resolve(), []).append(int(line))
    starts: dict[Path, list[int]] = {}
    for item in items:
        starts.setdefault(item.path.resolve(), []).append(scenario_line(item) or 0)
    keep, drop = [], []
    for item in items:
        path = item.path.resolve()
        lines = targets.get(path)
        if lines is None or any(_selects(item, line, starts[path]) for line in lines):
            keep.append(item)  # a file given without a line runs whole
        else:
            drop.append(item)
    if drop:
        config.hook.pytest_deselected(items=drop)
    items[:] = keep


def _one_lab_at_a_time(config: pytest.Config, engine: str, items: list[pytest.Item]) -> None:
    """Leave out the scenarios of the labs the engine does not implement (they would grade
    kubeloop's own mechanism), unless the user named them: a feature file, or a folder
    inside one lab's features."""
    named = []
    for arg in config.args:
        path = (config.invocation_params.dir / arg.split("::", 1)[0]).resolve()
        if path.is_file() or labs.lab_of(path / "-") is not None:
            named.append(path)
    by_lab = {item: labs.lab_of(item.path) for item in items}
    if not any(lab is not None for lab in by_lab.values()):
        return  # the user's own features: nothing to tell apart
    implemented = labs.implemented_by(engine)
    keep: list[pytest.Item] = []
    drop: list[pytest.Item] = []
    for item in items:
        path = item.path.resolve()
        chosen = any(path.is_relative_to(root) for root in named)
        (keep if chosen or implemented.grades(by_lab[item]) else drop).append(item)
    if implemented.implemented is not None:  # else the engine cannot be imported: every
        # scenario says so
        config.stash[labs.NOTE] = implemented.describe(engine, (str(by_lab[i]) for i in drop))
    if drop:
        config.hook.pytest_deselected(items=drop)
        items[:] = keep


def _selects(item: pytest.Item, line: int, starts: list[int]) -> bool:
    """Does ``FILE:LINE`` name this item: its scenario, or its own row of an outline?"""
    template = scenario_template(item)
    if template is None:
        return False
    rows = gherkin_source.load(item.path.resolve(), relative(item.path)).row_lines(
        template.line_number
    )
    if line in rows:
        callspec = getattr(item, "callspec", None)
        index = None if callspec is None else callspec.indices.get("_pytest_bdd_example")
        return index is not None and rows[index] == line
    nearest: int = max((s for s in starts if s <= line), default=-1)
    return nearest == int(template.line_number)


def pytest_pyfunc_call(pyfuncitem: pytest.Function) -> bool | None:
    """Run a kubeloop scenario in place of pytest's own call of its test function (which
    is ``trylast``, so this runs before it)."""
    return run_item(pyfuncitem) or None


def _repr_failure(item: pytest.Item, excinfo: pytest.ExceptionInfo[BaseException]) -> Any:
    """Show the harness's own failures as their message alone: they say everything already,
    and formatting pytest's traceback of one costs more than the whole scenario (and a
    learner's first run fails every scenario)."""
    if isinstance(excinfo.value, HarnessError | ScenarioAssertionError):
        return f"{type(excinfo.value).__name__}: {excinfo.value}"
    return type(item).repr_failure(item, excinfo)


@pytest.fixture(scope="session")
def kubeloop_engine(request: pytest.FixtureRequest) -> tuple[str, Any]:
    name = engine_name(request.config.getoption("engine"))
    return name, load_engine(name)


@pytest.fixture
def world(request: pytest.FixtureRequest, kubeloop_engine: tuple[str, Any]) -> World:
    name, module = kubeloop_engine
    options = RunOptions(
        step_timeout=request.config.getoption("step_timeout"),
        fixtures_anywhere=request.config.getoption("fixtures_anywhere"),
    )
    return World(module, name, request.node.path.parent, options)
