"""promtool's rule unit tests (``promtool test rules``) on kubeloop's engine.

run_file(path) -> FileResult      the verdict, promtool's messages and kubeloop's notes
"""

from kubeloop.telemetry.promtool.runner import FileResult, GroupResult, run_file

__all__ = ["FileResult", "GroupResult", "run_file"]
