"""Lab 03, broken alone: an alert ignores for:, so a one-scrape spike fires at once."""

from kubeloop import Telemetry as _Telemetry


class Telemetry(_Telemetry):
    def add_alert(self, name, expr, hold=0, labels=None, annotations=None, keep_firing_for=0):
        super().add_alert(name, expr, 0, labels, annotations, keep_firing_for)
