"""Each axis (kubeloop/harness/axes/) reads a line one word off a phrase as that phrase,
with the same arguments, in every mechanism: a hedge, a bound, a tense, a preposition, an
article, a number in words. The sentences are our own, several per axis, most in no
corpus; each is read exactly as its plain twin (the same definition, the same arguments),
and lines that only look like a move on an axis are not read as one."""

from __future__ import annotations

import pytest

from kubeloop.harness.registry import REGISTRY


def reading(keyword: str, text: str) -> list[tuple[str, str]]:
    """What a line does: each phrase it runs and that phrase's arguments."""
    return [
        (m.definition.function.__name__, repr(sorted(m.arguments.items())))
        for m in REGISTRY.quietly(keyword, text)
    ]


def same_reading(keyword: str, said: str, plain: str) -> None:
    expected = reading(keyword, plain)
    assert expected, f"the plain twin {plain!r} reads nothing"
    assert reading(keyword, said) == expected, (said, reading(keyword, said), expected)


@pytest.mark.parametrize(
    ("keyword", "said", "plain"),
    [
        ("then", "R1 is already running in prod", "R1 is running in prod"),
        ("then", 'the alert "PayErrors" is still firing', 'the alert "PayErrors" is firing'),
        ("then", "exactly 4 web pods are currently running", "exactly 4 web pods are running"),
        (
            "then",
            "the pipeline is still blocked at the unit tests",
            "the pipeline is blocked at the unit tests",
        ),
        ("when", "node-2 has actually failed", "node-2 has failed"),
        ("then", "prod is definitely running R6", "prod is running R6"),
        ("then", "C4 is still signed", "C4 is signed"),
        (
            "given",
            "the coverage threshold is already 85%",
            "the coverage threshold is 85%",
        ),
        (
            "then",
            "prod was rolled back exactly 1 time, as expected",
            "prod was rolled back exactly 1 time",
        ),
        (
            "then",
            'the error budget of "pay" is still not exhausted',
            'the error budget of "pay" is not exhausted',
        ),
        ("when", "the system recovers on its own", "the system recovers on its own"),
        ("then", "web has exactly 6 replicas by itself", "web has exactly 6 replicas"),
    ],
)
def test_a_hedge_changes_nothing(keyword: str, said: str, plain: str) -> None:
    same_reading(keyword, said, plain)


@pytest.mark.parametrize(
    ("keyword", "said", "plain"),
    [
        (
            "then",
            "no fewer than 5 orders pods stayed ready throughout",
            "at least 5 orders pods stayed ready throughout",
        ),
        (
            "then",
            "there were never over 8 catalog pods",
            "there were never more than 8 catalog pods",
        ),
        (
            "then",
            "a minimum of 3 ledger pods stayed available during the drain",
            "at least 3 ledger pods stayed available during the drain",
        ),
        (
            "given",
            'each pod of "web" serves a maximum of 50 requests per second',
            'each pod of "web" serves at most 50 requests per second',
        ),
        (
            "then",
            '"storefront" has a minimum of 9 replicas',
            '"storefront" has at least 9 replicas',
        ),
        (
            "given",
            "a disruption budget for web that allows up to 1 pod to be unavailable",
            "a disruption budget for web that allows at most 1 pod to be unavailable",
        ),
        (
            "then",
            'not less than 65% of the error budget of "pay" has been spent',
            'at least 65% of the error budget of "pay" has been spent',
        ),
        (
            "then",
            "the rollout never had above 4 ledger pods",
            "the rollout never had more than 4 ledger pods",
        ),
        ("given", "coverage must be a minimum of 85%", "coverage must be at least 85%"),
        ("then", "every node has no fewer than 2 of them", "every node has at least 2 of them"),
    ],
)
def test_a_bound_said_any_way(keyword: str, said: str, plain: str) -> None:
    same_reading(keyword, said, plain)


@pytest.mark.parametrize(
    ("keyword", "said", "plain"),
    [
        (
            "then",
            "the pipeline got blocked at the scan gate",
            "the pipeline is blocked at the scan gate",
        ),
        ("then", "R1 has passed every gate", "R1 passed every gate"),
        ("then", "the pipeline has passed", "the pipeline passes"),
        ("when", "payments is failing 10% of requests", "payments fails 10% of requests"),
        (
            "then",
            'the digest of C1 is starting with "sha256:"',
            'the digest of C1 starts with "sha256:"',
        ),
        (
            "given",
            'checkout rolls back when the SLO "c-a" paged',
            'checkout rolls back when the SLO "c-a" pages',
        ),
        ("then", "4 reports pods run", "4 reports pods are running"),
        (
            "then",
            "the scan gate got blocked because of CVE-2024-3094",
            "the scan gate is blocked because of CVE-2024-3094",
        ),
        ("then", "the unit test gate has blocked R4", "the unit test gate blocked R4"),
        ("when", "an hour has passed", "an hour passes"),
    ],
)
def test_a_tense_of_a_catalog_verb(keyword: str, said: str, plain: str) -> None:
    same_reading(keyword, said, plain)


