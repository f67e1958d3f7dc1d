"""Scrape targets as SREs talk about them: "checkout is scraped every 30 seconds",
"Prometheus scrapes search every 15 seconds", "cart was scraped 4 times in the last minute".

kubeloop scrapes every service at one interval (Prometheus' global ``scrape_interval``), so
a sentence naming one service sets it for that service only when it is the only one; with
others, it is refused and says to name them all. A scrape counts whether the target answered
or not: Prometheus writes ``up`` at every scrape it tries (1 answered, 0 did not), so "was
scraped N times" counts the ``up`` samples of the service's job in the window, the window
left-open as PromQL's ranges are.
"""

from __future__ import annotations

from kubeloop.harness.registry import given, then
from kubeloop.harness.world import World

from .services import _service, the_named
from .telemetry_part import call, result_rows

_EVERY = "every {interval:duration}"


@given(
    "{name:service} is scraped " + _EVERY,
    "checkout is scraped every 30 seconds",
    "Prometheus scrapes search every 15 seconds",
    "the scrape interval of the cart service is 30s",
    variants=(
        "<Prometheus|we|the monitoring> <scrapes|scrape> {name:service} " + _EVERY,
        "the scrape interval <of|for> {name:service} is {interval:duration}",
        "{name:service} <gets|is> scraped " + _EVERY,
    ),
)
def service_scraped_every(world: World, name: str, interval: int) -> None:
    """The scrape interval, said of the one service there is (all services share one), or
    of the first one before its traffic is declared ("checkout is scraped every 15 seconds
    and takes 120 requests per second")."""
    if list(call(world, "services")):
        _service(world, name)
    others = sorted(str(s) for s in call(world, "services") if s != name)
    if others:
        raise world.fail(
            f"one scrape interval for every service: say "
            f'"services are scraped every {interval} seconds" (other services: '
            f"{', '.join(others)})",
            f"a scrape interval for {name} alone",
        )
    world.attempt(lambda: call(world, "set_scrape_interval", interval))


@then(
    "{name:service} was scraped {count:times} <in|during|over|within> {window:window}",
    "cart was scraped 4 times in the last minute",
    "checkout was scraped twice over the past 2 minutes",
    "the search target was scraped 10 times in the last 5 minutes",
    variants=(
        "{name:service} was scraped {count:times} in that minute",
        "{name:service} <has been|got> scraped {count:times} <in|during|over|within> "
        "{window:window}",
        "Prometheus scraped {name:service} {count:times} <in|during|over|within> {window:window}",
    ),
)
def scraped_times(world: World, count: int, name: str | None = None, window: int = 60) -> None:
    """How many scrapes of the service fall in the window (now − window, now]; "in that
    minute": the last minute."""
    named = the_named(world, name)
    _service(world, named)
    expr = f'count_over_time(up{{job="{named}"}}[{window}s])'
    rows = result_rows(call(world, "query", expr, None))
    got = int(rows[0][1]) if isinstance(rows, list) and rows else 0
    if got != count:
        raise world.fail(
            f"{named} scraped {count} times in the last {window}s", f"{got} scrapes ({expr})"
        )
