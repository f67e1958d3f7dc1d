"""The event log, as kubectl get events shows it."""

from __future__ import annotations

from typing import Any

from kubeloop.harness.registry import then
from kubeloop.harness.world import World


def _events(world: World) -> list[Any]:
    return list(world.attribute(world.cluster, "events"))


def _about(event: Any, obj: str | None) -> bool:
    return obj is None or event.object == obj or event.object.endswith("/" + obj)


@then(
    "an event {reason:word} <was|is|gets|got|has been> recorded[ for {obj:name}]"
    "[ saying {text:text}]",
    'an event FailedScheduling was recorded for "web-5"',
    'an event ScalingReplicaSet was recorded saying "Scaled up replica set"',
    "an event NodeNotReady was recorded",
    'a FailedScheduling event was recorded for "web-5"',
    variants=(
        "<a|an> {reason:word} event was <recorded|emitted|raised>[ for {obj:name}]"
        "[ saying {text:text}]",
    ),
)
def an_event(world: World, reason: str, obj: str | None = None, text: str | None = None) -> None:
    """Some event with that reason (about that object, whose message contains TEXT)."""
    events = _events(world)
    if not any(
        e.reason == reason and _about(e, obj) and (text is None or text in e.message)
        for e in events
    ):
        recent = "\n".join(f"    {e}" for e in events[-12:]) or "    (no events)"
        wanted = reason + (f" for {obj}" if obj else "") + (f" saying {text!r}" if text else "")
        raise world.fail(f"an event {wanted}", f"none; the latest events:\n{recent}")


@then(
    "no event {reason:word} was recorded[ for {obj:name}]", "no event FailedScheduling was recorded"
)
def no_event(world: World, reason: str, obj: str | None = None) -> None:
    """No event with that reason (about that object) was ever recorded."""
    found = [str(e) for e in _events(world) if e.reason == reason and _about(e, obj)]
    if found:
        raise world.fail(f"no {reason} event", "\n    " + "\n    ".join(found[:5]))
