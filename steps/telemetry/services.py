"""Synthetic traffic: services serving requests, scraped on the clock.

A service is named as people name it (web, "web", the service web, the web service; left
out, the one named last: "2% of those requests fail"), its rate in any unit people write
(100 requests per second, 200 rps, 50 requests a second), its errors as a share (2%, half,
a quarter). A change said "for 10 minutes" lasts that long and then ends: the time passes
and the service goes back to what it did before.
"""

from __future__ import annotations

import re

from kubeloop.harness.registry import given, then, when
from kubeloop.harness.world import World

from .assumed_traffic import NORMAL, assume, assumed_note, declared
from .latency_bounds import bound_latencies
from .service_settings import added, change, setting
from .service_waits import service_came, still_waiting
from .slo_waits import service_added
from .telemetry_part import call, telemetry

_SERVES = (
    "<serves|is serving|gets|is getting|receives|is receiving|handles|is handling|takes|"
    "is taking|sees|is seeing|is quiet at|is busy at|runs at|is running at|answers|is answering|"
    "at|processes|is processing>"
)
_ERRORS = (
    "[< with| at| with a| with an| and|, with|, at|, with a|, with an|, and|,> {errors:share} "
    "<errors|error rate|of them failing|failing|failure rate|failures|5xx|of errors|"
    "of them HTTP 500s|of them HTTP 500|of them 500s|of them 5xx|of them 5xxs|of them HTTP 5xx|"
    "of them errors|of them server errors|of them failures|of them erroring>]"
)
"""Errors said with the rate ("with 2% errors"), or in apposition ("…, 2% of them HTTP
500s"): 5xx responses."""
_NO_ERRORS = (
    "[,] <all of them successful|all successful|all of them succeeding|all succeeding|"
    "and all of them succeed|and all succeed|none of them failing|with none of them failing|"
    "with every request succeeding|with all of them succeeding|with 100% success|"
    "with a 100% success rate|with no errors|without errors|without any errors|with zero errors|"
    "with hardly any errors|"
    "with almost no errors|with barely any errors|cleanly|error-free|without a single error|"
    "with no failures|with zero failures|with no 5xx|without failures|with basically no errors|"
    "with practically no errors|with virtually no errors|with next to no errors|"
    "with essentially no errors|and nothing fails|and none of them fail|and no request fails>"
)
_ABOUT = "[<about|around|roughly|approximately|some|close to> ]"
"""A rate said with a hedge ("about 200 requests a second"): in a Given, the rate as said,
exactly, as the world serves whole arithmetic; only a check reads "about" as within a
tenth."""
_FAIL = (
    "<fail|are failing|start failing|return errors|return an error|return HTTP 500|return 500|"
    "return 500s|return a 500|error out|return 503|return 503s|return a 503|return 5xx|"
    "return a 5xx|return 5xxs|come back as errors|come back as 500s|come back as HTTP 500|"
    "come back as HTTP 500s|come back as a 500|come back as 5xx|come back as 5xxs|"
    "come back with a 500|come back with an error|come back with errors|come back with 500s|"
    "come back with HTTP 500|come back with HTTP 500s|come back with HTTP 503|come back with a 503|"
    "come back with a 5xx|come back with 5xx|come back with 5xxs|come back as 503s|"
    "are 500s|are HTTP 500s|are 5xx|are 5xxs|are errors|are server errors|"
    "get a 500|get 500s|get an error|get errors|get a 5xx|get 5xx|return HTTP 503|"
    "return HTTP 503s|return HTTP 5xx|start returning HTTP 503|start returning HTTP 503s|"
    "start returning HTTP 500|start returning HTTP 500s|start returning HTTP 5xx|"
    "start returning 503|start returning 503s|start returning 500|start returning 500s|"
    "start returning 5xx|start returning 5xxs|start returning a 503|start returning a 500|"
    "start returning errors|start erroring|start erroring out|begin failing|"
    "begin returning errors|start getting errors|start getting 5xx|start getting 500s|"
    "start coming back with HTTP 500|start coming back with HTTP 503|start coming back with "
    "HTTP 5xx|start coming back with 500s|start coming back with 503s|start coming back with "
    "5xx|start coming back with errors|start coming back as errors|start coming back as 500s|"
    "start coming back as 5xx>"
)
_CAUSE = (
    "<a bad deploy|a bad release|a bad change|a bad config|a config change|a bug|a regression|"
    "an outage|an incident|a slow dependency|a failing dependency|a dependency|the database|"
    "a noisy neighbour|a noisy neighbor|a memory leak>"
)
"""Whatever people blame for the errors: the cause is not modelled, the errors are."""
_FIXER = (
    "<I|we|someone|the team|the on-call|the developers> <fix|fixes|fixed|patch|patches|patched>"
)
"""Whoever fixes the errors ("I fix it"): the fix is not modelled, its effect is."""
_WITH_CODE = "[ with <a|an|HTTP|status|code> <500|503|5xx>]"
_FOR = "[ for [the next ]{duration:duration}]"
_SUDDENLY = "<suddenly|quietly|silently|abruptly|then|now|also>"
_ERRS_ON = (
    "returns errors for|returns errors on|starts returning errors on|"
    "starts returning errors for|starts erroring on|errors on|errors out on|is erroring on|"
    "fails on|throws errors on|throws errors for"
)
_AT = "[ <at|taking|answering in|in|within> [<around|about|roughly> ]{latency:latency}]"
_VERB = (
    "jump|jumps|rise|rises|go|goes|climb|climbs|spike|spikes|increase|increases|drop|drops|"
    "fall|falls|go up|goes up|go down|goes down|double|doubles|triple|triples|halve|halves|"
    "return|returns|come|comes|get|gets|settle|settles|shoot up|shoots up|creep up|creeps up|"
    "is|are"
)
_MOVE = "|".join(f"{verb} to|{verb} back to|{verb} back down to" for verb in _VERB.split("|"))
"""A change said with its new value: "jumps to", "drops back to", "goes back down to"."""
_MOVES = _MOVE.replace("|is to|", "|").replace("|are to|", "|")
_FAILURES = (
    "<errors|failures|failed requests|failing requests|5xx|5xxs|5xx errors|HTTP 5xx|500s|500|503|"
    "HTTP 500|HTTP 500s|500 errors|503s|HTTP 503|HTTP 503s|server errors>"
)
_CLEAN = (
    "<no errors|zero errors|no failures|zero failures|hardly any errors|barely any errors|"
    "almost no errors|next to no errors|virtually no errors|practically no errors|"
    "basically no errors|essentially no errors|a clean error rate|being error-free|"
    "error-free|serving cleanly|a 100% success rate|100% success>"
)
"""A level of errors said loosely after "back to": none, as "with hardly any errors" is in
a Given (the world serves whole arithmetic, so "hardly any" is none; a check that wants a
bound says one: "the error ratio of web is below 0.1%")."""
_RECOVERS = "{name:service} <recovers|improves|heals|calms down|settles> [back ][down ]to "
"""A service getting better to a share of errors: "checkout recovers to 0% errors"."""
_TRAFFIC = "<the traffic|traffic|requests|all requests|the requests|calls|its requests>"
_THEIR = "[<all|all of|all the|the|those|its|their|of> ][{name:service} ]"


