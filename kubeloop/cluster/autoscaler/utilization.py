"""A node's utilization as CA computes it (``simulator/utilization/info.go``).

Per resource, the sum of the requests of the pods on the node over its allocatable; the
node's utilization is the larger of cpu and memory (memory when they are equal). A node
with no allocatable cpu or memory cannot be measured (upstream: an error, so the node is
not removable). ``describe`` prints the ``Info`` struct as Go's ``%v`` does, for the
``Scale-down: removing node …, utilization: {…}`` event.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from kubeloop.cluster.nodes import NodeRecord


@dataclass(frozen=True, slots=True)
class Utilization:
    cpu: float
    memory: float

    @property
    def resource(self) -> str:
        return "cpu" if self.cpu > self.memory else "memory"

    @property
    def value(self) -> float:
        return max(self.cpu, self.memory)

    def describe(self) -> str:
        """``{CpuUtil MemUtil GpuUtil DynamicResourceUtil ResourceName Utilization}``."""
        parts = [go_float(self.cpu), go_float(self.memory), "0", "0", self.resource]
        return "{" + " ".join([*parts, go_float(self.value)]) + "}"


def utilization(node: NodeRecord) -> Utilization | None:
    """None when the node has no allocatable cpu or memory to divide by."""
    if node.cpu <= 0 or node.memory <= 0:
        return None
    cpu = sum(p.template.cpu for p in node.pods.values())
    memory = sum(p.template.memory for p in node.pods.values())
    return Utilization(cpu / node.cpu, memory / node.memory)


def go_float(value: float) -> str:
    """A float64 as Go's ``%v`` prints it (``strconv`` 'g', shortest): the shortest digits
    that round-trip, in ``%e`` form when the exponent is below -4 or at least 6
    (``0.375``, ``1``, ``1e-05``, ``1.234567e+06``)."""
    if value == 0:
        return "0"
    sign = "-" if value < 0 else ""
    exact = Decimal(repr(abs(value))).normalize()
    _, digit_tuple, exponent = exact.as_tuple()
    assert isinstance(exponent, int)
    digits = "".join(str(d) for d in digit_tuple)
    point = len(digits) + exponent  # digits before the decimal point
    exp = point - 1
    if exp < -4 or exp >= 6:
        fraction = f".{digits[1:]}" if len(digits) > 1 else ""
        return f"{sign}{digits[0]}{fraction}e{'-' if exp < 0 else '+'}{abs(exp):02d}"
    if point <= 0:
        return f"{sign}0.{'0' * -point}{digits}"
    if point >= len(digits):
        return sign + digits + "0" * (point - len(digits))
    return f"{sign}{digits[:point]}.{digits[point:]}"