@pytest.mark.parametrize(
    ("keyword", "said", "plain"),
    [
        ("when", "I promote C6 into prod", "I promote C6 to prod"),
        ("then", "R1 is running on staging", "R1 is running in staging"),
        (
            "then",
            'the digest for C1 starts with "sha256:"',
            'the digest of C1 starts with "sha256:"',
        ),
        (
            "when",
            "Marta approves the promotion for P5 to prod",
            "Marta approves the promotion of P5 to prod",
        ),
        ("when", "I copy the signature for P2 onto P3", "I copy the signature of P2 onto P3"),
        (
            "then",
            "the p99 latency for search is below 300ms",
            "the p99 latency of search is below 300ms",
        ),
        ("when", "I deploy K4 onto staging", "I deploy K4 to staging"),
        ("then", "the history for prod is R1, R2 and R1", "the history of prod is R1, R2 and R1"),
        ("then", "O7 never makes it into staging", "O7 never makes it to staging"),
        (
            "then",
            "the signature for L1 verifies against a trusted key",
            "the signature of L1 verifies against a trusted key",
        ),
    ],
)
def test_a_preposition_said_any_way(keyword: str, said: str, plain: str) -> None:
    same_reading(keyword, said, plain)


@pytest.mark.parametrize(
    ("keyword", "said", "plain"),
    [
        (
            "when",
            "Marta approves promotion of P5 to prod",
            "Marta approves the promotion of P5 to prod",
        ),
        (
            "then",
            "at least 3 ledger pods stayed available during drain",
            "at least 3 ledger pods stayed available during the drain",
        ),
        ("then", "pipeline stops at unit test gate", "the pipeline stops at the unit test gate"),
        (
            "then",
            "block mentions waiver list version 7",
            "the block mentions waiver list version 7",
        ),
        (
            "then",
            "request rate for payments is 200 per second",
            "the request rate of payments is 200 per second",
        ),
        (
            "then",
            "at least 6 orders pods were ready whole time",
            "at least 6 orders pods were ready the whole time",
        ),
        (
            "when",
            "node-2 goes down and cluster reconciles",
            "node-2 goes down and the cluster reconciles",
        ),
        (
            "when",
            "I roll out v4 of catalog with maxSurge two and maxUnavailable 1",
            "I roll out v4 of catalog with maxSurge 2 and maxUnavailable 1",
        ),
        (
            "given",
            "a disruption budget for storefront that keeps at least five available",
            "a disruption budget for storefront that keeps at least 5 available",
        ),
        (
            "then",
            "the burn rate over the last five minutes is above 14.4",
            "the burn rate over the last 5 minutes is above 14.4",
        ),
    ],
)
def test_an_article_or_a_number_said_the_phrase_way(keyword: str, said: str, plain: str) -> None:
    same_reading(keyword, said, plain)


@pytest.mark.parametrize(
    ("keyword", "said", "not_as"),
    [
        ("when", "the HPA scales web up to 8 replicas", "at most"),
        ("then", "R1 almost passed every gate", "the_pipeline_passes"),
        ("then", "only R1 is running in prod", "R1 is running in prod"),
        ("when", "I promote C6 directly into prod, skipping staging", "i_promote"),
        ("then", "pipeline stops at the unit test gate", "stops_on"),
        ("when", "system recovers", "node_recovers"),
        ("then", "there were at most 8 catalog pods", "never_more_pods"),
        ("given", "we have a 99.9% availability SLO for orders over 30 days", "'we'"),
    ],
)
def test_what_only_looks_like_a_move_is_not_read_as_one(
    keyword: str, said: str, not_as: str
) -> None:
    read = reading(keyword, said)
    assert not any(not_as in name or not_as in arguments for name, arguments in read), read


@pytest.mark.parametrize(
    ("keyword", "said", "plain"),
    [
        (
            "when",
            "someone deploys H2 to prod in a hurry",
            "someone deploys H2 to prod",
        ),
        ("when", "I deploy H2 to staging by hand", "I deploy H2 to staging"),
    ],
)
def test_hedges_that_only_colour_an_action(keyword: str, said: str, plain: str) -> None:
    same_reading(keyword, said, plain)


@pytest.mark.parametrize(
    ("keyword", "said", "plain"),
    [
        (
            "given",
            'search has a 99.5% availability SLO "search-avail" over 28 days',
            'a 99.5% availability SLO "search-avail" over 28 days for search',
        ),
        (
            "given",
            "web has a disruption budget that keeps at least 3 available",
            "a disruption budget that keeps at least 3 available for web",
        ),
        (
            "given",
            'a manifest "shop" version "v2" that was built as S3 and cleared every gate',
            'manifest "shop" version "v2" was built as S3 and cleared every gate',
        ),
        ("then", "that SLO has paged", "the SLO has paged"),
    ],
)
def test_a_thing_said_as_its_owners_or_pointed_at(keyword: str, said: str, plain: str) -> None:
    same_reading(keyword, said, plain)
