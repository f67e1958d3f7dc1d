"""PriorityClass: its validation, the two built-in system classes, and pod admission.

Validation follows ``pkg/apis/scheduling/validation`` (a user class may not exceed
1000000000; ``system-`` names are reserved; preemptionPolicy is PreemptLowerPriority or
Never, defaulting to PreemptLowerPriority). Admission follows the ``Priority`` admission
plugin (``plugin/pkg/admission/priority``): a pod naming a class gets its value and
preemptionPolicy; one naming none gets the global default's (the lowest-valued one if
several) or 0; one naming an unknown class is forbidden, "no PriorityClass with name <n>
was found". A second globalDefault class is refused, and the system classes cannot be
deleted, as the API server refuses them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from kubeloop.cluster.names import validate_name
from kubeloop.errors import AlreadyExistsError, InvalidSpecError, NotFoundError

if TYPE_CHECKING:
    from kubeloop.cluster.disruption_budget import PodDisruptionBudget

PreemptionPolicy = Literal["PreemptLowerPriority", "Never"]
PREEMPT_LOWER_PRIORITY: PreemptionPolicy = "PreemptLowerPriority"
NEVER: PreemptionPolicy = "Never"
HIGHEST_USER_DEFINABLE_PRIORITY = 1_000_000_000
SYSTEM_PREFIX = "system-"
INT32_MIN, INT32_MAX = -(2**31), 2**31 - 1
MAX_RECORDS = 10_000
MAX_DESCRIPTION = 10_000
"""Bound on a description's length (kubeloop's; upstream bounds only the object's size)."""


@dataclass(frozen=True)
class PriorityClass:
    """``scheduling.k8s.io/v1`` PriorityClass: pods naming it get ``value`` as priority."""

    name: str
    value: int
    global_default: bool = False
    preemption_policy: PreemptionPolicy = PREEMPT_LOWER_PRIORITY
    description: str = ""

    def __post_init__(self) -> None:
        validate_name("priority class", self.name)
        invalid = f'PriorityClass.scheduling.k8s.io "{self.name}" is invalid:'
        value = self.value
        if not isinstance(value, int) or isinstance(value, bool):
            raise InvalidSpecError(f"{invalid} value: must be an integer, got {value!r}")
        if not INT32_MIN <= value <= INT32_MAX:
            raise InvalidSpecError(
                f"{invalid} value: {value} is out of range: a priority is a 32-bit integer "
                f"({INT32_MIN}..{INT32_MAX})"
            )
        if not isinstance(self.global_default, bool):
            raise InvalidSpecError(f"{invalid} globalDefault: must be true or false")
        if self.preemption_policy not in (PREEMPT_LOWER_PRIORITY, NEVER):
            raise InvalidSpecError(
                f'{invalid} preemptionPolicy: Unsupported value: "{self.preemption_policy}": '
                'supported values: "Never", "PreemptLowerPriority"'
            )
        if not isinstance(self.description, str) or len(self.description) > MAX_DESCRIPTION:
            raise InvalidSpecError(
                f"{invalid} description: must be text of at most {MAX_DESCRIPTION} characters"
            )
        if self.name.startswith(SYSTEM_PREFIX):
            problem = _system_class_problem(self)
            if problem:
                raise InvalidSpecError(
                    f"{invalid} metadata.name: Forbidden: priority class names with "
                    f"'{SYSTEM_PREFIX}' prefix are reserved for system use only. error: {problem}"
                )
        elif value > HIGHEST_USER_DEFINABLE_PRIORITY:
            raise InvalidSpecError(
                f"{invalid} value: Forbidden: maximum allowed value of a user defined priority "
                f"is {HIGHEST_USER_DEFINABLE_PRIORITY}"
            )


SYSTEM_VALUES = {
    "system-cluster-critical": 2 * HIGHEST_USER_DEFINABLE_PRIORITY,
    "system-node-critical": 2 * HIGHEST_USER_DEFINABLE_PRIORITY + 1000,
}
"""The classes the API server creates at start-up (``pkg/apis/scheduling/v1/defaults``)."""


