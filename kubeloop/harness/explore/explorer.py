"""Draw sequences of When steps from a scenario's Givens, check every rule after each step,
and shrink a sequence that breaks one to the shortest that still does (hypothesis' ``find``
does the drawing and the shrinking; a seed makes both repeatable)."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from random import Random
from types import ModuleType
from typing import Any

from hypothesis import HealthCheck, Phase, find, settings
from hypothesis import strategies as st
from hypothesis.errors import NoSuchExample

import kubeloop
from kubeloop.harness.errors import (
    EngineCrashError,
    EngineOperationError,
    HarnessError,
    ScenarioAssertionError,
    StepTimeoutError,
)
from kubeloop.harness.explore.actions import candidates
from kubeloop.harness.explore.compare import disagreement
from kubeloop.harness.explore.invariants import Known, Moment, Violation, broken
from kubeloop.harness.explore.observe import (
    Observed,
    PassLog,
    declared_holds,
    observe,
    pipeline_scene,
)
from kubeloop.harness.explore.story import Start, Step, fresh_world, run_givens, run_step
from kubeloop.harness.world import World
from kubeloop.pipeline.gates.ladder import ORDER as GATES

SETTLED_CHECK = "reconciling again changes nothing"
MAX_DRAWN = 1 << 16
SPREAD = 2_654_435_761
"""Knuth's multiplicative hash: hypothesis draws small numbers far more often than large
ones, so a choice is spread over the options before it picks one (0, what shrinking aims
for, still picks the first)."""


@dataclass(frozen=True)
class Budget:
    examples: int = 500
    steps: int = 8
    seconds: float = 60.0
    step_timeout: float = 10.0


@dataclass(frozen=True)
class Found:
    """A broken rule, the steps that break it (shrunk), and the Then that fails on them."""

    start: Start
    violation: Violation
    steps: tuple[Step, ...]
    then: str | None
    seed: int


@dataclass
class Tally:
    """What was explored: sequences and steps drawn, per kind of step."""

    sequences: int = 0
    kinds: Counter[str] = field(default_factory=Counter)
    refused: int = 0


class Trial:
    """One sequence of drawn choices run in a fresh world."""

    def __init__(
        self,
        engine: ModuleType,
        engine_name: str,
        start: Start,
        budget: Budget,
        compare: bool = False,
    ):
        self.world: World = fresh_world(engine, engine_name, start)
        self.reference = fresh_world(kubeloop, "kubeloop", start) if compare else None
        """The reference's world, run step for step beside the engine's (``--compare``)."""
        self.start = start
        self.budget = budget
        self.known = Known()
        self.log = PassLog()
        self.steps: list[Step] = []
        self.kinds: list[str] = []
        self.versions = 0
        self.refused = 0

    def begin(self) -> None:
        for world in (self.world, self.reference):
            if world is not None:
                run_givens(world, self.start, self.budget.step_timeout)
                if not world.settled:
                    world.settle()  # as the first When would
        self.log.follow(self.world)
        self.known.start(observe(self.world))
        self.known.realistic = any("timed realistically" in g.text for g in self.start.givens)
        self.known.holds = declared_holds(self.world, self.start.givens)
        self._learn()

    def play(self, choices: list[int]) -> Violation | None:
        """Run each choice's action; the first broken rule, or None."""
        for choice in choices:
            seen = observe(self.world)
            options = candidates(self.world, seen, self.versions)
            if not options:
                return None
            action = options[(choice * SPREAD) % len(options)]
            found = self._act(Step("when", action.text), seen)
            self.kinds.append(action.kind)
            if found is not None:
                return found
        return None

    def _act(self, step: Step, before: Any) -> Violation | None:
        world = self.world
        self.log.passes.clear()
        where = f"{self.start.location} (explored step {len(self.steps) + 1})"
        try:
            run_step(world, step, where, self.budget.step_timeout)
        except (EngineCrashError, EngineOperationError) as error:
            self.steps.append(step)
            return Violation("the engine answers every operation", str(error).splitlines()[0])
        except StepTimeoutError as error:
            self.steps.append(step)
            return Violation("every step finishes within its limit", str(error))
        except (HarnessError, ScenarioAssertionError):
            self.refused += 1  # the scenario's own limits, not a rule of the world
            world.rejection.clear()
            return None
        stalled = world.error is not None and "Stalled" in type(world.error).__name__
        rejected = world.error is not None and not stalled
        world.rejection.clear()
        self.log.follow(world)
        after = observe(world)
        moment = Moment(step.text, before, after, rejected, tuple(self.log.passes))
        if not rejected:
            self.known.did(step.text)
            if "roll out version" in step.text:
                self.versions += 1
        self._learn()
        self.steps.append(step)
        if rejected or stalled:  # the scenario checks the refusal, as it must before going on
            said = "the rollout stalls" if stalled else "the operation is refused"
            self.steps.append(Step("then", said))
        found = broken(moment, self.known)
        self.known.saw(after)  # after judging: what it shows now is what the next step knows
        if found is None and self.reference is not None:
            found = self._agrees(step, where, after)
        if found is None and step.text == "I reconcile until stable" and not rejected:
            found = self._stays_settled()
        return found

    def _agrees(self, step: Step, where: str, after: Observed) -> Violation | None:
        """Run the step in the reference's world too and compare what both show."""
        reference = self.reference
        assert reference is not None
        try:
            run_step(reference, step, where, self.budget.step_timeout)
        except (HarnessError, ScenarioAssertionError):
            return None  # the reference refuses what the scenario asks: nothing to compare
        reference.rejection.clear()
        scene = pipeline_scene(self.world)
        aliases = dict(scene.aliases) if scene is not None else {}
        return disagreement(after, observe(reference), aliases)

    def _stays_settled(self) -> Violation | None:
        try:
            run_step(self.world, Step("then", SETTLED_CHECK), "", self.budget.step_timeout)
        except ScenarioAssertionError as error:
            return Violation(
                "a settled world stays settled for one more pass",
                str(error).splitlines()[0],
                (SETTLED_CHECK,),
            )
        return None

    def _learn(self) -> None:
        """Note each artifact's digest and whether the pipeline verified it, as observed."""
        scene = pipeline_scene(self.world)
        if scene is None:
            return
        self.known.digests.update(scene.aliases)
        pipeline = scene.pipeline
        for digest in scene.aliases.values():
            run = pipeline.latest_run(digest)
            gates = {g.gate: g.passed for g in run.gates} if run is not None else {}
            signed = bool(pipeline.signatures(digest))
            self.known.verified[digest] = all(gates.get(g, False) for g in GATES) and signed


