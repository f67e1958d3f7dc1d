"""promtool's rule unit tests (``promtool test rules``) on kubeloop's engine.

run_file(path) -> FileResult      the verdict, promtool's messages and kubeloop's notes

The names are imported at first use (``kubeloop.exports``): a step that reads promtool
notation does not import the test runner with it.
"""

from typing import TYPE_CHECKING

from kubeloop.exports import exports

if TYPE_CHECKING:
    from kubeloop.telemetry.promtool.runner import FileResult, GroupResult, run_file

__all__ = ["FileResult", "GroupResult", "run_file"]

__getattr__ = exports(
    __name__,
    {
        "kubeloop.telemetry.promtool.runner": (
            "FileResult",
            "GroupResult",
            "run_file",
        ),
    },
)
