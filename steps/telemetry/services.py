"""Synthetic traffic: services serving requests, scraped on the clock."""

from __future__ import annotations

from kubeloop.harness.registry import given, then, when
from kubeloop.harness.world import World
from kubeloop.steps.telemetry.support import call, telemetry

_RPS = "<requests per second|requests a second|requests/s|req/s|rps>"


def _ratio(percent: float) -> float:
    return percent / 100


def _service(world: World, name: str) -> object:
    names = list(call(world, "services"))
    if name not in names:
        raise world.fail(
            f'a service named "{name}"',
            f"the services are {', '.join(names)}" if names else "there are no services",
        )
    return call(world, "service", name)


@given(
    "[the ]service {name:name} serves {rate:decimal} " + _RPS + "[ with {errors:percent} errors]",
    'the service "web" serves 100 requests per second with 2% errors',
    'the service "api" serves 50 requests per second',
    "service api serves 50 req/s with 1% errors",
)
def the_service(world: World, name: str, rate: float, errors: float = 0) -> None:
    """A service serving RATE requests a second, ERRORS of them failing with 500.

    It exposes http_requests_total{job, code}, a latency histogram
    (http_request_duration_seconds) and up{job}, scraped every scrape interval (1 minute).
    """
    world.attempt(lambda: call(world, "add_service", name, rate, _ratio(errors)))


@given(
    "services are scraped every {interval:duration}",
    "services are scraped every 15 seconds",
    "the scrape interval is 15 seconds",
    variants=("the scrape interval is {interval:duration}",),
)
def scrape_every(world: World, interval: int) -> None:
    """The scrape interval of every service (default 1 minute)."""
    world.attempt(lambda: call(world, "set_scrape_interval", interval))


@when(
    "[the ]service {name:name} starts failing {errors:percent} of [its ]requests",
    'the service "web" starts failing 10% of requests',
)
def starts_failing(world: World, name: str, errors: float) -> None:
    """From now on ERRORS of the service's requests fail (500)."""
    service = _service(world, name)
    world.attempt(lambda: service.set_error_ratio(_ratio(errors), world.clock.now))  # type: ignore[attr-defined]


@when("[the ]service {name:name} recovers", 'the service "web" recovers')
def recovers(world: World, name: str) -> None:
    """From now on none of the service's requests fail, and it answers scrapes again."""
    service = _service(world, name)
    world.attempt(lambda: service.set_error_ratio(0, world.clock.now))  # type: ignore[attr-defined]
    if hasattr(service, "set_up"):
        service.set_up(True, world.clock.now)


@when(
    "[the ]service {name:name} starts serving {rate:decimal} " + _RPS,
    'the service "web" starts serving 5 requests per second',
)
def starts_serving(world: World, name: str, rate: float) -> None:
    """From now on the service serves RATE requests a second (same error ratio)."""
    service = _service(world, name)
    world.attempt(lambda: service.set_rate(rate, world.clock.now))  # type: ignore[attr-defined]


@when("[the ]service {name:name} goes down", 'the service "web" goes down')
def goes_down(world: World, name: str) -> None:
    """The service stops answering: up is 0 and its other series go stale at the next scrape."""
    service = _service(world, name)
    world.capability(service, "set_up")(False, world.clock.now)


@then(
    "[the ]service {name:name} has served {count:n} requests[ and {errors:n} errors]",
    'the service "web" has served 60000 requests and 1200 errors',
)
def has_served(world: World, name: str, count: int, errors: int | None = None) -> None:
    """Requests (and failed requests) the service served since it started, until now."""
    service = _service(world, name)
    view = world.capability(service, "view")(world.clock.now)
    telemetry(world)
    got = (view.requests, view.errors)
    if view.requests != count or (errors is not None and view.errors != errors):
        raise world.fail(
            f"{count} requests, {errors} errors", f"{got[0]} requests, {got[1]} errors"
        )
