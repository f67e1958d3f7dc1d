"""Lab 02, broken alone: the scan gate never sees a finding, so CRITICAL and HIGH pass."""

from kubeloop import Pipeline as _Pipeline


class Pipeline(_Pipeline):
    def record_scan(self, digest, findings):
        super().record_scan(digest, [])
