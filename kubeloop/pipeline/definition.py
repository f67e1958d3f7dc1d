"""How a pipeline is set up: coverage rule, environments in order, keys and trust."""

from __future__ import annotations

import re
from dataclasses import dataclass

from kubeloop.errors import InvalidSpecError, NotFoundError
from kubeloop.pipeline.gates.unit import check_threshold
from kubeloop.pipeline.waivers import DEFAULT_EPOCH, parse_date

ENV_NAME = re.compile(r"[a-z][a-z0-9-]{0,62}")
KEY_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,62}")
DAY = 86_400
MAX_ENVIRONMENTS = 32
MAX_KEYS = 64


@dataclass(frozen=True)
class EnvironmentSpec:
    name: str
    requires_approval: bool = False
    trusts: tuple[str, ...] | None = None
    """Names of the keys this environment trusts; None: the pipeline's signing key."""


@dataclass(frozen=True)
class PipelineDefinition:
    """Defaults: coverage.py's (fail_under 0, precision 0); dev → staging → prod, prod approved
    by hand; one key "ci" (seed "kubeloop-ci") signs and is trusted everywhere."""

    fail_under: float = 0.0
    precision: int = 0
    environments: tuple[EnvironmentSpec, ...] = (
        EnvironmentSpec("dev"),
        EnvironmentSpec("staging"),
        EnvironmentSpec("prod", requires_approval=True),
    )
    keys: tuple[tuple[str, str], ...] = (("ci", "kubeloop-ci"),)
    """(name, seed) of every key the scenario knows."""
    signing_key: str | None = "ci"
    epoch: str = DEFAULT_EPOCH
    """The calendar date at logical time 0 (waiver expiry dates are judged against it)."""
    approval_timeout: int = 30 * DAY
    """GitHub environments fail a job that waits longer than 30 days for review."""

    def __post_init__(self) -> None:
        check_threshold(self.fail_under, self.precision)
        parse_date(self.epoch, "epoch")
        timeout = self.approval_timeout
        if isinstance(timeout, bool) or not isinstance(timeout, int) or timeout <= 0:
            raise InvalidSpecError(f"approval timeout {timeout!r} must be a positive whole number")
        names = [key for key, _ in self.keys]
        if len(names) > MAX_KEYS or len(set(names)) != len(names):
            raise InvalidSpecError(f"key names must be unique (at most {MAX_KEYS}): {names}")
        for name in names:
            if not KEY_NAME.fullmatch(name):
                raise InvalidSpecError(f'key name "{name}" must be letters, digits, . _ -')
        if self.signing_key is not None and self.signing_key not in names:
            raise InvalidSpecError(
                f'the signing key "{self.signing_key}" is not defined; keys: {", ".join(names)}'
            )
        envs = [env.name for env in self.environments]
        if not envs or len(envs) > MAX_ENVIRONMENTS or len(set(envs)) != len(envs):
            raise InvalidSpecError(
                f"environments must be 1 to {MAX_ENVIRONMENTS} distinct names: {envs}"
            )
        for env in self.environments:
            if not ENV_NAME.fullmatch(env.name):
                raise InvalidSpecError(
                    f'environment name "{env.name}" must be lowercase letters, digits and -'
                )
            unknown = sorted(set(env.trusts or ()) - set(names))
            if unknown:
                raise InvalidSpecError(
                    f"environment {env.name} trusts unknown key(s) {', '.join(unknown)}; "
                    f"keys: {', '.join(names)}"
                )

    def environment(self, name: str) -> EnvironmentSpec:
        for env in self.environments:
            if env.name == name:
                return env
        raise NotFoundError("environment", name, [e.name for e in self.environments])

    def trusted_names(self, env: EnvironmentSpec) -> tuple[str, ...]:
        if env.trusts is not None:
            return env.trusts
        return (self.signing_key,) if self.signing_key else ()

    def previous(self, name: str) -> str | None:
        order = [env.name for env in self.environments]
        index = order.index(self.environment(name).name)
        return order[index - 1] if index else None