def _system_class_problem(pc: PriorityClass) -> str:
    """``IsKnownSystemPriorityClass``'s error, or "" for a known system class as built."""
    known = SYSTEM_VALUES.get(pc.name)
    if known is None:
        return f"{pc.name} is not a known system priority class"
    if known != pc.value:
        return f"value of {pc.name} PriorityClass must be {known}"
    if pc.global_default:
        return f"globalDefault of {pc.name} PriorityClass must be false"
    return ""


SYSTEM_CLASSES = (
    PriorityClass(
        "system-cluster-critical",
        SYSTEM_VALUES["system-cluster-critical"],
        description="Used for system critical pods that must run in the cluster, "
        "but can be moved to another node if necessary.",
    ),
    PriorityClass(
        "system-node-critical",
        SYSTEM_VALUES["system-node-critical"],
        description="Used for system critical pods that must not be moved from their current node.",
    ),
)


@dataclass(frozen=True, slots=True)
class Admitted:
    """What admission wrote into a new pod's spec."""

    priority: int
    preemption_policy: PreemptionPolicy


DEFAULT_ADMISSION = Admitted(0, PREEMPT_LOWER_PRIORITY)


@dataclass
class Priorities:
    """The cluster's PriorityClasses and what admission has handed out so far."""

    classes: dict[str, PriorityClass] = field(
        default_factory=lambda: {pc.name: pc for pc in SYSTEM_CLASSES}
    )
    budgets: Mapping[str, PodDisruptionBudget] = field(default_factory=dict)
    """The cluster's disruption budgets (preemption prefers not to break them)."""
    values: set[int] = field(default_factory=set)
    """Every priority admission gave a pod: while there is one, no pod can preempt."""
    policies: set[str] = field(default_factory=set)
    """Every preemptionPolicy admission gave a pod."""
    failures: dict[str, str] = field(default_factory=dict)
    """ReplicaSets whose last pod creation was forbidden, and why."""
    preemptions: list[Preemption] = field(default_factory=list)
    """Every pod preemption removed, oldest first (the last ``MAX_RECORDS`` kept)."""

    @property
    def varied(self) -> bool:
        """Pods of different priorities have existed, so preemption may find victims."""
        return len(self.values) > 1

    def add(self, pc: PriorityClass) -> None:
        if pc.name in self.classes:
            raise AlreadyExistsError(
                f'priorityclasses.scheduling.k8s.io "{pc.name}" already exists'
            )
        default = self.default()
        if pc.global_default and default is not None:
            raise InvalidSpecError(
                f'priorityclasses.scheduling.k8s.io "{pc.name}" is forbidden: PriorityClass '
                f"{default.name} is already marked as default. Only one default can exist"
            )
        self.classes[pc.name] = pc

    def delete(self, name: str) -> None:
        if name not in self.classes:
            raise NotFoundError("priority class", name, sorted(self.classes))
        if name in SYSTEM_VALUES:
            raise InvalidSpecError(
                f'priorityclasses.scheduling.k8s.io "{name}" is forbidden: this is a system '
                "priority class and cannot be deleted"
            )
        del self.classes[name]

    def default(self) -> PriorityClass | None:
        """The globalDefault class; of several (a race upstream), the lowest-valued."""
        defaults = [pc for pc in self.classes.values() if pc.global_default]
        return min(defaults, key=lambda pc: (pc.value, pc.name)) if defaults else None

    def admit(self, class_name: str | None) -> Admitted | str:
        """The priority a new pod naming ``class_name`` gets, or why it is forbidden."""
        if class_name is None:
            default = self.default()
            admitted = (
                DEFAULT_ADMISSION
                if default is None
                else Admitted(default.value, default.preemption_policy)
            )
        else:
            pc = self.classes.get(class_name)
            if pc is None:
                return f"no PriorityClass with name {class_name} was found"
            admitted = Admitted(pc.value, pc.preemption_policy)
        self.values.add(admitted.priority)
        self.policies.add(admitted.preemption_policy)
        return admitted


@dataclass(frozen=True, slots=True)
class Preemption:
    """One victim of one preemption, as its ``Preempted`` event tells it."""

    preemptor: str
    preemptor_uid: str
    victim: str
    node: str
    at: int
    """Logical seconds when it happened."""
