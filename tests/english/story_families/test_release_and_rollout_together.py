"""A release and its rollout told together, across the pipeline and the cluster: a build
"rolled out to" a deployment or an environment (the world says which), a build that "went
through" the environments, an approval and a rollout in one sentence whose budget has its
own "and", "roll it out" with the build said last, a clause without its subject, and
rollbacks counted by who made them. Each family is run as a scenario, with a case that must
fail."""

from __future__ import annotations

from pathlib import Path

import pytest

from kubeloop.harness.registry import REGISTRY, load_step_library
from tests.harness.one_scenario import run_scenario

load_step_library()

_SHOP = (
    'Given 3 nodes running "shop" with 4 replicas at v1',
    "And shop v1 was built as S1, passed every gate and is live in prod",
    "When shop v2 is built as S2",
)


@pytest.mark.parametrize(
    ("said", "check", "passes"),
    [
        (
            'S2 is approved, promoted to prod and rolled out to "shop"',
            "every shop pod runs S2",
            True,
        ),
        ("S2 is approved, promoted to prod and rolled out to shop", "every shop pod runs S2", True),
        ("S2 passed every gate and was rolled out to staging", "staging runs S2", True),
        ("S2 passed every gate and was rolled out to staging", "every shop pod runs S2", False),
        ("S2 was signed and rolled out to staging and prod", "prod runs S2", True),
        # never signed: admission refuses it
        ('S2 is approved and has been rolled out to "shop"', "every shop pod runs S2", False),
    ],
)
def test_rolled_out_to_means_what_the_world_knows_the_name_as(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, check: str, passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_SHOP, f"Given {said}", f"Then {check}")
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    "said",
    [
        "S2 passed every gate and was rolled out to storefront",
        'S2 passed every gate and was rolled out to "prod"',
    ],
)
def test_rolled_out_to_a_name_that_is_no_place_fails_at_its_line_and_changes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_SHOP, f"Given {said}", "Then staging runs S1")
    assert code != 0
    assert "an environment or a deployment named" in out
    assert "deployments: shop" in out
    assert "run 2 of S2" not in out  # its gates never ran: the line changed nothing


@pytest.mark.parametrize(
    ("said", "check", "passes"),
    [
        ("S2 passed every gate and went through dev, staging and prod", "staging runs S2", True),
        ("S2 passed every gate and went through dev, staging and prod", "prod runs S1", True),
        ("S2 passed every gate and went through dev, staging and prod", "prod runs S2", False),
        ("S2 moved through dev and staging", "staging runs S2", True),
        ("S2 has gone through dev and staging", "dev runs S2", True),
    ],
)
def test_went_through_the_environments_is_promoted_held_where_approval_is_needed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, check: str, passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_SHOP, f"Given {said}", f"Then {check}")
    assert (code == 0) is passes, out


_PROMOTED = "Given S2 passed every gate and was promoted to dev, staging and prod"


@pytest.mark.parametrize(
    ("said", "passes"),
    [
        (
            "I approve S2 for prod and roll it out to shop with maxSurge 1 and maxUnavailable 0",
            True,
        ),
        (
            "I approve S2 for prod and then roll it out to shop with maxSurge 25% and "
            "maxUnavailable 0",
            True,
        ),
        ("I roll it out to shop with maxSurge 1 and maxUnavailable 0", False),
        ("we approve S2 for prod and roll it out to shop", True),
        (
            "I sign S2, approve it for prod and roll it out to shop with maxSurge 2 and "
            "maxUnavailable 1",
            True,
        ),
    ],
)
def test_an_approval_and_a_rollout_in_one_sentence_roll_out_the_build_said_last(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path, capsys, *_SHOP, _PROMOTED, f"When {said}", "Then every shop pod runs S2"
    )
    assert (code == 0) is passes, out


def test_roll_it_out_to_a_deployment_never_rolls_it_to_a_version_named_after_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        *_SHOP,
        "Given S2 passed every gate and was promoted to dev and staging",
        "When I roll it out to shop",
        "Then every shop pod runs S1",
    )
    assert code != 0
    assert "never approved for prod" in out  # S2 was refused, shop did not go to "shop"


@pytest.mark.parametrize(
    ("text", "reading"),
    [
        (
            "shop 5.2.9 was built as S1, passed every gate and runs in prod",
            ["version_built_as"],
        ),
        ("S1 passed every gate and runs in prod", ["what_happened"]),
        ("S1 runs in prod", ["what_happened"]),
    ],
)
def test_a_clause_without_its_subject_never_names_a_build_after_its_verb(
    text: str, reading: list[str]
) -> None:
    matches = REGISTRY.match("given", text)
    assert [m.definition.function.__name__ for m in matches] == reading
    assert all(m.arguments.get("alias") not in ("runs", "is", "was") for m in matches)


_SELF_ROLLING = (
    'Given 3 nodes running "shop" with 4 replicas at v1',
    "And shop gets 200 requests per second",
    'And an SLO "shop-availability" of 99.5% over 30 days on shop',
    "And shop rolls back automatically when that SLO pages",
    "And shop v1 was built as S1, passed every gate and is live in prod",
    "When shop v2 is built as S2",
    _PROMOTED,
    "And pods running S2 fail 30% of requests",
    "When I approve S2 for prod and roll it out to shop",
)


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("an alert rolled prod back exactly once", True),
        ("prod rolled itself back once", True),
        ('the SLO "shop-availability" rolled prod back once', True),
        ("that SLO rolled prod back at least once", True),
        ("prod was rolled back automatically exactly once", True),
        ("a page rolled prod back twice", False),
        ("no alert rolled prod back", False),
        ("automation rolled back prod at most once", True),
        ('the SLO "shop-latency" rolled prod back once', False),
        ("prod rolled back automatically", True),
        ("prod is rolled back", True),
    ],
)
def test_rollbacks_counted_by_who_made_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path, capsys, *_SELF_ROLLING, "And 20 minutes pass", f"Then {check}"
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("prod was rolled back exactly once", True),
        ("an alert rolled prod back exactly once", False),
        ("no alert rolled prod back", True),
        ("prod was never rolled back automatically", True),
        ("prod rolled back automatically", False),
        ("prod was rolled back", True),
        ("staging was rolled back", False),
    ],
)
def test_a_rollback_by_hand_is_not_one_automation_made(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        *_SHOP,
        "Given S2 is signed, approved and promoted all the way to prod",
        "When I roll back prod to S1",
        f"Then {check}",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("said", "check", "passes"),
    [
        (
            '"shop" is built as S3, passes every gate and is approved into prod',
            "prod runs S3",
            True,
        ),
        (
            '"shop" is built as S3, passes every gate and is approved into prod',
            "prod runs S1",
            False,
        ),
        (
            '"shop" is built as S3 and runs in staging',
            "staging runs S3",
            True,
        ),
    ],
)
def test_a_clause_without_its_subject_is_about_the_build_said_last(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, check: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        'Given 3 nodes running "shop" with 4 replicas at v1',
        "And shop v1 was built as S1, passed every gate and is live in prod",
        'And a manifest "shop" version "v3"',
        f"Given {said}",
        f"Then {check}",
    )
    assert (code == 0) is passes, out
