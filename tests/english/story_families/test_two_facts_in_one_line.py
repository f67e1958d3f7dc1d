"""Two facts about different things in one line, joined by "and", "but", "while" or a
semicolon ("Given prod runs R1 while staging runs R2"): each is read as its own phrase, and
a name followed by its own verb is the next fact's subject, never one more environment in
a list ("R1 is live in prod and R2 is in staging" is not R1 running in an environment
called R2). Each is run as a scenario, with a case that must fail."""

from __future__ import annotations

from pathlib import Path

import pytest

from kubeloop.harness.registry import REGISTRY, load_step_library
from tests.harness.one_scenario import run_scenario

load_step_library()

_BUILDS = (
    'Given a manifest "web" version "v1"',
    'When I build "web" as R1',
    'And a manifest "web" version "v2"',
    'And I build "web" as R2',
)


@pytest.mark.parametrize(
    ("said", "check", "passes"),
    [
        ("R1 is live in prod and R2 is in staging", "staging runs R2", True),
        ("R1 is live in prod and R2 is in staging", "prod runs R1", True),
        ("R1 is live in prod and R2 is in staging", "prod runs R2", False),
        ("R1 runs in prod and R2 runs in dev", "dev runs R2", True),
        ("R2 was promoted to dev and R1 was promoted to staging", "staging runs R1", True),
    ],
)
def test_a_name_followed_by_its_own_verb_starts_the_next_fact(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, check: str, passes: bool
) -> None:
    matches = REGISTRY.match("given", said)
    assert len(matches) == 2
    assert {m.arguments.get("alias") for m in matches} == {"R1", "R2"}
    code, out = run_scenario(tmp_path, capsys, *_BUILDS, f"Given {said}", f"Then {check}")
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("said", "check", "passes"),
    [
        ("R1 is live in prod while R2 is in staging", "staging runs R2", True),
        ("R1 is live in prod; R2 is in staging", "staging runs R2", True),
        ("R1 is live in prod but R2 is only promoted to dev", "dev runs R2", True),
        ("R1 is live in prod, whereas R2 is in dev", "staging runs R2", False),
    ],
)
def test_two_facts_joined_by_a_contrast_are_both_made_true(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, check: str, passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_BUILDS, f"Given {said}", f"Then {check}")
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("prod runs R1 but staging runs R2", True),
        ("prod runs R1 while staging runs R2", True),
        ("prod runs R1; staging runs R2", True),
        ("prod runs R1 but staging runs R1", False),
        ("prod runs R2 while staging runs R2", False),
    ],
)
def test_a_check_of_two_facts_joined_by_a_contrast_checks_both(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        *_BUILDS,
        "Given R1 is live in prod and R2 is in staging",
        f"Then {check}",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("said", "replicas", "pages"),
    [
        ("storefront handles 400 requests per second, at most 80 per pod", 4, True),
        ("storefront handles 400 requests per second, at most 80 per pod", 6, False),
        ("storefront serves 400 rps with at most 100 rps per pod", 4, False),
        ("storefront gets 400 requests per second, up to 50 per pod", 6, True),
        ('"storefront" is handling 300 requests per second, no more than 100 per pod', 2, True),
    ],
)
def test_a_services_load_said_with_what_one_pod_can_take(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, replicas: int, pages: bool
) -> None:
    matches = REGISTRY.match("given", said)
    assert [m.definition.function.__name__ for m in matches] == ["the_service", "pod_capacity"]
    code, out = run_scenario(
        tmp_path,
        capsys,
        f'Given 4 nodes and a deployment "storefront" of {replicas} at v1',
        f"And {said}",
        'And an SLO "storefront-availability" of 99.9% over 30 days for storefront',
        "When 30 minutes pass",
        'Then the SLO "storefront-availability" pages',
    )
    assert (code == 0) is pages, out
