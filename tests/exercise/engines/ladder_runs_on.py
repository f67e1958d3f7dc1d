"""Lab 02, broken alone: the ladder does not stop at the first block; later gates run (and
sign a blocked artifact) while the run still reports where it blocked."""

from dataclasses import replace

from kubeloop import Pipeline as _Pipeline


class Pipeline(_Pipeline):
    def run(self, digest):
        result = super().run(digest)
        blocked = result.blocked_at
        if blocked is None:
            return result
        gates = tuple(
            replace(g, status="passed", reason="ran anyway", blocked_by=None)
            if g.status == "not run"
            else g
            for g in result.gates
        )
        return replace(result, gates=gates)