def explore(
    engine: ModuleType,
    engine_name: str,
    start: Start,
    budget: Budget,
    seed: int,
    tally: Tally,
    progress: Callable[[int], None] = lambda _: None,
    compare: bool = False,
) -> Found | None:
    """Search for a sequence of steps from ``start`` that breaks a rule; shrink the first."""
    deadline = time.monotonic() + budget.seconds  # the harness's budget, not the engine's time
    broke: dict[tuple[int, ...], Violation] = {}

    def breaks(choices: list[int]) -> bool:
        if time.monotonic() > deadline:
            return False
        trial = Trial(engine, engine_name, start, budget, compare)
        trial.begin()
        found = trial.play(choices)
        tally.sequences += 1
        tally.kinds.update(trial.kinds)
        tally.refused += trial.refused
        progress(tally.sequences)
        if found is not None:
            broke[tuple(choices)] = found
        return found is not None

    drawn = st.lists(st.integers(0, MAX_DRAWN), min_size=1, max_size=budget.steps)
    try:
        choices = find(
            drawn,
            breaks,
            settings=settings(
                max_examples=budget.examples,
                database=None,
                deadline=None,
                phases=(Phase.generate, Phase.shrink),
                suppress_health_check=list(HealthCheck),
            ),
            random=Random(seed),
        )
    except NoSuchExample:
        return None
    trial = Trial(engine, engine_name, start, budget, compare)
    trial.begin()
    violation = trial.play(choices) or broke[tuple(choices)]
    then = _failing_then(engine, engine_name, start, trial.steps, violation, budget)
    return Found(start, violation, tuple(trial.steps), then, seed)


def _failing_then(
    engine: ModuleType,
    engine_name: str,
    start: Start,
    steps: list[Step],
    violation: Violation,
    budget: Budget,
) -> str | None:
    """The first of the violation's Then steps that fails on the scenario, run as written."""
    for then in violation.thens:
        world = fresh_world(engine, engine_name, start)
        try:
            run_givens(world, start, budget.step_timeout)
            for number, step in enumerate(steps, 1):
                run_step(world, step, f"{start.location} (step {number})", budget.step_timeout)
            run_step(world, Step("then", then), "", budget.step_timeout)
        except ScenarioAssertionError:
            return then
        except HarnessError:  # the scenario does not replay here: try the next Then
            continue
    return None