def _ratio(percent: float) -> float:
    return percent / 100


def _service(world: World, name: str) -> object:
    names = list(call(world, "services"))
    if name not in names:
        raise world.fail(
            f'a service named "{name}"',
            (f"the services are {', '.join(names)}" if names else "there are no services")
            + still_waiting(world),
        )
    world.declared.mentioned["service"] = name
    return call(world, "service", name)


def the_named(world: World, name: str | None) -> str:
    """The service a sentence names, else the one named last, else the only one."""
    if name is not None:
        return name
    if "service" in world.declared.mentioned:
        return world.declared.mentioned["service"]
    names = list(call(world, "services"))
    if len(names) == 1:
        return str(names[0])
    raise world.fail(
        "a service named earlier for the sentence to be about",
        (f"the services are {', '.join(names)}" if names else "there are no services")
        + still_waiting(world),
    )


@given(
    "[the ]service {name:name} serves {rate:decimal} "
    "<requests per second|requests a second|requests/s|req/s|rps>"
    "[ with {errors:percent} errors]",
    'the service "web" serves 100 requests per second with 2% errors',
    'the service "api" serves 50 requests per second',
    "service api serves 50 req/s with 1% errors",
    "web is handling 100 requests per second at around 80ms",
    "web gets steady traffic of 100 requests per second",
    variants=(
        "<a|the> service {name:name} <serving|handling|receiving|getting|taking|that serves|"
        "that handles|that receives|that gets|which serves|with> "
        + _ABOUT
        + "{rate:rps}"
        + _ERRORS
        + _AT,
        "{name:service} " + _SERVES + " " + _ABOUT + "{rate:rps}" + _ERRORS + _AT,
        "{name:service} " + _SERVES + " " + _ABOUT + "{rate:rps}" + _NO_ERRORS + _AT,
        "{name:service} is at " + _ABOUT + "{rate:rps}" + _NO_ERRORS + _AT,
        "{name:service} <gets|has|sees|is getting|is seeing|receives> [<steady|constant|normal> ]"
        "traffic of " + _ABOUT + "{rate:rps}" + _ERRORS + _AT,
    ),
)
def the_service(
    world: World,
    name: str,
    rate: float,
    errors: float = 0,
    latency: tuple[str, float] | None = None,
) -> None:
    """A service serving RATE requests a second, ERRORS of them failing with 500 (a service
    that already exists, for one, changes to that rate and those errors).

    It exposes http_requests_total{job, code}, a latency histogram
    (http_request_duration_seconds) and up{job}, scraped every scrape interval (1 minute).
    """
    world.declared.mentioned["service"] = name
    declared(world, name)
    if name in list(call(world, "services")):
        service = _service(world, name)
        change(world, name, service, "set_rate", rate)
        change(world, name, service, "set_error_ratio", _ratio(errors))
    else:
        added(world, name, rate, _ratio(errors))
        if world.error is None:
            service_added(world, name)
        if world.error is None:
            service_came(world, name)
    profile = None
    if latency is not None and world.error is None:
        number, per_second = latency
        service = _service(world, name)
        profile = [(float(number) / per_second, 1.0)]
        setter = world.capability(service, "set_latency")  # optional: a learner may lack it
        world.attempt(lambda: setter(profile, world.clock.now))
        if world.error is None:
            bound_latencies(world, service, (float(number) / per_second,))
    if world.error is None:
        world.parts.setdefault(NORMAL, {})[name] = (rate, _ratio(errors), profile)


