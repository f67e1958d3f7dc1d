"""Rollout arithmetic, rows from deployment_util_test.go, rolling_test.go and sync_test.go."""

import pytest

from kubeloop.cluster.controllers.rollout_math import (
    Sized,
    new_rs_new_replicas,
    proportional_scale,
    round_half_away,
)
from kubeloop.cluster.surge_budget import max_unavailable, resolve_fenceposts
from kubeloop.errors import InvalidSpecError


@pytest.mark.parametrize(
    ("surge", "unavailable", "replicas", "expected"),
    [
        ("0%", "0%", 0, (0, 1)),
        ("39%", "39%", 10, (4, 3)),
        (0, "39%", 10, (0, 3)),
        ("39%", 0, 10, (4, 0)),
        (0, 0, 10, (0, 1)),
        ("25%", "25%", 10, (3, 2)),
        ("25%", "25%", 3, (1, 0)),
        (1, 0, 4, (1, 0)),
    ],
)
def test_resolve_fenceposts(
    surge: int | str, unavailable: int | str, replicas: int, expected: tuple[int, int]
) -> None:
    assert resolve_fenceposts(surge, unavailable, replicas) == expected


@pytest.mark.parametrize("bad", ["oops", "urg", "12"])
def test_resolve_fenceposts_rejects_garbage(bad: str) -> None:
    with pytest.raises(InvalidSpecError, match="invalid value for IntOrString"):
        resolve_fenceposts(bad, 1, 10)


@pytest.mark.parametrize(
    ("replicas", "unavailable", "expected"),
    [(10, 5, 5), (5, 10, 5), (0, 1, 0), (10, "50%", 5), (5, "100%", 5)],
)
def test_max_unavailable(replicas: int, unavailable: int | str, expected: int) -> None:
    assert max_unavailable(1, unavailable, replicas) == expected


@pytest.mark.parametrize(
    ("replicas", "surge", "all_replicas", "new", "expected"),
    [
        (10, 0, 10, 0, 0),  # maxSurge 0: no scale
        (10, 2, 10, 0, 2),
        (10, 2, 5, 0, 7),
        (10, 2, 12, 2, 2),
        (6, 10, 7, 2, 6),  # "scale up - to depReplicas" (other RS of 5 plus new 2)
        (1, 1, 10, 5, 5),  # "can not scale up - to newRSReplicas"
    ],
)
def test_new_rs_new_replicas(
    replicas: int, surge: int, all_replicas: int, new: int, expected: int
) -> None:
    assert new_rs_new_replicas(replicas, surge, all_replicas, new) == expected


def test_proportional_scaling_up_5_to_10() -> None:
    sets = [Sized("v1", 3, 5, 1), Sized("v2", 2, 5, 2)]
    assert proportional_scale(sets, 10, 0) == {"v1": 6, "v2": 4}


def test_proportional_scaling_down_5_to_3() -> None:
    sets = [Sized("v1", 3, 5, 1), Sized("v2", 2, 5, 2)]
    assert proportional_scale(sets, 3, 0) == {"v1": 2, "v2": 1}


@pytest.mark.parametrize(
    ("value", "rounded"), [(2.5, 3), (1.5, 2), (-2.5, -3), (1.2, 1), (0.49, 0)]
)
def test_go_math_round_is_half_away_from_zero(value: float, rounded: int) -> None:
    assert round_half_away(value) == rounded
