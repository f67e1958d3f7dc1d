"""A pronoun that says how many ("nothing", "nobody", "everything", …) is never a thing's
bare name, nor an alert's state an environment's: "Then nothing paged" was read as an SLO
called "nothing", '"X" never went to firing' as a build that never reached an environment
called "firing", and "… and nothing fails" failed a node called "nothing". Each failed at
run time with a message about something the writer never named."""

from __future__ import annotations

from pathlib import Path

import pytest

from kubeloop.harness.registry import REGISTRY, load_step_library
from tests.harness.one_scenario import run_matched

_WORDS = {"nothing", "nobody", "everything", "anything", "none", "someone", "everyone"}
_STATES = {"firing", "pending", "inactive"}


def _values(keyword: str, text: str) -> list[str]:
    load_step_library()
    found = REGISTRY.quietly(keyword, text)
    values: list[str] = []
    for match in found:
        for value in match.arguments.values():
            items = value if isinstance(value, tuple) else (value,)
            values += [str(item).lower() for item in items]
    return values


@pytest.mark.parametrize(
    ("keyword", "text"),
    [
        ("then", "nothing paged"),
        ("then", "everything paged"),
        ("when", "nothing fails"),
        ("when", "nothing resets"),
        ("then", "anything has paged someone"),
        ("then", "nobody has paged"),
        ("when", "everyone recovers"),
        ("then", "none fired"),
        ("then", "someone is tagged latest"),
    ],
)
def test_a_pronoun_is_never_a_name(keyword: str, text: str) -> None:
    assert not _WORDS.intersection(_values(keyword, text)), text


@pytest.mark.parametrize(
    "text",
    [
        '"NotificationsErrors" never went to firing',
        "CheckoutDown never went to pending",
        "R1 never reached firing",
        "R1 never made it to inactive",
    ],
)
def test_an_alert_state_is_never_an_environment(text: str) -> None:
    load_step_library()
    for match in REGISTRY.quietly("then", text):
        assert not match.definition.function.__module__.startswith("kubeloop.steps.pipeline"), text
        assert _STATES.intersection(str(v).lower() for v in match.arguments.values()) <= {
            str(match.arguments.get("state", "")).lower()
        }, text


_SLO = (
    'Given the service "checkout" serves 100 requests per second',
    'And an SLO "checkout-availability" of 99.9% over 30 days for the service "checkout"',
)


@pytest.mark.parametrize(
    ("failing", "check", "passes"),
    [
        ("checkout fails 0.4% of requests for 1 day", "nothing paged", True),
        ("checkout fails 30% of requests for 1 hour", "nothing paged", False),
        ("checkout fails 0.4% of requests for 1 day", "nothing has paged anyone", True),
        ("checkout fails 30% of requests for 1 hour", "no alert paged the on-call", False),
        ("checkout fails 30% of requests for 1 hour", "nothing has ever paged", False),
        ("checkout fails 0.4% of requests for 1 day", "no SLO paged for checkout", True),
    ],
)
def test_nothing_paged_is_no_page(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], failing: str, check: str, passes: bool
) -> None:
    code, out = run_matched(tmp_path, capsys, *_SLO, f"When {failing}", f"Then {check}")
    assert 'an SLO named "nothing"' not in out, out
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("errors", "check", "passes"),
    [
        ("50%", '"CheckoutDown" never went to firing', False),
        ("0%", '"CheckoutDown" never went to firing', True),
        ("50%", "CheckoutDown never got to firing", False),
        ("0%", "the alert never reached firing", True),
    ],
)
def test_never_went_to_firing_is_the_alert(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], errors: str, check: str, passes: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        "Given checkout serves 120 requests per second",
        'And an alert "CheckoutDown" fires when the error rate is above 20% for 2 minutes',
        f"When checkout starts failing {errors} of requests",
        "And 10 minutes pass",
        f"Then {check}",
    )
    assert "artifact" not in out, out
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("service", "check", "passes"),
    [
        ("payments handles 250 requests per second and nothing fails", "is 0", True),
        ("payments serves 250 rps and none of them fail", "is 0", True),
        ("payments handles 250 requests per second with 2% errors", "is 0", False),
    ],
)
def test_and_nothing_fails_is_no_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], service: str, check: str, passes: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        f"Given {service}",
        "When 10 minutes pass",
        f"Then the 5xx rate for payments {check}",
    )
    assert 'node "nothing"' not in out, out
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("node-1 fails and then recovers", [("node-1",), ("node-1",)]),
        ("node-2 goes down, and then recovers", [("node-2",), ("node-2",)]),
        (
            "payments fails 20% of requests for 4 minutes and then recovers",
            ["payments", ("payments",)],
        ),
    ],
)
def test_a_word_that_orders_steps_is_never_a_name(text: str, names: list[object]) -> None:
    load_step_library()
    found = REGISTRY.match("when", text)
    assert "then" not in _values("when", text), text
    assert [next(iter(m.arguments.values())) for m in found] == names, text


@pytest.mark.parametrize("back", ["then comes back", "then recovers", "after that recovers"])
def test_a_verb_after_then_is_about_what_the_line_before_was(
    back: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        'Given the service "web" serves 100 requests per second',
        "When web goes completely down for 10 minutes",
        f"And {back}",
        "And 10 minutes pass",
        "Then the error rate of web is 0%",
    )
    assert code == 0, out