_SORT = (
    "<tenant|team|product|customer|customer-facing|user-facing|backend|frontend|internal|"
    "public|production|prod|application|platform|other>"
)
"""Words that sort services without naming one ("every tenant service")."""


@given(
    "services are scraped every {interval:duration}",
    "services are scraped every 15 seconds",
    "the scrape interval is 15 seconds",
    "scrapes happen every 30 seconds",
    variants=(
        "the scrape interval is {interval:duration}",
        "[Prometheus ]scrapes <happen|run|occur|take place|are taken> every {interval:duration}",
        "<we|Prometheus> <scrape|scrapes> [<everything|every service|all services> ]every "
        "{interval:duration}",
        "<every|each> [" + _SORT + " ]<service|target|app> <is|gets> scraped every "
        "{interval:duration}",
        "all [the ][" + _SORT + " ]<services|targets|apps> <are|get> scraped every "
        "{interval:duration}",
    ),
)
def scrape_every(world: World, interval: int) -> None:
    """The scrape interval of every service (default 1 minute); "every tenant service": a
    sort of service is every service, for kubeloop scrapes all at one interval."""
    world.attempt(lambda: call(world, "set_scrape_interval", interval))


def _lasting(world: World, name: str, setter: str, value: float, duration: int | None) -> None:
    """Make the change to the service NAME now; with a duration, let it pass and undo the
    change (back to what it was set to before: service_settings.py)."""
    service = _service(world, name)
    if duration is None:
        change(world, name, service, setter, value)
        return
    old = setting(world, name, service, "error_ratio" if setter == "set_error_ratio" else "rate")
    change(world, name, service, setter, value)
    if world.error is not None:
        return
    world.advance(duration)
    change(world, name, service, setter, old)


