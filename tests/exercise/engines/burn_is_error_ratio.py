"""Lab 03, broken alone: the burn rate is the raw error ratio, not divided by the budget."""

from kubeloop import Telemetry as _Telemetry


class Telemetry(_Telemetry):
    def burn_rate(self, name, window, at=None):
        budget = 1 - self.slo(name).objective.percent / 100
        return super().burn_rate(name, window, at) * budget
