"""A name always means one thing: an environment ("staging") never stands where a
deployment's name or a version goes, and a build ("K3", "v4") never where an environment
goes, whether a line is read by its meaning (frames) or given a suggestion; a slot takes a
kind of name when its own phrase's examples give that kind there."""

from __future__ import annotations

import pytest

from kubeloop.harness.errors import UndefinedStepError
from kubeloop.harness.frames.slot_kinds import kind_of, takes
from kubeloop.harness.registry import REGISTRY, load_step_library

load_step_library()


def _definition(name: str) -> object:
    return next(d for d in REGISTRY.definitions if d.function.__name__ == name)


@pytest.mark.parametrize(
    ("text", "envs", "build"),
    [
        ("dev and staging run R1", ["dev", "staging"], "R1"),
        ("qa and prod both run K7", ["qa", "prod"], "K7"),
        ("staging and prod run v9", ["staging", "prod"], "v9"),
    ],
)
def test_two_environments_running_one_build_are_two_facts(
    text: str, envs: list[str], build: str
) -> None:
    matches = REGISTRY.match("given", text)
    assert [m.text for m in matches] == [f"{env} runs {build}" for env in envs], [
        m.text for m in matches
    ]


@pytest.mark.parametrize(
    ("text", "wrong"),
    [
        ('staging is running "orders" build K3, which was fine', "in K3"),
        ('qa is running "billing" build T4, which was good', "qa T4 is"),
    ],
)
def test_a_suggestion_puts_no_environment_or_build_in_the_others_slot(
    text: str, wrong: str
) -> None:
    offered = REGISTRY.suggestions("given", text)
    assert offered and not any(wrong in s for s in offered), offered


@pytest.mark.parametrize(
    ("said", "kind"),
    [
        ("staging", "environment"),
        ('"prod"', "environment"),
        ("Dev", "other"),  # (capitalised: a person's name)
        ("R1", "alias"),
        ("M12", "alias"),
        ("v2", "version"),
        ("2.7.0", "version"),
        ("99.9", "other"),  # (a decimal, not a version)
        ("checkout", "other"),
        ("version v3", "version"),
    ],
)
def test_the_kind_of_a_name_is_told_by_the_name(said: str, kind: str) -> None:
    assert kind_of(said) == kind


def test_a_slot_takes_the_kinds_its_examples_give() -> None:
    runs = _definition("env_runs_version")
    ship = _definition("we_ship")
    assert not takes(runs, "deployment", "name", "staging")  # type: ignore[arg-type]
    assert takes(runs, "env", "name", "staging")  # type: ignore[arg-type]
    assert not takes(runs, "env", "name", "R1")  # type: ignore[arg-type]
    assert takes(runs, "deployment", "name", "checkout")  # type: ignore[arg-type]
    assert takes(ship, "version", "version", "R1")  # type: ignore[arg-type]  # (a build named)
    assert not takes(ship, "version", "version", "prod")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("said", "kind"), [("p99", "percentile"), ("p99.9", "percentile"), ("P1", "alias")]
)
def test_a_percentile_is_a_kind_of_its_own(said: str, kind: str) -> None:
    assert kind_of(said) == kind


@pytest.mark.parametrize(
    "text",
    ["the p99 goes through the roof", "the p99 climbs to 2s", "p99 and p50 passed every gate"],
)
def test_a_percentile_is_never_read_or_offered_as_a_service_or_a_build(text: str) -> None:
    """runs17: "the p99 goes through the roof" was offered "Given p99 and then S2 passed
    every gate, …", a percentile read as a build."""
    for keyword in ("given", "when", "then"):
        for match in REGISTRY.quietly(keyword, text):
            for name, value in match.arguments.items():
                values = value if isinstance(value, tuple) else (value,)
                assert not any(str(v).startswith("p9") or str(v) == "p50" for v in values), (
                    text,
                    name,
                    match,
                )
    message = ""
    try:
        REGISTRY.match("when", text)
    except UndefinedStepError as error:  # (a line that matches nothing: its advice)
        message = str(error)
    offered = [line for line in message.splitlines() if line.startswith("    ")]
    assert not any(
        "p99 and" in line or 'service "p99"' in line or "of p99 " in line for line in offered
    ), message


def test_a_build_called_p1_is_still_a_build() -> None:
    [match] = REGISTRY.match("given", "P1 passed every gate")
    assert match.arguments["alias"] == "P1"