@when(
    "[the ]service {name:name} starts failing {errors:percent} of [its ]requests",
    'the service "web" starts failing 10% of requests',
    "web fails 30% of its requests for 10 minutes",
    "half of all checkout requests fail for 10 minutes",
    "2% of those requests fail with a 500",
    "errors jump to 10% of traffic",
    "the failure rate doubles to 4%",
    variants=(
        "[at {clock:clocktime}[,] ]{name:service} [" + _SUDDENLY + " ]<starts failing|fails|"
        "is failing|begins failing|" + _ERRS_ON + "> [<about|around|roughly|some> ]"
        "{errors:share}[ of] [<its|all|the|all its|all of its> ]requests" + _WITH_CODE + _FOR,
        "{errors:share} of {name:service}'s requests " + _FAIL + _WITH_CODE + _FOR,
        "{errors:share}[ of] " + _THEIR + "<requests|responses|calls> " + _FAIL + _WITH_CODE + _FOR,
        "{errors:share} of <them|those> " + _FAIL + _WITH_CODE + _FOR,
        "{errors:share} of [the ]<requests|calls> <to|for|on> {name:service} "
        + _FAIL
        + _WITH_CODE
        + _FOR,
        "{errors:share} of <them|those|its requests|those requests> <are|come back as|come back> "
        "<5xx|5xxs|500s|errors|failures|failing|server errors>" + _FOR,
        _CAUSE + " <makes|made|causes|caused> {errors:share} of [<its|the|all> ]"
        "[{name:service} ]requests <fail|to fail|error|to error>" + _FOR,
        "{name:service} has <an error rate of|a> {errors:share}[ error rate]" + _FOR,
        "the [<5xx|HTTP 5xx|HTTP 500|server|500> ]<error|failure> <rate|ratio|percentage>"
        "[ <of|for> {name:service}] is {errors:share}" + _FOR,
        "the {name:name} pods <fail|start failing|return errors for> {errors:share} of [their ]"
        "requests" + _FOR,
        "{name:service}'s error rate <is|" + _MOVES + "> {errors:share}" + _FOR,
        "{name:service}'s " + _FAILURES + " <" + _MOVES + "> {errors:share}" + _FOR,
        "the [<5xx|HTTP 5xx|HTTP 500|server|500> ]<error|failure> <rate|ratio|percentage>"
        "[ <of|for> {name:service}] <" + _MOVES + "> {errors:share}" + _FOR,
        "[the ]" + _FAILURES + "[ <of|for|on> {name:service}] <" + _MOVES + "> "
        "{errors:share}[ of " + _TRAFFIC + "]" + _FOR,
        "{name:service} [<starts|begins> ]<returning|returns|to return|answering|answers|"
        "serving|serves|throwing|throws> " + _FAILURES + " <for|on|to|in> {errors:share} of "
        "[<its|all|the|all its|all of its> ]" + _TRAFFIC + _FOR,
        "the [<5xx|HTTP 5xx|HTTP 500|server|500> ]<error|failure> <rate|ratio|percentage>"
        "[ <of|for> {name:service}] <settles at|stays at|sits at|holds at|levels off at|"
        "hovers at|hovers around|settles around|levels out at> {errors:share}" + _FOR,
        "{name:service} <" + _MOVES + "> {errors:share} <errors|error rate|failures|"
        "failing requests|of requests failing|failing|5xx|5xxs|500s>" + _FOR,
        _RECOVERS + "{errors:share} <errors|error rate|failures|failing requests|of requests "
        "failing|failing|5xx|5xxs|500s>" + _FOR,
        _RECOVERS + "an error rate of {errors:share}" + _FOR,
        "{duration:duration} <pass|passes|go by|goes by|elapse|elapses> with {name:service} "
        "<failing|erroring on|returning errors for|returning 500s for> {errors:share} of "
        "[<its|the|all its> ]requests",
        "[<its|the|our> ]<customers|users|clients|callers> <see|get|hit|are seeing|are getting|"
        "start seeing|start getting> <errors|5xx|5xxs|500s|failures|server errors> <on|for|in> "
        "{errors:share} of [<their|the|all|all their> ]requests" + _FOR,
        "{name:service} <" + _MOVES + "> <failing|erroring on|returning errors for|returning "
        "500s for> {errors:share} of [<its|the|all|all its|all of its> ]requests" + _FOR,
    ),
)
def starts_failing(
    world: World,
    errors: float,
    name: str | None = None,
    duration: int | None = None,
    clock: int | None = None,
) -> None:
    """From now on ERRORS of the service's requests fail (500); "for 10 minutes" (or "10
    minutes pass with it failing …"): that long, then it fails as before. A version said as
    the subject ("v2 fails 30% of requests") is the pods running it, in every service they
    serve (one world: kubeloop/links). "At 14:00 …": at that time of day (the first one
    said pins the clock, as "it is 14:00" does); "suddenly", "quietly", "then" are colour."""
    if clock is not None:
        from ..common.clock_times import it_is  # noqa: PLC0415  (one clock)

        it_is(world, clock)
        if world.error is not None:
            return
    if name is not None and name not in call(world, "services"):
        version = name if _VERSION.fullmatch(name) else _built_at(world, name)
        if version is not None:
            _version_fails(world, version, _ratio(errors), duration)
            return
    named = the_named(world, name)
    if assume(world, named):  # an error share of a deployment's service no line gave a rate
        service_added(world, named)
    _lasting(world, named, "set_error_ratio", _ratio(errors), duration)


