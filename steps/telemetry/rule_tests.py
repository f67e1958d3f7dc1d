"""promtool's rule unit tests from a scenario: run ``kubeloop test rules`` on a test file and
check its exit code and what it printed, exactly as the command line would show them."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from kubeloop.harness.registry import then, when
from kubeloop.harness.world import World

_RUN = "kubeloop.telemetry.rule_tests"
"""Where the last run is kept on the world: (command, exit code, output)."""


@when(
    "I run <kubeloop|promtool> test rules on {path:text}[ with --run {groups:text}]",
    'I run kubeloop test rules on "rules/node_test.yml"',
    'I run promtool test rules on "tests/alerts_test.yml" with --run "instance down"',
    variants=("I run the rule unit tests <in|from|of> {path:text}[ with --run {groups:text}]",),
)
def run_rule_tests(world: World, path: str, groups: str | None = None) -> None:
    """Run ``kubeloop test rules`` (a drop-in for ``promtool test rules``) on a unit-test file,
    relative to the feature, and keep its exit code and output (stdout, then stderr, in the
    order printed) for the checks that follow."""
    # the test runner (rules, YAML, fixtures) loads with the first run: kubeloop check runs none
    from kubeloop.telemetry.promtool.command import run_unit_tests  # noqa: PLC0415

    run = None if groups is None else [groups]
    printed = io.StringIO()
    code = run_unit_tests(  # the run's --fixtures-anywhere also frees the rule files
        [str(world.resolve(path))],
        run,
        False,
        None,
        printed,
        printed,
        files_anywhere=world.options.fixtures_anywhere,
    )
    shown = printed.getvalue().replace(str(world.resolve(path)), path)
    world.parts[_RUN] = (f"kubeloop test rules {path}", code, shown)


def _last(world: World) -> tuple[str, int, str]:
    found = world.parts.get(_RUN)
    if found is None:
        raise world.fail('an earlier "When I run kubeloop test rules on …" step', "none ran")
    command, code, output = found
    return command, code, output


@then(
    "the exit code is {code:n}",
    "the exit code is 1",
    variants=("<it|the command|the run> <exits|exited> with [code ]{code:n}",),
)
def the_exit_code_is(world: World, code: int) -> None:
    """The last command's exit status: 0 every test passed, 1 a test failed or a file broke."""
    command, got, output = _last(world)
    if got != code:
        raise world.fail(f"{command} to exit with {code}", f"it exited with {got}:\n{output}")


def _verdict(world: World, wanted: int) -> None:
    command, got, output = _last(world)
    if got != wanted:
        verdict = "fail" if wanted else "pass"
        raise world.fail(f"{command} to {verdict}", f"it exited with {got}:\n{output}")


@then("the rule tests <pass|passed|succeed|succeeded>", "the rule tests pass")
def the_rule_tests_pass(world: World) -> None:
    """The last run printed SUCCESS for every file: exit code 0."""
    _verdict(world, 0)


@then("the rule tests <fail|failed>", "the rule tests fail")
def the_rule_tests_fail(world: World) -> None:
    """A test of the last run failed, or a file was broken: exit code 1."""
    _verdict(world, 1)


@then(
    "the output <contains|says|shows|includes|mentions> {text:text}",
    'the output contains "FAILED"',
)
def the_output_contains(world: World, text: str) -> None:
    """The last command printed TEXT (stdout or stderr)."""
    command, _, output = _last(world)
    if text not in output:
        raise world.fail(f"{command} to print {text!r}", output)


@then(
    "the output <does not contain|doesn't contain|does not say|does not mention> {text:text}",
    'the output does not contain "FAILED"',
)
def the_output_lacks(world: World, text: str) -> None:
    """The last command never printed TEXT."""
    command, _, output = _last(world)
    if text in output:
        raise world.fail(f"{command} not to print {text!r}", output)


def _check_test_file(source: str | Path, _: str, __: dict[str, Any]) -> None:
    """What ``kubeloop check`` reads of a promtool test file: that it is one, inside the
    project. Its content is the run's subject (a broken file is how a scenario tests the
    output), so only the run reads it."""
    from kubeloop.fixtures.yamlsafe import read_text  # noqa: PLC0415

    assert isinstance(source, Path)
    read_text(source)


run_rule_tests.fixture_argument = "path"  # type: ignore[attr-defined]
run_rule_tests.fixture_reader = _check_test_file  # type: ignore[attr-defined]
