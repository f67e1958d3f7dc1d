"""A scenario's world: the engines under test on one logical clock and one event log.

Each mechanism's steps keep their engine object as a *part* of the world
(``world.part("pipeline", build)``), so a scenario builds only what it uses; the cluster is
the built-in part. Given steps declare a situation; before the first When or Then the world
lets the cluster settle (reconcile until nothing changes), as a cluster that has been
running would be. When steps are events; an operation the engine rejects is kept so that a
following Then can check it — any other step after it fails with that error.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from types import ModuleType
from typing import Any

import kubeloop
from kubeloop.core.clock import Clock
from kubeloop.core.events import EventLog
from kubeloop.fixtures.paths import project_root
from kubeloop.harness import engine_child
from kubeloop.harness.blame import describe, expecting
from kubeloop.harness.contract_check import wanted
from kubeloop.harness.declared import Declared
from kubeloop.harness.engine import accepts
from kubeloop.harness.errors import (
    EngineCapabilityError,
    EngineCrashError,
    EngineOperationError,
    FixturePathError,
    HarnessError,
    ScenarioAssertionError,
    ScenarioError,
)
from kubeloop.harness.referents import resolve
from kubeloop.harness.rejection import Rejection
from kubeloop.harness.report_notes import ReportNotes
from kubeloop.harness.step_context import RunOptions, Step
from kubeloop.harness.time_limit import allow_span
from kubeloop.render import cluster_picture
from kubeloop.render.checks import FailedCheck

SETTLE_PASSES = 100
DEFAULT_OPTIONS = RunOptions()


class World:
    """One scenario's world: the engines, the clock and event log, what the scenario
    declared, the step being run (a frozen view), and the rejection waiting for a check."""

    def __init__(
        self,
        engine: ModuleType,
        engine_name: str,
        feature_dir: Path,
        options: RunOptions = DEFAULT_OPTIONS,
    ) -> None:
        self.engine = engine
        self.engine_name = engine_name
        self.feature_dir = feature_dir
        self.options = options
        self._cluster: Any = None
        self._cluster_on_clock = False
        self.clock = Clock()
        """The scenario's one logical clock; kubeloop's mechanisms all run on it."""
        self.events = EventLog(self.clock)
        self.parts: dict[str, Any] = {}
        """Each mechanism's engine object, by name (``part``)."""
        self.declared = Declared()
        self.settled = False
        self.after_givens: list[Callable[[], None]] = []
        """What a Given left for the end of its block of Givens: a link to something a
        later Given of the block may declare (settle runs them, in the order said)."""
        self.step = Step()
        self.scenario_steps: tuple[tuple[str, str, int], ...] = ()
        """(keyword, text, line) of every step of the scenario, for reports of all undefined."""
        self.rejection = Rejection()
        self.report = ReportNotes()

    @property
    def error(self) -> Exception | None:
        """The rejection waiting for a check, if any."""
        return self.rejection.pending

    def run(self, keyword: str, matches: Sequence[Any]) -> None:
        """Run the matched definitions of one step (several when joined by "and")."""
        for match in matches:
            checks_error = getattr(match.definition.function, "checks_error", False)
            if keyword != "given" and not self.settled:
                self.settle()
            elif keyword == "given":
                self.settled = False  # a Given after a Then declares more: settle it too
            if not checks_error:
                if self.error is not None:
                    raise self._unchecked(self.error, "") from self.error
                self.rejection.checked = None
            try:
                match.definition.function(self, **resolve(self, keyword, match))
            except (HarnessError, ScenarioAssertionError):
                raise
            except NotImplementedError as error:
                raise EngineCrashError(
                    f"engine {self.engine_name}: {error or 'not implemented yet'}"
                ) from error
            except BaseException as error:
                if not isinstance(error, Exception | SystemExit) and not engine_child.IN_CHILD:
                    raise  # KeyboardInterrupt stops a run that is not isolated
                message, engine_bug = describe(
                    error, self.engine_name, self.engine, self.step.label, self.step.location
                )
                kind = EngineCrashError if engine_bug else ScenarioError
                raise kind(message) from error
        if self.step.is_last:
            self.finish_givens()  # a scenario of Givens alone: its links are checked too
        if self.error is not None and (self.step.is_last or not self.step.next_checks_error):
            raise self._unchecked(self.error, " (and no Then step checked it)") from self.error

    def _unchecked(self, error: Exception, note: str) -> HarnessError:
        """A rejection no Then step checked, blamed on whoever made the mistake."""
        message, engine_bug = describe(
            error, self.engine_name, self.engine, self.rejection.step, self.rejection.location
        )
        first, newline, rest = message.partition("\n")
        hint = "" if engine_bug or not note else expecting(error)
        if hint:
            note = f"{note[:-1]}: {hint})"
        return (EngineOperationError if engine_bug else ScenarioError)(
            first + note + newline + rest
        )

    # --- the engine ------------------------------------------------------------

    @property
    def cluster(self) -> Any:
        if self._cluster is None:
            factory = self.cluster_engine.Cluster  # per mechanism
            if accepts(factory, "clock"):
                self._cluster = factory(nodes=[], clock=self.clock, events=self.events)
                self._cluster_on_clock = True
            else:
                self._cluster = factory(nodes=[])
        return self._cluster

    @property
    def built_cluster(self) -> Any:
        """The cluster if a step has made one, else None (unlike ``cluster``, never makes one)."""
        return self._cluster

    def part(self, key: str, build: Callable[[], Any]) -> Any:
        """The world's engine object for one mechanism, built the first time it is asked for."""
        if key not in self.parts:
            self.parts[key] = build()
        return self.parts[key]

    def engine_for(self, entry: str) -> tuple[ModuleType, str]:
        """The module that provides a mechanism's ``entry`` point, and its name.

        A learner's engine is graded mechanism by mechanism: what it provides is used, the
        other mechanisms stay kubeloop's.
        """
        if hasattr(self.engine, entry):
            return self.engine, self.engine_name
        return kubeloop, "kubeloop"

    @property
    def cluster_engine(self) -> ModuleType:
        """The module that runs the cluster: the engine's, or kubeloop's when it has none."""
        return self.engine_for("Cluster")[0]

    def advance(self, seconds: int) -> None:
        """Let time pass on the one clock: every mechanism's periodic tasks run as it does.

        An engine under test whose cluster keeps its own clock runs its own ``run_for``
        first; the rest of the world then runs on the shared clock.
        """
        self.clock.check_span(seconds)  # refused before anything runs, with the limit named
        allow_span(seconds)
        if self._cluster is not None and not self._cluster_on_clock:
            self.capability(self._cluster, "run_for")(seconds)
        self.clock.run_for(seconds)

    def capability(self, owner: Any, name: str) -> Callable[..., Any]:
        """``owner.name`` if the engine provides it, else a clear capability error."""
        found = getattr(owner, name, None)
        if found is None:
            kind = owner.__name__ if isinstance(owner, ModuleType) else type(owner).__name__
            raise EngineCapabilityError(
                f"engine {self.engine_name} does not provide {kind}.{name}, "
                f'which the step "{self.step.text}" needs: {wanted(kind, name)}'
            )
        return found  # type: ignore[no-any-return]

    def attribute(self, owner: Any, name: str) -> Any:
        """A data attribute (``cluster.events``) if the engine provides it, else a clear error."""
        if not hasattr(owner, name):
            self.capability(owner, name)
        return getattr(owner, name)

    def errors(self, *names: str) -> tuple[type[Exception], ...]:
        """The engine's own error classes of those names (the ones it provides).

        Steps catch only these: anything else an engine raises is a bug in it, reported as one.
        """
        engine = self.cluster_engine  # the errors of the engine running the cluster
        found = (getattr(engine, name, None) for name in names)
        return tuple(e for e in found if isinstance(e, type) and issubclass(e, Exception))

    def make(self, kind: str, *args: Any, **kwargs: Any) -> Any:
        """Build an engine object, reporting keyword arguments the engine does not accept."""
        factory = self.capability(self.cluster_engine, kind)  # Lab 01's kinds
        try:
            return factory(*args, **kwargs)
        except TypeError as error:
            if "unexpected keyword" in str(error) or "positional argument" in str(error):
                raise EngineCapabilityError(
                    f"engine {self.engine_name}'s {kind} does not accept {sorted(kwargs)}: {error} "
                    f'(needed by "{self.step.text}")'
                ) from error
            raise

    # --- settling and operations ----------------------------------------------------

    def finish_givens(self) -> None:
        """Do what Givens left for the end of their block, in the order said."""
        while self.after_givens:
            self.after_givens.pop(0)()

    def settle(self) -> None:
        """Finish what the Givens left for their end, then reconcile until nothing changes,
        as a running cluster would have."""
        self.settled = True
        self.finish_givens()
        if self._cluster is None:
            return
        until_stable = getattr(self.cluster, "reconcile_until_stable", None)
        if until_stable is not None:
            until_stable(SETTLE_PASSES)
            return
        for _ in range(SETTLE_PASSES):
            result = self.cluster.reconcile()
            if not (result.created or result.deleted or result.scheduled):
                return
        raise ScenarioAssertionError(
            f"the cluster settles within {SETTLE_PASSES} passes", "it kept changing", self.picture()
        )

    def attempt(self, operation: Callable[[], Any]) -> Any:
        """Run an operation the engine may reject; keep the rejection for a Then to check."""
        try:
            return operation()
        except Exception as error:  # the engine under test may raise anything
            if isinstance(error, HarnessError | ScenarioAssertionError | NotImplementedError):
                raise
            self.rejection.keep(error, self.step.label, self.step.location)
            return None

    def take_error(self) -> Exception:
        """The rejection the step before the checks ended with; every check in a row of
        them ("Then the operation fails with …" / "And … fails with …") sees the same one."""
        error = self.rejection.take()
        if error is None:
            raise ScenarioAssertionError(
                "the previous step to fail", "it succeeded", self.picture()
            )
        return error

    # --- observation --------------------------------------------------------------

    def pods(self, deployment: str | None = None) -> Sequence[Any]:
        """The engine's pods now (of one deployment, or all), through its public ``pods()``:
        every Then about pods reads them here, afresh, and keeps no copy."""
        return list(self.cluster.pods(deployment)) if deployment else list(self.cluster.pods())

    def picture(self) -> str:
        drawings: dict[str, Callable[[], str]] = {}
        if self._cluster is not None:
            drawings["cluster"] = lambda: cluster_picture(
                self._cluster, known_nodes=self.declared.nodes
            )
        drawings.update(self.report.pictures)
        if not drawings:
            return "(nothing in the world yet)"
        parts: list[str] = []
        for name, draw in drawings.items():
            try:
                drawn = draw()
                if drawn:  # a mechanism with nothing to show (links that never acted)
                    parts.append(f"the {name}:\n{drawn}")
            except Exception as error:  # a broken engine must not hide the real failure
                parts.append(f"(could not draw the {name}: {error})")
        return "\n\n".join(parts)

    def fail(
        self, expected: str, actual: str, check: FailedCheck | None = None
    ) -> ScenarioAssertionError:
        """The failed check, the world drawn under it. CHECK names the chart and element it
        read (``kubeloop.render.checks``); with the words and the time (now, unless it names
        its own) added here it is drawn on that chart, and every failed check's moment on
        the one-world timeline."""
        seen = actual.strip().splitlines()[0] if actual.strip() else actual
        check = check or FailedCheck()
        when = int(self.clock.now) if check.time is None else check.time
        drawn = replace(check, expected=expected, observed=seen, time=when)
        return ScenarioAssertionError(expected, actual, self.picture(), drawn.as_dict())

    def resolve(self, path: str) -> Path:
        """A fixture path, relative to the feature file, that stays inside the project.

        The project is the folder holding the feature's ``features/`` tree (else the folder
        the run started in); ``--fixtures-anywhere`` lifts the rule.
        """
        resolved = (self.feature_dir / path).resolve()
        if self.options.fixtures_anywhere:
            return resolved
        roots = {project_root(self.feature_dir), Path.cwd().resolve()}
        if not any(resolved.is_relative_to(root) for root in roots):
            raise FixturePathError(
                f'{self.step.location}: the fixture path "{path}" leaves the project: it '
                f"resolves to {resolved}, outside {' and '.join(sorted(map(str, roots)))}; "
                "keep fixtures inside the project (or run with --fixtures-anywhere)"
            )
        return resolved