@when(
    "{name:service} <starts failing|fails|is failing|begins failing> <every|each> request" + _FOR,
    "search starts failing every request",
    "checkout fails every request for 5 minutes",
    variants=(
        "<every|each> request to {name:service} <fails|starts failing>" + _FOR,
        "{name:service} <goes completely down|goes down completely|is completely down|"
        "goes totally down|is totally down|goes entirely down|is entirely down|"
        "has a complete outage|has a total outage|has a full outage>" + _FOR,
    ),
)
def fails_every_request(world: World, name: str, duration: int | None = None) -> None:
    """Every request to the service fails (500), from now or for that long: 100% errors.
    "Completely down" is said from the customers' side (every request fails); "goes down"
    alone is the scrape target not answering (up 0), as goes_down has it."""
    starts_failing(world, 100.0, name, duration)


_VERSION = re.compile(r"v\d[\w.-]*", re.IGNORECASE)


def _built_at(world: World, name: str) -> str | None:
    """The version the build named NAME was built at ("G2 fails 30% of requests": the pods
    running it), None if no build is named so."""
    from ..links.links_part import artifact_named  # noqa: PLC0415  (links: one world)

    digest = artifact_named(world, name)
    if digest is None:
        return None
    return str(world.parts["pipeline"].pipeline.artifact(digest).version)


def _version_fails(world: World, version: str, ratio: float, duration: int | None) -> None:
    from ..links.links_part import links  # noqa: PLC0415  (links: one world)
    from ..links.traffic import assume_served  # noqa: PLC0415  (links: one world)

    telemetry(world)
    assume_served(world)
    world.attempt(lambda: links(world).fail_pods_of(version, ratio))
    if duration is not None and world.error is None:
        world.advance(duration)
        world.attempt(lambda: links(world).fail_pods_of(version, None))


@when(
    "[the ]service {name:name} recovers",
    'the service "web" recovers',
    "the errors stop",
    "checkout stops failing",
    variants=(
        "the {name:name} service recovers",
        "the {name:name} [scrape ]target <comes back|comes back up|is back up|recovers|"
        "is up again>",
        "the [scrape ]target <comes back|comes back up|is back up|recovers|is up again>",
        "{name:service} <stops failing|is healthy again|stops returning errors|stops erroring|"
        "stops returning 500s|stops returning 5xx|stops throwing errors>",
        "{name:service} <goes back to|is back to|gets back to|returns to|drops back to|falls "
        "back to|drops to|falls to|settles back to> <no errors|zero errors|no "
        "failures|zero failures|being healthy|serving cleanly>",
        "{name:service} <is healthy again|is healthy|is back to healthy|recovers|runs cleanly|"
        "runs without errors|serves without errors|is error-free> for {duration:duration}",
        "the errors stop[ <for|on> {name:service}]",
        "[the ]errors <stop|go away|go back to zero|end|drop to zero|drop back to zero|"
        "fall to zero|fall back to zero|disappear|vanish>",
        "the <incident|outage|error spike|spike|failure> <ends|is over|stops|is resolved|passes>",
        _FIXER + " <the bug|the errors|the problem|the issue|the failures>",
        _FIXER + " {name:service}",
        "<the|a> fix <goes out|is deployed|is shipped|is rolled out|lands>[ for {name:service}]",
        "{name:service} <" + _MOVES + "> " + _CLEAN + _FOR,
        "{name:service}'s <errors|error rate|failures> <" + _MOVES + "> <zero|nothing|"
        "almost nothing|next to nothing|hardly anything|almost zero|near zero>" + _FOR,
    ),
)
def recovers(world: World, name: str | None = None, duration: int | None = None) -> None:
    """From now on none of the service's requests fail, and it answers scrapes again ("I fix
    it": the service named last; the fix is not modelled, its effect is). "Healthy again for
    an hour": it recovers, then that time passes (and it stays healthy after)."""
    named = the_named(world, name)
    service = _service(world, named)
    change(world, named, service, "set_error_ratio", 0)
    if world.error is not None:
        return
    if hasattr(service, "set_up"):
        service.set_up(True, world.clock.now)
    if duration is not None:
        world.advance(duration)


