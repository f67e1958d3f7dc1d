"""Runs a kubeloop scenario: every step straight to the step registry, pytest-bdd's hooks
around each step as pytest-bdd itself fires them.

pytest-bdd finds a step's definition by walking every fixture pytest knows, once per step
(twice with its reporting); a kubeloop feature's steps all go to the registry, so the
scenario test built here skips that lookup. The hooks (``pytest_bdd_before_scenario``,
``…_before_step``, ``…_before_step_call``, ``…_after_step``, ``…_step_error``,
``…_after_scenario``) fire with the same arguments, so the recorder, isolation and
pytest-bdd's own reporting see exactly what they saw before.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from weakref import WeakKeyDictionary

import pytest
from _pytest.outcomes import Failed
from pytest_bdd.scenario import collect_example_parametrizations, scenario_wrapper_template_registry

from kubeloop.harness.errors import HarnessError, UndefinedStepError
from kubeloop.harness.registry import REGISTRY
from kubeloop.harness.shown_paths import relative
from kubeloop.harness.step_context import Step
from kubeloop.harness.time_limit import time_limit
from kubeloop.harness.world import World


def bind(config: pytest.Config, feature: Any, template: Any, shown_as: str) -> Callable[..., None]:
    """The test function of one scenario (an outline's is parametrized by its examples).

    The plugin's ``pytest_pyfunc_call`` runs it (``run_item``) with the item's own request,
    so the function asks pytest for no ``request`` fixture: each fixture pytest sets up costs
    a scenario more than its own bookkeeping. For the same reason a scenario without
    examples asks for no ``_pytest_bdd_example`` (pytest-bdd's is always ``{}`` then).
    """
    examples = collect_example_parametrizations(template)
    if examples is None:

        def scenario_wrapper() -> None:
            _called_directly()

        test: Callable[..., None] = scenario_wrapper
    else:

        def outline_wrapper(_pytest_bdd_example: dict[str, str]) -> None:
            _called_directly()

        test = pytest.mark.parametrize("_pytest_bdd_example", examples)(outline_wrapper)
    rule_tags = set() if template.rule is None else template.rule.tags
    for tag in template.tags | feature.tags | rule_tags:
        config.hook.pytest_bdd_apply_tag(tag=tag, function=test)
    test.__doc__ = f"{shown_as}: {template.name}"
    scenario_wrapper_template_registry[test] = template
    SCENARIOS[test] = (feature, template)
    return test


SCENARIOS: WeakKeyDictionary[Callable[..., None], tuple[Any, Any]] = WeakKeyDictionary()
"""The feature and scenario template behind each test function ``bind`` made."""


def run_item(item: pytest.Function) -> bool:
    """Run a kubeloop scenario's test item (False: the item is some other test)."""
    __tracebackhide__ = True
    bound = SCENARIOS.get(item.obj)
    if bound is None:
        return False
    feature, template = bound
    example = item.funcargs.get("_pytest_bdd_example", {})
    # the request pytest would have passed as a ``request`` argument: the item's own
    _execute(feature, template.render(example), item._request)
    return True


def _called_directly() -> None:
    raise HarnessError(
        "a kubeloop scenario runs through pytest with the kubeloop plugin "
        "(its pytest_pyfunc_call), not by calling its test function"
    )


def _execute(feature: Any, scenario: Any, request: pytest.FixtureRequest) -> None:
    __tracebackhide__ = True
    hook = request.config.hook
    hook.pytest_bdd_before_scenario(request=request, feature=feature, scenario=scenario)
    try:
        world: World = request.getfixturevalue("world")
        where = relative(feature.filename)
        world.scenario_steps = tuple((s.type, s.name, s.line_number) for s in scenario.steps)
        steps = list(scenario.steps)
        for index, step in enumerate(steps):
            following = steps[index + 1] if index + 1 < len(steps) else None
            _prepare(world, step, where, following)
            _execute_step(request, feature, scenario, step, world)
    finally:
        hook.pytest_bdd_after_scenario(request=request, feature=feature, scenario=scenario)


def _checks_error(step: Any) -> bool:
    """Whether a step checks the rejection of the one before it (an unmatched step does
    not: the rejection is then reported at its own step)."""
    try:
        matches = REGISTRY.match(step.type, step.name)
    except HarnessError:
        return False
    return any(getattr(m.definition.function, "checks_error", False) for m in matches)


def _prepare(world: World, step: Any, where: str, following: Any) -> None:
    """The world's view of the step about to run (FOLLOWING: the step after it, or None)."""
    world.step = Step(
        text=step.name,
        label=f"{step.keyword.strip()} {step.name}",
        location=f"{where}:{step.line_number}",
        docstring=step.docstring,
        datatable=None
        if step.datatable is None
        else tuple(tuple(cell.value for cell in row.cells) for row in step.datatable.rows),
        is_last=following is None,
        next_checks_error=following is not None and _checks_error(following),
    )
    world.report.expansion = []


def _execute_step(
    request: pytest.FixtureRequest, feature: Any, scenario: Any, step: Any, world: World
) -> None:
    __tracebackhide__ = True
    hook = request.config.hook
    function = STEP_FUNCTIONS[step.type]
    kw: dict[str, Any] = {
        "request": request,
        "feature": feature,
        "scenario": scenario,
        "step": step,
        "step_func": function,
        "step_func_args": {},
    }
    hook.pytest_bdd_before_step(**kw)
    try:
        kw["step_func_args"] = {"world": world}
        hook.pytest_bdd_before_step_call(**kw)
        function(world)
    except (Exception, Failed) as exception:
        hook.pytest_bdd_step_error(exception=exception, **kw)
        raise
    hook.pytest_bdd_after_step(**kw)


def run_step(keyword: str, world: World) -> None:
    world.report.matches = ()
    try:
        matches = REGISTRY.match(keyword, world.step.text)
    except UndefinedStepError as error:
        raise UndefinedStepError(
            f"{world.step.location}: {error}{_other_undefined(world)}"
        ) from None
    world.report.matches = matches
    with time_limit(world.options.step_timeout, world.step.label):
        world.run(keyword, matches)


def _other_undefined(world: World) -> str:
    """Every other step of the scenario that matches nothing, so one run shows them all."""
    where = world.step.location.rsplit(":", 1)[0]
    others = []
    for kind, text, line in world.scenario_steps:
        if text == world.step.text and f"{where}:{line}" == world.step.location:
            continue
        try:
            REGISTRY.match(kind, text)
        except UndefinedStepError:
            others.append(f"  {where}:{line}: {kind.title()} {text}")
        except HarnessError:
            continue
    return "\nthe scenario's other undefined steps:\n" + "\n".join(others) if others else ""


def given(world: World) -> None:
    """A Given step of a kubeloop feature, run by the step registry."""
    run_step("given", world)


def when(world: World) -> None:
    """A When step of a kubeloop feature, run by the step registry."""
    run_step("when", world)


def then(world: World) -> None:
    """A Then step of a kubeloop feature, run by the step registry."""
    run_step("then", world)


STEP_FUNCTIONS: dict[str, Callable[[World], None]] = {"given": given, "when": when, "then": then}