_CHANGE = (
    "<doubles|triples|halves|jumps|rises|grows|increases|climbs|spikes|drops|falls|decreases|"
    "goes|returns|comes|settles|drops back|falls back|goes back|comes back|is back|goes up|"
    "goes down|is down|is up>"
)


@when(
    "[the ]service {name:name} starts serving {rate:decimal} " + "requests per second",
    'the service "web" starts serving 5 requests per second',
    "traffic doubles to 200 requests per second",
    "traffic to web jumps to 400 rps for 5 minutes",
    variants=(
        "{name:service} starts <serving|getting|receiving|handling|taking> {rate:rps}" + _FOR,
        "traffic[ <to|for|on|of> {name:service}] "
        + _CHANGE
        + "[ back][ <down|up>] to {rate:rps}"
        + _FOR,
        "{name:service} traffic " + _CHANGE + "[ back][ <down|up>] to {rate:rps}" + _FOR,
    ),
)
def starts_serving(
    world: World, rate: float, name: str | None = None, duration: int | None = None
) -> None:
    """From now on the service serves RATE requests a second (same error ratio); "for 5
    minutes": that long, then as before."""
    _lasting(world, the_named(world, name), "set_rate", rate, duration)


@when(
    "[the ]service {name:name} goes down",
    'the service "web" goes down',
    "search goes down for 3 minutes",
    variants=(
        "the {name:name} service goes down" + _FOR,
        "the {name:name} [scrape ]target <goes down|is down|stops answering scrapes>" + _FOR,
        "the [scrape ]target <goes down|is down|stops answering scrapes>" + _FOR,
        "{name:service} <stops answering|stops serving>" + _FOR,
        "[the ]service {name:name} goes down" + _FOR,
        "{name:service} <goes down|is down|is unreachable|becomes unreachable>" + _FOR[1:-1],
    ),
)
def goes_down(world: World, name: str | None = None, duration: int | None = None) -> None:
    """The service stops answering: up is 0 and its other series go stale at the next scrape;
    "for 3 minutes": that long, then it answers again ("the target": the service named last)."""
    service = _service(world, the_named(world, name))
    world.capability(service, "set_up")(False, world.clock.now)
    if duration is not None:
        world.advance(duration)
        world.capability(service, "set_up")(True, world.clock.now)


@then(
    "[the ]service {name:name} has served {count:n} requests[ and {errors:n} errors]",
    'the service "web" has served 60000 requests and 1200 errors',
    "web served 60000 requests",
    variants=(
        "{name:service} <has served|served|has handled|handled> {count:n} requests"
        "[ and {errors:n} errors]",
    ),
)
def has_served(world: World, name: str, count: int, errors: int | None = None) -> None:
    """Requests (and failed requests) the service served since it started, until now."""
    service = _service(world, name)
    view = world.capability(service, "view")(world.clock.now)
    telemetry(world)
    got = (view.requests, view.errors)
    if view.requests != count or (errors is not None and view.errors != errors):
        raise world.fail(
            f"{count} requests, {errors} errors",
            f"{got[0]} requests, {got[1]} errors" + assumed_note(world, [name]),
        )
